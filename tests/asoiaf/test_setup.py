"""Match set-up (seed 004, PLAYING THE GAME): warbands, coins, roll-off, order."""

import pytest

from server.rules.asoiaf.cards.loader import load_pack
from server.rules.asoiaf.setup import deployment_queue, initial_state, roll_off
from server.rules.asoiaf.state import Model, Purse
from server.rules.kernel import RulesError
from tests.asoiaf.conftest import scripted

SMALL = {"scenario": "learn_to_play",
         "warbands": {"a": "baratheon-small-robert", "b": "baratheon-small-arryn"}}


def test_each_player_holds_the_scenarios_full_coins_and_twelve_models():
    """seed 004: "A player that didn't spend all the allotted coins during warband
    creation still has access to the full number of coins given by the scenario"."""
    state = initial_state(SMALL)
    assert state.purses == {"a": Purse(2, 4, 12), "b": Purse(2, 4, 12)}
    assert len(state.models_of("a")) == 12 and len(state.models_of("b")) == 12
    robert = state.model("a1")
    assert robert.card == "Robert Baratheon" and robert.square is None
    assert robert.wounds_left == load_pack("core").models["Robert Baratheon"].wounds


def test_a_warband_that_does_not_fit_the_scenario_is_refused():
    """seed 004: "without going over the limit imposed by the scenario"."""
    setup = {"scenario": "learn_to_play",
             "warbands": {"a": "baratheon-standard-mounted", "b": "baratheon-small-arryn"}}
    with pytest.raises(RulesError) as refused:
        initial_state(setup)
    assert refused.value.code == "illegal_warband"
    with pytest.raises(RulesError) as unknown:
        initial_state({"scenario": "nowhere", "warbands": SMALL["warbands"]})
    assert unknown.value.code == "unknown_scenario"


def test_the_roll_off_rerolls_ties_and_the_highest_wins():
    """seed 004: "each player rolling a [d10], rerolling ties. The player who
    rolled highest can choose"."""
    with scripted(7, 7, 2, 9) as dice:
        rolls, winner = roll_off(dice)
    assert rolls == ((7, 7), (2, 9)) and winner == "b"
    with scripted(10, 1) as dice:
        assert roll_off(dice)[1] == "a"


def test_heroes_deploy_before_champions_before_soldiers():
    """seed 004: "start by placing all their heroes, then all their champions, and
    finally all their soldiers"."""
    state = initial_state(SMALL)
    types = {name: card.type for name, card in load_pack("core").models.items()}
    queue = deployment_queue(state, "a", types)
    ranks = [types[state.model(uid).card] for uid in queue]
    assert ranks == sorted(ranks, key=("hero", "champion", "soldier").index)
    placed = state.with_model(Model("a1", state.model("a1").card, "a", 1, square=(0, 0)))
    assert "a1" not in deployment_queue(placed, "a", types)


def test_the_lobbys_setup_with_no_warbands_gets_ready_made_ones_of_the_size():
    """seed 004, ASSEMBLING YOUR WARBAND: warbands must fit "the limit imposed by
    the scenario"; the lobby gives {"options": {"scenario": ...}} only."""
    state = initial_state({"options": {"scenario": "river_ford"}})
    assert state.scenario == "river_ford" and state.purses["a"] == Purse(3, 6, 18)
    assert len(state.models_of("a")) == 12 and len(state.models_of("b")) == 12
