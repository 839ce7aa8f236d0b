"""Motivation effects beyond VP, wounds to the killer and tokens around the fallen
hero (seed 004, MOTIVATIONS CARDS: "When all conditions to score motivations are
met and the [coin] is spent, the player scores VP!"; "Right before a hero would be
killed, flip their motivation card to the "Deceased" side. This side is used
immediately"), from the test pack tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Viewer
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, run, send

ROUTED = frozenset({Condition.ROUTED})


def table(a_card, b_card, a_wounds=2, b_wounds=1, a_conditions=frozenset()):
    models = (Model("a1", a_card, "a", a_wounds, square=(3, 11), ap=2, activated=True,
                    conditions=a_conditions),
              Model("b1", b_card, "b", b_wounds, square=(4, 11)),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 0)))
    return mid_round(models, agendas={"a": ("Hold the Field",), "b": ()},
                     agenda_decks={"a": ("Raid Their Camp", "Thrifty Purse"), "b": ()})


def test_an_alive_side_gains_coins_wounds_and_an_agenda(vocabulary_pack):
    """SPOILS (test pack, Alive side on kills_enemy: "spend 1 gold: gain 2 silver,
    regain 1 wound, lose his routed token and draw 1 agenda card"); seed 004, AGENDA
    CARDS: drawn cards stay hidden from the opponent."""
    state = attack(table("Test Lord", "Baratheon Warden", a_conditions=ROUTED), "b1",
                   (9, 9, 1, 1, 1))
    assert state.pending == (("a", "a1", "Spoils"),)
    state, events = run(state, "a", "use_motivation")
    assert [e.type for e in events] == ["motivation_used", "agenda_drawn"]
    assert events[1].visible_to == ("a",)
    assert state.purses["a"].gold == 1 and state.purses["a"].silver == 6
    assert state.model("a1").wounds_left == 3 and state.model("a1").conditions == frozenset()
    assert state.agendas["a"] == ("Hold the Field", "Raid Their Camp")
    assert "Raid Their Camp" not in str(SYSTEM.view(state, Viewer("b")))


def test_a_deceased_side_routs_the_model_that_killed_him(vocabulary_pack):
    """VENGEANCE (test pack, Deceased side: "the model that killed him becomes
    routed")."""
    state = attack(table("Baratheon Warden", "Test Lord"), "b1", (9, 9, 1, 1))
    assert state.pending == (("b", "b1", "Vengeance"),)
    state = send(state, "b", "use_motivation")
    assert state.model("a1").conditions == ROUTED and state.purses["b"].gold == 1


def test_a_deceased_side_deals_hits_to_the_model_that_killed_him(vocabulary_pack):
    """DYING BLOW (test pack, Deceased side: "the model that killed him suffers 2
    hits"): the vocabulary's deal_hits, a defence die per hit as in ATTACK
    SEQUENCE step 5 ("Each [die] scoring equal or above their [defence] blocks 1
    hit"): the Warden (5+) blocks the 5, not the 1; the event keeps the dice."""
    state = attack(table("Baratheon Warden", "Test Warlord"), "b1", (9, 9, 1, 1))
    assert state.pending == (("b", "b1", "Dying Blow"),)
    state, [event] = run(state, "b", "use_motivation", dice=(5, 1))
    assert event.data["faces"] == [5, 1]
    assert state.model("a1").wounds_left == 1
