"""Twenty seeded bot-vs-bot games through the kernel loop, each to a result,
and the recorded events folded by `evolve` reproduce the final state (replay
determinism). Dice are seeded, so every game is the same each run."""

import random

import pytest

from server.rules.asoiaf.random_player import random_command
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import SeededDice
from server.rules.kernel import Result

SETUPS = [
    {"scenario": "learn_to_play",
     "warbands": {"a": "baratheon-small-robert", "b": "baratheon-small-arryn"}},
    {"scenario": "village_skirmish",
     "warbands": {"a": "baratheon-small-arryn", "b": "baratheon-small-robert"}},
    # large (2x2) mounted heroes on both sides
    {"scenario": "river_ford",
     "warbands": {"a": "baratheon-standard-mounted", "b": "targaryen-standard-mounted"}},
]
STEP_LIMIT = 5000


def play(seed: int):
    setup = SETUPS[seed % len(SETUPS)]
    rng = random.Random(seed)
    dice = SeededDice(seed.to_bytes(8, "big"))
    state = SYSTEM.initial(setup)
    events = []
    for _ in range(STEP_LIMIT):
        if SYSTEM.is_over(state):
            break
        prompt = SYSTEM.prompt(state)
        seat = prompt.seats[0]
        command = random_command(prompt, seat, rng)
        for event in SYSTEM.decide(state, command, dice):
            events.append(event)
            state = SYSTEM.evolve(state, event)
    return setup, state, events


@pytest.mark.parametrize("seed", range(20))
def test_a_seeded_random_game_ends_with_a_result_and_replays(seed):
    """seed 004, THE GAME ROUND: "The number of rounds in a game are determined by
    the scenario"; the game ends after the last round's end phase or a wipe-out."""
    setup, final, events = play(seed)
    assert SYSTEM.is_over(final), f"game {seed} did not end in {STEP_LIMIT} steps"
    result = SYSTEM.result(final)
    assert isinstance(result, Result) and set(result.scores) == {"a", "b"}
    replayed = SYSTEM.initial(setup)
    for event in events:
        replayed = SYSTEM.evolve(replayed, event)
    assert replayed == final
    assert any(e.type == "attack_rolled" for e in events) or final.round == final.rounds


def test_the_lobbys_setup_starts_a_match_with_a_roll_off_prompt():
    """seed 004, PLAYING THE GAME: "The game starts with each player rolling a
    [d10]"; the lobby gives {"options": {"scenario": ...}} (server/lobby.py)."""
    state = SYSTEM.initial({"options": {"scenario": "village_skirmish"}})
    prompt = SYSTEM.prompt(state)
    assert prompt.seats == ("a",) and prompt.decisions[0].options[0].type == "roll_off"
    assert SYSTEM.seats == ("a", "b") and isinstance(SYSTEM.rules_version, int)
