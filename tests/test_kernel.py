"""The kernel contract, exercised through the tiny system in kernel_example.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from protocol.codec import decode_server as decode
from protocol.codec import encode
from server.rules.checksum import state_digest
from server.rules.dice import SeededDice
from server.rules.kernel import (
    SPECTATOR,
    Command,
    CommandSpec,
    Deferred,
    Event,
    Prompt,
    RulesError,
    RulesSystem,
    Viewer,
)
from server.rules.runner import Applied, apply_command, rebuild, verify
from tests.kernel_example import SYSTEM, BidState

SETUP = {"target": 12}


def play(seed: bytes, rounds: int = 200):
    """Play a whole match choosing bids from the seed's own dice; return the log."""
    dice = SeededDice(seed)
    chooser = SeededDice(seed + b"/choices")
    state = SYSTEM.initial(SETUP)
    commands: list[Command] = []
    log: list[Applied] = []
    while not SYSTEM.is_over(state) and len(commands) < rounds:
        decision = SYSTEM.prompt(state).decisions[0]
        amount = decision.options[0].params["amount"][chooser.roll(1, 3)[0] - 1]
        command = Command(decision.seat, "bid", {"amount": amount})
        state, applied = apply_command(SYSTEM, state, command, dice)
        commands.append(command)
        log.extend(applied)
    return state, commands, log


def test_example_satisfies_the_protocol():
    assert isinstance(SYSTEM, RulesSystem)


def test_simultaneous_decisions_both_seats_prompted():
    prompt = SYSTEM.prompt(SYSTEM.initial(SETUP))
    assert prompt.seats == ("a", "b")


def test_dice_are_written_into_events(dice):
    dice.fix(5, 6, sides=6)
    state = SYSTEM.initial(SETUP)
    state, _ = apply_command(SYSTEM, state, Command("a", "bid", {"amount": 2}), dice)
    state, applied = apply_command(SYSTEM, state, Command("b", "bid", {"amount": 1}), dice)
    assert [a.event.type for a in applied] == ["bid_placed", "bids_revealed", "scored"]
    assert applied[-1].event.data == {"seat": "a", "dice": [5, 6]}
    assert state.score("a") == 11


def test_rebuild_by_evolve_alone_gives_identical_state_and_checksums():
    state, _, log = play(b"rebuild")
    assert SYSTEM.is_over(state)
    rebuilt = SYSTEM.initial(SETUP)
    for item in log:
        rebuilt = SYSTEM.evolve(rebuilt, item.event)
        assert state_digest(rebuilt) == item.checksum
    assert rebuilt == state == rebuild(SYSTEM, SETUP, [a.event for a in log])


def test_same_seed_and_commands_give_same_events():
    _, commands, log = play(b"same seed")
    assert verify(SYSTEM, SETUP, b"same seed", commands, log) is None


def test_verify_reports_the_first_divergence():
    _, commands, log = play(b"tamper")
    scored = next(i for i, a in enumerate(log) if a.event.type == "scored")
    forged = Event("scored", {**log[scored].event.data, "dice": [6] * 3}, v=2)
    tampered = log[:scored] + [Applied(forged, log[scored].checksum)] + log[scored + 1:]
    divergence = verify(SYSTEM, SETUP, b"tamper", commands, tampered)
    assert divergence is not None and divergence.index == scored
    assert divergence.reason == "event differs"
    assert verify(SYSTEM, SETUP, b"another seed", commands, log) is not None


def test_illegal_commands_raise_coded_errors_and_change_nothing(dice):
    state = SYSTEM.initial(SETUP)
    before = state_digest(state)
    with pytest.raises(RulesError) as caught:
        SYSTEM.decide(state, Command("a", "bid", {"amount": 4}), dice)
    assert caught.value.code == "illegal_command" and caught.value.passage
    state = SYSTEM.evolve(state, SYSTEM.decide(state, Command("a", "bid", {"amount": 1}), dice)[0])
    with pytest.raises(RulesError) as caught:
        SYSTEM.decide(state, Command("a", "bid", {"amount": 1}), dice)
    assert caught.value.code == "not_your_turn"
    assert "waiting for b" in caught.value.message
    over = BidState(target=1, winner="b")
    with pytest.raises(RulesError) as caught:
        SYSTEM.decide(over, Command("a", "bid", {"amount": 1}), dice)
    assert caught.value.code == "match_over"
    assert state_digest(SYSTEM.initial(SETUP)) == before


