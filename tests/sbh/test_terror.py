"""Terror (seed 000, TERROR (P))."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first, h, types


def test_halfling_resisting_a_vampire_need_not_test_against_another(dice):
    """seed 000, TERROR EXAMPLE: 'one of player A Halflings passes his Morale check
    when confronting one of player B's vampires. When that particular Halfling
    decides to move in contact with another Vampire later in the game, he must
    not make a Terror test.'"""
    state = battle(fig("a1", "Halfling", 4, 2, (5, 5)),
                   fig("b1", "Vampire", 3, 4, (7, 5), rules=["Terror"]),
                   fig("b2", "Vampire", 3, 4, (7, 6), rules=["Terror"]))
    dice.fix(4, 4, 4, 4)  # activation: three successes; the Terror test passes on a 4
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert first(events, "terror_tested").data["passed"] is True
    assert state.figures["a1"].terror_immune_to == ("Vampire",)
    state, events = act(state, "a", "step", dice, to=h(6, 6))  # touches the second vampire
    assert "terror_tested" not in types(events)


def test_immunity_does_not_cover_a_different_profile(dice):
    """seed 000, TERROR EXAMPLE: 'When our courageous Halfling tries to tackle an
    Elder Vampire, though (same general class of creature but different game
    stats), he must pass a Terror test.'"""
    state = battle(fig("a1", "Halfling", 4, 2, (5, 5), terror_immune_to=("Vampire",)),
                   fig("b1", "Elder Vampire", 2, 5, (7, 5), rules=["Terror"]))
    dice.fix(4, 5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert first(events, "terror_tested").data["source"] == "b1"


def test_failed_terror_test_stops_the_move_but_spends_no_action(dice):
    """seed 000, TERROR (P): 'If the roll fails, the model may perform another
    action of the player's choice but it may not move in contact'."""
    state = battle(fig("a1", "Halfling", 4, 2, (5, 5)),
                   fig("b1", "Vampire", 3, 4, (7, 5), rules=["Terror"]))
    dice.fix(4, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert first(events, "terror_tested").data["passed"] is False
    assert state.figures["a1"].pos[:2] == (5, 5) and state.activation.actions == 1


def test_terror_charge_forces_a_morale_check_before_the_move(dice):
    """seed 000, TERROR (P): 'the charged model must immediately make a Morale
    check. The check is performed BEFORE the Terror-inspiring model is actually
    moved.'"""
    state = battle(fig("a1", "Vampire", 3, 4, (5, 5), rules=["Terror"]),
                   fig("b1", "Halfling", 4, 2, (7, 5)))
    dice.fix(3, 5, 5, 6)  # activation; the halfling's morale test: no failures
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert types(events).index("morale_tested") < types(events).index("moved")
    assert state.figures["a1"].pos[:2] == (6, 5)
    assert state.figures["b1"].terror_immune_to == ("Vampire",)


def test_heroes_pass_the_terror_test_automatically(dice):
    """seed 000, TERROR (P): 'Heroes are assumed to automatically pass this test'."""
    state = battle(fig("a1", "Hero", 3, 4, (5, 5), rules=["Hero"]),
                   fig("b1", "Vampire", 3, 4, (7, 5), rules=["Terror"]))
    dice.fix(3)  # activation on two dice: one automatic success, one die rolled
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert first(events, "terror_tested").data["dice"] == []
    assert state.figures["a1"].pos[:2] == (6, 5)
