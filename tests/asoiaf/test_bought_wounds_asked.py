"""Wounds abilities for wounds bought with a roll or dealt by a will ability
inside an attack (seed 004, ABILITIES: "are wounds abilities. They can be used
anytime a model loses at least 1 [wound] and before the model would be
killed"; OLDEST BROTHER: "right after they lose a [wound]. They need to spend 4
[copper], then pass a [will] test to cause a friendly model in contact to
suffer any [wounds] that would otherwise harm them"; ATTACK SEQUENCE: "9. If
the defender has no [wounds] left ..."): asked as for an aftermath's wounds
(hits.wound_in_attack), the kill held to step 9 and its killer the model that
dealt them. Brandon Stark (will 4, OLDEST BROTHER) beside a friendly Stark
Archer; cards of our own built in the test on tests/asoiaf/packs/vocabulary.
Dice scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability, Coins
from server.rules.asoiaf.cards.vocabulary import DealWounds, GainCoins, Target
from server.rules.asoiaf.state import Model
from tests.asoiaf.conftest import SYSTEM, mid_round, send
from tests.asoiaf.test_bought_effects import _rapier_with

ASKED = ["wounds_ability", "decline_wounds_ability"]
RAPIER = {"mode": 0, "target": "b1", "improvements": [2]}


def _asked(state):
    return [o.type for o in SYSTEM.prompt(state).decisions[0].options]


def _duelist_wounds_brandon(pack):
    """The Duelist buys "For 1 silver, the defender suffers 1 wound" (ours)
    against Brandon, 1 wound left, and misses (two 1s)."""
    _rapier_with(pack, DealWounds(wounds=1, target=Target(who="defender")))
    state = mid_round((Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Brandon Stark", "b", 1, square=(4, 11)),
                       Model("b2", "Stark Archer", "b", 2, square=(5, 11))))
    state = send(state, "a", "attack", RAPIER, (1, 1))
    assert state.model("b1").wounds_left == 0 and state.model("b1").on_battlefield
    assert _asked(state) == ASKED and state.attack is not None
    return state


def test_oldest_brother_for_a_wound_an_improvement_bought(vocabulary_pack):
    """Brandon passes (6 against 4): the Archer suffers the wound, Brandon keeps
    his 1 and the attack ends with nobody removed.
    (seed 004, OLDEST BROTHER: "right after they lose a [wound]")"""
    state = send(_duelist_wounds_brandon(vocabulary_pack), "b", "wounds_ability",
                 {"ability": "Oldest Brother", "target": "b2"}, (6,))
    assert state.model("b1").wounds_left == 1 and state.model("b2").wounds_left == 1
    assert state.attack is None and state.purses["b"].copper == 8


def test_a_declined_oldest_brother_leaves_the_bought_wound_to_step_9(vocabulary_pack):
    """Declined: step 9 finds Brandon with none, and the Duelist, who bought the
    wound, chooses to kill or capture him as the attacker (then may surge forth).
    (seed 004, ATTACK SEQUENCE: "9. If the defender has no [wounds] left, the attacker
    chooses whether to kill or capture them")"""
    state = send(_duelist_wounds_brandon(vocabulary_pack), "b", "decline_wounds_ability")
    assert state.attack.step == "removal"
    state = send(state, "a", "remove", {"removal": "killed"})
    assert state.model("b1").removed == "killed" and state.attack.step == "surge"


def test_oldest_brother_for_a_wound_a_defence_ability_bought(vocabulary_pack):
    """"Counterstroke" (ours, a defence ability: "1 copper: the attacker suffers 1
    wound"): Brandon, attacking with 1 wound left, loses it at step 4 and hands
    it to the Archer (5 against 4) before the attack goes on."""
    vocabulary_pack.abilities["Counterstroke"] = Ability(
        name="Counterstroke", timing="defence", cost=Coins(copper=1),
        text="The attacker suffers 1 wound.",
        effects=[DealWounds(wounds=1, target=Target(who="attacker"))])
    warden = vocabulary_pack.models["Baratheon Warden"]
    vocabulary_pack.models["Test Guard"] = msgspec.structs.replace(
        warden, name="Test Guard", abilities=["Counterstroke"])
    state = mid_round((Model("a1", "Brandon Stark", "a", 1, square=(3, 11), ap=2,
                             activated=True),
                       Model("a2", "Stark Archer", "a", 2, square=(2, 11)),
                       Model("b1", "Test Guard", "b", 2, square=(4, 11))))
    state = send(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (9, 1, 1))
    state = send(state, "b", "defend", {"abilities": [["Counterstroke", []]]}, (9,))
    assert state.model("a1").wounds_left == 0 and _asked(state) == ASKED
    state = send(state, "a", "wounds_ability", {"ability": "Oldest Brother", "target": "a2"},
                 (5,))
    assert state.model("a1").wounds_left == 1 and state.model("a2").wounds_left == 1
    assert state.attack is None and state.model("a1").on_battlefield


def test_a_will_ability_inside_an_attack_kills_at_step_9_by_its_model(vocabulary_pack):
    """"Spite" (ours, a will ability: "after passing a will test: one enemy
    engaged with this model suffers 1 wound"): Brandon passes OLDEST BROTHER's
    test after step 6 while the Duelist's aftermath waits (step 7); Spite leaves
    the Duelist, 1 wound left, none. It stands until step 9 ("at the end of the
    current action"), then is killed, Brandon its killer (State.killers)."""
    vocabulary_pack.abilities["Spite"] = Ability(
        name="Spite", timing="will", requires=["will_test_passed"],
        text="After passing a will test: one enemy engaged with this model suffers 1 wound.",
        effects=[DealWounds(wounds=1, target=Target(who="enemy", within="engaged"))])
    vocabulary_pack.abilities["Gloat"] = Ability(
        name="Gloat", timing="aftermath", text="Gain 1 copper.",
        effects=[GainCoins(coin="copper", amount=1)])
    brandon = vocabulary_pack.models["Brandon Stark"]
    vocabulary_pack.models["Brandon Stark"] = msgspec.structs.replace(
        brandon, abilities=[*brandon.abilities, "Spite"])
    duelist = vocabulary_pack.models["Test Duelist"]
    rapier = msgspec.structs.replace(duelist.attacks[0], aftermath=[
        vocabulary_pack.abilities["Gloat"]])
    vocabulary_pack.models["Test Duelist"] = msgspec.structs.replace(duelist, attacks=[rapier])
    state = mid_round((Model("a1", "Test Duelist", "a", 1, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Brandon Stark", "b", 3, square=(4, 11)),
                       Model("b2", "Stark Archer", "b", 2, square=(5, 11))))
    state = send(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (9, 1, 1))  # 1 hit, not blocked
    state = send(state, "b", "wounds_ability", {"ability": "Oldest Brother", "target": "b2"},
                 (6,))
    assert state.attack.step == "attacker_aftermath" and state.will_triggers
    state = send(state, "b", "will_ability", {"ability": "Spite", "target": "a1"})
    duelist = state.model("a1")
    assert duelist.wounds_left == 0 and duelist.on_battlefield and state.killers == ()
    state = send(state, "a", "decline_aftermath")
    assert state.model("a1").removed == "killed" and ("a1", "b1") in state.killers
    assert state.attack is None
