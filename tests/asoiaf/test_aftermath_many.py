"""Aftermaths touching several models (seed 004, ATTACK SEQUENCE: "7. If the
attacker's attack mode has an aftermath, it can be used now. Spend the required
coin cost, if any"; ABILITIES: "All abilities that target another friendly or
enemy model do not activate the target"): `count` models its player picks, or
(`count` 0) every model the words fit, each in turn (aftermaths.py), from
aftermaths of our own built in the test on tests/asoiaf/packs/vocabulary. Dice
scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability, Coins
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealHits,
    DealWounds,
    RestoreWounds,
    Target,
    WillTest,
)
from server.rules.asoiaf.state import Condition, Model, replace
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, run, send

SHAKEN = frozenset({Condition.SHAKEN})


def _rapier_aftermath(pack, ability: Ability):
    duelist = pack.models["Test Duelist"]
    rapier = msgspec.structs.replace(duelist.attacks[0], aftermath=[ability])
    pack.models["Test Duelist"] = msgspec.structs.replace(duelist, attacks=[rapier])


def _table():
    return mid_round((Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2,
                            activated=True),
                      Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
                      Model("b2", "Baratheon Warden", "b", 2, square=(4, 10)),
                      Model("b3", "Baratheon Warden", "b", 2, square=(5, 12)),
                      Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))


def _attacked():
    return send(_table(), "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                (9, 1, 1))


def test_an_aftermath_shaking_two_enemies_its_player_picks(vocabulary_pack):
    """"1 silver: 2 enemy models in short range become shaken" (ours; count 2):
    its player picks the pair among those in short range (b9 is far), each
    gains the token (seed 004, ATTACK SEQUENCE: "7. If the attacker's attack
    mode has an aftermath, it can be used now. Spend the required coin cost")."""
    _rapier_aftermath(vocabulary_pack, Ability(
        name="War Cry", timing="aftermath", cost=Coins(silver=1),
        text="2 enemy models in short range become shaken.",
        effects=[ApplyCondition(condition="shaken",
                                target=Target(who="enemy", within="short_range",
                                              count=2))]))
    state = _attacked()
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert use.params == {"targets": [["b1", "b2"], ["b1", "b3"], ["b2", "b3"]]}
    state, [event] = run(state, "a", "aftermath", {"ability": "War Cry",
                                                   "targets": ["b2", "b3"]})
    assert event.data["targets"] == ["b2", "b3"]
    assert [state.model(u).conditions for u in ("b1", "b2", "b3", "b9")] == [
        frozenset(), SHAKEN, SHAKEN, frozenset()]
    assert state.purses["a"].silver == 3


def test_an_aftermath_wounding_every_enemy_in_contact(vocabulary_pack):
    """"Every enemy model in contact suffers 1 wound" (ours; count 0): no pick,
    each model in contact now; the defender, left with none after its step 6
    wound, is removed at step 9 (seed 004, ATTACK SEQUENCE: "Soldiers that have
    lost all [wounds] are killed"), the other stays with 1."""
    _rapier_aftermath(vocabulary_pack, Ability(
        name="Whirlwind", timing="aftermath",
        text="Every enemy model in contact suffers 1 wound.",
        effects=[DealWounds(wounds=1, target=Target(who="enemy", within="contact",
                                                    count=0))]))
    state = _attacked()
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert use.params == {}
    state = send(state, "a", "aftermath", {"ability": "Whirlwind"})
    assert not state.model("b1").on_battlefield
    assert [state.model(u).wounds_left for u in ("b2", "b3", "b9")] == [1, 2, 2]


def _dread(pack, on_success, on_failure):
    _rapier_aftermath(pack, Ability(
        name="Dread Blow", timing="aftermath", text="The defender must pass a will test.",
        effects=[WillTest(target=Target(who="defender"), on_success=on_success,
                          on_failure=on_failure)]))


def test_an_aftermath_will_test_dealing_or_restoring_wounds(vocabulary_pack):
    """"The defender must pass a will test or suffer 1 wound; if it passes, this
    model regains 1 wound" (ours): seed 004, MODELS: "To succeed it must roll
    equal to or above its value" (a Warden's 6+). The failed Warden, left with
    none, is removed at step 9; the passed test heals the Duelist."""
    _dread(vocabulary_pack, [RestoreWounds(wounds=1, target=Target(who="attacker"))],
           [DealWounds(wounds=1, target=Target(who="defender"))])
    table = _table()
    table = table.with_model(replace(table.model("a1"), wounds_left=1))
    state = send(table, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (9, 1, 1))
    failed, [event] = run(state, "a", "aftermath", {"ability": "Dread Blow"}, (4,))
    assert event.data["will_faces"] == [4] and not failed.model("b1").on_battlefield
    passed = send(state, "a", "aftermath", {"ability": "Dread Blow"}, (7,))
    assert passed.model("b1").wounds_left == 1 and passed.model("a1").wounds_left == 2


def test_an_aftermath_will_test_dealing_hits(vocabulary_pack):
    """"The defender must pass a will test or suffer 2 hits" (ours; deal_hits: "it
    rolls a defence die for each, as in attack step 5", seed 004, ATTACK
    SEQUENCE; "chosen": the model tested): the will die, then the defence dice,
    all in the event (a 5 blocks against the Warden's 5+)."""
    _dread(vocabulary_pack, [], [DealHits(hits=2, target=Target(who="chosen"))])
    state = send(_table(), "a", "attack", {"mode": 0, "target": "b2", "improvements": []},
                 (1, 1))
    state, [event] = run(state, "a", "aftermath", {"ability": "Dread Blow"}, (4, 5, 1))
    assert event.data["will_faces"] == [4, 5, 1] and state.model("b2").wounds_left == 1
