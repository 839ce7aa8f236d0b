"""Will tests and picked models bought with an attack improvement or a defence
ability (seed 004, ATTACK SEQUENCE: "2. The attacker declares whether they spend
any coin to modify the attack mode, if available. 3. The attacker rolls a number
of dice equal to the attack mode's dice ..."; "4. The defender declares if they
use an ability to modify their model's [defence] value, spending coins if
required. 5. The defender rolls as many dice as hits received"; MODELS, will: "A
model asked to roll [a will test] rolls 1 die. To succeed it must roll equal to
or above its value"; ABILITIES: "1 enemy model in short range ..."). The will
die is rolled with the roll's event, before its dice (bought_faces); a picked
model is named by the command's `pick_1`. Cards of our own built in the test on
tests/asoiaf/packs/vocabulary; dice scripted."""

from fractions import Fraction

import msgspec
import pytest

from server.rules.asoiaf.cards.schema import Ability, Coins
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    RemoveCondition,
    Target,
    WillTest,
)
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command, RulesError
from tests.asoiaf.conftest import mid_round, run, send
from tests.asoiaf.test_bought_effects import _rapier_with
from tests.asoiaf.test_odds import enumerate_attack
from tests.asoiaf.test_odds_bought import _exact, _odds_of

SHAKEN = Condition.SHAKEN
DEFENDER = Target(who="defender")
# "the defender makes a will test; if it fails, it becomes shaken" (ours)
TEST_DEFENDER = WillTest(target=DEFENDER, on_failure=[
    ApplyCondition(condition="shaken", target=Target(who="chosen"))])
FRIEND = Target(who="friendly", within="short_range")


def _duel(b_token="", a_conditions=frozenset(), friend=None):
    """The Test Duelist a1 (Rapier: 2 dice, 6+) against a Baratheon Warden b1
    (defence 5+, will 6+)."""
    models = [Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2, activated=True,
                    conditions=a_conditions),
              Model("b1", "Baratheon Warden", "b", 2, square=(4, 11), equipment=b_token),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))]
    if friend:
        models.append(friend)
    return mid_round(tuple(models))


def _rapier(*improvements, **picks):
    return {"mode": 0, "target": "b1", "improvements": list(improvements), **picks}


def test_a_bought_will_test_rolls_before_the_attack_dice(vocabulary_pack):
    """The Warden rolls its will test (a 3 against 6+: failed) before the
    Rapier's dice: shaken, its defence 6s become 4s against 5+ (SHAKEN: -2).
    (seed 004, MODELS, will: "A model asked to roll [a will test] rolls 1 die"; ATTACK
    MODES: "Spending extra coins must be declared before any dice are rolled")"""
    _rapier_with(vocabulary_pack, TEST_DEFENDER)
    state, events = run(_duel(), "a", "attack", _rapier(2), (3, 9, 9, 6, 6))
    assert events[0].data["bought_faces"] == [3]
    assert events[0].data["attack_faces"] == [9, 9]
    defended = next(e.data for e in events if e.type == "defended")
    assert defended["defence_results"] == [4, 4] and defended["wounds"] == 2
    passed, events = run(_duel(), "a", "attack", _rapier(2), (7, 9, 9, 6, 6))
    assert next(e.data for e in events if e.type == "defended")["wounds"] == 0
    assert SHAKEN not in passed.model("b1").conditions


def test_lucky_charm_is_asked_before_a_bought_will_test(vocabulary_pack):
    """LUCKY CHARM: "discard this card before rolling any dice for this model.
    You may change the result of 1 die to a 10": the attack waits for the
    Warden's player; used, its will die (a 3) becomes a 10 and it passes."""
    _rapier_with(vocabulary_pack, TEST_DEFENDER)
    state, events = run(_duel(b_token="Lucky Charm"), "a", "attack", _rapier(2))
    assert [e.type for e in events] == ["will_test_declared"]
    assert state.attack is None and state.model("a1").ap == 2  # nothing rolled yet
    used, events = run(state, "b", "use_equipment", {"equipment": "Lucky Charm"},
                       (3, 9, 9, 6, 6))
    assert [e.type for e in events][:2] == ["will_token_answered", "attack_rolled"]
    defended = next(e.data for e in events if e.type == "defended")
    assert defended["wounds"] == 0 and "b1" in used.spent_equipment
    assert not used.will_declared
    declined = send(state, "b", "decline_equipment", dice=(3, 9, 9))  # failed: shaken
    declined = send(declined, "b", "defend", {"abilities": []}, (6, 6))  # (charm kept)
    assert declined.model("b1").wounds_left == 0


