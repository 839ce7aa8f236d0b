"""The Undead's Standard (seed 000, UNDEAD; readings in docs/rules/sbh.md,
"Morale")."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h

UNDEAD = ["Undead"]


def leader_killed(dice, *side_b, size=24):
    """The Troll kills the Goblin Leader (9 vs 4: a kill, not gruesome): the
    Leader's side tests morale (seed 000, WHEN TO MAKE MORALE CHECKS)."""
    state = battle(fig("a1", "Troll", 3, 3, (5, 5)),
                   fig("b1", "Goblin Chief", 4, 1, (6, 5), rules=["Leader"]), *side_b,
                   size=size)
    dice.fix(3, 6, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    return state


def test_without_a_standard_undead_crumble_on_two_failures(dice):
    """seed 000, UNDEAD: 'They have +2 on all Morale rolls but crumble to dust if
    they roll two or three failures on a Morale roll.'"""
    state = leader_killed(dice, fig("b2", "Skeleton", 4, 2, (12, 5), rules=UNDEAD),
                          fig("b3", "Goblin", 4, 1, (20, 20)))
    dice.fix(1, 1, 5, 6, 6, 6)  # the Skeleton needs 2+ (Q4, +2): two 1s fail
    dice.fix(6, 6, 6)  # two dead of three: the Goblin tests again (dead outnumber living)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert [e.data["figure"] for e in events if e.type == "killed"] == ["b1", "b2"]


def test_a_standard_on_the_table_lets_its_owner_move_them_towards_it(dice):
    """seed 000, UNDEAD: 'if they have a friendly Standard on the table when they
    fail a Morale roll, Undead do not crumble to dust -- they may make fleeing
    movements towards the Standard or remain where they are, as the player sees
    fit.'"""
    state = leader_killed(dice, fig("b2", "Skeleton", 4, 2, (12, 5), rules=UNDEAD),
                          fig("b3", "Bearer", 4, 1, (16, 5), rules=["Standard Bearer"]))
    dice.fix(1, 1, 5)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert state.figures["b2"].on_table
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b"
    assert [s.type for s in decision.options] == ["rally", "hold", "concede"]
    offered = decision.options[0].params["to"]
    assert h(15, 5) in offered and h(11, 5) not in offered  # nearer the Standard only
    dice.fix(6, 6, 6)  # then the Bearer's own test for the Leader
    state, events = act(state, "b", "rally", dice, to=h(15, 5))
    assert first(events, "rallied_to_standard").data == {"figure": "b2", "standard": "b3",
                                                         "to": [15, 5]}
    assert state.figures["b2"].pos[:2] == (15, 5)
    assert first(events, "morale_tested").data["figure"] == "b3"


def test_they_may_also_hold_and_engaged_undead_only_hold(dice):
    """seed 000, UNDEAD: 'or remain where they are'; 'Undead never flee from a
    combat' (an Undead in contact with an enemy holds without a choice)."""
    state = leader_killed(dice, fig("b2", "Skeleton", 4, 2, (12, 5), rules=UNDEAD),
                          fig("b4", "Zombie", 4, 2, (5, 6), rules=UNDEAD),
                          fig("b3", "Bearer", 4, 1, (16, 5), rules=["Standard Bearer"]))
    dice.fix(1, 1, 5)  # the Skeleton fails
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    dice.fix(1, 1, 6, 6, 6, 6)  # the Zombie (next to the Troll) fails; the Bearer passes
    state, events = act(state, "b", "hold", dice)
    rallies = [e.data for e in events if e.type == "rallied_to_standard"]
    assert rallies == [{"figure": "b2", "standard": "b3", "to": None},
                       {"figure": "b4", "standard": "b3", "to": None}]
    assert state.figures["b2"].pos[:2] == (12, 5) and state.figures["b4"].on_table


def knight_at_the_standard(dice):
    """A Knight activated next to the Bearer of the Undead's Standard."""
    state = battle(fig("a1", "Knight", 3, 3, (5, 5)),
                   fig("b3", "Bearer", 4, 1, (6, 5), rules=["Standard Bearer"]),
                   fig("b2", "Skeleton", 4, 2, (15, 5), rules=UNDEAD),
                   fig("b4", "Zombie", 4, 2, (15, 9), rules=UNDEAD))
    dice.fix(4, 5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    return state


def test_destroying_the_standard_takes_an_action_and_tests_every_undead(dice):
    """seed 000, UNDEAD: 'to destroy it, the opponent must state that he is doing
    so, and one action must be spent to destroy it by a model adjacent to the
    Standard), all Undead models must make a Morale roll or be destroyed.'"""
    state = knight_at_the_standard(dice)
    options = {s.type: s for s in SYSTEM.prompt(state).decisions[0].options}
    assert options["destroy_standard"].params == {"bearer": ["b3"]}
    dice.fix(1, 1, 4, 3, 4, 5)  # the Skeleton crumbles; the Zombie holds
    state, events = act(state, "a", "destroy_standard", dice, bearer="b3")
    assert first(events, "standard_destroyed").data == {"bearer": "b3", "by": "a1", "cost": 1}
    assert not state.figures["b3"].has("Standard Bearer")
    assert [e.data["figure"] for e in events if e.type == "killed"] == ["b2"]
    assert state.activation.actions == 1
    assert "destroy_standard" not in {s.type for s in SYSTEM.prompt(state).decisions[0].options}


def test_only_an_adjacent_figure_can_destroy_it(dice):
    """seed 000, UNDEAD: 'destroy it by a model adjacent to the Standard'."""
    state = battle(fig("a1", "Knight", 3, 3, (5, 5)),
                   fig("b3", "Bearer", 4, 1, (8, 5), rules=["Standard Bearer"]))
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    with pytest.raises(RulesError) as refused:
        act(state, "a", "destroy_standard", dice, bearer="b3")
    assert refused.value.passage == "seed 000, UNDEAD"
