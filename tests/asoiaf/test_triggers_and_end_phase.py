"""Trigger abilities (DOWAGER'S RESOURCES), end-phase abilities (STUBBORN
COMMANDER), `once_per` limits and BRAVADO after OLDEST BROTHER's will test
(seed 004, ABILITIES; THE END PHASE). Dice scripted."""

import dataclasses

import msgspec
import pytest

from server.rules.asoiaf import system
from server.rules.asoiaf.cards.vocabulary import GrantAction, Target, WillTest
from server.rules.asoiaf.state import Condition, Model, Purse
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, options, play, run, send


@pytest.fixture
def pack_with(monkeypatch):
    """Play with the core pack changed: `pack_with(abilities={name: {field: value}},
    models={card: {field: value}})`."""
    def change(abilities=None, models=None):
        pack = system._pack()
        changed = {name: msgspec.structs.replace(pack.abilities[name], **fields)
                   for name, fields in (abilities or {}).items()}
        cards = {name: msgspec.structs.replace(pack.models[name], **fields)
                 for name, fields in (models or {}).items()}
        new = dataclasses.replace(pack, abilities={**pack.abilities, **changed},
                                  models={**pack.models, **cards})
        monkeypatch.setattr(system, "_pack", lambda: new)
        monkeypatch.setattr(SYSTEM, "_prompted", None)
        return new
    return change


# -- DOWAGER'S RESOURCES ----------------------------------------------------------------
def dowager(olenna_at=(5, 8)):
    """Rhaegar (a, will 4+) begins his activation; Olenna (a) stands at `olenna_at`."""
    models = (Model("a1", "Rhaegar Targaryen", "a", 3, square=(3, 8), ap=2, activated=True),
              Model("a2", "Olenna Tyrell", "a", 2, square=olenna_at),
              Model("b1", "Baratheon Warden", "b", 2, square=(12, 0)))
    return mid_round(models, fresh=True)


DRAGONS_BLOOD = {"ability": "Dragon's Blood"}


def test_dowagers_resources_gives_the_silver_back_on_a_passed_will_test():
    """seed 004, ABILITIES: "This model can use their DOWAGER'S RESOURCES special
    ability as soon as a friendly model in short range has spent [silver] ... They
    must spend 4 [copper] to make the model perform 1 [will] test that, if
    successful, gives 1 [silver] back"; "This wouldn't end the model's activation
    nor activate this model"."""
    state = send(dowager(), "a", "ability", DRAGONS_BLOOD)
    assert state.purses["a"].silver == 3
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "a"
    assert [o.type for o in decision.options] == ["trigger_ability", "decline_trigger_ability"]
    state, events = run(state, "a", "trigger_ability", {"ability": "Dowager's Resources"}, (4,))
    assert events[0].data["will_faces"] == [4] and events[0].data["trigger_model"] == "a1"
    assert state.purses["a"].silver == 4 and state.purses["a"].copper == 11 - 4
    assert not state.model("a2").activated and state.active_model == "a1"
    assert options(state, "end_activation")  # Rhaegar's activation goes on


def test_dowagers_resources_failed_test_spends_the_copper_for_nothing():
    """seed 004, ABILITIES: the 4 [copper] are spent "to make the model perform 1
    test that, if successful, gives 1 back": a failed test gives nothing."""
    state = send(dowager(), "a", "ability", DRAGONS_BLOOD)
    state = send(state, "a", "trigger_ability", {"ability": "Dowager's Resources"}, (3,))
    assert state.purses["a"].silver == 3 and state.purses["a"].copper == 7


def test_dowagers_resources_only_in_short_range_and_when_paid():
    """seed 004, COMMON GAME TERMS: "Short range is any square up to 3 squares away";
    DOWAGER'S RESOURCES needs "a friendly model in short range" and 4 [copper]."""
    far = send(dowager(olenna_at=(10, 8)), "a", "ability", DRAGONS_BLOOD)
    assert not far.triggers and options(far, "end_activation")
    poor = dowager()
    poor = dataclasses.replace(poor, purses={**poor.purses, "a": Purse(2, 4, 3)})
    assert not send(poor, "a", "ability", DRAGONS_BLOOD).triggers


def test_a_declined_trigger_spends_nothing():
    """seed 004, ABILITIES: "This model's player must announce the use of this
    ability right after the action spending is resolved": declining costs nothing."""
    state = send(dowager(), "a", "ability", DRAGONS_BLOOD)
    state = send(state, "a", "decline_trigger_ability")
    assert state.purses["a"].copper == 11 and state.purses["a"].silver == 3
    assert not state.triggers


