"""Bad input gets a coded refusal and changes nothing: commands with junk
arguments (wrong types, unhashable values, hexes off the table, other seats'
figures), from any seat, at states from generated games of every scenario.
Each is either decided or refused with a RulesError; none crashes the rules,
and a refused command leaves the state exactly as it was."""

from __future__ import annotations

import random

import pytest

from server.rules.checksum import state_digest
from server.rules.dice import SeededDice
from server.rules.kernel import Command, RulesError
from server.rules.runner import apply_command
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import ACTION_HANDLERS, IDLE_HANDLERS, SETUP_HANDLERS, SYSTEM
from tests.sbh.test_games import SCENARIOS, SETUP, WARBANDS

TYPES = sorted({*IDLE_HANDLERS, *ACTION_HANDLERS, *SETUP_HANDLERS, "recoil", "fall",
                "hack_order", "flee", "hero_reroll", "keep_roll", "group_next", "concede"})
KEYS = ["figure", "to", "target", "dice", "cast", "marker", "power", "aimed", "special",
        "group", "casters", "members", "order", "hides", "role", "edge", "terrain", "list",
        "salt", "javelin", "scroll", "die", "points", "running_start", "route"]


def junk(rng: random.Random, state) -> object:
    return rng.choice([
        None, True, False, 0, 1, 3, -1, 10**30, 1.5, "x", "", [], [1], [1, 2], [1, 2, 3],
        ["a", "b"], [[1, 2]], {}, {"a": 1}, "m1", "dummy", "north",
        rng.choice(sorted(state.figures) or ["a1"]),
        [rng.randrange(-3, 50), rng.randrange(-3, 50)],
    ])


def bad_command(rng: random.Random, prompt, state) -> Command:
    """Mostly an offered command with one or two arguments spoiled; sometimes
    any command type with junk arguments, from any seat."""
    seat = (rng.choice(prompt.seats) if rng.random() < 0.85
            else rng.choice(["a", "b", "c", None, 1]))
    decision = prompt.for_seat(seat) if seat in prompt.seats else None
    if decision is not None and rng.random() < 0.7:
        spec = rng.choice(decision.options)
        args = dict(spec.args)
        for key, values in spec.params.items():
            args[key] = rng.choice(list(values))
        for key in rng.sample(sorted(args) + KEYS, rng.randint(1, 2)):
            args[key] = junk(rng, state)
        return Command(seat, spec.type, args)
    args = {k: junk(rng, state) for k in rng.sample(KEYS, rng.randint(0, 4))}
    return Command(seat, rng.choice(TYPES), args)


@pytest.mark.parametrize("seed", range(18))
def test_junk_commands_are_refused_with_a_code_and_change_nothing(seed):
    rng = random.Random(seed)
    dice = SeededDice(seed.to_bytes(8, "big"))
    options = {**SETUP["options"], "scenario": SCENARIOS[seed % 6]}
    state = SYSTEM.initial({**SETUP, "options": options})
    refused = 0
    for step in range(400):
        if SYSTEM.is_over(state):
            break
        prompt = SYSTEM.prompt(state)
        before = state_digest(state) if step % 10 == 0 else None
        for _ in range(3):
            try:
                SYSTEM.decide(state, bad_command(rng, prompt, state), SeededDice(b"junk"))
            except RulesError as error:
                assert error.code and error.message
                refused += 1
        if before is not None:
            assert state_digest(state) == before
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        state, _ = apply_command(SYSTEM, state, command, dice, keep_input=False)
    assert refused > 100
