"""Attack improvements and defence abilities doing more than their roll (seed 004,
ATTACK SEQUENCE: "2. The attacker declares whether they spend any coin to modify
the attack mode, if available"; "4. The defender declares if they use an ability
to modify their model's [defence] value, spending coins if required"): a
condition, a wound, a change lasting beyond the attack (bought_effects.py), from
cards of our own built in the test on tests/asoiaf/packs/vocabulary. Dice
scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability, Coins, Improvement
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealWounds,
    ModifyRoll,
    ModifyValue,
    Target,
)
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, run, send

DEFENDER = Target(who="defender")
ATTACKER = Target(who="attacker")


def _rapier_with(pack, *effects):
    """The Test Duelist's Rapier with one more improvement, for 1 silver."""
    duelist = pack.models["Test Duelist"]
    rapier = duelist.attacks[0]
    extra = Improvement(cost=Coins(silver=1), effects=list(effects))
    rapier = msgspec.structs.replace(rapier, improvements=[*rapier.improvements, extra])
    pack.models["Test Duelist"] = msgspec.structs.replace(duelist, attacks=[rapier])


def _duel(a_card="Test Duelist", b_card="Baratheon Warden"):
    return mid_round((Model("a1", a_card, "a", 2, square=(3, 11), ap=2, activated=True),
                      Model("b1", b_card, "b", 2, square=(4, 11)),
                      Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))


def _rapier(*improvements):
    return {"mode": 0, "target": "b1", "improvements": list(improvements)}


def test_an_improvement_making_the_defender_shaken(vocabulary_pack):
    """"For 1 silver, the defender becomes shaken" (ours): bought at step 2, so
    the Warden rolls its defence shaken (seed 004, SHAKEN: -2 to its rolls; 6s
    become 4s against its 5+) and loses the token after that roll."""
    _rapier_with(vocabulary_pack, ApplyCondition(condition="shaken", target=DEFENDER))
    [spec] = [o for o in SYSTEM.prompt(_duel()).decisions[0].options if o.type == "attack"]
    assert [2] in spec.params["improvements"]
    state, events = run(_duel(), "a", "attack", _rapier(2), (9, 9, 6, 6))
    assert events[0].data["spent"] == {"gold": 0, "silver": 1, "copper": 0}
    defended = next(e.data for e in events if e.type == "defended")
    assert defended["defence_results"] == [4, 4] and defended["wounds"] == 2
    assert Condition.SHAKEN not in state.model("b1").conditions
    _, events = run(_duel(), "a", "attack", _rapier(), (9, 9, 6, 6))
    assert next(e.data for e in events if e.type == "defended")["wounds"] == 0


def test_an_improvement_dealing_a_wound_before_the_dice(vocabulary_pack):
    """"For 1 silver, the defender suffers 1 wound" (ours: vocabulary deal_wounds,
    "no defence roll blocks them"): with the step 6 wound it has lost both, and
    is removed at step 9 ("Soldiers that have lost all [wounds] are killed")."""
    _rapier_with(vocabulary_pack, DealWounds(wounds=1, target=DEFENDER))
    state, events = run(_duel(), "a", "attack", _rapier(2), (9, 1, 1))
    assert events[0].data["hits"] == 1
    assert state.model("b1").wounds_left == 0 and not state.model("b1").on_battlefield


def test_an_improvement_lasting_beyond_the_attack(vocabulary_pack):
    """"For 1 silver, this model gains +1 to its attack rolls until the end of the
    round" (ours; vocabulary modify_roll until "round"): it counts for this roll
    (a 5 against the Rapier's 6+ hits) and stays for the round (lasting.py)."""
    _rapier_with(vocabulary_pack, ModifyRoll(roll="attack", by=1, until="round"))
    state, events = run(_duel(), "a", "attack", _rapier(2), (5, 1, 1))
    assert events[0].data["attack_results"] == [6, 2] and events[0].data["hits"] == 1
    assert state.lasting == (("a1", "roll", "attack", 1, "round"),)


def test_a_defence_ability_shaking_and_wounding_the_attacker(vocabulary_pack):
    """"Counterstroke" (ours, a defence ability: "1 copper: the attacker becomes
    shaken and suffers 1 wound; this model's defence is 1 worse until the end
    of the round"): step 4, the defender's ability; the attacker's wound is at
    once, its token stays (it rolls no more in this attack) and the Warden's
    worse defence counts for this roll (a 5 no longer blocks against 6+)."""
    vocabulary_pack.abilities["Counterstroke"] = Ability(
        name="Counterstroke", timing="defence", cost=Coins(copper=1),
        text="The attacker becomes shaken and suffers 1 wound; this model's defence is "
             "1 worse until the end of the round.",
        effects=[ApplyCondition(condition="shaken", target=ATTACKER),
                 DealWounds(wounds=1, target=ATTACKER),
                 ModifyValue(value="defence", by=1, until="round")])
    warden = vocabulary_pack.models["Baratheon Warden"]
    vocabulary_pack.models["Test Guard"] = msgspec.structs.replace(
        warden, name="Test Guard", abilities=["Counterstroke"])
    state = send(_duel("Baratheon Warden", "Test Guard"), "a", "attack",
                 {"mode": 0, "target": "b1", "improvements": []}, (9, 1))
    [spec] = SYSTEM.prompt(state).decisions[0].options
    assert spec.params["abilities"] == [[], [["Counterstroke", []]]]
    state, events = run(state, "b", "defend", {"abilities": [["Counterstroke", []]]}, (5,))
    assert events[0].data["wounds"] == 1 and state.purses["b"].copper == 11
    attacker = state.model("a1")
    assert attacker.wounds_left == 1 and Condition.SHAKEN in attacker.conditions
    assert state.lasting == (("b1", "value", "defence", 1, "round"),)
