"""Plunder tokens (seed 004, PLUNDER TOKENS and INTERACT) on Learn to Play: a
coin token at (3, 7) and an agenda token at (10, 6)."""

import json
from dataclasses import replace

from server.rules.asoiaf.state import Model, Phase
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import ScriptedDice
from server.rules.kernel import SPECTATOR, Command, Viewer
from tests.asoiaf.conftest import mid_round, run


def table(square, agendas=("Hold the Field",), deck=("Raid Their Camp", "Thrifty Purse")):
    models = (Model("a1", "Baratheon Warden", "a", 2, square=square, ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(12, 12)))
    return mid_round(models, copper=(10, 10),
                     agendas={"a": agendas, "b": ("Protect the Lords",)},
                     agenda_decks={"a": deck, "b": ()})


def interact(state, square):
    return run(state, "a", "interact", {"square": list(square)})


def test_a_model_in_contact_takes_a_coin_token_for_2_vp_and_a_coin():
    """seed 004, PLUNDER TOKENS: "[coin token] scores 2 VP and gains 1 [coin] ...
    When a plunder token has been interacted with, it is removed from the
    battlefield"; INTERACT: "A model in contact with an element can interact with it"."""
    state = table((3, 6))
    [option] = [o for o in SYSTEM.prompt(state).decisions[0].options if o.type == "interact"]
    assert option.params["square"] == [[3, 7]]
    state, _ = interact(state, (3, 7))
    assert state.vp["a"] == 2 and state.purses["a"].silver == 5
    assert state.model("a1").ap == 1 and (3, 7) in state.plundered
    assert all(o.type != "interact" for o in SYSTEM.prompt(state).decisions[0].options)


def test_a_model_out_of_contact_cannot_take_a_token():
    """seed 004, INTERACT: "A model in contact with an element"."""
    state = table((3, 4))
    assert all(o.type != "interact" for o in SYSTEM.prompt(state).decisions[0].options)


def test_an_agenda_token_draws_a_hidden_agenda_from_the_remaining_cards():
    """seed 004, PLUNDER TOKENS: "[agenda token] scores 2 VP, draw 1 agenda card
    (page 13) from your remaining cards"; AGENDA CARDS: "kept secret until they are
    played"."""
    state, events = interact(table((10, 6)), (10, 6))
    assert state.vp["a"] == 2
    assert state.agendas["a"] == ("Hold the Field", "Raid Their Camp")
    assert state.agenda_decks["a"] == ("Thrifty Purse",)
    drawn = next(e for e in events if e.type == "agenda_drawn")
    for viewer in (Viewer("b"), SPECTATOR):
        assert dict(drawn.for_viewer(viewer).data) == {"seat": "a"}
        view = SYSTEM.view(state, viewer)
        assert view["agendas"]["a"] == [None, None]
        assert "Raid Their Camp" not in json.dumps(view)
    assert SYSTEM.view(state, Viewer("a"))["agendas"]["a"] == ["Hold the Field",
                                                              "Raid Their Camp"]


def test_each_agenda_held_scores_in_the_last_end_phase():
    """seed 004, AGENDA CARDS: each agenda "scores 2 VP" in the end phase of the
    last round; a drawn agenda is a second hidden agenda (our reading, asoiaf.md)."""
    state = table((0, 0), agendas=("Protect the Lords", "Hold the Field"))
    state = replace(state, round=4, models=(
        Model("a1", "Robert Baratheon", "a", 4, square=(0, 0), ap=1, activated=True),
        Model("b1", "Baratheon Warden", "b", 2, square=(12, 12), activated=True)))
    events = SYSTEM.decide(state, Command("a", "end_activation"), ScriptedDice())
    for event in events:
        state = SYSTEM.evolve(state, event)
    # Protect the Lords scores; Learn to Play has no objectives, so Hold the Field not
    assert state.phase == Phase.OVER and state.vp == {"a": 2, "b": 2}
