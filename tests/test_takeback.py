"""The takeback fold (server/rules/takeback.py; docs/protocol.md, Takebacks) on the
kernel's example system: the effective events, decision points, `verify` and
`rebuild_check` over a log with takebacks, and the server's load from a snapshot
a takeback reaches before. No database: the kernel alone."""

from __future__ import annotations

import pickle

import msgspec
import pytest

from server.matches.rules_host import Material, RulesCore, SnapshotUnusable
from server.rules.checksum import state_digest
from server.rules.kernel import Command, Event
from server.rules.runner import Applied, rebuild, rebuild_check, verify
from server.rules.takeback import (
    TAKEBACK,
    Line,
    ReachesBeforeFloor,
    effective_events,
    line_of,
)
from tests.kernel_example import SYSTEM

SEED = b"takeback test seed"
SETUP = {"target": 30}


def ev(name: str) -> Event:
    return Event("marker", {"name": name})


def back(to_seq: int) -> Event:
    return Event(TAKEBACK, {"to_seq": to_seq, "by": "a", "accepted_by": "b"})


def names(events: list[Event]) -> list[str]:
    return [e.data["name"] for e in events]


def test_a_takeback_cuts_the_effective_events_back_to_its_point():
    log = [ev("1"), ev("2"), ev("3"), back(1), ev("5"), ev("6"), back(5), ev("8")]
    assert names(effective_events(log)) == ["1", "5", "8"]
    assert names(effective_events(log[:4])) == ["1"]
    assert effective_events([ev("1"), back(0)]) == []
    # from a snapshot at seq 4 (the events after it): a takeback to 5 stays above it
    assert names(effective_events(log[4:], 5, floor=4)) == ["5", "8"]
    with pytest.raises(ReachesBeforeFloor):  # a takeback to 1 needs the whole log
        effective_events(log[2:], 3, floor=2)


def test_decision_points_are_where_a_seat_decided_in_the_current_line():
    line = Line()
    line.record("a", 0, 2)  # a's command: events 1-2
    line.record("b", 2, 3)
    line.record("a", 3, 5)
    assert line.points("a") == [3, 0] and line.points("b") == [2]
    assert line.refusal("a", 3) is None and line.refusal("a", 0) is None
    assert "not a point where you made a decision" in line.refusal("a", 2)
    assert "not an earlier point" in line.refusal("a", 5)  # nothing to take back
    line.take_back(2, 6)  # event 6 takes back to 2: b's command and a's second go
    assert line.points("a") == [0] and line.points("b") == []
    assert line.refusal("b", 2) is not None  # (seq 2 is now the line's end)
    commands = [(Command("a", "bid"), 1, 2), (Command("b", "bid"), 3, 3),
                (Command("a", TAKEBACK, {"to_seq": 2, "accepted_by": "b"}), 4, 4)]
    assert line_of(commands).points("a") == [0]


def played() -> tuple[RulesCore, list[Command], list[Applied], list[int]]:
    """Secret bids played through the server's RulesCore with a takeback to seat a's
    second bid (seq 4) after three rounds, then one more round."""
    core = RulesCore(SYSTEM, SEED, snapshot_every=0)
    core.load(Material(SETUP, None, []))
    commands: list[Command] = []
    record: list[Applied] = []
    positions: list[int] = []
    bids = [("a", 1), ("b", 2), ("a", 3), ("b", 1), ("a", 2), ("b", 2)]
    for seat, amount in bids + [(None, 4)] + [("a", 1), ("b", 3)]:
        if seat is None:
            command = Command("a", TAKEBACK, {"to_seq": amount, "accepted_by": "b"})
            log = [(i + 1, msgspec.msgpack.encode(a.event.to_wire()))
                   for i, a in enumerate(record)]
            outcome = core.take_back(command, log)
        else:
            command = Command(seat, "bid", {"amount": amount})
            outcome = core.apply(command)
        commands.append(command)
        record += [Applied(Event.from_wire(w), c)
                   for w, c in zip(outcome.events, outcome.checksums, strict=True)]
        positions.append(outcome.dice_position)
    return core, commands, record, positions


def test_verify_and_rebuild_check_fold_the_takeback():
    core, commands, record, positions = played()
    taken = next(i for i, a in enumerate(record) if a.event.type == TAKEBACK)
    assert record[taken].checksum == record[3].checksum  # the state at seq 4 again
    assert positions[6] == positions[5]  # no die drawn by the takeback
    assert state_digest(rebuild(SYSTEM, SETUP, [a.event for a in record])) == \
        state_digest(core.state) == record[-1].checksum
    assert verify(SYSTEM, SETUP, SEED, commands, record, positions=positions) is None
    assert rebuild_check(SYSTEM, SETUP, record) is None
    # a takeback to a point that is not the proposer's is a divergence, however recorded
    forged = list(commands)
    forged[6] = Command("a", TAKEBACK, {"to_seq": 5, "accepted_by": "b"})
    found = verify(SYSTEM, SETUP, SEED, forged, record, positions=positions)
    assert found is not None and "not a point where you made a decision" in found.reason
    forged[6] = Command("a", TAKEBACK, {"to_seq": 4, "accepted_by": "a"})  # (no consent)
    found = verify(SYSTEM, SETUP, SEED, forged, record, positions=positions)
    assert found is not None and "accepted by another seat" in found.reason
    # a takeback's checksum that is not the state it went back to
    wrong = list(record)
    wrong[taken] = Applied(record[taken].event, record[2].checksum)
    assert verify(SYSTEM, SETUP, SEED, commands, wrong, positions=positions).reason == \
        "state checksum differs"
    assert rebuild_check(SYSTEM, SETUP, wrong).index == taken


def test_the_server_loads_a_match_whose_takeback_reaches_before_its_snapshot():
    core, commands, record, positions = played()
    events = [(i + 1, msgspec.msgpack.encode(a.event.to_wire())) for i, a in enumerate(record)]
    taken = next(i for i, a in enumerate(record) if a.event.type == TAKEBACK) + 1
    # a snapshot at seq 6 (state folded from the first 6 events), the takeback to 4 after
    state6 = rebuild(SYSTEM, SETUP, [a.event for a in record[:6]])
    snapshot = (6, pickle.dumps(state6), record[5].checksum)
    assert taken > 6
    with pytest.raises(SnapshotUnusable):
        RulesCore(SYSTEM, SEED).load(Material(SETUP, snapshot, events[6:], positions[-1]))
    whole = RulesCore(SYSTEM, SEED)
    status = whole.load(Material(SETUP, None, events, positions[-1]))
    assert status.seq == len(record) and state_digest(whole.state) == record[-1].checksum
    # a snapshot taken after the takeback's point: loads from it
    state_at = rebuild(SYSTEM, SETUP, [a.event for a in record[:taken]])
    later = (taken, pickle.dumps(state_at), record[taken - 1].checksum)
    resumed = RulesCore(SYSTEM, SEED)
    resumed.load(Material(SETUP, later, events[taken:], positions[-1]))
    assert state_digest(resumed.state) == record[-1].checksum
