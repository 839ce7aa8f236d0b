"""The match state's bookkeeping (seed 004, ACTIVATIONS and PLAYING THE GAME)."""

import pytest

from server.rules.asoiaf.state import LEAST_AP, MOST_AP, STARTING_AP, Model, Purse, State, other


def small_state():
    models = (Model("a1", "Jon Snow", "a", 4, square=(0, 0)),
              Model("b1", "Ramsay Snow", "b", 4, square=(5, 5)),
              Model("b2", "Bolton Soldier", "b", 1))
    return State("test", 5, models, {"a": Purse(2, 4, 12), "b": Purse(2, 4, 12)},
                 {"a": 12, "b": 12})


def test_an_activating_model_holds_between_one_and_three_ap():
    """seed 004, ACTIVATING A MODEL: "A model can never perform more than 3 AP per
    activation" and "A model always has at least 1 AP, even if it should have
    lost all its AP"."""
    model = Model("a1", "Jon Snow", "a", 4)
    assert model.with_ap(5).ap == MOST_AP
    assert model.with_ap(-1).ap == LEAST_AP
    assert model.with_ap(STARTING_AP).ap == 2


def test_spending_more_coins_than_held_is_refused_and_changes_nothing():
    """seed 004, THE GAME ROUND: copper "is returned to the player at the
    beginning of the next" round; gold and silver, "once ... spent, they're gone"."""
    purse = Purse(1, 0, 3)
    assert purse.spend(copper=2) == Purse(1, 0, 1)
    assert not purse.covers(silver=1)
    with pytest.raises(ValueError):
        purse.spend(silver=1)
    assert purse == Purse(1, 0, 3)


def test_models_left_to_activate_are_only_those_on_the_battlefield():
    """seed 004, THE GAME ROUND: "If a player runs out of models to activate ...
    Their opponent can activate all models left"; only models on the
    battlefield and not yet activated count."""
    state = small_state()
    assert [m.uid for m in state.unactivated("b")] == ["b1"]
    moved = state.with_model(Model("b1", "Ramsay Snow", "b", 4, square=(5, 4), activated=True))
    assert moved.unactivated("b") == ()
    assert state.model("b1").square == (5, 5)  # the old state is untouched
    assert moved.at((5, 4)).uid == "b1"
    assert other("a") == "b" and other("b") == "a"
