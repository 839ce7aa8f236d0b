"""Orders reach only the figures that can see their Leader (seed 000, GROUP
ACTIVATIONS, REGROUP, CONCENTRATED SHOOTING; FAQ, When does the Leader bonus
count?).

GROUP ACTIVATIONS: "The figures must be in base to base contact with each other
and be within Long distance of the Leader." FAQ: "The bonus doesn't count if the
models cannot see the Leader (so you can't hide your Leader in the woods and
continue to give orders)". Sight as for the Leader's bonus (quality.sees_leader,
test_leader_sight_woods.py): "Woods block line of sight".
"""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first

WOOD = {(q, r): "woods" for q in range(2, 11) for r in range(2, 9)}  # edge row: r = 8
ARCHER = ["Shooter (Long)"]
ORDERS = {"group_order", "regroup", "concentrated_shooting"}


def leader_up(dice, leader_at, archers_at=((5, 11), (6, 11))):
    """The Leader activated (one die, 5) with two archers in contact in the open,
    within Long of him, and an orc they can shoot."""
    state = battle(fig("a1", "Captain", 3, 3, leader_at, rules=["Leader"]),
                   *[fig(f"a{i}", "Archer", 3, 2, at, rules=ARCHER)
                     for i, at in enumerate(archers_at, start=2)],
                   fig("b1", "Orc", 4, 3, (12, 11)), terrain=WOOD)
    dice.fix(5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    return state


def offered(state) -> dict:
    return {o.type: o for o in SYSTEM.prompt(state).decisions[0].options}


@pytest.mark.parametrize(("command", "args"), [
    ("group_order", {"group": ["a2", "a3"], "dice": 1}),
    ("regroup", {"members": ["a2", "a3"], "dice": 1}),
    ("concentrated_shooting", {"volley": ["b1", ["a2", "a3"]], "dice": 1}),
])
def test_a_leader_hidden_in_the_woods_gives_no_order(dice, command, args):
    """seed 000, FAQ: 'you can't hide your Leader in the woods and continue to
    give orders'; WOODS: 'Woods block line of sight'. The Leader stands deep in
    the wood, the archers 7 hexes off in the open (within Long): no order
    reaches them."""
    state = leader_up(dice, (6, 4))
    assert not ORDERS & set(offered(state))
    with pytest.raises(RulesError) as refused:
        act(state, "a", command, dice, **args)
    assert "able to see him" in refused.value.message


def test_a_leader_in_sight_orders_the_same_figures(dice):
    """seed 000, GROUP ACTIVATIONS: 'within Long distance of the Leader' -- the
    same archers, their Leader in the open 3 hexes off: every order is offered,
    and the group order is given."""
    state = leader_up(dice, (6, 14))
    assert ORDERS <= set(offered(state))
    dice.fix(4)
    state, events = act(state, "a", "group_order", dice, group=["a2", "a3"], dice=1)
    assert first(events, "group_activated").data["members"] == ["a2", "a3"]


def test_a_regroup_reaches_only_the_figures_that_see_the_leader(dice):
    """seed 000, REGROUP: 'any number of models within Long distance from him';
    WOODS: 'A model outside of the wood and adjacent to the edge of the wood may
    shoot at a target inside the wood ... Maximum range is 1 x Short'. The
    Leader at the wood's edge: the archer touching the wood sees him, the one
    4 hexes out does not."""
    state = leader_up(dice, (6, 8), archers_at=((6, 9), (6, 12)))
    assert offered(state)["regroup"].subsets["members"] == ["a2"]
    with pytest.raises(RulesError):
        act(state, "a", "regroup", dice, members=["a2", "a3"], dice=1)
