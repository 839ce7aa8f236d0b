"""Group activations and Regroup (seed 000, GROUP ACTIVATIONS, REGROUP)."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types


def warband(**extra):
    return battle(fig("a1", "Captain", 3, 3, (5, 5), rules=["Leader"]),
                  fig("a2", "Elf", 3, 3, (5, 8)), fig("a3", "Halfling", 4, 2, (6, 8)),
                  fig("a4", "Elf", 3, 3, (12, 12)), fig("b1", "Orc", 4, 3, (20, 20)), **extra)


def test_group_rolls_once_on_the_worst_quality(dice):
    """seed 000, GROUP ACTIVATIONS: 'So if you have a group of three elves with Q3+
    and a Halfling with Q4+, you must roll 4+ for activation purposes.' With the
    Leader's +1 in range, the Halfling's 4+ becomes 3+."""
    dice.fix(5)  # the Leader's own activation
    state, _ = act(warband(), "a", "activate", dice, figure="a1", dice=1)
    options = {o.type: o for o in SYSTEM.prompt(state).decisions[0].options}
    assert ["a2", "a3"] in options["group_order"].params["group"]
    assert ["a2", "a4"] not in options["group_order"].params["group"]  # not in contact
    dice.fix(3, 2)
    state, events = act(state, "a", "group_order", dice, group=["a2", "a3"], dice=2)
    rolled = first(events, "group_activated")
    assert rolled.data["target"] == 3 and rolled.data["successes"] == 1
    assert state.figures["a1"].activated and state.activation is None
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.options[0].type == "group_next"
    state, _ = act(state, "a", "group_next", dice, figure="a3")
    assert state.activation.figure == "a3" and state.activation.actions == 1
    state, _ = act(state, "a", "step", dice, to=h(7, 8))
    state, _ = act(state, "a", "group_next", dice, figure="a2")
    state, events = act(state, "a", "step", dice, to=h(5, 9))
    assert "group_ended" in types(events)
    assert state.active_seat == "a"  # one failure: the turn goes on with a4


def test_two_failures_on_the_group_roll_pass_play_after_the_group(dice):
    """seed 000, GROUP ACTIVATIONS: the group roll is 'on one, two or three dice as
    normal'; two failures pass play (seed 000, ACTIVATION)."""
    dice.fix(5, 6, 1, 1)
    state, _ = act(warband(), "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "group_order", dice, group=["a2", "a3"], dice=3)
    state, _ = act(state, "a", "group_next", dice, figure="a2")
    state, _ = act(state, "a", "end_activation", dice)
    state, events = act(state, "a", "group_next", dice, figure="a3")
    state, events = act(state, "a", "end_activation", dice)
    assert state.active_seat == "b"


def test_leader_with_a_turnover_cannot_order_a_group(dice):
    """seed 000, GROUP ACTIVATIONS: 'If the Leader rolls a Turn Over and has one
    available action ... the Leader CANNOT give a group move order.'"""
    dice.fix(5, 1, 1)
    state, _ = act(warband(), "a", "activate", dice, figure="a1", dice=3)
    with pytest.raises(RulesError):
        act(state, "a", "group_order", dice, group=["a2", "a3"], dice=1)


def test_gregarious_members_roll_at_plus_one(dice):
    """seed 000, GREGARIOUS: '+1 on their Quality rolls when attempting group moves'."""
    state = battle(fig("a1", "Boss", 4, 3, (5, 5), rules=["Leader"]),
                   fig("a2", "Goblin", 5, 2, (5, 8), rules=["Gregarious"]),
                   fig("a3", "Goblin", 5, 2, (6, 8), rules=["Gregarious"]),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(5, 3)  # Q5, Leader +1, Gregarious +1: 3+
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "group_order", dice, group=["a2", "a3"], dice=1)
    assert first(events, "group_activated").data["target"] == 3


def test_regroup_members_cannot_attack(dice):
    """seed 000, REGROUP: 'During a Regroup, models cannot attack, shoot or cast
    spells.'"""
    state = battle(fig("a1", "Captain", 3, 3, (5, 5), rules=["Leader"]),
                   fig("a2", "Elf", 3, 3, (5, 8)), fig("a3", "Elf", 3, 3, (9, 8)),
                   fig("b1", "Orc", 4, 3, (6, 8)))
    dice.fix(5, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "regroup", dice, dice=1)
    assert first(events, "group_activated").data["members"] == ["a2", "a3"]
    state, _ = act(state, "a", "group_next", dice, figure="a2")
    types_offered = {o.type for o in SYSTEM.prompt(state).decisions[0].options}
    assert "attack" not in types_offered
    with pytest.raises(RulesError):
        act(state, "a", "attack", dice, target="b1", power=False)


def mage_group():
    return battle(fig("a1", "Captain", 3, 3, (5, 5), rules=["Leader"]),
                  fig("a2", "Elf Wizard", 3, 1, (5, 8), rules=["Magic-User"]),
                  fig("a3", "Elf", 3, 3, (6, 8)), fig("b1", "Orc", 4, 3, (9, 8)))


def test_a_mage_declared_in_a_group_casts_with_the_groups_successes(dice):
    """seed 000, MAGIC IN GROUP ACTIVATIONS: 'A Magic-User may be part of a group
    move just as any other character ... announce that he is part of the group
    and will be using his actions to cast a spell before rolling the dice'."""
    dice.fix(5)
    state, _ = act(mage_group(), "a", "activate", dice, figure="a1", dice=1)
    orders = [o for o in SYSTEM.prompt(state).decisions[0].options if o.type == "group_order"]
    declared = [o for o in orders if o.args.get("casters") == ["a2"]]
    assert declared and all("a2" in g for g in declared[0].params["group"])
    dice.fix(4, 5)
    state, events = act(state, "a", "group_order", dice, group=["a2", "a3"], dice=2,
                        casters=["a2"])
    assert first(events, "group_activated").data["casters"] == ["a2"]
    state, _ = act(state, "a", "group_next", dice, figure="a2")
    assert state.activation.casting
    types_offered = {o.type for o in SYSTEM.prompt(state).decisions[0].options}
    assert "cast_bolt" in types_offered and "transfix" in types_offered
    # an undeclared member of another group rolling three dice does not cast ("If
    # the group is not going to roll three dice, this is not needed":
    # test_unannounced_casting.py)
    dice.fix(5)
    state, _ = act(mage_group(), "a", "activate", dice, figure="a1", dice=1)
    dice.fix(4, 5, 5)
    state, _ = act(state, "a", "group_order", dice, group=["a2", "a3"], dice=3)
    state, _ = act(state, "a", "group_next", dice, figure="a2")
    assert not state.activation.casting
    assert "cast_bolt" not in {o.type for o in SYSTEM.prompt(state).decisions[0].options}


def test_three_failures_on_a_group_roll_drain_the_declared_mage(dice):
    """Same passage: 'if you roll three failures on the group activation the mage
    will be out of magical energy for the remainder of the game'."""
    dice.fix(5)
    state, _ = act(mage_group(), "a", "activate", dice, figure="a1", dice=1)
    dice.fix(1, 1, 1)  # 1 always fails
    state, events = act(state, "a", "group_order", dice, group=["a2", "a3"], dice=3,
                        casters=["a2"])
    assert first(events, "group_activated").data["out_of_power"] == ["a2"]
    assert state.figures["a2"].out_of_power
    with pytest.raises(RulesError):
        act(mage_group(), "a", "group_order", dice, group=["a2", "a3"], dice=3,
            casters=["a3"])  # not a magic-user (and nobody is acting)
