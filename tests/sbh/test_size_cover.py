"""Seed 000, BIG and GARGANTUAN: "if a scenic feature isn't taller than half the
height of the creature, it doesn't offer enough protection to count as cover".
A low wall or hedge is no taller than half a man (LINEAR OBSTACLES: "Linear
obstacles which are taller than half the model's height will require climbing
over"), so it covers a man but no Big, Huge or Gargantuan target."""

from __future__ import annotations

import pytest

from tests.sbh.battle import act, battle, fig, first


def shot_behind_a_wall(dice, rules, edge="low_wall"):
    state = battle(fig("a1", "Archer", 3, 3, (2, 5), rules=["Shooter (Long)"]),
                   fig("b1", "Target", 4, 3, (6, 5), rules=rules),
                   edges=[((5, 5), (6, 5), edge)])
    dice.fix(6, 3, 3)  # activation; the shot's dice
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    _, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    return first(events, "shot").data["modifiers"][0]


def test_a_low_wall_covers_a_man_sized_target(dice):
    """seed 000, COVER: 'his target on the street below is hiding behind an
    upturned cart or a low wall': -1."""
    assert shot_behind_a_wall(dice, []) == ["cover -1"]


@pytest.mark.parametrize("size", ["Big", "Huge", "Gargantuan"])
@pytest.mark.parametrize("edge", ["low_wall", "hedge"])
def test_a_low_wall_or_hedge_does_not_cover_a_large_target(dice, size, edge):
    """seed 000, BIG: 'Big models may not be able to claim protection from
    terrain because of their sheer size ... if a scenic feature isn't taller than
    half the height of the creature, it doesn't offer enough protection to count
    as cover'; GARGANTUAN the same, HUGE: 'See the Gargantuan rule'. Only the
    large target's +1 applies."""
    assert shot_behind_a_wall(dice, [size], edge) == ["large target +1"]
