"""Agendas (seed 004, AGENDA CARDS and PLAYING THE GAME): drawn, kept hidden per
seat through the kernel's Viewer and Event redaction, and scored. Dice scripted."""

import json
from dataclasses import replace

from server.rules.asoiaf import agendas
from server.rules.asoiaf.cards.loader import load_pack
from server.rules.asoiaf.state import Model, Phase, Purse, State
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import SPECTATOR, Viewer
from tests.asoiaf.conftest import run

PACK = load_pack("core")
TYPES = {name: card.type for name, card in PACK.models.items()}
ALL = sorted(PACK.agendas)  # Cut, Hold, Protect, Raid, Thrifty
# a Fisher-Yates shuffle of the 5 sorted agendas: all 1s rotate, all highest keep the order
ROTATE, KEEP_ORDER = (1, 1, 1, 1), (5, 4, 3, 2)


def drawn():
    """Through the roll-off and both choices on Learn to Play (no objectives)."""
    state = SYSTEM.initial({"options": {"scenario": "learn_to_play"}})
    state, _ = run(state, "a", "roll_off", dice=(8, 3))
    state, _ = run(state, "a", "choose_zone", {"zone": "gold"})
    return run(state, "b", "choose_first_player", {"first_player": "a"},
               dice=ROTATE + KEEP_ORDER)


def test_each_player_draws_2_of_5_agendas_seen_by_that_player_alone():
    """seed 004, PLAYING THE GAME: "Each player shuffles their own deck of 5 unique
    agenda cards and draws 2"; AGENDA CARDS: "kept secret until they are played"."""
    state, events = drawn()
    assert state.agenda_hands == {"a": ("Hold the Field", "Protect the Lords"),
                                  "b": ("Cut Off the Head", "Hold the Field")}
    assert {len(deck) for deck in state.agenda_decks.values()} == {3}
    a_draw = next(e for e in events if e.type == "agendas_drawn" and e.data["seat"] == "a")
    assert a_draw.for_viewer(Viewer("a")).data["hand"] == ["Hold the Field", "Protect the Lords"]
    for viewer in (Viewer("b"), SPECTATOR):
        assert dict(a_draw.for_viewer(viewer).data) == {"seat": "a"}
    assert SYSTEM.view(state, Viewer("a"))["agenda_hand"] == list(state.agenda_hands["a"])
    assert "agenda_hand" not in SYSTEM.view(state, SPECTATOR)
    assert state.phase == Phase.AGENDAS and state.to_act == "a"


def test_a_player_keeps_one_agenda_the_other_goes_back_and_neither_side_sees_the_other():
    """seed 004, PLAYING THE GAME: "Then they select one and shuffle the other card
    back to their agenda deck. The selected card is their hidden agenda"."""
    state, _ = drawn()
    prompt = SYSTEM.prompt(state).decisions[0]
    assert prompt.seat == "a" and prompt.options[0].params["agenda"] == [
        "Hold the Field", "Protect the Lords"]
    state, [kept] = run(state, "a", "keep_agenda", {"agenda": "Protect the Lords"},
                        dice=(1, 1, 1))
    assert state.agendas == {"a": ("Protect the Lords",)}
    assert sorted(state.agenda_decks["a"]) == sorted(set(ALL) - {"Protect the Lords"})
    assert dict(kept.for_viewer(Viewer("b")).data) == {"seat": "a"}
    state, _ = run(state, "b", "keep_agenda", {"agenda": "Cut Off the Head"}, dice=(1, 1, 1))
    assert state.phase == Phase.DEPLOY and state.to_act == "a"
    assert SYSTEM.view(state, Viewer("a"))["agendas"] == {"a": ["Protect the Lords"],
                                                          "b": [None]}
    assert SYSTEM.view(state, Viewer("b"))["agendas"] == {"a": [None],
                                                          "b": ["Cut Off the Head"]}
    spectator = json.dumps(SYSTEM.view(state, SPECTATOR))
    assert "Protect the Lords" not in spectator and "Cut Off the Head" not in spectator
    assert "Cut Off the Head" not in json.dumps(SYSTEM.view(state, Viewer("a")))


def last_round(agenda_a, agenda_b, models):
    return State("learn_to_play", 4, models, {"a": Purse(2, 4, 5), "b": Purse(2, 4, 5)},
                 {"a": 12, "b": 12}, phase=Phase.ACTIVATIONS, round=4, to_act="a",
                 first_player="a", active_model="a1", zones={"a": "gold", "b": "silver"},
                 agendas={"a": (agenda_a,), "b": (agenda_b,)})


def test_protect_the_lords_scores_2_vp_in_the_last_end_phase_and_is_then_revealed():
    """seed 004, AGENDA CARDS: "allows the player to score 2 VP in the end phase of
    the last round of the battle if none of their heroes have been captured or
    killed"; "kept secret until they are played, either at the end of the battle"."""
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(3, 3), ap=1, activated=True),
              Model("b1", "Jon Arryn", "b", 3, removed="captured", activated=True),
              Model("b2", "Baratheon Warden", "b", 2, square=(5, 12), activated=True))
    state = last_round("Protect the Lords", "Protect the Lords", models)
    assert SYSTEM.view(state, Viewer("b"))["agendas"]["a"] == [None]
    state, _ = run(state, "a", "end_activation")
    assert state.phase == Phase.OVER and state.vp == {"a": 2, "b": 0}
    assert SYSTEM.view(state, SPECTATOR)["agendas"] == {"a": ["Protect the Lords"],
                                                        "b": ["Protect the Lords"]}


