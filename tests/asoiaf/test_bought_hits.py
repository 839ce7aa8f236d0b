"""Hits an attack improvement or a defence ability buys (seed 004, ATTACK
SEQUENCE: "2. The attacker declares whether they spend any coin to modify the
attack mode"; "4. The defender declares if they use an ability ..."; "The
defender rolls as many dice as hits received. Each [die] scoring equal or above
their [defence] blocks 1 hit"; "Each unblocked hit causes the defender to
suffer 1 [wound]"): rolled as the roll is made, before its dice (our reading,
as for bought_effects.py's other effects: ATTACK MODES "Spending extra coins
must be declared before any dice are rolled"), a defence die each; their
wounds held to step 9 as an aftermath's. Cards of our own built in the test on
tests/asoiaf/packs/vocabulary; dice scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability, Coins
from server.rules.asoiaf.cards.vocabulary import DealHits, Target
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, run, send
from tests.asoiaf.test_bought_effects import _rapier_with
from tests.asoiaf.test_odds import enumerate_attack
from tests.asoiaf.test_odds_bought import _exact, _odds_of


def _duel(**warden):
    return mid_round((Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2,
                            activated=True),
                      Model("b1", "Baratheon Warden", "b", 2, square=(4, 11), **warden)))


def test_an_improvement_dealing_hits_before_the_attack_dice(vocabulary_pack):
    """"For 1 silver, the defender suffers 2 hits" (ours): the Warden (defence
    5+) rolls a die for each before the Rapier's dice: a 1 lets one through, a 9
    blocks the other. The Rapier then misses (two 1s): the Warden keeps 1 wound,
    and the event keeps the hits' faces."""
    _rapier_with(vocabulary_pack, DealHits(hits=2, target=Target(who="defender")))
    state, events = run(_duel(), "a", "attack",
                        {"mode": 0, "target": "b1", "improvements": [2]}, (1, 9, 1, 1))
    assert events[0].data["bought_faces"] == [1, 9]
    assert events[0].data["attack_faces"] == [1, 1] and events[0].data["hits"] == 0
    assert state.model("b1").wounds_left == 1 and state.attack is None


def test_bought_hits_spend_the_defenders_shaken_token_before_its_roll(vocabulary_pack):
    """CONDITIONS, shaken: "After this roll is made, remove the [shaken token]":
    the shaken Warden's die against the bought hit (a 7, made 5: blocked) spends
    its token, so its step 5 roll is not shaken (a 5 blocks the Rapier's hit).
    The odds count it so: the defence roll unshaken."""
    _rapier_with(vocabulary_pack, DealHits(hits=1, target=Target(who="defender")))
    shaken = _duel(conditions=frozenset({Condition.SHAKEN}))
    state, events = run(shaken, "a", "attack",
                        {"mode": 0, "target": "b1", "improvements": [2]}, (7, 9, 1, 5))
    defended = next(e.data for e in events if e.type == "defended")
    assert defended["defence_results"] == [5] and defended["wounds"] == 0
    assert state.model("b1").wounds_left == 2
    assert Condition.SHAKEN not in state.model("b1").conditions
    odds = SYSTEM.odds(shaken, Command("a", "attack", {"mode": 0, "target": "b1"}))
    hits, wounds = enumerate_attack(2, 6, 5, shaken=False, target_shaken=False)
    assert _odds_of(odds["choices"], [2]) == (_exact(hits), _exact(wounds))


def test_a_defence_ability_dealing_hits_to_the_attacker(vocabulary_pack):
    """"Riposte" (ours, a defence ability: "1 copper: the attacker suffers 1
    hit"): the Duelist (defence 5+) rolls a 2 against it before the Warden's
    defence die, and loses a wound; the Warden blocks the Rapier's hit (a 6)."""
    vocabulary_pack.abilities["Riposte"] = Ability(
        name="Riposte", timing="defence", cost=Coins(copper=1),
        text="The attacker suffers 1 hit.",
        effects=[DealHits(hits=1, target=Target(who="attacker"))])
    warden = vocabulary_pack.models["Baratheon Warden"]
    vocabulary_pack.models["Test Guard"] = msgspec.structs.replace(
        warden, name="Test Guard", abilities=["Riposte"])
    table = mid_round((Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Test Guard", "b", 2, square=(4, 11))))
    state = send(table, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (9, 1))
    state, events = run(state, "b", "defend", {"abilities": [["Riposte", []]]}, (2, 6))
    assert events[0].data["bought_faces"] == [2] and events[0].data["wounds"] == 0
    assert state.model("a1").wounds_left == 1 and state.model("b1").wounds_left == 2


def test_the_pack_checker_loads_bought_hits_and_refuses_them_on_every_model_around(
        vocabulary_pack):
    """The engine's predicate (coins.unbought) accepts hits on the attacker, the
    defender, itself or a model its player picks, and names hits on every enemy
    its words fit (`count` 0) as ones it would not use.
    (seed 004, ATTACK SEQUENCE: "2. The attacker declares whether they spend any coin to
    modify the attack mode")"""
    from server.rules.asoiaf.cards import engine_shapes

    riposte = Ability(name="Riposte", timing="defence", text="",
                      effects=[DealHits(hits=1, target=Target(who="attacker"))])
    assert engine_shapes.model_ability(riposte) is None
    picked = msgspec.structs.replace(riposte, effects=[DealHits(
        hits=1, target=Target(who="enemy", within="short"))])
    assert engine_shapes.model_ability(picked) is None
    every = msgspec.structs.replace(riposte, effects=[DealHits(
        hits=1, target=Target(who="enemy", within="short", count=0))])
    assert "aims at every model its words fit ('count' 0)" in engine_shapes.model_ability(every)
