"""A failed Terror roll in the rest of the activation (seed 000, TERROR (P):
"If the roll fails, the model may perform another action of the player's choice
but it may not move in contact with the terrorizing model. In other words, the
action is NOT wasted, but the model lacks sufficient courage or resolve to
enter melee with the terrorizing creature.").

The failure is kept by evolve.py's `terror_tested` evolver in the Activation
(`terror_refused`)."""

from __future__ import annotations

import pytest

from server.rules.board.hex import distance, hex_at
from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from server.rules.sbh.terror import TERROR
from tests.sbh.battle import act, battle, fig, first, h, types


def vampire_ahead():
    return battle(fig("a1", "Soldier", 4, 3, (5, 5)),
                  fig("b1", "Vampire", 3, 5, (8, 5), rules=["Terror"]),
                  fig("b2", "Orc", 4, 3, (20, 20)))


def offered_hexes(state) -> set[tuple[int, int]]:
    return {tuple(hx) for o in SYSTEM.prompt(state).decisions[0].options
            if o.type in ("move", "step") for hx in o.params["to"]}


def test_the_same_move_cannot_be_retried_after_a_failed_terror_roll(dice):
    """seed 000, TERROR (P): "it may not move in contact with the terrorizing
    model": a second order into contact is refused, with no second roll (no
    die is scripted for one) and nothing spent."""
    dice.fix(5, 5)  # two successes
    state, _ = act(vampire_ahead(), "a", "activate", dice, figure="a1", dice=2)
    dice.fix(2)  # the Terror roll fails
    state, events = act(state, "a", "move", dice, to=h(7, 5))
    assert first(events, "terror_tested").data["passed"] is False
    assert state.activation.terror_refused == ("b1",)
    with pytest.raises(RulesError) as caught:
        act(state, "a", "move", dice, to=h(7, 5))
    assert caught.value.code == "illegal_command" and caught.value.passage == TERROR
    with pytest.raises(RulesError) as caught:
        act(state, "a", "move", dice, to=h(7, 6))  # another hex touching the vampire
    assert caught.value.passage == TERROR
    assert state.figures["a1"].pos[:2] == (5, 5) and state.activation.actions == 2


def test_after_a_failed_terror_roll_only_moves_out_of_contact_are_offered(dice):
    """seed 000, TERROR (P): "the action is NOT wasted": the figure may still
    move, but no hex touching the terrorizing model is offered."""
    dice.fix(5, 5)
    state, _ = act(vampire_ahead(), "a", "activate", dice, figure="a1", dice=2)
    vampire = state.figures["b1"].pos
    before = offered_hexes(state)
    assert any(distance(hex_at(*hx), vampire) == 1 for hx in before)
    dice.fix(2)
    state, _ = act(state, "a", "move", dice, to=h(7, 5))
    after = offered_hexes(state)
    assert after and not any(distance(hex_at(*hx), vampire) == 1 for hx in after)
    assert (6, 5) in after
    state, events = act(state, "a", "move", dice, to=h(6, 5))  # no Terror roll needed
    assert "terror_tested" not in types(events)
    assert state.figures["a1"].pos[:2] == (6, 5)


def test_a_failed_roll_still_stops_the_move_without_spending_an_action(dice):
    """seed 000, TERROR (P) (unchanged): the failed move is not made and the
    action is not spent."""
    dice.fix(5, 5)
    state, _ = act(vampire_ahead(), "a", "activate", dice, figure="a1", dice=2)
    dice.fix(2)
    state, events = act(state, "a", "move", dice, to=h(7, 5))
    assert first(events, "terror_tested").data["passed"] is False
    assert "moved" not in types(events)
    assert state.figures["a1"].pos[:2] == (5, 5) and state.activation.actions == 2


def test_the_figure_may_try_again_in_a_later_activation(dice):
    """seed 000, TERROR (P): "Any model wishing to enter melee with a
    Terror-inspiring foe must pass a Quality roll": the bar lasts for the
    activation in which the roll failed; next turn the figure rolls again."""
    state = battle(fig("a1", "Soldier", 4, 3, (5, 5)),
                   fig("b1", "Vampire", 3, 5, (7, 5), rules=["Terror"]))
    dice.fix(4, 2)  # one success; the Terror roll fails
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert first(events, "terror_tested").data["passed"] is False
    state, _ = act(state, "a", "end_activation", dice)
    state, _ = act(state, "b", "pass", dice)
    dice.fix(4, 5)  # a new activation; this time the Terror roll passes
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert first(events, "terror_tested").data["passed"] is True
    assert state.figures["a1"].pos[:2] == (6, 5)
