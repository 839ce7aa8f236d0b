"""Special rules in a Concentrated Shooting (seed 002, Concentrated Shooting: "Make
one combat roll for all the models on 1D6, using the worst Combat score in the group
of shooters"; seed 000, CONCENTRATED SHOOTING: "Just use the worst modifier in the
group"). Neither says whose Lethal, Assassin, Cleric or Poison a volley carries; read
(docs/rules/sbh.md, "Ranged combat") as the worst, like the volley's bonuses: a rule
counts only if every shooter has it, whoever is nearest."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first

ARCHER = ["Shooter (Long)"]


def volley(dice, rules_a2, rules_a4, rolls):
    """Two C2 archers at a C3 Orc; a4 at (4, 4) is the nearer (5 hexes, a2 6)."""
    state = battle(fig("a0", "Captain", 4, 3, (1, 3), rules=["Leader"]),
                   fig("a2", "Archer2", 4, 2, (4, 2), rules=ARCHER + rules_a2),
                   fig("a4", "Archer4", 4, 2, (4, 4), rules=ARCHER + rules_a4),
                   fig("b1", "Orc", 4, 3, (9, 3)))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a0", dice=1)
    dice.fix(6, *rolls)  # the shooters' activation, then the volley's dice
    return act(state, "a", "concentrated_shooting", dice, volley=["b1", ["a2", "a4"]],
               dice=1)


def test_the_nearest_shooters_assassin_rule_is_not_the_volleys(dice):
    """seed 002, Concentrated Shooting, and seed 000, ASSASSIN: 2+4 = 6 against
    3+3-1 = 5, a win by one. Only a4 is an Assassin ('When
    Assassins beat an opponent in combat (melee and ranged) they kill him'): the
    volley's worst is a2's plain shot, so the Orc falls (even die)."""
    state, events = volley(dice, [], ["Assassin"], (4, 3))
    shot = first(events, "shot").data
    assert shot["totals"] == [6, 5] and shot["result"] == "fall"
    assert state.figures["b1"].fallen and state.figures["b1"].status == "ready"


def test_a_lethal_rule_every_shooter_has_kills_by_one(dice):
    """seed 000, CONCENTRATED SHOOTING and LETHAL: Lethal vs Orcs on both archers,
    the same win by one kills."""
    state, events = volley(dice, ["Lethal (Orcs)"], ["Lethal (Orcs)"], (4, 3))
    assert first(events, "shot").data["result"] == "kill"
    assert state.figures["b1"].status == "dead"


def test_poison_counts_only_if_every_shooter_has_it(dice):
    """seed 000, POISON: 'Roll a die every time a poison attack hits'. One
    poisoner of two: no poison die is rolled (the scripted dice would be left)."""
    state, events = volley(dice, [], ["Poison"], (4, 3))
    assert "poison_rolled" not in [e.type for e in events]


def test_a_volley_of_poisoners_poisons(dice):
    """seed 000, POISON, every shooter a poisoner: the fall is a hit, a die is
    rolled and a 6 costs the Orc a point of Quality."""
    state, events = volley(dice, ["Poison"], ["Poison"], (4, 3, 6))
    assert first(events, "poison_rolled").data["dice"] == [6]
    assert state.figures["b1"].wounds == 1
