"""Teleport (seed 001, Special Abilities: "Make Quality roll 1/2/3 dice to
teleport over Short/Med/Long range (LOS not required). 3 failures = Transfixed
in spot chosen by opponent."); readings in docs/rules/sbh.md, "Teleport"."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types

BLINKER = ["Teleport"]


def teleports(state) -> dict[int, list]:
    """Offered teleports by their cost in actions."""
    return {int(s.label.split("(")[1][0]): s.params["to"]
            for s in SYSTEM.prompt(state).decisions[0].options if s.type == "teleport"}


def test_successes_buy_short_medium_or_long_and_no_free_hack(dice):
    """seed 001, Teleport: 1/2/3 for Short/Med/Long, line of sight not required;
    a teleport is not a move, so leaving an enemy's side draws no free hack."""
    state = battle(fig("a1", "Blinker", 3, 2, (5, 5), rules=BLINKER),
                   fig("b1", "Orc", 4, 3, (6, 5)),
                   terrain={(8, 4): "building", (8, 5): "building", (8, 6): "building"})
    dice.fix(3, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2, cast=True)
    offered = teleports(state)
    assert set(offered) == {1, 2}
    assert h(9, 5) in offered[1] and h(12, 5) in offered[2] and h(12, 5) not in offered[1]
    assert h(5, 6) not in offered[1], "never landing in contact with an enemy"
    state, events = act(state, "a", "teleport", dice, to=h(12, 5))
    assert types(events)[:1] == ["teleported"] and "melee" not in types(events)
    assert first(events, "teleported").data["cost"] == 2
    assert state.figures["a1"].pos[:2] == (12, 5) and state.activation is None


def test_it_must_be_declared_before_rolling(dice):
    """seed 000, ACTIVATION (EXCEPTION): a roll that backfires on three failures
    is announced before the dice are rolled."""
    state = battle(fig("a1", "Blinker", 3, 2, (5, 5), rules=BLINKER),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    assert teleports(state) == {}
    with pytest.raises(RulesError) as refused:
        act(state, "a", "teleport", dice, to=h(7, 5))
    assert refused.value.passage.startswith("seed 001")


def test_three_failures_let_the_opponent_place_it_transfixed(dice):
    """seed 001, Teleport: '3 failures = Transfixed in spot chosen by opponent'
    (within Long, the range three dice were reaching for); the turn passes."""
    state = battle(fig("a1", "Blinker", 3, 2, (5, 5), rules=BLINKER),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(1, 2, 1)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=3, cast=True)
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and decision.options[0].type == "place_teleporter"
    spots = decision.options[0].params["to"]
    assert h(18, 5) in spots and h(19, 5) not in spots  # 13 hexes, not 14
    state, events = act(state, "b", "place_teleporter", dice, to=h(18, 5))
    blinker = state.figures["a1"]
    assert blinker.pos[:2] == (18, 5) and blinker.transfixed
    assert first(events, "turn_passed").data["to"] == "b"
    with pytest.raises(RulesError):
        act(state, "b", "place_teleporter", dice, to=h(18, 5))
