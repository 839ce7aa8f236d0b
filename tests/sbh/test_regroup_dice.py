"""A Regroup rolls one die (seed 002, Regroup Activation: "You must then pass a
Quality test on 1D6 using the figure with the worst Quality in the Group"; seed
000, REGROUP: "They are activated on a single roll using the worst Quality in the
group", silent on how many dice; docs/rules/sbh.md, "Group activations")."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first


def leader_up(dice):
    """The Captain activated; a4 is not ordered and has still to act."""
    state = battle(fig("a1", "Captain", 3, 3, (5, 5), rules=["Leader"]),
                   fig("a2", "Elf", 3, 3, (5, 8)), fig("a3", "Elf", 3, 3, (9, 8)),
                   fig("a4", "Elf", 3, 3, (2, 2)), fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    return state


def test_a_regroup_is_a_quality_test_on_one_die(dice):
    """seed 002, Regroup Activation: 'a Quality test on 1D6'. Elves Q3 with the
    Leader's +1 (2+): a 4 passes, and each member gets one action."""
    state = leader_up(dice)
    regroup = next(o for o in SYSTEM.prompt(state).decisions[0].options if o.type == "regroup")
    assert regroup.params["dice"] == [1]
    dice.fix(4)
    state, events = act(state, "a", "regroup", dice, members=["a2", "a3"], dice=1)
    rolled = first(events, "group_activated").data
    assert (rolled["dice"], rolled["target"], rolled["successes"]) == ([4], 2, 1)
    state, _ = act(state, "a", "group_next", dice, figure="a3")
    assert state.activation.figure == "a3" and state.activation.actions == 1


def test_a_failed_regroup_test_gives_no_action_and_does_not_pass_play(dice):
    """seed 002, Regroup Activation: the test failed (a 1), no member acts; one
    failure is not a turnover (seed 000, ACTIVATION: two or more failures)."""
    state = leader_up(dice)
    dice.fix(1)
    state, events = act(state, "a", "regroup", dice, members=["a2", "a3"])
    rolled = first(events, "group_activated").data
    assert (rolled["successes"], rolled["failures"]) == (0, 1)
    assert state.active_seat == "a" and state.group is None  # (a4 may still act)


@pytest.mark.parametrize("count", [2, 3, 0])
def test_a_regroup_on_more_dice_is_refused(dice, count):
    state = leader_up(dice)
    with pytest.raises(RulesError) as refused:
        act(state, "a", "regroup", dice, members=["a2", "a3"], dice=count)
    assert "one die" in refused.value.message and "002" in refused.value.passage