def test_dowagers_resources_once_per_round_when_its_card_says_so(pack_with):
    """The card vocabulary's `once_per` (seed 004, ABILITIES: "If any card
    contradicts one of the rules below, the card always takes precedence"): an
    ability limited to once per round is not offered again in that round."""
    pack_with(abilities={"Dowager's Resources": {"once_per": "round"}})
    state = send(dowager(), "a", "ability", DRAGONS_BLOOD)
    state = send(state, "a", "trigger_ability", {"ability": "Dowager's Resources"}, (9,))
    # Rhaegar's activation ends; another silver spent the same round sets nothing off
    again = dataclasses.replace(send(state, "a", "end_activation"), active_model="a1",
                                to_act="a", fresh=True)
    again = send(again, "a", "ability", DRAGONS_BLOOD)
    assert again.purses["a"].silver == 3 and not again.triggers


# -- STUBBORN COMMANDER -----------------------------------------------------------------
def stannis(copper=(12, 12)):
    """Stannis (a) ends the round's last activation; a routed Baratheon Warden (a)
    stands 2 squares away; b has activated everything."""
    models = (Model("a1", "Stannis Baratheon", "a", 3, square=(3, 8), ap=1, activated=True),
              Model("a2", "Baratheon Warden", "a", 2, square=(5, 8), activated=True,
                    conditions=frozenset({Condition.ROUTED})),
              Model("b1", "Baratheon Warden", "b", 2, square=(12, 0), activated=True))
    return mid_round(models, copper=copper)


def test_stubborn_commander_removes_a_routed_token_in_the_end_phase():
    """seed 004, THE END PHASE: "Resolve the end phase: - Players may use end of
    round effects"; STUBBORN COMMANDER (ours): "In the end phase, 1 copper: a
    friendly soldier in short range loses its routed token"."""
    state = send(stannis(), "a", "end_activation")
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "a" and state.round == 1
    assert [o.type for o in decision.options] == ["end_phase_ability",
                                                  "decline_end_phase_ability"]
    assert decision.options[0].params == {"target": ["a2"]}
    state = send(state, "a", "end_phase_ability", {"ability": "Stubborn Commander",
                                                   "target": "a2"})
    assert state.model("a2").conditions == frozenset()
    assert state.round == 2 and not state.end_phase_waiting


def test_end_of_round_effects_come_before_the_most_copper():
    """seed 004, THE END PHASE: "Players may use end of round effects" is listed
    before "The player holding the most [copper] scores 1 VP": the copper spent on
    STUBBORN COMMANDER is no longer held (here it leaves b holding the most)."""
    state = send(stannis(), "a", "end_activation")
    used = send(state, "a", "end_phase_ability", {"ability": "Stubborn Commander",
                                                  "target": "a2"})
    declined = send(state, "a", "decline_end_phase_ability")
    assert used.vp["b"] == declined.vp["b"] + 1
    assert declined.model("a2").conditions == {Condition.ROUTED}


def test_no_end_phase_ability_without_a_routed_friend_or_copper():
    """STUBBORN COMMANDER needs "a friendly soldier in short range" with a routed
    token to lose, and its 1 [copper]."""
    calm = stannis()
    calm = calm.with_model(dataclasses.replace(calm.model("a2"), conditions=frozenset()))
    assert send(calm, "a", "end_activation").round == 2
    poor = stannis(copper=(1, 12))  # the last copper went on Stannis' activation
    poor = dataclasses.replace(poor, purses={**poor.purses, "a": Purse(2, 4, 0)})
    assert send(poor, "a", "end_activation").round == 2


def test_an_end_phase_ability_once_per_game(pack_with):
    """The vocabulary's `once_per = "game"`: used in round 1's end phase, it is not
    offered in round 2's."""
    pack_with(abilities={"Stubborn Commander": {"once_per": "game"}})
    state = send(stannis(), "a", "end_activation")
    state = send(state, "a", "end_phase_ability", {"ability": "Stubborn Commander",
                                                   "target": "a2"})
    assert ("a1", "Stubborn Commander", "game") in state.limited_uses
    round_two = dataclasses.replace(state, models=stannis().models, active_model="a1",
                                    to_act="a")
    assert send(round_two, "a", "end_activation").round == 3


# -- once per activation, on a command ability ---------------------------------------------
def test_a_command_ability_once_per_activation(pack_with):
    """The vocabulary's `once_per = "activation"`: THORNY WIT made once per
    activation is not offered a second time in the same activation, and is again
    in the next."""
    pack_with(abilities={"Thorny Wit": {"once_per": "activation"}})
    models = (Model("a1", "Olenna Tyrell", "a", 2, square=(3, 8), ap=2, activated=True),
              Model("b1", "Jon Connington", "b", 3, square=(5, 9)),
              Model("b2", "Baratheon Warden", "b", 2, square=(12, 0)))
    state = mid_round(models)
    assert options(state, "ability")
    state = send(state, "a", "ability", {"ability": "Thorny Wit", "target": "b1"}, (1,))
    assert state.model("a1").ap == 1 and not options(state, "ability")
    later = dataclasses.replace(send(state, "a", "end_activation"), active_model="a1",
                                to_act="a")
    later = later.with_model(dataclasses.replace(later.model("a1"), ap=2))
    assert options(later, "ability")