def test_an_end_of_game_agenda_scores_nothing_before_the_last_round():
    """seed 004, AGENDA CARDS: "in the end phase of the last round of the battle"."""
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(3, 3), ap=1, activated=True),
              Model("b2", "Baratheon Warden", "b", 2, square=(5, 12), activated=True))
    state = replace(last_round("Protect the Lords", "Hold the Field", models), round=2)
    state, _ = run(state, "a", "end_activation")
    assert state.round == 3 and state.vp == {"a": 0, "b": 0}
    assert SYSTEM.view(state, SPECTATOR)["agendas"] == {"a": [None], "b": [None]}


def test_raid_their_camp_needs_2_soldiers_in_the_opponents_deployment_zone():
    """seed 004, AGENDA CARDS: "scores 2 VP if they have at least 2 soldier models
    in any of their opponent's deployment zone(s)"."""
    zones = {"gold": frozenset({(0, 0), (1, 0)}), "silver": frozenset({(0, 13), (1, 13)})}
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(0, 13)),
              Model("a2", "Baratheon Warden", "a", 2, square=(1, 13)),
              Model("b1", "Baratheon Warden", "b", 2, square=(0, 0)))
    state = last_round("Raid Their Camp", "Raid Their Camp", models)
    assert agendas.score_last_round(state, PACK.agendas, TYPES, frozenset(), zones) == {"a": 2}


def test_hold_the_field_needs_more_objectives_than_the_opponent():
    """seed 004, AGENDA CARDS: "if the player who drew the agenda controls more
    objectives than their opponent"; OBJECTIVES TOKENS: "any model that stands on
    this square controls it"."""
    spots = frozenset({(2, 4), (7, 6)})
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(2, 4)),
              Model("b1", "Baratheon Warden", "b", 2, square=(7, 6)))
    state = last_round("Hold the Field", "Hold the Field", models)
    assert agendas.score_last_round(state, PACK.agendas, TYPES, spots, {}) == {}
    state = state.with_model(replace(state.model("b1"), square=(8, 6)))
    assert agendas.score_last_round(state, PACK.agendas, TYPES, spots, {}) == {"a": 2}


def test_cut_off_the_head_needs_every_enemy_hero_and_champion_killed_not_captured():
    """seed 004, AGENDA CARDS: "scores 2 VP if they have killed all enemy heroes and
    champions" (a captured one is not killed: our reading, asoiaf.md)."""
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(2, 4)),
              Model("b1", "Jon Arryn", "b", 3, removed="killed"),
              Model("b2", "Renly Baratheon", "b", 3, removed="captured"),
              Model("b3", "Baratheon Warden", "b", 2, square=(7, 6)))
    state = last_round("Cut Off the Head", "Thrifty Purse", models)
    assert agendas.score_last_round(state, PACK.agendas, TYPES, frozenset(), {}) == {}
    state = state.with_model(replace(state.model("b2"), removed="killed"))
    assert agendas.score_last_round(state, PACK.agendas, TYPES, frozenset(), {}) == {"a": 2}


def test_thrifty_purse_scores_as_soon_as_the_last_copper_is_spent_first():
    """seed 004, AGENDA CARDS: "allows a player to score 2 VP as soon as they spend
    their last [copper] before their opponent"; played, it is face up."""
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(2, 2)),
              Model("a2", "Baratheon Warden", "a", 2, square=(3, 2)),
              Model("b1", "Baratheon Warden", "b", 2, square=(7, 12)))
    state = replace(last_round("Thrifty Purse", "Thrifty Purse", models), round=1,
                    purses={"a": Purse(0, 0, 1), "b": Purse(0, 0, 3)}, active_model="")
    state, _ = run(state, "a", "activate", {"model": "a1"})
    assert state.vp == {"a": 2, "b": 0} and state.agendas_played == {("a", "Thrifty Purse")}
    seen_by_b = SYSTEM.view(state, Viewer("b"))["agendas"]
    assert seen_by_b == {"a": ["Thrifty Purse"], "b": ["Thrifty Purse"]}
    assert SYSTEM.view(state, SPECTATOR)["agendas"]["b"] == [None]


def test_thrifty_purse_does_not_score_when_the_opponent_ran_out_first():
    """seed 004, AGENDA CARDS: "before their opponent"."""
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(2, 2)),
              Model("b1", "Baratheon Warden", "b", 2, square=(7, 12)))
    state = replace(last_round("Thrifty Purse", "Hold the Field", models), round=1,
                    purses={"a": Purse(0, 0, 1), "b": Purse(0, 0, 0)}, active_model="")
    state, _ = run(state, "a", "activate", {"model": "a1"})
    assert state.vp == {"a": 0, "b": 0} and not state.agendas_played
