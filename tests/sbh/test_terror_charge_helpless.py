"""Terror charges at fallen and transfixed models (seed 000, TERROR (P);
FALLEN MODELS AND MORALE)."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first, h, types


def charge(dice, target_state: dict, *extra):
    state = battle(fig("a1", "Soldier", 4, 3, (5, 5), **target_state),
                   fig("a2", "Soldier", 4, 3, (5, 20)),
                   fig("b9", "Wizard", 4, 1, (0, 20)),
                   fig("b1", "Vampire", 3, 5, (8, 5), rules=["Terror"]), *extra, active="b")
    state, _ = act(state, "b", "activate", dice, figure="b1", dice=1)
    return act(state, "b", "move", dice, to=h(6, 5))


def test_a_charged_transfixed_model_tests_and_dies_on_any_failure(dice):
    """seed 000, TERROR (P): 'When a Terror-inspiring model charges ..., the
    charged model must immediately make a Morale check. The check is performed
    BEFORE the Terror-inspiring model is actually moved.' FALLEN MODELS AND
    MORALE: 'A Transfixed model failing any Morale roll is killed, even if it
    had no enemies in contact.'"""
    dice.fix(5)        # the vampire's activation (Q3, one die): one success
    dice.fix(5, 5, 1)  # the soldier's morale test (Q4): one failure
    state, events = charge(dice, {"transfixed_by": "b9"})
    kinds = types(events)
    assert first(events, "morale_tested").data["figure"] == "a1"
    assert first(events, "morale_tested").data["failures"] == 1
    assert kinds.index("morale_tested") < kinds.index("killed")
    assert first(events, "killed").data["figure"] == "a1"
    assert state.figures["a1"].status == "dead"
    assert kinds.index("killed") < kinds.index("moved")  # then the charge goes ahead
    assert state.figures["b1"].pos[:2] == (6, 5)


def test_a_charged_transfixed_model_that_passes_becomes_immune(dice):
    """seed 000, TERROR (P): 'If a model makes the roll to resist Terror, either
    when moving in contact with a Terror-inspiring enemy or when charged by one
    it becomes immune to further Terror effects from that kind of enemy'."""
    dice.fix(5, 4, 5, 6)
    state, events = charge(dice, {"transfixed_by": "b9"})
    assert first(events, "morale_tested").data["failures"] == 0
    assert state.figures["a1"].status == "ready" and state.figures["a1"].transfixed
    assert state.figures["a1"].terror_immune_to == ("Vampire",)
    assert state.figures["b1"].pos[:2] == (6, 5)


def test_a_charged_fallen_model_with_no_enemy_in_contact_stands_up(dice):
    """seed 000, TERROR (P): the check is made 'BEFORE the Terror-inspiring model
    is actually moved'; FALLEN MODELS AND MORALE: 'A fallen model with no enemies
    in contact will use the first of his compulsive movements to stand up. So if
    the model rolled one failure he will just stand up'."""
    dice.fix(5)
    dice.fix(5, 5, 1)
    state, events = charge(dice, {"fallen": True})
    kinds = types(events)
    assert first(events, "morale_tested").data["figure"] == "a1"
    assert kinds.index("morale_tested") < kinds.index("stood_up") < kinds.index("moved")
    assert not state.figures["a1"].fallen and state.figures["a1"].pos[:2] == (5, 5)
    assert state.figures["b1"].pos[:2] == (6, 5)


def test_a_charged_fallen_model_with_an_enemy_in_contact_is_killed(dice):
    """seed 000, FALLEN MODELS AND MORALE: 'A Fallen model having any enemies in
    contact in the moment he fails a Morale roll is killed.'"""
    dice.fix(5)
    dice.fix(5, 5, 1)
    state, events = charge(dice, {"fallen": True}, fig("b2", "Orc", 4, 3, (4, 5)))
    assert first(events, "killed").data["figure"] == "a1"
    assert state.figures["a1"].status == "dead"
