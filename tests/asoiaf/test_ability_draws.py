"""Agenda cards drawn by a command or a trigger ability (the vocabulary's
`draw_agenda`; seed 004, PLAYING THE GAME: "their own deck of 5 unique agenda
cards"; AGENDA CARDS are hidden from the opponent), from cards of our own built
in the test on the test pack tests/asoiaf/packs/vocabulary. Dice scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import DrawAgenda, WillTest
from server.rules.asoiaf.command_abilities import supported
from server.rules.asoiaf.state import Condition, Model
from tests.asoiaf.conftest import mid_round, run

DECKS = {"agenda_decks": {"a": ("Raid Their Camp", "Thrifty Purse"), "b": ()},
         "agenda_hands": {"a": (), "b": ()}}


def _scout(pack, *abilities: Ability) -> None:
    for ability in abilities:
        pack.abilities[ability.name] = ability
    scout = pack.models["Test Scout"]
    pack.models["Test Scout"] = msgspec.structs.replace(
        scout, abilities=[a.name for a in abilities])


def test_a_command_ability_draws_a_card_its_player_alone_sees(vocabulary_pack):
    """"Draw 1 agenda card" (ours, a command ability): the card comes off the top
    of its player's deck in an event only that player sees."""
    _scout(vocabulary_pack, Ability(name="Scout Report", timing="command", ap=1,
                                    text="Draw 1 agenda card.",
                                    effects=[DrawAgenda(cards=1)]))
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 0))), **DECKS)
    state, events = run(state, "a", "ability", {"ability": "Scout Report"})
    assert [e.type for e in events] == ["ability_used", "agenda_drawn"]
    assert events[1].visible_to == ("a",) and events[1].data["agenda"] == "Raid Their Camp"
    assert "Raid Their Camp" in state.agendas["a"]
    assert "Raid Their Camp" not in state.agenda_decks["a"]


def test_a_trigger_ability_draws_when_used(vocabulary_pack):
    """A `kills_enemy` trigger of ours ("When this model kills an enemy, draw 1
    agenda card"), set off by HURL SPEAR's kill: the card is drawn as it is used."""
    spear = vocabulary_pack.abilities["Hurl Spear"]
    _scout(vocabulary_pack, spear, Ability(name="Spoils of War", timing="trigger",
                                           trigger="kills_enemy",
                                           text="When this model kills an enemy, draw 1.",
                                           effects=[DrawAgenda(cards=1)]))
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(6, 11),
                             conditions=frozenset({Condition.SHAKEN})),
                       Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))), **DECKS)
    state, _ = run(state, "a", "ability", {"ability": "Hurl Spear", "target": "b1"}, (1, 1))
    assert state.triggers and state.triggers[0][2] == "Spoils of War"
    state, events = run(state, "a", "trigger_ability", {"ability": "Spoils of War"})
    assert [e.type for e in events] == ["trigger_ability_used", "agenda_drawn"]
    assert "Raid Their Camp" in state.agendas["a"]


def test_a_draw_inside_a_will_test_draws_when_passed(vocabulary_pack):
    """WILL TESTS (MODELS: "A model asked to roll [a will test] rolls 1 die")
    deciding a draw, "Pass a will test: draw 1 agenda card" (ours, a command
    ability): the die is rolled as the ability resolves and the card, drawn
    only when passed, follows in an event its player alone sees."""
    assert supported([WillTest(on_success=[DrawAgenda(cards=1)])])
    _scout(vocabulary_pack, Ability(name="Read the Signs", timing="command", ap=1,
                                    text="Pass a will test: draw 1 agenda card.",
                                    effects=[WillTest(on_success=[DrawAgenda(cards=1)])]))
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 0))), **DECKS)
    failed, events = run(state, "a", "ability", {"ability": "Read the Signs"}, (5,))
    assert [e.type for e in events] == ["ability_used"]  # 5 against will 6+
    assert failed.agenda_decks["a"] == DECKS["agenda_decks"]["a"]
    passed, events = run(state, "a", "ability", {"ability": "Read the Signs"}, (6,))
    assert [e.type for e in events] == ["ability_used", "agenda_drawn"]
    assert events[0].data["drawn"] == 1 and events[1].visible_to == ("a",)
    assert "Raid Their Camp" in passed.agendas["a"]
