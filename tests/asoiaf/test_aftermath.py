"""Wounds abilities and aftermaths (seed 004, ATTACK SEQUENCE steps 6-9,
ABILITIES and ABILITIES SPECIAL RULES, AFTERMATH), dice scripted."""

from dataclasses import replace

import msgspec

from server.rules.asoiaf import attack_sequence
from server.rules.asoiaf.cards.loader import load_pack
from server.rules.asoiaf.cards.schema import Ability, Coins
from server.rules.asoiaf.cards.vocabulary import ApplyCondition, Target
from server.rules.asoiaf.scenarios import load_scenarios
from server.rules.asoiaf.state import Condition, Model, PendingAttack
from server.rules.asoiaf.system import SYSTEM
from server.rules.asoiaf.warband import DEFAULT_PACK
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, play


def duel(stark_wounds=2):
    models = (Model("a1", "Stark Sellsword", "a", stark_wounds, square=(3, 11), ap=2,
                    activated=True),
              Model("b1", "Lannister Guardsman", "b", 2, square=(4, 11)),
              Model("b2", "Lannister Guardsman", "b", 2, square=(12, 0)),
              Model("a2", "Stark Sellsword", "a", 2, square=(0, 0)))
    return mid_round(models)


def test_the_attack_modes_aftermath_comes_before_the_defenders():
    """seed 004, ATTACK SEQUENCE: "7. If the attacker's attack mode has an
    aftermath, it can be used now. Spend the required coin cost, if any. 8. If the
    defender has an aftermath ability, it can be used now"."""
    pack = load_pack(DEFAULT_PACK)
    card = pack.models["Stark Sellsword"]
    blow = Ability(name="Bloody Blow", timing="aftermath", text="1 silver: the defender "
                   "becomes shaken.", cost=Coins(silver=1), requires=["close_combat"],
                   effects=[ApplyCondition(condition="shaken", target=Target(who="defender"))])
    mode = msgspec.structs.replace(card.attacks[0], aftermath=[blow])
    pack = replace(pack, models={**pack.models, card.name: msgspec.structs.replace(
        card, attacks=[mode])})
    field = load_scenarios()["learn_to_play"].battlefield
    state = replace(duel(), attack=PendingAttack("a1", "b1", 0, "close", "attacker_aftermath",
                                                 hits=1, target_square=(4, 11)))
    assert [a.name for a in attack_sequence.aftermaths(state, pack, field, state.attack,
                                                       "attacker_aftermath")] == ["Bloody Blow"]
    after = attack_sequence.use_aftermath(state, pack, field, {"ability": "Bloody Blow"})
    assert after.model("b1").conditions == frozenset({Condition.SHAKEN})
    assert after.purses["a"].silver == 3
    assert after.attack.step == "defender_aftermath"  # Expert Riposte may answer


def test_a_riposte_that_kills_the_attacker_ends_its_activation():
    """seed 004, AFTERMATH: "If an active model uses an aftermath effect, it is still
    considered part of the model's activation"; MODELS: a model that "suffers as many
    wounds as their value, at the end of the current action ... is killed"."""
    state = duel(stark_wounds=1)
    attack = Command("a", "attack", {"mode": 0, "target": "b1", "improvements": []})
    state, _ = play(state, attack, 9, 1)
    assert state.model("b1").wounds_left == 1
    state, _ = play(state, Command("b", "aftermath", {"ability": "Expert Riposte"}))
    assert state.model("a1").removed == "killed" and state.attack is None
    assert state.active_model == "" and state.to_act == "b"


def test_an_aftermath_may_be_declined_and_costs_nothing():
    """seed 004, AFTERMATH: "Some abilities have an aftermath effect, usually
    associated with a coin cost. These can be used after the initial dice are
    rolled": can, not must."""
    state, _ = play(duel(), Command("a", "attack", {"mode": 0, "target": "b1",
                                                    "improvements": []}), 9, 1)
    state, events = play(state, Command("b", "decline_aftermath"))
    assert events[0].data == {"ability": ""} and state.purses["b"].copper == 12
    assert state.model("a1").wounds_left == 2 and state.attack is None


def brandon():
    """Robert (a) in contact with Brandon Stark (b, 3 wounds, will 4+), whose
    Stark Sellsword friend stands in contact with him."""
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(3, 11), ap=2, activated=True),
              Model("b1", "Brandon Stark", "b", 3, square=(4, 11)),
              Model("b2", "Stark Sellsword", "b", 2, square=(5, 11)),
              Model("b3", "Stark Sellsword", "b", 2, square=(12, 0)))
    return mid_round(models)


HAMMER = Command("a", "attack", {"mode": 0, "target": "b1", "improvements": []})


def test_oldest_brother_hands_the_wounds_to_a_friend_in_contact():
    """seed 004, ABILITIES: "are wounds abilities. They can be used anytime a model
    loses at least 1 [wound] and before the model would be killed ... OLDEST
    BROTHER ability right after they lose a [wound]. They need to spend 4, then
    pass a test to cause a friendly model in contact to suffer any [wounds] that
    would otherwise harm them"."""
    state, _ = play(brandon(), HAMMER, 9, 9, 9, 1, 1, 1)
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b"
    assert [o.type for o in decision.options] == ["wounds_ability", "decline_wounds_ability"]
    assert decision.options[0].params == {"target": ["b2"]}
    state, events = play(state, Command("b", "wounds_ability", {"ability": "Oldest Brother",
                                                                "target": "b2"}), 5)
    assert events[0].data["passed"] and state.purses["b"].copper == 8
    assert state.model("b1").wounds_left == 3 and state.model("b2").removed == "killed"
    assert state.attack is None


def test_a_failed_will_test_still_costs_the_coins_and_brandon_falls():
    """seed 004, ABILITIES: "They need to spend 4, then pass a test": the coins are
    spent for the attempt; on a failure the wounds stay and step 9 follows."""
    state, _ = play(brandon(), HAMMER, 9, 9, 9, 1, 1, 1)
    state, events = play(state, Command("b", "wounds_ability", {"ability": "Oldest Brother",
                                                                "target": "b2"}), 3)
    assert not events[0].data["passed"] and state.purses["b"].copper == 8
    assert state.model("b1").wounds_left == 0 and state.model("b2").wounds_left == 2
    assert SYSTEM.prompt(state).decisions[0].options[0].type == "remove"
