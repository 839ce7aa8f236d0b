"""Attack improvements and defence abilities made of vocabulary effects beyond extra
dice and modifiers of the model's own roll (seed 004, ATTACK MODES: "For 1 [copper]
this model can roll 1 extra die"-like improvements; ATTACK SEQUENCE steps 3-5),
from the test pack tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf.odds import hits_distribution, wounds_distribution
from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, run, send


def duel(a_card="Test Duelist", b_card="Baratheon Warden"):
    return mid_round((Model("a1", a_card, "a", 2, square=(3, 11), ap=2, activated=True),
                      Model("b1", b_card, "b", 2, square=(4, 11)),
                      Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))


def rapier(*improvements):
    return {"mode": 0, "target": "b1", "improvements": list(improvements)}


def test_an_improvement_lowering_the_attack_value(vocabulary_pack):
    """RAPIER's 1st improvement (test pack: modify_value attack_value -2: 6+ becomes
    4+); seed 004, ATTACK SEQUENCE: "Each die result equal or above the attack value
    is a hit"."""
    [spec] = [o for o in SYSTEM.prompt(duel()).decisions[0].options if o.type == "attack"]
    assert [0] in spec.params["improvements"] and [1] in spec.params["improvements"]
    _, events = run(duel(), "a", "attack", rapier(0), (4, 5, 1, 1))
    assert events[0].data["hits"] == 2
    _, events = run(duel(), "a", "attack", rapier(), (4, 5))
    assert events[0].data["hits"] == 0


def test_an_improvement_against_the_defenders_roll(vocabulary_pack):
    """RAPIER's 2nd improvement (test pack: the defender's defence roll -2): seed
    004, ATTACK SEQUENCE: "Each [die] scoring equal or above their [defence] blocks
    1 hit" (a Warden's 5+: a 6 becomes 4)."""
    state, events = run(duel(), "a", "attack", rapier(1), (9, 9, 6, 6))
    defended = next(e.data for e in events if e.type == "defended")
    assert defended["defence_results"] == [4, 4] and defended["wounds"] == 2
    _, events = run(duel(), "a", "attack", rapier(), (9, 9, 6, 6))
    assert next(e.data for e in events if e.type == "defended")["wounds"] == 0


def test_a_defence_ability_bettering_the_defence_value(vocabulary_pack):
    """PARRY (test pack: "1 copper: this model's defence is 2 better for this
    defence roll"): 5+ becomes 3+ (step 4: "use defence abilities")."""
    state = send(duel("Baratheon Warden", "Test Duelist"), "a", "attack",
                 {"mode": 0, "target": "b1", "improvements": []}, (9, 9))
    [spec] = SYSTEM.prompt(state).decisions[0].options
    assert [["Parry", []]] in spec.params["abilities"]
    state, events = run(state, "b", "defend", {"abilities": [["Parry", []]]}, (3, 4))
    assert events[0].data["wounds"] == 0 and state.purses["b"].copper == 11
    _, events = run(send(duel("Baratheon Warden", "Test Duelist"), "a", "attack",
                         {"mode": 0, "target": "b1", "improvements": []}, (9, 9)),
                    "b", "defend", {"abilities": []}, (3, 4))
    assert events[0].data["wounds"] == 2


def test_the_odds_count_these_improvements(vocabulary_pack):
    """The odds (odds.py) of each improvement set use its value and the defender's
    modifier, as the roll does."""
    odds = SYSTEM.odds(duel(), Command("a", "attack", {"mode": 0, "target": "b1"}))
    by_set = {tuple(c["improvements"]): c for c in odds["choices"]}
    lower = hits_distribution(2, 4)
    assert by_set[(0,)]["value"] == 4
    assert [h for h, _, _ in by_set[(0,)]["hits"]] == sorted(h for h, p in lower.items() if p)
    weaker = wounds_distribution(hits_distribution(2, 6), 5, modifier=-2)
    assert [[w, f"{p.numerator}/{p.denominator}"] for w, p in sorted(weaker.items()) if p] \
        == [[w, exact] for w, _, exact in by_set[(1,)]["wounds"]]
