"""The shortcuts a replay takes (evolve folds thousands of events on a restart)
give what the long way gives: state.replace is dataclasses.replace, contact read
from each square's contacts worked out once is the line-of-sight test, and
placement.fits is "spots has any". bench/asoiaf_replay_digests.py checks whole
seeded games against a recorded baseline."""

from __future__ import annotations

import dataclasses
import random

import pytest

from server.rules.asoiaf import charge_terrain, placement
from server.rules.asoiaf.random_player import random_command
from server.rules.asoiaf.scenarios import packaged_scenarios
from server.rules.asoiaf.state import PendingAttack, Phase, Purse, replace
from server.rules.asoiaf.system import SYSTEM, _field, _types
from server.rules.board.square import Square, footprint
from server.rules.dice import SeededDice


def test_replace_builds_what_dataclasses_replace_builds_and_leaves_the_original():
    """seed 004, PLAYING THE GAME: "each player holding the scenario's coins": the
    opening state, changed in a few fields the quick way and the library's way."""
    state = SYSTEM.initial({"scenario": "learn_to_play"})
    changes = {"round": 2, "to_act": "b", "vp": {"a": 1, "b": 0},
               "purses": {**state.purses, "a": Purse(1, 2, 3)}}
    quick = replace(state, **changes)
    assert quick == dataclasses.replace(state, **changes) and type(quick) is type(state)
    assert quick.round == 2 and state.round == 1 and state.vp == {"a": 0, "b": 0}
    model = state.models[0]
    assert replace(model, square=(3, 4), ap=2) == dataclasses.replace(model, square=(3, 4),
                                                                      ap=2)
    attack = PendingAttack("a1", "b1", 0, "close", "defence")
    assert replace(attack, hits=3) == dataclasses.replace(attack, hits=3)
    assert replace(Purse(1, 1, 1), copper=0) == Purse(1, 1, 0)
    with pytest.raises(TypeError):
        replace(state, no_such_field=1)


@pytest.mark.parametrize("key", sorted(packaged_scenarios()))
def test_contact_from_each_squares_contacts_is_the_line_of_sight_test(key):
    """seed 004, CONTACT: "adjacent" squares with line of sight; WALLS: "They block
    ... being engaged, being in contact": every scenario's battlefield, with its
    doors as laid out and all open, single squares and large models' four."""
    laid_out = packaged_scenarios()[key].battlefield
    opened = tuple((index, "open") for index, opening in enumerate(laid_out.openings)
                   if opening.kind == "door")
    for field in (laid_out, charge_terrain.battlefield(laid_out, opened)):
        squares = {Square(x, y) for x in range(field.width) for y in range(field.height)}
        for sq in squares:
            for shape in ((sq,), footprint(sq)):
                if not squares.issuperset(shape):  # (no model stands off the battlefield)
                    continue
                near = {Square(x + dx, y + dy) for x, y in shape
                        for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2)}
                for other in near & squares:
                    assert field.in_contact(shape, [other]) \
                        == field.movement.in_contact(shape, [other]), (key, shape, other)


def test_fits_says_whether_a_deploying_model_has_a_spot():
    """seed 004, PLAYING THE GAME: "both players must start by placing all their
    heroes, then all their champions, and finally all their soldiers": at every
    step of a seeded game's deployment, for every model still to place."""
    setup = {"scenario": "village_skirmish"}
    rng, dice = random.Random(3), SeededDice((3).to_bytes(8, "big"))
    state, checked = SYSTEM.initial(setup), 0
    while state.phase != Phase.ACTIVATIONS:
        if state.phase == Phase.DEPLOY:
            for model in state.models:
                if model.square is None:
                    seat, field = model.seat, _field(state)
                    assert placement.fits(state, field, seat, model.uid) \
                        == bool(placement.spots(state, field, seat, model.uid))
                    checked += 1
        prompt = SYSTEM.prompt(state)
        for event in SYSTEM.decide(state, random_command(prompt, prompt.seats[0], rng), dice):
            state = SYSTEM.evolve(state, event)
    assert checked > 0 and placement.next_to_deploy(state, _field(state), "a", _types()) == ""