def test_an_improvement_aimed_at_a_friend_its_player_picks(vocabulary_pack):
    """ABILITIES: "1 friendly model in short range" (ours: "For 1 silver, 1
    friendly model in short range loses its shaken token"): the set buying it is
    an option of its own, its pick asked as pick_1; a model its words do not fit
    is refused as bad_pick."""
    _rapier_with(vocabulary_pack, RemoveCondition(condition="shaken", target=FRIEND))
    friend = Model("a2", "Test Duelist", "a", 2, square=(3, 12),
                   conditions=frozenset({SHAKEN}))
    table = _duel(friend=friend)
    attacks = [o for o in SYSTEM.prompt(table).decisions[0].options if o.type == "attack"]
    picking = next(o for o in attacks if "pick_1" in o.params)
    assert picking.params["improvements"] == [[2]] and picking.params["pick_1"] == ["a2"]
    assert all([2] not in o.params["improvements"] for o in attacks if o is not picking)
    state, events = run(table, "a", "attack", _rapier(2, pick_1="a2"), (1, 1))
    assert events[0].data["picks"] == ["a2"]
    assert SHAKEN not in state.model("a2").conditions
    with pytest.raises(RulesError) as refused:
        send(table, "a", "attack", _rapier(2, pick_1="b9"), (1, 1))
    assert refused.value.code == "bad_pick"


def test_a_defence_ability_testing_a_picked_enemys_will(vocabulary_pack):
    """"Stare Down" (ours, a defence ability: "1 enemy model in short range
    makes a will test; if it fails it becomes shaken"): the Guard's player picks
    the Duelist (pick_1), whose will die (a 2 against 6+) fails before the
    defence dice (bought_faces)."""
    vocabulary_pack.abilities["Stare Down"] = Ability(
        name="Stare Down", timing="defence", cost=Coins(copper=1), text="",
        effects=[WillTest(target=Target(who="enemy", within="short_range"), on_failure=[
            ApplyCondition(condition="shaken", target=Target(who="chosen"))])])
    warden = vocabulary_pack.models["Baratheon Warden"]
    vocabulary_pack.models["Test Guard"] = msgspec.structs.replace(
        warden, name="Test Guard", abilities=["Stare Down"])
    table = mid_round((Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Test Guard", "b", 2, square=(4, 11))))
    state = send(table, "a", "attack", _rapier(), (9, 1))
    staring = next(o for o in SYSTEM.prompt(state).decisions[0].options
                   if "pick_1" in o.params)
    assert staring.params == {"abilities": [[["Stare Down", []]]], "pick_1": ["a1"]}
    state, events = run(state, "b", "defend",
                        {"abilities": [["Stare Down", []]], "pick_1": "a1"}, (2, 6))
    assert events[0].data["bought_faces"] == [2] and events[0].data["wounds"] == 0
    assert SHAKEN in state.model("a1").conditions


def test_the_odds_add_a_bought_will_tests_branches(vocabulary_pack):
    """The odds count the will die's faces: the Warden (will 6+) fails on 1-5
    (1/2) and defends shaken, else unshaken; compared with enumerating every roll
    of each branch.
    (seed 004, MODELS, will: "To succeed it must roll equal to or above its value")"""
    _rapier_with(vocabulary_pack, TEST_DEFENDER)
    odds = SYSTEM.odds(_duel(), Command("a", "attack", {"mode": 0, "target": "b1"}))
    hits, shaken = enumerate_attack(2, 6, 5, target_shaken=True)
    _, steady = enumerate_attack(2, 6, 5, target_shaken=False)
    half = Fraction(1, 2)
    wounds = {w: half * shaken.get(w, 0) + half * steady.get(w, 0)
              for w in set(shaken) | set(steady)}
    assert _odds_of(odds["choices"], [2]) == (_exact(hits), _exact(wounds))


def test_the_odds_of_a_picking_improvement_wait_for_its_pick(vocabulary_pack):
    """No numbers before the model is picked: "no_odds" in words; once picked
    (the Duelist itself may not be: another friend), counted as the sequence."""
    _rapier_with(vocabulary_pack, RemoveCondition(condition="shaken", target=FRIEND))
    friend = Model("a2", "Test Duelist", "a", 2, square=(3, 12))
    table = _duel(friend=friend)
    with pytest.raises(RulesError) as refused:
        SYSTEM.odds(table, Command("a", "attack", _rapier(2)))
    assert refused.value.code == "no_odds" and "pick them first" in refused.value.message
    odds = SYSTEM.odds(table, Command("a", "attack", _rapier(2, pick_1="a2")))
    hits, wounds = enumerate_attack(2, 6, 5)
    assert _odds_of(odds["choices"], [2]) == (_exact(hits), _exact(wounds))
