"""Passive abilities changing a card's values (seed 004, ABILITIES: "are passive
abilities. These are always active"; the vocabulary's modify_value: "defence" and
"will" are target numbers, -1 makes them better), from the test pack
tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, run

HALBERD = {"mode": 0, "target": "b1", "improvements": []}


def duel(a_card, b_card):
    return mid_round((Model("a1", a_card, "a", 3, square=(3, 11), ap=2, activated=True),
                      Model("b1", b_card, "b", 2, square=(4, 11)),
                      Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))


def test_a_better_defence_value(vocabulary_pack):
    """IRON SKIN (test pack: "This model's defence is 1 better"): 5+ becomes 4+;
    ATTACK SEQUENCE: "Each [die] scoring equal or above their [defence] blocks 1 hit"."""
    _, events = run(duel("Baratheon Warden", "Test Veteran"), "a", "attack", HALBERD,
                    (9, 9, 4, 4))
    assert next(e.data for e in events if e.type == "defended")["wounds"] == 0
    _, events = run(duel("Baratheon Warden", "Baratheon Warden"), "a", "attack", HALBERD,
                    (9, 9, 4, 4))
    assert next(e.data for e in events if e.type == "defended")["wounds"] == 2


def test_a_better_attack_value(vocabulary_pack):
    """KEEN EDGE (test pack: "This model hits on 1 less"): 6+ becomes 5+; ATTACK
    SEQUENCE: "Each die result equal or above the attack value is a hit"."""
    _, events = run(duel("Test Veteran", "Baratheon Warden"), "a", "attack", HALBERD,
                    (5, 5, 1, 1))
    assert events[0].data["hits"] == 2


def test_a_better_will_value(vocabulary_pack):
    """STEADY NERVES (test pack: "This model's will is 2 better"): 6+ becomes 4+;
    MODELS: "To succeed it must roll equal to or above its value"; THORNY WIT (our
    card): "must pass a will test or become shaken"."""
    state = mid_round((Model("a1", "Olenna Tyrell", "a", 3, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Test Veteran", "b", 2, square=(5, 11))))
    state, _ = run(state, "a", "ability", {"ability": "Thorny Wit", "target": "b1"}, (4,))
    assert state.model("b1").conditions == frozenset()


def test_the_odds_use_the_passive_values(vocabulary_pack):
    """The odds (odds.py) read the same values as the roll."""
    odds = SYSTEM.odds(duel("Test Veteran", "Test Veteran"),
                       Command("a", "attack", {"mode": 0, "target": "b1"}))
    [choice] = odds["choices"]
    assert choice["value"] == 5 and choice["defence"] == 4
