"""Savage and ranged kills (seed 000, SAVAGE: "All friends of the
savagely-killed model in LOS and within 1 x Medium range must test Morale.
Note that the effects of Savage do not apply to ranged attacks."; WHEN TO MAKE
MORALE CHECKS: gruesome kills, "all friendly models within 1x Long distance")."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first


def morale_testers(events) -> list[str]:
    return [e.data["figure"] for e in events if e.type == "morale_tested"]


def test_a_savage_shooters_gruesome_shot_uses_the_long_radius(dice):
    """seed 000, SAVAGE: "the effects of Savage do not apply to ranged attacks":
    a friend 10 hexes from the kill (beyond Medium, within Long) tests as for
    any gruesome kill."""
    state = battle(fig("a1", "Hunter", 3, 3, (2, 5), rules=["Shooter (Long)", "Savage"]),
                   fig("b1", "Goblin", 4, 1, (12, 5)),
                   fig("b2", "Goblin", 4, 1, (22, 5)))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(6, 1)  # 3+6 = 9 against 1+1 = 2: tripled, a gruesome kill
    dice.fix(6, 6, 6)  # b2's morale test: passed
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert first(events, "shot").data["result"] == "gruesome"
    assert morale_testers(events) == ["b2"]


def test_a_savage_melee_kill_makes_friends_within_medium_test(dice):
    """seed 000, SAVAGE (melee, unchanged): a doubled score is a gruesome kill;
    friends in sight within Medium test, a friend beyond Medium does not."""
    state = battle(fig("a1", "Berserker", 3, 3, (5, 5), rules=["Savage"]),
                   fig("b1", "Goblin", 4, 1, (6, 5)),
                   fig("b2", "Goblin", 4, 1, (6, 8)),
                   fig("b3", "Goblin", 4, 1, (6, 16)))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(4, 2)  # 3+4 = 7 against 1+2 = 3: doubled, a Savage gruesome kill
    dice.fix(6, 6, 6)  # b2's morale test: passed
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "killed").data["gruesome"] is True
    assert morale_testers(events) == ["b2"]


def test_an_ordinary_gruesome_shot_still_uses_the_long_radius(dice):
    """seed 000, WHEN TO MAKE MORALE CHECKS: a non-Savage shooter's gruesome
    kill makes friends within Long test (unchanged)."""
    state = battle(fig("a1", "Hunter", 3, 3, (2, 5), rules=["Shooter (Long)"]),
                   fig("b1", "Goblin", 4, 1, (12, 5)),
                   fig("b2", "Goblin", 4, 1, (22, 5)))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(6, 1, 6, 6, 6)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert morale_testers(events) == ["b2"]
