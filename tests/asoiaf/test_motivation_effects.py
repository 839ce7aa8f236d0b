"""Motivation effects beyond VP, wounds to the killer and tokens around the fallen
hero (seed 004, MOTIVATIONS CARDS: "When all conditions to score motivations are
met and the [coin] is spent, the player scores VP!"; "Right before a hero would be
killed, flip their motivation card to the "Deceased" side. This side is used
immediately"), from the test pack tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf.state import Condition, Model, replace
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
                   (9, 9, 1, 1))
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


def test_an_alive_side_will_test(vocabulary_pack):
    """STEEL NERVE (test pack, Alive side on kills_enemy: "he passes a will test
    to score 2 VP, or becomes shaken"): seed 004, MODELS: "A model asked to roll
    [a will test] rolls 1 die. To succeed it must roll equal to or above its
    value" (his 5+); the die kept in the event."""
    killed = attack(table("Test Marshal", "Baratheon Warden"), "b1", (9, 9, 1, 1))
    assert killed.pending == (("a", "a1", "Steel Nerve"),)
    passed, [event] = run(killed, "a", "use_motivation", dice=(5,))
    assert event.data["faces"] == [5] and passed.vp["a"] == 2
    failed = send(killed, "a", "use_motivation", dice=(4,))
    assert failed.vp["a"] == 0 and failed.model("a1").conditions == {Condition.SHAKEN}


def test_a_deceased_side_worsens_the_killers_rolls_for_the_round(vocabulary_pack):
    """GRIM OATH (test pack, Deceased side: "the model that killed him loses 1
    to its attack rolls for the round"): lasting.py; seed 004, THE END PHASE:
    "Some game effects that last until the end of the round are removed"."""
    state = attack(table("Baratheon Warden", "Test Marshal"), "b1", (9, 9, 1, 1))
    state = send(state, "b", "use_motivation")
    assert state.lasting == (("a1", "roll", "attack", -1, "round"),)


def test_lucky_charm_is_asked_before_a_motivations_will_test(vocabulary_pack):
    """Seed 004, LUCKY CHARM: "discard this card before rolling any dice for
    this model. You may change the result of 1 die to a 10": asked before
    STEEL NERVE's die; the 1 rolled becomes a natural 10 and he passes."""
    state = table("Test Marshal", "Baratheon Warden")
    state = state.with_model(replace(state.model("a1"), equipment="Lucky Charm"))
    state = attack(state, "b1", (9, 9, 1, 1))
    state = send(state, "a", "use_motivation")
    assert [o.type for o in SYSTEM.prompt(state).decisions[0].options] == [
        "use_equipment", "decline_equipment"]
    state = send(state, "a", "use_equipment", {"equipment": "Lucky Charm"}, (1,))
    assert state.vp["a"] == 2 and "a1" in state.spent_equipment


def test_an_alive_side_moves_the_hero(vocabulary_pack):
    """GLORY (test pack, Alive side on kills_enemy: "score 1 VP; he may move up
    to 1 square"): seed 004, MOTIVATIONS CARDS; the MOVE ACTION's rules for
    the squares offered (`use_motivation`'s `params.square`)."""
    state = attack(table("Test Warlord", "Baratheon Warden"), "b1", (9, 9, 1, 1))
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert [2, 11] in use.params["square"] and [1, 11] not in use.params["square"]
    state, [event] = run(state, "a", "use_motivation", {"square": [2, 11]})
    assert event.data["square"] == [2, 11]
    assert state.model("a1").square == (2, 11) and state.vp["a"] == 1
