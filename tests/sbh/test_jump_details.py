"""Jumping details (seed 000, JUMPING AND LEAPING; SLOW; docs/rules/sbh.md,
"Jumping")."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types

WIDE_CHASM = {(q, 5): "chasm" for q in range(6, 13)}  # (6,5) to (12,5)


def test_a_jump_falling_short_does_not_land_on_a_figure_in_the_chasm(dice):
    """seed 000, JUMPING AND LEAPING: 'If the jump is not enough to clear the
    distance, the model falls'. One figure a hex (docs/rules/sbh.md, "The
    table"): the elf's failed jump reaches 4 hexes, where an orc already lies
    fallen in the chasm, so it comes down in the empty chasm hex short of it.
    Dice: activation 3; jump 1 (fails: Medium becomes Short); Short fall 6."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)),
                   fig("b1", "Orc", 4, 3, (9, 5), fallen=True),
                   fig("b2", "Orc", 4, 3, (20, 20)), terrain=WIDE_CHASM)
    dice.fix(3, 1, 6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "jump", dice, to=h(13, 5), running_start=False)
    assert first(events, "jumped").data["fell_short"] is True
    assert state.figures["a1"].pos[:2] == (8, 5) and state.figures["a1"].fallen
    assert state.figures["b1"].pos[:2] == (9, 5)


def slow_troll():
    return battle(fig("a1", "Troll", 4, 4, (5, 5), rules=["Slow"]),
                  fig("b1", "Orc", 4, 3, (20, 20)), terrain={(6, 5): "chasm"})


def test_a_slow_figure_takes_no_running_start(dice):
    """seed 000, SLOW: 'Slow models can only make one movement per turn';
    JUMPING AND LEAPING: 'The roll is at +1 if he spends one movement action to
    perform a running start': the running start and the jump would be two
    movements. Dice: activation 4, 5."""
    dice.fix(4, 5)
    state, _ = act(slow_troll(), "a", "activate", dice, figure="a1", dice=2)
    [jump] = [o for o in SYSTEM.prompt(state).decisions[0].options if o.type == "jump"]
    assert jump.params["running_start"] == [False]
    with pytest.raises(RulesError) as refused:
        act(state, "a", "jump", dice, to=h(7, 5), running_start=True)
    assert refused.value.passage == "seed 000, SLOW"


def test_a_slow_figure_still_jumps_without_a_running_start(dice):
    """Same passages: the jump alone is its one movement. Dice: activation 4, 5;
    jump 4."""
    dice.fix(4, 5, 4)
    state, _ = act(slow_troll(), "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "jump", dice, to=h(7, 5), running_start=False)
    assert "jumped" in types(events) and state.figures["a1"].pos[:2] == (7, 5)
