"""Models that did not fit in their deployment zone, placed during the 1st round
(seed 004, PLAYING THE GAME), on Learn to Play (silver zone: rows 11 to 13)."""

from dataclasses import replace

from server.rules.asoiaf import rounds, sequels
from server.rules.asoiaf.scenarios import load_scenarios
from server.rules.asoiaf.state import Model, Purse
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round
from tests.asoiaf.conftest import send as run

SILVER = sorted(tuple(sq) for sq in
                load_scenarios()["learn_to_play"].battlefield.deployment_squares("silver")
                if load_scenarios()["learn_to_play"].battlefield.movement.standable(sq))


def round_one(*extra):
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(3, 3), ap=1, activated=True),
              Model("a2", "Baratheon Warden", "a", 2, square=(4, 1)),
              Model("b1", "Baratheon Warden", "b", 2, square=(5, 12)),
              Model("b2", "Jon Arryn", "b", 3)) + extra
    return mid_round(models, copper=(10, 12))


def test_a_model_not_deployed_is_placed_in_its_zone_as_its_activation_for_a_copper():
    """seed 004, PLAYING THE GAME: "As its activation, a model that was not deployed
    can be placed anywhere inside the player's deployment zone during the 1st round.
    Placing a model this way requires spending 1 [copper], just like a regular
    activation, and the model is activated for this round"."""
    state = run(round_one(), "a", "end_activation")
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b"
    [place] = [o for o in decision.options if o.type == "place"]
    assert place.args == {"model": "b2"} and [0, 13] in place.params["square"]
    assert [5, 12] not in place.params["square"]  # b1 stands there
    state = run(state, "b", "place", {"model": "b2", "square": [0, 13]})
    placed = state.model("b2")
    assert placed.square == (0, 13) and placed.activated and state.purses["b"].copper == 11
    assert state.to_act == "a" and state.active_model == ""


def test_a_model_still_off_the_battlefield_at_the_1st_end_phase_is_killed():
    """seed 004, PLAYING THE GAME: "If a model is not on the battlefield before the
    1st round's end phase, it is killed"."""
    state = replace(round_one(), purses={"a": Purse(2, 4, 10), "b": Purse(2, 4, 0)})
    state = run(state, "a", "end_activation")  # b has no copper: a activates a2
    state = run(run(state, "a", "activate", {"model": "a2"}), "a", "end_activation")
    # Jon Arryn's Deceased side is "used immediately": before the end phase goes on
    assert state.model("b2").removed == "killed" and state.pending and state.round == 1
    state = run(state, "b", "decline_motivation")
    assert state.round == 2 and state.model("b2").removed == "killed"
    assert not state.waiting_to_place("b")


def test_a_waiting_model_counts_as_left_to_activate_and_needs_room_to_be_placed():
    """seed 004, ACTIVATING A MODEL: "If a player has less models left to activate
    than their opponent, they can choose to pass"; placing needs a free square of
    the zone ("anywhere inside the player's deployment zone")."""
    state = replace(run(round_one(), "a", "end_activation"), to_act="a")
    assert state.left_to_activate("b") == 2 and state.left_to_activate("a") == 1
    assert rounds.can_pass(state, "a")
    crowd = tuple(Model(f"b{i + 10}", "Baratheon Warden", "b", 2, square=sq, activated=True)
                  for i, sq in enumerate(SILVER) if sq != (5, 12))
    full = replace(round_one(*crowd), active_model="", to_act="b",
                   models=tuple(replace(m, activated=True) if m.uid == "b1" else m
                                for m in round_one(*crowd).models))
    assert not rounds.can_activate(full, "b", sequels.room)
    assert all(o.type != "place" for o in SYSTEM.prompt(full).decisions[0].options)
