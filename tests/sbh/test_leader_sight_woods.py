"""The Leader bonus needs sight of the Leader, and woods block it (seed 000,
LEADER (P); FREQUENTLY ASKED QUESTIONS; WOODS)."""

from __future__ import annotations

import pytest

from tests.sbh.battle import act, battle, fig, first

WOOD = {(q, r): "woods" for q in range(2, 11) for r in range(2, 9)}  # edge row: r = 8


def target_for(dice, leader_at, soldier_at) -> int:
    state = battle(fig("a1", "Captain", 4, 3, leader_at, rules=["Leader"]),
                   fig("a2", "Soldier", 4, 3, soldier_at),
                   fig("b1", "Orc", 4, 3, (20, 20)), terrain=WOOD)
    dice.fix(3)  # a success only with the Leader's +1 (Quality 4)
    _, events = act(state, "a", "activate", dice, figure="a2", dice=1)
    activated = first(events, "activated").data
    assert activated["successes"] == (1 if activated["target"] == 3 else 0)
    return activated["target"]


def test_a_leader_at_the_woods_edge_gives_no_bonus_to_a_model_in_the_open(dice):
    """seed 000, FAQ: 'The bonus doesn't count if the models cannot see the
    Leader (so you can't hide your Leader in the woods and continue to give
    orders)'; WOODS: 'Woods block line of sight. A character outside a wood
    cannot shoot a model inside the wood.'"""
    assert target_for(dice, (6, 8), (6, 14)) == 4


def test_a_model_touching_the_wood_sees_a_leader_inside_within_short(dice):
    """seed 000, WOODS: 'A model outside of the wood and adjacent to the edge of
    the wood may shoot at a target inside the wood ... Maximum range is 1 x
    Short.'"""
    assert target_for(dice, (6, 8), (6, 9)) == 3


def test_models_both_in_the_wood_see_each_other_within_short(dice):
    """seed 000, WOODS: 'Two models that are both inside the woods can target
    each other only at Short range'."""
    assert target_for(dice, (6, 8), (6, 6)) == 3


@pytest.mark.parametrize(("soldier_at", "target"), [((6, 8), 3), ((6, 5), 4)])
def test_a_model_in_the_wood_sees_out_only_from_its_edge(dice, soldier_at, target):
    """seed 000, WOODS: 'A model inside the wood can shoot out of it ... if it
    is adjacent to the edge of the wooded area'; 'Woods block line of sight'."""
    assert target_for(dice, (6, 14), soldier_at) == target
