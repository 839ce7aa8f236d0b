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
