"""A magic-user rolling one or two dice may cast without announcing it.

Seed 000, ACTIVATION, EXCEPTION: "Magic-using models rolling three dice must
announce that they are casting a spell if they want to do so as part of their
activation ... Of course, if a Magic Using model plans to roll less than three
dice, he is not required to announce the action." MAGIC IN GROUP ACTIVATIONS:
"announce that he is part of the group and will be using his actions to cast a
spell before rolling the dice ... If the group is not going to roll three dice,
this is not needed."
"""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, types

MAGE = ["Magic-User"]


def offered(state) -> set[str]:
    return {s.type for s in SYSTEM.prompt(state).decisions[0].options}


def wizard():
    return battle(fig("a1", "Wizard", 3, 1, (6, 5), rules=MAGE),
                  fig("a2", "Guard", 4, 3, (2, 2)), fig("b1", "Orc", 4, 3, (9, 5)))


def test_two_dice_unannounced_may_cast(dice):
    """ACTIVATION, EXCEPTION: 'if a Magic Using model plans to roll less than three
    dice, he is not required to announce the action'."""
    dice.fix(5, 5)
    state, events = act(wizard(), "a", "activate", dice, figure="a1", dice=2)
    assert not first(events, "activated").data["casting"]
    assert state.activation.unannounced
    assert {"transfix", "cast_bolt"} <= offered(state)
    dice.fix(1, 2)  # the orc resists on two dice and fails both
    state, events = act(state, "a", "transfix", dice, target="b1", power=2)
    assert first(events, "held").data["transfixed"]
    assert state.figures["b1"].transfixed_by == "a1"


def test_one_die_unannounced_may_cast_a_bolt(dice):
    """Same passage, one die: a power 1 spell as a ranged attack."""
    dice.fix(4)
    state, _ = act(wizard(), "a", "activate", dice, figure="a1", dice=1)
    dice.fix(6, 1)  # the bolt's dice: 6 for the caster, 1 for the orc
    state, events = act(state, "a", "cast_bolt", dice, target="b1", power=1)
    assert first(events, "shot").data["spell_power"] == 1


def test_three_dice_still_need_the_announcement(dice):
    """ACTIVATION, EXCEPTION: 'Magic-using models rolling three dice must announce
    that they are casting a spell if they want to do so'."""
    dice.fix(5, 5, 5)
    state, _ = act(wizard(), "a", "activate", dice, figure="a1", dice=3)
    assert not state.activation.unannounced
    assert not {"transfix", "cast_bolt"} & offered(state)
    with pytest.raises(RulesError):
        act(state, "a", "transfix", dice, target="b1", power=1)


def test_two_unannounced_failures_do_not_drain(dice):
    """FAILURES ON SPELLS: 'If a magic-user rolls 3 failures at activation, he's out
    of power' -- only a declared three-dice roll risks it; two failures on two
    dice pass play."""
    dice.fix(1, 1)
    state, events = act(wizard(), "a", "activate", dice, figure="a1", dice=2)
    assert types(events) == ["activated", "activation_ended", "turn_passed"]
    assert not state.figures["a1"].out_of_power


def test_an_out_of_power_mage_casts_nothing_unannounced(dice):
    """FAILURES ON SPELLS: out of power, 'he can't cast any more spells for the
    duration of the game'."""
    state = wizard()
    state.figures["a1"].out_of_power = True
    dice.fix(5, 5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    assert not state.activation.unannounced
    assert not {"transfix", "cast_bolt"} & offered(state)


def mage_group():
    return battle(fig("a1", "Captain", 3, 3, (5, 5), rules=["Leader"]),
                  fig("a2", "Elf Wizard", 3, 1, (5, 8), rules=MAGE),
                  fig("a3", "Elf", 3, 3, (6, 8)), fig("b1", "Orc", 4, 3, (9, 8)))


def test_a_group_rolling_two_dice_needs_no_announcement(dice):
    """MAGIC IN GROUP ACTIVATIONS: 'If the group is not going to roll three dice,
    this is not needed'."""
    dice.fix(5)
    state, _ = act(mage_group(), "a", "activate", dice, figure="a1", dice=1)
    dice.fix(4, 5)
    state, _ = act(state, "a", "group_order", dice, group=["a2", "a3"], dice=2)
    state, _ = act(state, "a", "group_next", dice, figure="a2")
    assert not state.activation.casting and state.activation.unannounced
    assert {"transfix", "cast_bolt"} <= offered(state)


def test_a_group_rolling_three_dice_needs_the_announcement(dice):
    """Same passage: a group rolling three dice casts only with declared mages."""
    dice.fix(5)
    state, _ = act(mage_group(), "a", "activate", dice, figure="a1", dice=1)
    dice.fix(4, 5, 6)
    state, _ = act(state, "a", "group_order", dice, group=["a2", "a3"], dice=3)
    state, _ = act(state, "a", "group_next", dice, figure="a2")
    assert not state.activation.unannounced
    assert not {"transfix", "cast_bolt"} & offered(state)
