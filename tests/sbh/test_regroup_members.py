"""Regroup names its members (seed 000, REGROUP: "A Leader can give this order to
any number of models within Long distance from him ... They are activated on a
single roll using the worst Quality in the group")."""

from __future__ import annotations

import pytest

from server.rules.kernel import Command, RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first


def camp():
    """Captain (Leader); two Q3 elves and a Q6 peasant within Long; b1 far off."""
    return battle(fig("a1", "Captain", 3, 3, (5, 5), rules=["Leader"]),
                  fig("a2", "Elf", 3, 3, (5, 8)), fig("a3", "Elf", 3, 3, (9, 8)),
                  fig("a4", "Peasant", 6, 1, (3, 10)),
                  fig("b1", "Orc", 4, 3, (20, 20)))


def leader_up(dice):
    dice.fix(5)
    state, _ = act(camp(), "a", "activate", dice, figure="a1", dice=1)
    return state


def regroup_spec(state):
    return next(o for o in SYSTEM.prompt(state).for_seat("a").options if o.type == "regroup")


def test_the_player_names_the_members_and_the_worst_of_them_sets_the_roll(dice):
    """seed 000, REGROUP: 'any number of models within Long' and 'the worst
    Quality in the group'. Leaving the Q6 peasant out, the two elves roll on 2+
    (Q3, the Leader's +1): a 4 passes (one die: seed 002, Regroup Activation).
    The peasant has not acted and may still activate on its own."""
    state = leader_up(dice)
    spec = regroup_spec(state)
    assert spec.subsets["members"] == ["a2", "a3", "a4"]  # (any non-empty set of them)
    assert spec.allows("regroup", {"members": ["a3", "a2"], "dice": 1})
    assert not spec.allows("regroup", {"members": [], "dice": 1})
    dice.fix(4)
    state, events = act(state, "a", "regroup", dice, members=["a3", "a2"], dice=1)
    rolled = first(events, "group_activated").data
    assert rolled["members"] == ["a2", "a3"] and rolled["regroup"]
    assert rolled["target"] == 2 and rolled["successes"] == 1
    assert not state.figures["a4"].activated
    assert sorted(state.group["members"]) == ["a2", "a3"]


def test_naming_the_peasant_makes_the_whole_group_roll_on_its_quality(dice):
    """seed 000, REGROUP: 'using the worst Quality in the group': with the Q6
    peasant in, 6+ less the Leader's +1 is 5+, so a 4 fails."""
    state = leader_up(dice)
    dice.fix(4)
    state, events = act(state, "a", "regroup", dice, members=["a2", "a3", "a4"], dice=1)
    rolled = first(events, "group_activated").data
    assert rolled["target"] == 5 and rolled["successes"] == 0


def test_without_members_a_regroup_takes_every_eligible_figure(dice):
    """seed 000, REGROUP: a command from before `members` existed still means
    every figure within Long (a2, a3, a4)."""
    state = leader_up(dice)
    dice.fix(6)
    state, events = act(state, "a", "regroup", dice, dice=1)
    assert first(events, "group_activated").data["members"] == ["a2", "a3", "a4"]


@pytest.mark.parametrize("members", [[], ["a2", "a2"], ["b1"], ["a1"], ["a2", "zz"], "a2",
                                     [["a2"]], [1]])
def test_a_regroup_needs_at_least_one_eligible_member_each_named_once(dice, members):
    """seed 000, REGROUP: the order goes to 'models within Long distance from
    him' (not the Leader himself, not the enemy); an empty Regroup is no order."""
    state = leader_up(dice)
    with pytest.raises(RulesError) as refused:
        act(state, "a", "regroup", dice, members=members, dice=1)
    assert refused.value.code == "illegal_command"
    assert "REGROUP" in str(refused.value.passage)


def test_a_figure_beyond_long_cannot_be_named(dice):
    """seed 000, REGROUP: 'within Long distance from him'."""
    state = camp()
    state.figures["a4"].pos = type(state.figures["a4"].pos)(23, 0, -23)
    dice.fix(5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    assert regroup_spec(state).subsets["members"] == ["a2", "a3"]
    with pytest.raises(RulesError):
        act(state, "a", "regroup", dice, members=["a2", "a4"], dice=1)


def test_a_large_warband_is_offered_any_set_of_its_eligible_figures(dice):
    """seed 000, REGROUP: 'any number of models'. With eight eligible figures
    (255 sets) the prompt names the figures once, as a subset parameter, and
    the set a player picks from it is ordered."""
    elves = [fig(f"a{i}", "Elf", 3, 3, (3 + i, 8)) for i in range(2, 9)]
    state = battle(fig("a1", "Captain", 3, 3, (5, 5), rules=["Leader"]), *elves,
                   fig("a9", "Peasant", 6, 1, (4, 10)), fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    spec = regroup_spec(state)
    assert spec.subsets["members"] == sorted(f"a{i}" for i in range(2, 10))
    assert "members" not in spec.params and spec.count() == 255
    wire = spec.to_wire()
    assert wire["subsets"] == {"members": spec.subsets["members"]}
    assert type(spec).from_wire(wire) == spec
    assert SYSTEM.prompt(state).allows(Command("a", "regroup", {"members": ["a9", "a4", "a2"],
                                                                 "dice": 1}))
    dice.fix(6)
    state, events = act(state, "a", "regroup", dice, members=["a9", "a4", "a2"], dice=1)
    rolled = first(events, "group_activated").data
    assert rolled["members"] == ["a2", "a4", "a9"] and rolled["target"] == 5
