"""Attack odds counting what an improvement does beside its roll (seed 004,
ATTACK SEQUENCE: "2. The attacker declares whether they spend any coin to modify
the attack mode"; "The defender rolls as many dice as hits received"; CONDITIONS,
shaken: "the model subtracts 2 from the result of each die rolled" on its next
roll): a shaken token given to the defender, or taken from the attacker, before
the dice (bought_effects.py) changes the defence or attack distribution; the
odds are compared with enumerating every roll (test_odds.enumerate_attack), from
improvements of our own built in the test on tests/asoiaf/packs/vocabulary."""

from server.rules.asoiaf.cards.vocabulary import ApplyCondition, RemoveCondition, Target
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round
from tests.asoiaf.test_bought_effects import _rapier_with
from tests.asoiaf.test_odds import enumerate_attack


def _exact(dist):
    return {k: f"{p.numerator}/{p.denominator}" for k, p in dist.items() if p}


def _odds_of(choices, improvements):
    chosen = next(c for c in choices if c["improvements"] == improvements)
    return ({h: exact for h, _, exact in chosen["hits"]},
            {w: exact for w, _, exact in chosen["wounds"]})


def test_odds_count_a_bought_shaken_defender_and_a_shaken_token_taken_off(vocabulary_pack):
    """The shaken Duelist's Rapier (2 dice, 6+) against a Warden (defence 5+):
    improvement 2 shakes the defender before its roll, improvement 3 takes the
    attacker's own shaken token off before its roll (1 silver each).
    (seed 004, CONDITIONS, shaken: "the model subtracts 2 from the result of each die
    rolled")"""
    _rapier_with(vocabulary_pack, ApplyCondition(condition="shaken",
                                                 target=Target(who="defender")))
    _rapier_with(vocabulary_pack, RemoveCondition(condition="shaken",
                                                  target=Target(who="attacker")))
    state = mid_round((Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2,
                             activated=True, conditions=frozenset({Condition.SHAKEN})),
                       Model("b1", "Baratheon Warden", "b", 2, square=(4, 11))))
    odds = SYSTEM.odds(state, Command("a", "attack", {"mode": 0, "target": "b1"}))
    choices = odds["choices"]
    hits, wounds = enumerate_attack(2, 6, 5, shaken=True)
    assert _odds_of(choices, []) == (_exact(hits), _exact(wounds))
    hits, wounds = enumerate_attack(2, 6, 5, shaken=True, target_shaken=True)
    assert _odds_of(choices, [2]) == (_exact(hits), _exact(wounds))
    hits, wounds = enumerate_attack(2, 6, 5, shaken=False, target_shaken=True)
    assert _odds_of(choices, [2, 3]) == (_exact(hits), _exact(wounds))
