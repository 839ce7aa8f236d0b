"""Takebacks (issue 32): a seat asks to go back to one of its decision points and the
play goes back only with the opponent's consent; the takeback is an event of the
append-only log, `replay verify` and the independent verifier pass afterwards, and a
restarted server rebuilds the same match. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import io
import random

import msgspec
import pytest

from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.cli import main
from server.replays import replay_document, verify_document
from server.rules.checksum import state_digest
from server.rules.kernel import SPECTATOR, Command, Event
from server.rules.registry import get_system
from server.rules.runner import rebuild
from server.rules.sbh.random_player import random_command
from server.rules.takeback import line_of
from server.store.store import Store, unpack
from tests.fairness import independent_verifier as iv
from tests.sbh.test_games import WARBANDS

SBH = get_system("sbh")
SETUP = {"board_size": 24, "scenario": "all_out_battle", "points_limit": 400,
         "options": {"turn_limit": 4}}


async def guest(server, name: str) -> Client:
    client = await Client.connect(server.url)
    await client.request("guest", name=name)
    return client


async def started(server, ann: Client, bob: Client, **settings) -> str:
    created = await ann.request("create_match", system="sbh", **SETUP, **settings)
    await bob.request("join", match_id=created["match_id"])
    for client in (ann, bob):
        await client.request("subscribe", match_id=created["match_id"])
    return created["match_id"]


async def play(server, clients: dict[str, Client], match_id: str, count: int,
               rng: random.Random) -> None:
    """`count` commands, each by the seat the prompt waits for, chosen at random."""
    for _ in range(count):  # (the state from the store: the rules may be in a worker)
        prompt = SBH.prompt(await state_at(server, match_id))
        seat = prompt.seats[0]
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        await clients[seat].request("command", match_id=match_id, command=command.type,
                                    args=dict(command.args))


async def line(server, match_id: str):
    rows = await server.store.commands(match_id)
    return line_of([(Command.from_wire(unpack(r.payload)), r.first_seq, r.last_seq)
                    for r in rows])


async def state_at(server, match_id: str, seq: int | None = None):
    """The match's state at `seq` (default: now), folded from the stored log (the
    effective line)."""
    row = await server.store.match(match_id)
    events = await server.store.events_after(match_id, 0, seq)
    return rebuild(SBH, unpack(row["setup"]), [Event.from_wire(unpack(r.payload))
                                                for r in events])


async def played_to_a_point(server, ann, bob, rng, **settings) -> tuple[str, int]:
    """A match 12 commands in, and the newest decision point of seat a."""
    match_id = await started(server, ann, bob, **settings)
    await play(server, {"a": ann, "b": bob}, match_id, 12, rng)
    return match_id, (await line(server, match_id)).points("a")[0]


async def finish_and_check(server, clients: dict[str, Client], match_id: str) -> dict:
    await clients["b"].request("resign", match_id=match_id)
    await clients["a"].next_push("match_over", timeout=10)
    document = await replay_document(server.store, match_id)
    assert verify_document(document).verified, verify_document(document).detail
    assert iv.check_replay(document) == []
    return document


async def test_an_accepted_takeback_goes_back_to_the_point_and_verifies(server):
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    rng = random.Random(7)
    match_id, to_seq = await played_to_a_point(server, ann, bob, rng)
    actor = server.hub.actors[match_id]
    before_seq, position = actor.seq, actor.rules.core.dice.position
    expected = state_digest(await state_at(server, match_id, to_seq))
    assert state_digest(actor.state) != expected
    offered = await ann.request("takeback_offer", match_id=match_id, to_seq=to_seq)
    assert offered == {"match_id": match_id, "to_seq": to_seq, "seq": before_seq}
    told = await bob.next_push("takeback_offered", timeout=5)
    assert told == {**told, "seat": "a", "to_seq": to_seq, "seq": before_seq}
    assert actor.seq == before_seq  # nothing happens before the answer
    answer = await bob.request("takeback_answer", match_id=match_id, accept=True)
    assert answer == {"match_id": match_id, "first_seq": before_seq + 1,
                      "last_seq": before_seq + 1, "accepted": True}
    pushed = await ann.next_push("event", timeout=5)
    while pushed["seq"] != before_seq + 1:
        pushed = await ann.next_push("event", timeout=5)
    assert pushed["event"]["type"] == "takeback"
    assert pushed["event"]["data"] == {"to_seq": to_seq, "by": "a", "accepted_by": "b"}
    # the state is the one at to_seq; the dice go on where they were
    assert state_digest(actor.state) == expected
    assert actor.rules.core.dice.position == position
    [row] = await server.store.events_after(match_id, before_seq, before_seq + 1)
    assert row.checksum == expected
    assert SBH.prompt(actor.state).seats == ("a",)  # a decides again
    # the log stays append-only: every earlier event is still there
    assert len(await server.store.events_after(match_id, 0)) == before_seq + 1
    await play(server, {"a": ann, "b": bob}, match_id, 6, rng)
    document = await finish_and_check(server, {"a": ann, "b": bob}, match_id)
    assert [e["event"]["type"] for e in document["events"]].count("takeback") == 1
    assert document["events"][before_seq]["checksum"] == \
        document["events"][to_seq - 1]["checksum"]  # (the state went back to to_seq's)
    # a replay's board at the takeback is the board at its point (get_view folds it)
    at_takeback = await bob.request("get_view", match_id=match_id, at_seq=before_seq + 1)
    at_point = await bob.request("get_view", match_id=match_id, at_seq=to_seq)
    assert at_takeback["view"] == at_point["view"]
    later = await bob.request("get_view", match_id=match_id, at_seq=before_seq)
    assert later["view"] != at_point["view"]
    # a takeback forged to a point that is not a's: both checkers find it
    points_b = line_of([(Command.from_wire(c), c["first_seq"], c["last_seq"])
                        for c in document["commands"]]).points("b")
    forged = copy.deepcopy(document)
    [command] = [c for c in forged["commands"] if c["type"] == "takeback"]
    command["args"]["to_seq"] = points_b[-1]
    forged["events"][before_seq]["event"]["data"]["to_seq"] = points_b[-1]
    assert not verify_document(forged).verified
    assert "not a decision point of seat a" in " ".join(iv.check_replay(forged))


async def test_a_declined_or_unanswered_takeback_changes_nothing(server):
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    rng = random.Random(8)
    match_id, to_seq = await played_to_a_point(server, ann, bob, rng)
    actor = server.hub.actors[match_id]
    seq, digest = actor.seq, state_digest(actor.state)
    await ann.request("takeback_offer", match_id=match_id, to_seq=to_seq)
    with pytest.raises(ServerError) as own:  # the proposer cannot consent for the other
        await ann.request("takeback_answer", match_id=match_id, accept=True)
    assert own.value.code == "no_takeback_offer"
    with pytest.raises(ServerError) as pending:  # one request at a time
        await bob.request("takeback_offer", match_id=match_id, to_seq=0)
    assert pending.value.code == "takeback_pending"
    declined = await bob.request("takeback_answer", match_id=match_id, accept=False)
    assert declined == {"match_id": match_id, "accepted": False}
    told = await ann.next_push("takeback_declined", timeout=5)
    assert told == {**told, "seat": "b", "to_seq": to_seq}
    assert (actor.seq, state_digest(actor.state)) == (seq, digest)
    with pytest.raises(ServerError) as gone:
        await bob.request("takeback_answer", match_id=match_id, accept=True)
    assert gone.value.code == "no_takeback_offer"
    # asked again, then a move is made: the request lapses, consent comes too late
    await ann.request("takeback_offer", match_id=match_id, to_seq=to_seq)
    await play(server, {"a": ann, "b": bob}, match_id, 1, rng)
    seq, digest = actor.seq, state_digest(actor.state)
    with pytest.raises(ServerError) as lapsed:
        await bob.request("takeback_answer", match_id=match_id, accept=True)
    assert lapsed.value.code == "no_takeback_offer"
    assert (actor.seq, state_digest(actor.state)) == (seq, digest)
    assert not [e for e in await server.store.events_after(match_id, 0)
                if unpack(e.payload)["type"] == "takeback"]
    await finish_and_check(server, {"a": ann, "b": bob}, match_id)


async def test_who_may_ask_and_to_which_point(server):
    ann, bob, eve = (await guest(server, "Ann"), await guest(server, "Bob"),
                     await guest(server, "Eve"))
    match_id, to_seq = await played_to_a_point(server, ann, bob, random.Random(9))
    actor = server.hub.actors[match_id]
    with pytest.raises(ServerError) as spectator:
        await eve.request("takeback_offer", match_id=match_id, to_seq=to_seq)
    assert spectator.value.code == "not_in_match"
    points = (await line(server, match_id)).points("b")
    for wrong in (actor.seq, actor.seq + 5, -1, points[0]):  # (points[0]: b's, not a's)
        with pytest.raises(ServerError) as refused:
            await ann.request("takeback_offer", match_id=match_id, to_seq=wrong)
        assert refused.value.code == "not_a_decision_point", wrong
        assert to_seq in refused.value.details["points"]
    with pytest.raises(ServerError) as nothing:  # (without a point too)
        await eve.request("takeback_offer", match_id=match_id)
    assert nothing.value.code == "not_in_match"
    # no to_seq: the newest point, the last move
    newest = await ann.request("takeback_offer", match_id=match_id)
    assert newest["to_seq"] == to_seq
    fresh = await started(server, ann, bob)  # nothing played yet: nothing to take back
    with pytest.raises(ServerError) as unplayed:
        await ann.request("takeback_offer", match_id=fresh)
    assert unplayed.value.code == "not_a_decision_point"
    assert "no move" in unplayed.value.message
    # a command named "takeback" is not a move a seat can send
    with pytest.raises(ServerError) as move:
        await ann.request("command", match_id=match_id, command="takeback",
                          args={"to_seq": to_seq, "accepted_by": "b"})
    assert move.value.code in ("illegal_command", "not_your_turn")
    assert unpack((await server.store.events_after(match_id, actor.seq - 1))[-1]
                  .payload)["type"] != "takeback"


async def registered(server, name: str) -> Client:
    client = await Client.connect(server.url)
    await client.request("register", username=name, password="correct horse battery")
    return client


async def test_rated_matches_allow_takebacks_only_when_created_so(server):
    ann, bob = await registered(server, "ann"), await registered(server, "bob")
    rng = random.Random(10)
    for settings, allowed in (({"rated": True}, False), ({"rated": True, "takebacks": True},
                                                         True),
                              ({"takebacks": False}, False), ({}, True)):
        match_id, to_seq = await played_to_a_point(server, ann, bob, rng, **settings)
        listed = (await bob.request("list_mine"))["matches"]
        assert [m["takebacks"] for m in listed if m["match_id"] == match_id] == [allowed]
        if allowed:
            await ann.request("takeback_offer", match_id=match_id, to_seq=to_seq)
            await bob.request("takeback_answer", match_id=match_id, accept=True)
        else:
            with pytest.raises(ServerError) as refused:
                await ann.request("takeback_offer", match_id=match_id, to_seq=to_seq)
            assert refused.value.code == "takebacks_not_allowed", settings
        await ann.request("resign", match_id=match_id)
        await bob.next_push("match_over", timeout=10)


async def test_a_restarted_server_rebuilds_the_match_after_takebacks(database_url, tmp_path):
    """Snapshots every 5 events: the newest one lies between the takeback's point and the
    takeback, so the restarted server must fold the whole log; the match then plays on
    to its end and `warband replay verify` passes."""
    options = ServerOptions(port=0, database_url=database_url,
                            static_dir=tmp_path / "static", snapshot_every=5)
    # (the takeback is applied in a rules worker; the restarted server folds inline)
    first = WarbandServer(dataclasses.replace(options, rules_workers=1))
    await first.start()
    first.hub.checkpoint_on_stop = False  # (no checkpoint at its end: the fold is checked)
    rng = random.Random(11)
    try:
        ann, bob = await registered(first, "ann"), await registered(first, "bob")
        match_id, to_seq = await played_to_a_point(first, ann, bob, rng)
        await play(first, {"a": ann, "b": bob}, match_id, 8, rng)  # past more snapshots
        to_seq = (await line(first, match_id)).points("a")[-2]  # an early point of a's
        await ann.request("takeback_offer", match_id=match_id, to_seq=to_seq)
        taken = (await bob.request("takeback_answer", match_id=match_id,
                                   accept=True))["last_seq"]
        [row] = await first.store.events_after(match_id, taken - 1)
        assert unpack(row.payload)["type"] == "takeback"
        assert row.checksum == state_digest(await state_at(first, match_id, to_seq))
        for client in (ann, bob):
            await client.close()
    finally:
        await first.stop()
    assert to_seq < (await snapshot_seq(database_url, match_id)) < taken
    second = WarbandServer(options)
    await second.start()
    try:
        actor = await second.hub.running(match_id)
        await actor.submit("warm")
        assert (actor.seq, state_digest(actor.state)) == (taken, row.checksum)
        ann, bob = await Client.connect(second.url), await Client.connect(second.url)
        for client, name in ((ann, "ann"), (bob, "bob")):
            await client.request("login", username=name, password="correct horse battery")
            await client.request("subscribe", match_id=match_id)
        await play(second, {"a": ann, "b": bob}, match_id, 3, rng)
        await bob.request("resign", match_id=match_id)
        await ann.next_push("match_over", timeout=10)
    finally:
        await second.stop()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):  # (the command runs its own event loop)
        code = await asyncio.to_thread(main, ["replay", "verify", match_id, "--database",
                                              database_url])
    assert code == 0 and "verified" in out.getvalue()


async def snapshot_seq(database_url: str, match_id: str) -> int:
    store = await Store.open(database_url, upgrade=False)
    try:
        return (await store.latest_snapshot(match_id))[0]
    finally:
        await store.close()


async def test_the_house_bot_lets_its_opponent_take_a_move_back(server):
    ann = await guest(server, "Ann")
    created = await ann.request("create_match", system="sbh", **SETUP, opponent="bot:random")
    match_id = created["match_id"]
    await ann.request("subscribe", match_id=match_id)
    rng = random.Random(12)
    for _ in range(40):  # until Ann has moved twice and it is hers to move (the bot idle)
        prompt = SBH.prompt(await state_at(server, match_id))
        if len((await line(server, match_id)).points("a")) >= 2 and prompt.seats == ("a",):
            break
        if "a" in prompt.seats:
            command = random_command(prompt, "a", rng, WARBANDS["a"])
            with contextlib.suppress(ServerError):  # (the bot moved meanwhile: stale)
                await ann.request("command", match_id=match_id, command=command.type,
                                  args=dict(command.args),
                                  at_seq=server.hub.actors[match_id].seq)
        else:
            await ann.next_push("prompt", timeout=5)
    offered = await ann.request("takeback_offer", match_id=match_id)
    while True:  # the bot's answer: the takeback event
        pushed = await ann.next_push("event", timeout=10)
        if pushed["event"] and pushed["event"]["type"] == "takeback":
            break
    assert pushed["event"]["data"] == {"to_seq": offered["to_seq"], "by": "a",
                                       "accepted_by": "b"}
    [row] = await server.store.events_after(match_id, pushed["seq"] - 1, pushed["seq"])
    assert row.checksum == state_digest(await state_at(server, match_id, offered["to_seq"]))


async def test_clocks_are_not_rewound_by_a_takeback(server):
    """docs/protocol.md, Takebacks: time spent stays spent, no increment, and the clocks
    of the seats the state taken back to waits for run."""
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    live = {"kind": "live", "initial": 600, "increment": 10}
    match_id, to_seq = await played_to_a_point(server, ann, bob, random.Random(13),
                                               time_control=live)
    before = unpack((await server.store.last_command(match_id)).clock)["left"]
    await asyncio.sleep(0.05)  # (some time on the running clock)
    await ann.request("takeback_offer", match_id=match_id, to_seq=to_seq)
    await bob.request("takeback_answer", match_id=match_id, accept=True)
    last = await server.store.last_command(match_id)
    assert Command.from_wire(unpack(last.payload)).type == "takeback"
    after = unpack(last.clock)["left"]
    assert all(after[seat] <= before[seat] for seat in before), (before, after)
    assert sum(before.values()) - sum(after.values()) >= 50  # the running seat was charged
    actor = server.hub.actors[match_id]
    assert sorted(actor.clock.running) == sorted(SBH.prompt(actor.state).seats) == ["a"]


async def test_a_delayed_spectator_sees_the_takeback_in_its_turn(server):
    ann, bob, eve = (await guest(server, "Ann"), await guest(server, "Bob"),
                     await guest(server, "Eve"))
    match_id, to_seq = await played_to_a_point(server, ann, bob, random.Random(14),
                                               spectator_delay=2)
    await eve.request("subscribe", match_id=match_id, spectate=True)
    await ann.request("takeback_offer", match_id=match_id, to_seq=to_seq)
    taken = (await bob.request("takeback_answer", match_id=match_id, accept=True))["last_seq"]
    await play(server, {"a": ann, "b": bob}, match_id, 2, random.Random(15))
    shown = await eve.request("get_view", match_id=match_id)
    assert shown["seq"] == server.hub.actors[match_id].seq - 2 >= taken
    expected = SBH.view(await state_at(server, match_id, shown["seq"]), SPECTATOR)
    assert shown["view"] == msgspec.msgpack.decode(msgspec.msgpack.encode(expected))
    seen = []
    while not seen or seen[-1]["seq"] < shown["seq"]:
        seen.append(await eve.next_push("event", timeout=5))
    assert [p["event"]["type"] for p in seen if p["seq"] == taken] == ["takeback"]
