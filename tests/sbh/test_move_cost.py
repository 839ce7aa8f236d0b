"""`move_cost` (checking one move command) must agree with `move_destinations`
(listing every move option) everywhere, and `surely_movable` (offering a move
before listing it) may only say yes when there is a one-action move: seed
000, MOVEMENT, as adapted in docs/rules/sbh.md "Movement". Checked over
positions from generated games, whose terrain includes woods, walls, hedges,
water and buildings."""

from __future__ import annotations

import random

import pytest

from server.rules.dice import SeededDice
from server.rules.runner import apply_command
from server.rules.sbh.builder import from_profiles
from server.rules.sbh.movement import (
    destination_lists,
    move_cost,
    move_destinations,
    surely_movable,
)
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from tests.sbh.test_games import SETUP, WARBANDS

FLYERS = {"a": WARBANDS["a"],  # seed 000, FLYING: wraiths fly over terrain and figures
          "b": from_profiles("Undead", {"Wraith": 3, "Ghost": 2})}


@pytest.mark.parametrize("seed,warbands", [(0, WARBANDS), (1, WARBANDS), (2, WARBANDS),
                                           (3, FLYERS), (4, FLYERS)])
def test_move_cost_agrees_with_move_destinations(seed, warbands):
    rng = random.Random(seed)
    dice = SeededDice(seed.to_bytes(8, "big"))
    state = SYSTEM.initial(SETUP)
    checked = 0
    for _ in range(600):
        if SYSTEM.is_over(state):
            break
        if state.phase == "play" and checked < 40 and rng.random() < 0.2:
            for fig in state.on_table():
                for actions in (1, 2):
                    listed = move_destinations(state, fig, actions)
                    for h in state.board.hexes():
                        assert move_cost(state, fig, h, actions) == listed.get(h), (fig.id, h)
                    one, two = destination_lists(state, fig, actions)
                    # the prompt offers a move without listing it when this says so
                    assert not surely_movable(state, fig) or one, fig.id
                    if fig.move_category != "short" or actions < 2:
                        assert not two, fig.id
                checked += 1
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, warbands[seat])
        state, _ = apply_command(SYSTEM, state, command, dice, keep_input=False)
    assert checked > 0