def test_secret_bid_hidden_from_opponent_and_spectators(dice):
    state = SYSTEM.initial(SETUP)
    [event] = SYSTEM.decide(state, Command("a", "bid", {"amount": 3}), dice)
    state = SYSTEM.evolve(state, event)
    assert event.for_viewer(Viewer("a")).data["amount"] == 3
    for viewer in (Viewer("b"), SPECTATOR):
        seen = event.for_viewer(viewer)
        assert seen is not None and "amount" not in seen.data
        assert SYSTEM.view(state, viewer)["my_bid"] is None
        assert 3 not in SYSTEM.view(state, viewer).values()
    assert SYSTEM.view(state, Viewer("a"))["my_bid"] == 3


def test_event_without_public_part_is_a_placeholder():
    secret = Event("note", {"text": "x"}, visible_to=("a",))
    assert secret.for_viewer(Viewer("b")) is None
    assert secret.for_viewer(Viewer("a")) is secret


def test_commands_events_prompts_views_round_trip_through_msgpack():
    state, commands, log = play(b"wire")
    for command in commands:
        assert Command.from_wire(decode(encode(command.to_wire()))) == command
    for item in log:
        assert Event.from_wire(decode(encode(item.event.to_wire()))).to_wire() == \
            item.event.to_wire()
    prompt = SYSTEM.prompt(SYSTEM.initial(SETUP))
    assert Prompt.from_wire(decode(encode(prompt.to_wire()))).to_wire() == prompt.to_wire()
    view = SYSTEM.view(state, SPECTATOR)
    assert decode(encode(view)) == view
    assert decode(encode(SYSTEM.result(state).to_wire()))["winner"] == state.winner


def test_old_event_versions_are_upcast_on_rebuild():
    old = Event("scored", {"seat": "b", "total": 4}, v=1)
    state = rebuild(SYSTEM, SETUP, [old])
    assert state.score("b") == 4


def test_prompt_params_describe_a_family_of_commands():
    spec = SYSTEM.prompt(SYSTEM.initial(SETUP)).decisions[0].options[0]
    assert spec.count() == 3
    assert spec.allows("bid", {"amount": 2})
    assert not spec.allows("bid", {"amount": 2, "extra": 1})
    assert not spec.allows("pass", {"amount": 2})


def test_checksum_is_identical_across_processes_and_hash_seeds():
    state, _, _ = play(b"cross-process")
    script = ("from tests.test_kernel import play; from server.rules.checksum import state_digest;"
              "print(state_digest(play(b'cross-process')[0]))")
    root = Path(__file__).resolve().parent.parent
    digests = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", script], cwd=root, env=env,
                             capture_output=True, text=True, check=True)
        digests.add(out.stdout.strip())
    assert digests == {state_digest(state)}


def test_registry_finds_hosted_systems_and_names_the_known_ones():
    from server.rules.registry import UnknownSystem, get_system

    assert get_system("sbh").name == "sbh"
    assert get_system("asoiaf").name == "asoiaf"
    with pytest.raises(UnknownSystem, match="known: asoiaf, sbh"):
        get_system("chess")


def test_a_deferred_parameter_is_listed_once_and_only_when_read():
    calls = []

    def hexes():
        calls.append(1)
        return [[1, 2], [3, 4]]

    spec = CommandSpec("move", params={"to": Deferred(hexes)})
    assert spec.params["to"] and not calls  # offered (never empty) without listing
    assert spec.allows("move", {"to": [3, 4]}) and not spec.allows("move", {"to": [5, 6]})
    assert spec.count() == 2 and spec.params["to"] == [[1, 2], [3, 4]]
    assert spec.to_wire()["params"] == {"to": [[1, 2], [3, 4]]}
    assert len(calls) == 1


def test_a_subset_parameter_takes_any_non_empty_set_of_its_values():
    """"Regroup any of these figures": one list on the wire, not every set."""
    spec = CommandSpec("regroup", params={"dice": [1, 2]}, subsets={"members": ["a", "b", "c"]})
    assert spec.count() == 2 * 7
    assert spec.allows("regroup", {"dice": 1, "members": ["c", "a"]})
    for refused in ([], ["a", "a"], ["d"], "a", [["a"]], None):
        assert not spec.allows("regroup", {"dice": 1, "members": refused}), refused
    assert not spec.allows("regroup", {"dice": 1})
    wire = spec.to_wire()
    assert wire["subsets"] == {"members": ["a", "b", "c"]}
    assert CommandSpec.from_wire(wire) == spec
    assert "subsets" not in CommandSpec("pass").to_wire()  # (most options have none)
