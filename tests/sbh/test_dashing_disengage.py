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


def test_stepping_round_a_foe_already_in_contact_is_no_new_contact(dice):
    """seed 000, DASHING: 'if he attacks in the same turn he comes in contact with
    an enemy' -- the knight touched b1 when the turn began; a step to another hex
    touching b1 does not bring it into contact, so no +1 (3+2 = 5 against 3+2)."""
    state = battle(fig("a1", "Knight", 3, 3, (5, 5), rules=["Dashing"]),
                   fig("b1", "Man", 3, 3, (6, 5)))
    dice.fix(3, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "step", dice, to=h(5, 6))
    assert first(events, "moved").data["contact"] is False
    assert not state.figures["a1"].contacted_this_turn
    dice.fix(2, 2)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert melee["modifiers"][0] == [] and melee["totals"] == [5, 5]


def test_a_step_that_also_touches_a_new_foe_is_a_contact(dice):
    """seed 000, DASHING: stepping round b1 to a hex that also touches b2 brings
    the knight into contact with b2: attacking b1 then is at +1."""
    state = battle(fig("a1", "Knight", 3, 3, (5, 5), rules=["Dashing"]),
                   fig("b1", "Man", 3, 3, (6, 5)), fig("b2", "Man", 3, 3, (4, 7)))
    dice.fix(3, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "step", dice, to=h(5, 6))
    assert first(events, "moved").data["contact"] is True
    dice.fix(2, 3)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert "dashing +1" in melee["modifiers"][0]