# -- BRAVADO after OLDEST BROTHER ----------------------------------------------------------
def test_bravado_after_oldest_brothers_passed_will_test(pack_with):
    """seed 004, ABILITIES: will abilities "can be used anytime a model performs a
    [will] test"; "Thanks to BRAVADO, Jon Connington can spend [silver] after
    successfully passing a test. He can then make one enemy with which he's engaged
    [shaken]": OLDEST BROTHER's test is a will test too (a card with both)."""
    pack_with(models={"Brandon Stark": {"abilities": ["Oldest Brother", "Bravado"]}})
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(3, 11), ap=2, activated=True),
              Model("b1", "Brandon Stark", "b", 3, square=(4, 11)),
              Model("b2", "Stark Sellsword", "b", 2, square=(5, 11)),
              Model("b3", "Stark Sellsword", "b", 2, square=(12, 0)))
    state, _ = play(mid_round(models), Command("a", "attack", {
        "mode": 0, "target": "b1", "improvements": []}), 9, 9, 9, 1, 1, 1)
    state = send(state, "b", "wounds_ability", {"ability": "Oldest Brother", "target": "b2"},
                 (5,))
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and [o.type for o in decision.options] == [
        "will_ability", "decline_will_ability"]
    state = send(state, "b", "will_ability", {"ability": "Bravado", "target": "a1"})
    assert Condition.SHAKEN in state.model("a1").conditions
    assert state.purses["b"].silver == 3 and state.model("b2").removed == "killed"
    assert SYSTEM.prompt(state).decisions[0].seat == "a"  # Robert's activation goes on


# -- a granted attack ----------------------------------------------------------------------
def test_a_granted_attack_is_performed_without_ap_or_activating(pack_with):
    """seed 004, CHARGE TERRAIN ACTION (granted actions): "Actions granted by model's
    abilities don't activate the model that receive them. They must be used
    immediately"; "If your opponent forces one of your models to perform an action,
    you retain control of your model, choose their move, and roll for their attacks
    if necessary": a WISE WORDS whose success grants an attack (a card of ours)."""
    wise = system._pack().abilities["Wise Words"]
    test = wise.effects[0]
    grant = GrantAction(action="attack", target=Target(who="chosen"))
    pack_with(abilities={"Wise Words": {"effects": [
        msgspec.structs.replace(test, on_success=[grant])]}})
    assert isinstance(test, WillTest)
    models = (Model("a1", "Jon Arryn", "a", 3, square=(3, 9), ap=2, activated=True),
              Model("a2", "Robert Baratheon", "a", 4, square=(5, 9)),
              Model("b1", "Baratheon Warden", "b", 2, square=(6, 9)),
              Model("b2", "Baratheon Warden", "b", 2, square=(12, 0)))
    state = send(mid_round(models), "a", "ability", {"ability": "Wise Words", "target": "a2"},
                 (5,))
    decision = SYSTEM.prompt(state).decisions[0]
    assert [o.type for o in decision.options] == ["granted_attack", "forfeit_action"]
    assert decision.options[0].params["target"] == ["b1"]
    state, events = run(state, "a", "granted_attack", {"mode": 0, "target": "b1",
                                                        "improvements": []}, (9, 9, 1, 1, 1))
    assert events[0].data["attacker"] == "a2" and events[0].data["ap"] == 0
    robert = state.model("a2")
    assert robert.ap == 0 and not robert.activated and state.granted == ()
    assert state.model("b1").removed == "killed"
    while state.attack:  # surge or hold: Robert's player answers
        state = send(state, "a", "hold")
    assert state.active_model == "a1" and options(state, "end_activation")


def test_a_granted_attack_may_be_forfeited(pack_with):
    """seed 004: "If he does not, he forfeits this action"."""
    test = system._pack().abilities["Wise Words"].effects[0]
    pack_with(abilities={"Wise Words": {"effects": [msgspec.structs.replace(
        test, on_success=[GrantAction(action="attack", target=Target(who="chosen"))])]}})
    models = (Model("a1", "Jon Arryn", "a", 3, square=(3, 9), ap=2, activated=True),
              Model("a2", "Robert Baratheon", "a", 4, square=(5, 9)),
              Model("b1", "Baratheon Warden", "b", 2, square=(6, 9)))
    state = send(mid_round(models), "a", "ability", {"ability": "Wise Words", "target": "a2"},
                 (5,))
    state = send(state, "a", "forfeit_action")
    assert state.granted == () and state.model("b1").wounds_left == 2
