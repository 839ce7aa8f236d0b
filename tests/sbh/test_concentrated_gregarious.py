"""Gregarious in a Concentrated Shooting: seed 000, CONCENTRATED SHOOTING
('Concentrated shooting is a sub-case of group activation') and GREGARIOUS
('+1 on their Quality rolls when attempting group moves'), the roll made as a
group order's is (groups.py: each member's own target, Gregarious ones +1, the
worst of them counts)."""

from __future__ import annotations

import pytest

from tests.sbh.battle import act, battle, fig, first, types

SHOOTER = ["Shooter (Long)"]


def _ratmen(*gregarious):
    return battle(fig("a0", "Ratman Leader", 3, 3, (8, 3), rules=["Leader"]),
                  *[fig(f"a{i}", "Ratman Shooter", 4, 2, (5 + i, 5),
                        rules=SHOOTER + (["Gregarious"] if i in gregarious else []))
                    for i in (1, 2)],
                  fig("b1", "Orc", 4, 3, (12, 8)))


@pytest.mark.parametrize("gregarious, target, shoots",
                         [((1, 2), 2, True), ((1,), 3, False), ((), 3, False)])
def test_gregarious_shooters_roll_a_volley_at_plus_one(dice, gregarious, target, shoots):
    """seed 000, GREGARIOUS: '+1 on their Quality rolls when attempting group
    moves' -- Q4, -1 for the Leader, -1 if Gregarious: a 2 lets two Gregarious
    ratmen shoot; one without the rule keeps the worst target at 3+."""
    state = _ratmen(*gregarious)
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a0", dice=1)
    dice.fix(2, *((4, 1) if shoots else ()))  # the volley roll, then any shot
    state, events = act(state, "a", "concentrated_shooting", dice,
                        volley=["b1", ["a1", "a2"]], dice=1)
    rolled = first(events, "volley_rolled").data
    assert rolled["target_number"] == target and rolled["successes"] == int(shoots)
    assert ("shot" in types(events)) is shoots
