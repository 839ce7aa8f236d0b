"""A Regroup rolls like any group move: one roll on one, two or three dice
(seed 000, REGROUP; GROUP ACTIVATIONS; against seed 002, Regroup Activation).

Seed 000, REGROUP: "A special type of Group Activation is the Regroup order ...
All models part of the Regroup order act as a group move. They are activated on
a single roll using the worst Quality in the group". GROUP ACTIVATIONS: "The
group makes only one activation roll (on one, two or three dice as normal)".
Seed 002's "pass a Quality test on 1D6" is read as the summary's shorthand:
seed 000, the authority, is not silent (docs/rules/sbh.md, "Group activations").
"""

from __future__ import annotations

from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first


def test_a_regroup_on_three_dice_gives_each_member_its_successes(dice):
    """seed 000, REGROUP: 'act as a group move ... on a single roll'; GROUP
    ACTIVATIONS: 'on one, two or three dice as normal'. Elves Q3 with the
    Leader's +1 (2+): 4, 5, 1 is two successes, so two actions each, and one
    failure does not pass play."""
    state = battle(fig("a1", "Captain", 3, 3, (5, 5), rules=["Leader"]),
                   fig("a2", "Elf", 3, 3, (5, 8)), fig("a3", "Elf", 3, 3, (9, 8)),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    regroup = next(o for o in SYSTEM.prompt(state).decisions[0].options if o.type == "regroup")
    assert regroup.params["dice"] == [1, 2, 3]
    dice.fix(4, 5, 1)
    state, events = act(state, "a", "regroup", dice, members=["a2", "a3"], dice=3)
    rolled = first(events, "group_activated").data
    assert (rolled["dice"], rolled["target"]) == ([4, 5, 1], 2)
    assert (rolled["successes"], rolled["failures"]) == (2, 1)
    state, _ = act(state, "a", "group_next", dice, figure="a3")
    assert state.activation.figure == "a3" and state.activation.actions == 2
    assert not state.group["turnover"]
