"""Melee across a cliff side (seed 000, COMMON MELEE MODIFIERS: "Defending an
obstacle and/or fighting in elevated position: +1"). Reading in docs/rules/sbh.md,
"Melee": figures either side of a cliff are in contact as any neighbours; every drop
is taller than a figure, so the one on the top fights from an elevated position
(+1, attacking or defending), and the one at the foot defends no obstacle."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first

CLIFF = [((5, 5), (6, 5), "cliff_short")]  # (5, 5) is the top, (6, 5) the foot
ELEVATION = "obstacle/elevation +1"


def test_the_figure_on_the_top_attacks_at_plus_one(dice):
    """seed 000, COMMON MELEE MODIFIERS, "fighting in elevated position: +1":
    3+3+1 = 7 against 3+4 = 7, a tie; the foot of the cliff gets no +1."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 3, 3, (6, 5)),
                   edges=CLIFF)
    dice.fix(3, 3, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    _, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert melee["modifiers"] == [[ELEVATION], []] and melee["totals"] == [7, 7]


def test_the_figure_at_the_foot_attacks_the_top_without_an_obstacle_bonus(dice):
    """seed 000, COMMON MELEE MODIFIERS and MELEE: the Orc below attacks, 3+4 = 7
    against the Elf's 3+3+1 = 7 (elevated, as 'Melee combat is simultaneous');
    no 'defending an obstacle' for either."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 3, 3, (6, 5)),
                   edges=CLIFF, active="b")
    dice.fix(3, 4, 3)
    state, _ = act(state, "b", "activate", dice, figure="b1", dice=1)
    _, events = act(state, "b", "attack", dice, target="a1", power=False)
    melee = first(events, "melee").data
    assert melee["modifiers"] == [[], [ELEVATION]] and melee["totals"] == [7, 7]


def test_a_low_wall_still_gives_its_defender_plus_one(dice):
    """seed 000, COMMON MELEE MODIFIERS, 'Defending an obstacle': unchanged for a
    low wall on the side between them."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 3, 3, (6, 5)),
                   edges=[((5, 5), (6, 5), "low_wall")])
    dice.fix(3, 4, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    _, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert melee["modifiers"] == [[], [ELEVATION]] and melee["totals"] == [7, 7]
