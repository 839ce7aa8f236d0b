"""The game round (seed 004, THE GAME ROUND, ACTIVATING A MODEL, end phase).
No dice are rolled here: activation order and coins are deterministic."""

from dataclasses import replace

import pytest

from server.rules.asoiaf.rounds import (
    activate,
    can_activate,
    can_pass,
    end_phase,
    most_copper,
    next_turn,
    pass_turn,
)
from server.rules.asoiaf.state import Model, Phase, Purse, State


def battle(a_models=2, b_models=2, copper=12, rounds=3):
    models = tuple(Model(f"a{i}", "Baratheon Warden", "a", 1, square=(i, 0))
                   for i in range(1, a_models + 1))
    models += tuple(Model(f"b{i}", "Baratheon Warden", "b", 1, square=(i, 9))
                    for i in range(1, b_models + 1))
    return State("test", rounds, models, {"a": Purse(0, 0, copper), "b": Purse(0, 0, copper)},
                 {"a": copper, "b": copper}, phase=Phase.ACTIVATIONS, to_act="a",
                 first_player="a")


def test_activating_spends_one_copper_and_gives_two_ap():
    """seed 004: "To activate a model, the player must spend [copper]" and "A model
    that activates has 2 action points (AP)"."""
    state = activate(battle(), "a1")
    assert state.purses["a"].copper == 11
    assert state.model("a1").ap == 2 and state.model("a1").activated
    assert state.active_model == "a1"


def test_turns_alternate_and_a_player_out_of_copper_lets_the_other_go_on():
    """seed 004: "A player's round is over if they run out of [copper] ... Their
    opponent can activate all models left in their warband, one after another"."""
    state = next_turn(activate(battle(), "a1"))
    assert state.to_act == "b"
    broke = replace(state, purses={**state.purses, "b": Purse(0, 0, 0)})
    assert not can_activate(broke, "b")
    assert next_turn(replace(broke, to_act="b")).to_act == "a"


def test_the_round_is_over_when_neither_player_can_activate():
    """seed 004: "When neither player can activate any more of their models, the
    round ends"."""
    state = battle(1, 1)
    state = next_turn(activate(state, "a1"))
    state = next_turn(activate(state, "b1"))
    assert state.to_act == ""


def test_passing_needs_fewer_models_two_copper_and_not_right_after_a_pass():
    """seed 004: "If a player has less models left to activate than their
    opponent, they can choose to pass ... spends 2 [copper] ... Their opponent must
    activate one of their models. They can't pass at this moment"."""
    state = battle(1, 3)
    assert can_pass(state, "a") and not can_pass(state, "b")
    passed = pass_turn(state, "a")
    assert passed.purses["a"].copper == 10 and passed.to_act == "b"
    fewer_b = battle(3, 1)
    assert can_pass(fewer_b, "b")
    assert not can_pass(replace(fewer_b, passed="a"), "b")
    poor = replace(state, purses={**state.purses, "a": Purse(0, 0, 1)})
    assert not can_pass(poor, "a")
    with pytest.raises(ValueError):
        pass_turn(poor, "a")


def test_the_end_phase_scores_returns_copper_and_passes_the_token():
    """seed 004, end phase: "The player holding the most [copper] scores 1 VP";
    "All [copper] spent during the round are returned to their owner. The player
    with the 1st player token gives it to his opponent"."""
    state = next_turn(activate(battle(1, 1), "a1"))
    assert most_copper(state) == "b"
    after = end_phase(state, {"b": 1})
    assert after.vp == {"a": 0, "b": 1}
    assert after.purses["a"].copper == 12 and after.round == 2
    assert after.first_player == "b" and after.to_act == "b"
    assert not any(m.activated for m in after.models)


def test_the_game_ends_after_the_scenarios_last_round():
    """seed 004: "The game ends if ... The players resolved the end phase of the
    last round of the game as indicated by the scenario"."""
    state = replace(battle(rounds=3), round=3)
    assert end_phase(state, {}).phase == Phase.OVER
    assert most_copper(state) == ""
