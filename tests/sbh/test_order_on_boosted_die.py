"""An order ends the Leader's activation, so a boosted die no spell has used is
a failure when he gives it (seed 000, GROUP ACTIVATIONS; MAGIC).

Seed 000, GROUP ACTIVATIONS: "If the Leader rolls a Turn Over and has one
available action (that is, he rolled one success and two failures on a three
dice activation roll), the Leader CANNOT give a group move order." MAGIC:
"apply the bonus only to the dice that are actually used to cast the spell".
A magic-using Leader at an altar who rolls 5, 2, 3 (Q4, the 3 a success only
with the altar's +1) has one success and two failures unless a spell uses the
3: no order (group move, Regroup or Concentrated Shooting) until he casts.
"""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, types

ARCHER = ["Shooter (Long)"]
ORDERS = {"group_order", "regroup", "concentrated_shooting"}


def leader_mage_at_the_altar():
    """A Q4 magic-using Leader next to the altar at (7, 5); two archers in contact
    within Long of him; an orc 3 hexes off (Short)."""
    return battle(fig("a1", "Warlock", 4, 1, (6, 5), rules=["Magic-User", "Leader"]),
                  fig("a2", "Archer", 3, 2, (5, 8), rules=ARCHER),
                  fig("a3", "Archer", 3, 2, (6, 8), rules=ARCHER),
                  fig("b1", "Orc", 4, 3, (9, 5)), spellcasting_altars=[[7, 5]])


def five_two_three(dice):
    dice.fix(5, 2, 3)
    state, events = act(leader_mage_at_the_altar(), "a", "activate", dice, figure="a1",
                        dice=3, cast=True)
    assert first(events, "activated").data["bonus_dice"] == 1
    assert (state.activation.actions, state.activation.turnover) == (1, False)
    return state


def offered(state) -> set[str]:
    return {o.type for o in SYSTEM.prompt(state).decisions[0].options}


@pytest.mark.parametrize(("command", "args"), [
    ("group_order", {"group": ["a2", "a3"], "dice": 1}),
    ("regroup", {"members": ["a2", "a3"], "dice": 1}),
    ("concentrated_shooting", {"volley": ["b1", ["a2", "a3"]], "dice": 1}),
])
def test_no_order_while_the_boosted_die_is_unused(dice, command, args):
    """seed 000, GROUP ACTIVATIONS: 'the Leader CANNOT give a group move order'
    on one success and two failures; MAGIC: the boosted 3 is a failure unless
    a spell uses it. None of the orders is offered, and each is refused."""
    state = five_two_three(dice)
    assert not ORDERS & offered(state)
    with pytest.raises(RulesError) as refused:
        act(state, "a", command, dice, **args)
    assert "cast first" in refused.value.message


def test_after_casting_with_the_boosted_die_the_leader_orders(dice):
    """seed 000, MAGIC (Blarion): the 3, 'boosted to a 4', casts a power 1
    Transfix; the 5 then pays for the group order, and the Leader's activation
    ends with one failure only: no turnover ('If you roll two failures, play
    passes to the opponent')."""
    state = five_two_three(dice)
    dice.fix(2)  # the orc resists on one die and fails
    state, events = act(state, "a", "transfix", dice, target="b1", power=1)
    assert first(events, "held").data["spell_only"] == 1
    assert state.activation.bonus_dice == 0 and state.activation.actions == 1
    assert ORDERS <= offered(state)
    dice.fix(4)  # the archers' roll (Q3): one success
    state, events = act(state, "a", "group_order", dice, group=["a2", "a3"], dice=1)
    assert types(events)[:3] == ["group_ordered", "activation_ended", "group_activated"]
    assert first(events, "activation_ended").data == {"figure": "a1", "turnover": False}
    assert state.active_seat == "a" and state.group["successes"] == 1
