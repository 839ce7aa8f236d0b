"""Modifiers of a Concentrated Shooting: seed 000, CONCENTRATED SHOOTING ('All other
modifiers apply as normal. If a modifier applies to anyone in the group, it
applies to the concentrated shooting as well ... if the target counts as under
cover for one of the shooters, it counts as under cover for the concentrated
shooting too' and 'Just use the worst modifier in the group'), read kind by kind
as docs/rules/sbh.md ("Concentrated shooting") says: each modifier at its worst
over the shooters, so a bonus only when every shooter has it."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first

ARCHER = ["Shooter (Long)"]


def _volley(state, dice, volley, rolls):
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a0", dice=1)
    dice.fix(*rolls)  # the shooters' activation, then the volley's two dice
    return act(state, "a", "concentrated_shooting", dice, volley=volley, dice=1)


def test_cover_seen_by_one_shooter_adds_to_anothers_worse_range(dice):
    """seed 000, CONCENTRATED SHOOTING: 'if the target counts as under cover for
    one of the shooters, it counts as under cover for the concentrated shooting
    too' -- even when another shooter's range penalty is the bigger one ('Just
    use the worst modifier in the group': double range, -2)."""
    state = battle(fig("a0", "Captain", 3, 3, (15, 3), rules=["Leader"]),
                   fig("a1", "Archer1", 3, 3, (6, 5), rules=ARCHER),  # behind the wall
                   fig("a2", "Archer2", 3, 3, (24, 5), rules=ARCHER),  # 2 x Long, clear
                   fig("b1", "Orc", 4, 3, (10, 5)),
                   size=32, edges=[((9, 5), (10, 5), "low_wall")])
    state, events = _volley(state, dice, ["b1", ["a1", "a2"]], (6, 5, 1))
    shot = first(events, "shot").data
    assert sorted(shot["modifiers"][0]) == ["2 x range -2", "cover -1"]
    assert shot["totals"] == [3 + 5 - 3, 3 + 1 - 1] and shot["result"] == "recoil"


def _good_shots(*good):
    return battle(fig("a0", "Captain", 4, 3, (1, 3), rules=["Leader"]),
                  *[fig(f"a{i}", f"Archer{i}", 4, 2, (4, i),
                        rules=ARCHER + (["Good Shot"] if i in good else []))
                    for i in (2, 4)],
                  fig("b1", "Orc", 4, 3, (9, 3)))


def test_a_bonus_only_one_shooter_has_is_not_the_volleys(dice):
    """seed 000, CONCENTRATED SHOOTING: 'Just use the worst modifier in the
    group' -- the shooter without Good Shot has no +1, the worse value."""
    state, events = _volley(_good_shots(2), dice, ["b1", ["a2", "a4"]], (6, 4, 3))
    shot = first(events, "shot").data
    assert shot["modifiers"] == [[], ["concentrated shooting -1"]]
    assert shot["totals"] == [2 + 4, 3 + 3 - 1]


def test_a_bonus_every_shooter_has_is_the_volleys(dice):
    """seed 000, CONCENTRATED SHOOTING: 'All other modifiers apply as normal'
    and GOOD SHOT ("+1 on all ranged attacks") -- every shooter has it."""
    state, events = _volley(_good_shots(2, 4), dice, ["b1", ["a2", "a4"]], (6, 4, 3))
    shot = first(events, "shot").data
    assert shot["modifiers"] == [["good shot +1"], ["concentrated shooting -1"]]
    assert shot["totals"] == [2 + 4 + 1, 3 + 3 - 1]


def test_the_worst_range_band_is_used_once(dice):
    """seed 000, CONCENTRATED SHOOTING: models 'having different types/ranges of
    ranged weapons/attacks ... Just use the worst modifier in the group' -- a
    Short shooter at double range (-2) and a Long one in range: -2, not -4."""
    state = battle(fig("a0", "Captain", 4, 3, (1, 3), rules=["Leader"]),
                   fig("a2", "Slinger", 4, 2, (4, 2), rules=["Shooter (Short)"]),
                   fig("a4", "Archer", 4, 2, (4, 4), rules=ARCHER),
                   fig("b1", "Orc", 4, 3, (8, 3)))
    state, events = _volley(state, dice, ["b1", ["a2", "a4"]], (6, 6, 2))
    shot = first(events, "shot").data
    assert shot["modifiers"] == [["2 x range -2"], ["concentrated shooting -1"]]
    assert shot["totals"] == [2 + 6 - 2, 3 + 2 - 1]
