"""Legendary Shot after a Concentrated Shooting: seed 000, LEGENDARY SHOT ('If the
character with Legendary Shot takes part in a concentrated shooting, that uses
only one of his attacks, so if he has more actions available, he can perform
additional ranged attacks') and CONCENTRATED SHOOTING ('the ONLY action they can
perform this turn is the Concentrated Shooting')."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types


def _volley(dice, rolls, legendary=True):
    state = battle(fig("a0", "Captain", 3, 3, (8, 3), rules=["Leader"]),
                   fig("a1", "Legendary Archer", 3, 3, (6, 5),
                       rules=["Shooter (Long)"] + (["Legendary Shot"] if legendary else [])),
                   fig("a2", "Archer", 3, 3, (7, 5), rules=["Shooter (Long)"]),
                   fig("b1", "Orc", 4, 3, (12, 8)), fig("b2", "Orc", 4, 3, (13, 8)))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a0", dice=1)
    dice.fix(*rolls)
    return act(state, "a", "concentrated_shooting", dice, volley=["b1", ["a1", "a2"]],
               dice=len(rolls) - 2)


def _options(state):
    return [s.type for s in SYSTEM.prompt(state).decisions[0].options]


def test_the_legendary_shooter_shoots_on_with_the_volleys_other_actions(dice):
    """seed 000, LEGENDARY SHOT: three successes, the volley used one: two more
    ranged attacks (here one Aimed Shot, two actions); nothing but shots."""
    state, events = _volley(dice, (6, 6, 6, 2, 1))  # 3 successes; 2 vs 1: the orc falls
    assert "group_ended" not in types(events)
    assert _options(state) == ["group_next", "concede"]
    state, _ = act(state, "a", "group_next", dice, figure="a1")
    assert state.activation.actions == 2
    assert sorted(_options(state)) == ["concede", "end_activation", "shoot"]
    with pytest.raises(RulesError):
        act(state, "a", "move", dice, to=h(6, 4))
    dice.fix(2, 6)  # the second shot misses (no morale roll to script)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=True)
    assert first(events, "shot").data["aimed"] and "group_ended" in types(events)
    assert state.group is None and state.activation is None  # (all of a have acted)


def test_one_success_leaves_the_legendary_shooter_nothing_more(dice):
    """seed 000, LEGENDARY SHOT: 'if he has more actions available' -- one
    success, all spent on the volley: the group ends at once."""
    state, events = _volley(dice, (6, 1, 1, 2, 1))  # 1 success, 2 failures: a turnover
    assert "group_ended" in types(events) and state.active_seat == "b"


def test_ordinary_shooters_do_nothing_after_the_volley(dice):
    """seed 000, CONCENTRATED SHOOTING: 'the ONLY action they can perform this
    turn is the Concentrated Shooting'."""
    state, events = _volley(dice, (6, 6, 6, 2, 1), legendary=False)
    assert "group_ended" in types(events) and state.group is None
