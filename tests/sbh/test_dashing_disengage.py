"""Dashing after a move that began by leaving melee (seed 000, DASHING: "The
model receives +1 to his Combat score (in hand-to-hand combat only) if he
attacks in the same turn he comes in contact with an enemy."; LEAVING MELEE
COMBAT: the free hack comes first, then the move)."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first, h


def knight_between_two_men():
    return battle(fig("a1", "Knight", 3, 3, (5, 5), rules=["Dashing"]),
                  fig("b1", "Man", 3, 3, (4, 5)),
                  fig("b2", "Man", 3, 3, (9, 5)))


def test_dashing_counts_when_the_move_into_contact_began_with_a_disengage(dice):
    """seed 000, DASHING: the knight leaves b1 (its free hack misses) and ends
    its move touching b2: attacking b2 this turn it gets +1."""
    dice.fix(3, 3)  # two successes
    state, _ = act(knight_between_two_men(), "a", "activate", dice, figure="a1", dice=2)
    dice.fix(1, 6)  # b1's free hack: 3+1 against 3+6, no effect
    state, events = act(state, "a", "move", dice, to=h(8, 5))
    assert first(events, "moved").data["contact"] is True
    assert state.figures["a1"].contacted_this_turn
    dice.fix(2, 2)
    state, events = act(state, "a", "attack", dice, target="b2", power=False)
    melee = first(events, "melee").data
    assert "dashing +1" in melee["modifiers"][0]
    assert melee["totals"] == [6, 5]


def test_a_disengage_that_ends_out_of_contact_gives_no_dashing(dice):
    """seed 000, DASHING: leaving melee to a hex touching no enemy is no contact."""
    dice.fix(3, 3)
    state, _ = act(knight_between_two_men(), "a", "activate", dice, figure="a1", dice=2)
    dice.fix(1, 6)
    state, events = act(state, "a", "move", dice, to=h(7, 5))
    assert "contact" not in first(events, "moved").data
    assert state.figures["a1"].pos[:2] == (7, 5)
    assert not state.figures["a1"].contacted_this_turn


def test_an_ordinary_move_into_contact_still_gives_dashing(dice):
    """seed 000, DASHING (unchanged): a move into contact with no free hack."""
    state = battle(fig("a1", "Knight", 3, 3, (5, 5), rules=["Dashing"]),
                   fig("b2", "Man", 3, 3, (9, 5)))
    dice.fix(3, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, _ = act(state, "a", "move", dice, to=h(8, 5))
    dice.fix(2, 2)
    state, events = act(state, "a", "attack", dice, target="b2", power=False)
    assert "dashing +1" in first(events, "melee").data["modifiers"][0]
