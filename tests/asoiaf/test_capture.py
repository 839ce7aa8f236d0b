"""Captured champions and heroes (seed 004, CAPTURED CHAMPIONS AND HEROES)."""

from dataclasses import replace

from server.rules.asoiaf import capture, victory
from server.rules.asoiaf.cards.loader import load_pack
from server.rules.asoiaf.scenarios import Victory, load_scenarios
from server.rules.asoiaf.state import Model, Phase, Purse, State


def board():
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(3, 11)),
              Model("b1", "Brandon Stark", "b", 0, square=(4, 11)),
              Model("b2", "Stark Sellsword", "b", 2, square=(5, 11)),
              Model("b3", "Brandon Stark", "b", 0, square=(2, 11)))
    return State("learn_to_play", 4, models, {"a": Purse(0, 0, 5), "b": Purse(0, 0, 5)},
                 {"a": 12, "b": 12}, phase=Phase.ACTIVATIONS)


def test_large_models_ranged_kills_and_soldiers_are_never_captured():
    """seed 004: "Large models cannot be captured"; "Champions and heroes that have
    lost all [wounds] because of a close combat attack can either be killed or
    captured"."""
    state = board()
    assert capture.may_capture(state, "a1", "hero", False, "close")
    assert not capture.may_capture(state, "a1", "hero", True, "close")
    assert not capture.may_capture(state, "a1", "champion", False, "ranged")
    assert not capture.may_capture(state, "a1", "soldier", False, "close")


def test_a_model_holds_only_one_capture_token():
    """seed 004: "A model may only have 1 [capture token] at any given moment"."""
    state = capture.capture(board(), "a1", "b1")
    assert not capture.may_capture(state, "a1", "champion", False, "close")


def test_a_killed_captor_frees_its_captive_on_its_square():
    """seed 004: "When a model with [a capture token] is killed, before surging
    forth, place their captured champion or hero on the model's square, not
    activated and with 1 [wound] left"."""
    state = capture.capture(board(), "a1", "b1")
    state = state.with_model(replace(state.model("b1"), activated=True))
    state = capture.kill(state, "a1")
    freed = state.model("b1")
    assert freed.square == (3, 11) and not freed.removed
    assert freed.wounds_left == 1 and not freed.activated
    assert state.model("a1").removed == "killed" and state.model("a1").captive == ""


def test_the_end_phase_gives_1_vp_to_the_player_with_most_captives():
    """seed 004: "During the end phase, the player with the most captured enemy
    models scores 1 VP"; equal numbers score nobody."""
    rules = Victory()
    state = replace(board(), purses={"a": Purse(0, 0, 5), "b": Purse(0, 0, 5)})
    assert victory.end_phase_vp(state, rules) == {}
    held = capture.capture(state, "a1", "b1")
    assert victory.end_phase_vp(held, rules) == {"a": 1}


def test_the_end_phase_adds_objectives_copper_and_captives():
    """seed 004, THE END PHASE: "Each model that controls an objective scores 1 VP
    ... The player holding the most [copper] scores 1 VP"; CAPTURED CHAMPIONS AND
    HEROES: "the player with the most captured enemy models scores 1 VP"; summed
    per seat (victory.end_phase_gains), round 1 of 5: no agenda yet."""
    scenario = load_scenarios()["river_ford"]
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(8, 4)),
              Model("b1", "Brandon Stark", "b", 0, square=(9, 5)),
              Model("b2", "Stark Sellsword", "b", 2, square=(9, 4)))
    state = State("river_ford", 5, models, {"a": Purse(0, 0, 5), "b": Purse(0, 0, 4)},
                  {"a": 12, "b": 12}, phase=Phase.ACTIVATIONS)
    state = capture.capture(state, "a1", "b1")
    cards = load_pack("core").agendas
    assert victory.end_phase_gains(state, scenario, cards, {}) == {"a": 2, "b": 1}
