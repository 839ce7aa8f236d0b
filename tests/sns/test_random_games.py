"""Seeded random-legal games of Swords & Sorcery through the kernel loop, each to
a result; the recorded events folded by `evolve` give the final state, and a
re-run from the seed verifies (runner.verify: events and checksums)."""

import random

import pytest

from server.rules.dice import SeededDice
from server.rules.kernel import Command, Prompt, Result
from server.rules.runner import Applied, apply_command, verify
from server.rules.sns.random_player import random_command
from server.rules.sns.system import SYSTEM

STEP_LIMIT = 3000
SETUPS = [{"options": {"last_turn": 6}}, {"options": {"layout": "open", "last_turn": 5}}]


def play(seed: int):
    setup = SETUPS[seed % len(SETUPS)]
    rng = random.Random(seed)
    dice = SeededDice(seed.to_bytes(8, "big"))
    state = SYSTEM.initial(setup)
    commands, applied = [], []
    for _ in range(STEP_LIMIT):
        if SYSTEM.is_over(state):
            break
        prompt = SYSTEM.prompt(state)
        # the attack phases ask both seats at once: either may answer first
        seat = prompt.seats[rng.randrange(len(prompt.seats))]
        command = random_command(prompt, seat, rng)
        commands.append(command)
        state, done = apply_command(SYSTEM, state, command, dice)
        applied += done
    return setup, state, commands, applied


@pytest.mark.parametrize("seed", range(2))
def test_a_seeded_random_game_ends_with_a_result_and_replays(seed):
    """seed 003, BASIC SCENARIO: "The first side to lose all its leaders or suffer
    50% casualties will abandon the field" (or the turn limit, docs/rules/sns.md)."""
    setup, final, commands, applied = play(seed)
    assert SYSTEM.is_over(final), f"game {seed} did not end in {STEP_LIMIT} steps"
    result = SYSTEM.result(final)
    assert isinstance(result, Result) and set(result.scores) == {"a", "b"} and result.reason
    replayed = SYSTEM.initial(setup)
    for item in applied:
        replayed = SYSTEM.evolve(replayed, item.event)
    assert replayed == final
    assert verify(SYSTEM, setup, seed.to_bytes(8, "big"), commands, applied) is None


def test_prompts_and_views_go_over_the_wire_and_a_listed_move_is_accepted():
    """seed 003, TURN SEQUENCE: "Cavalry, flying, and fast units (7"+) move first";
    the prompt's reachable area is listed as a sample a client may pick from."""
    dice = SeededDice(b"w")
    state = SYSTEM.initial({})
    state, _ = apply_command(SYSTEM, state, Command("a", "start"), dice)
    assert state.phase == "spell_swap"  # "Each caster may discard and draw one new spell"
    for seat in ("a", "b"):
        state, _ = apply_command(SYSTEM, state, Command(seat, "end_phase"), dice)
    assert state.phase == "fast_move"
    wire = SYSTEM.prompt(state).to_wire()
    back = Prompt.from_wire(wire)
    decision = back.decisions[0]
    move = next(o for o in decision.options if o.type == "move")
    args = {**move.args, "to": move.params["to"][1], "facing": move.params["facing"][0]}
    command = Command(decision.seat, "move", args)
    assert SYSTEM.prompt(state).allows(command)
    after, applied = apply_command(SYSTEM, state, command, dice)
    moved = after.figure(args["figure"])
    assert [moved.x, moved.y] == args["to"] and isinstance(applied[0], Applied)
    view = SYSTEM.view(state, SYSTEM_VIEWER)
    assert view["system"] == "sns" and len(view["figures"]) == len(state.figures)


SYSTEM_VIEWER = __import__("server.rules.kernel", fromlist=["SPECTATOR"]).SPECTATOR


def test_a_concession_ends_the_match_for_the_other_side():
    """The server's resign: any seat may concede while the match runs."""
    state = SYSTEM.initial({})
    events = SYSTEM.decide(state, Command("b", "concede"), SeededDice(b"c"))
    for event in events:
        state = SYSTEM.evolve(state, event)
    assert SYSTEM.result(state).winner == "a"


def test_the_heuristic_player_acts_only_from_its_prompt_and_view():
    """A heuristic game (v random) to its end: every command it chose was legal."""
    from server.rules.kernel import Viewer
    from server.rules.sns.heuristic_player import heuristic_command
    rng = random.Random(7)
    dice = SeededDice(b"heuristic")
    state = SYSTEM.initial({"options": {"last_turn": 3}})
    while not SYSTEM.is_over(state):
        prompt = SYSTEM.prompt(state)
        seat = prompt.seats[0]
        if seat == "a":
            command = heuristic_command(prompt, seat, SYSTEM.view(state, Viewer(seat)), rng)
        else:
            command = random_command(prompt, seat, rng)
        assert prompt.allows(command), command
        state, _ = apply_command(SYSTEM, state, command, dice, checksums=False)
    assert SYSTEM.result(state).reason
