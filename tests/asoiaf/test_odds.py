"""Exact attack odds for the web client's hover (server/rules/asoiaf/odds.py),
checked against enumerating every face of every die with the engine's own
per-die rules (seed 004, ATTACK SEQUENCE)."""

from fractions import Fraction
from itertools import product

import pytest

from server.rules.asoiaf import attack, conditions
from server.rules.asoiaf.odds import hits_distribution, wounds_distribution
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command, RulesError
from tests.asoiaf.test_attack_sequence import board

FACES = range(1, 11)


def enumerate_attack(dice, value, defence, shaken=False, modifier=0, target_shaken=False):
    """Every attack roll, then every defence roll of as many dice as hits."""
    hits, wounds = {}, {}
    for faces in product(FACES, repeat=dice):
        h = attack.hits(faces, conditions.results(faces, shaken, modifier), value)
        weight = Fraction(1, 10 ** dice)
        hits[h] = hits.get(h, 0) + weight
        for block_faces in product(FACES, repeat=h):
            b = attack.blocks(block_faces, conditions.results(block_faces, target_shaken),
                              defence, h)
            wounds[h - b] = wounds.get(h - b, 0) + weight / 10 ** h
    return hits, wounds


@pytest.mark.parametrize("dice,value,defence,shaken,modifier,target_shaken", [
    (1, 5, 5, False, 0, False), (2, 4, 6, False, 0, False), (2, 6, 3, True, 0, False),
    (2, 5, 4, False, 1, True), (1, 9, 8, True, -1, True)])
def test_distributions_match_enumeration(dice, value, defence, shaken, modifier,
                                         target_shaken):
    """seed 004, ATTACK SEQUENCE: "Each die result equal or above the attack value
    is a hit"; "Any attack [die] that rolled a natural 10 causes 1 extra hit"; "The
    defender rolls as many dice as hits received"; shaken "subtracts 2"."""
    hits = hits_distribution(dice, value, shaken, modifier)
    wounds = wounds_distribution(hits, defence, target_shaken)
    expected_hits, expected_wounds = enumerate_attack(dice, value, defence, shaken,
                                                      modifier, target_shaken)
    assert {k: v for k, v in hits.items() if v} == expected_hits
    assert {k: v for k, v in wounds.items() if v} == expected_wounds
    assert sum(wounds.values()) == 1


def test_odds_for_every_improvement_the_attacker_is_offered():
    """seed 004, ATTACK MODES: "For 1 [copper] this model can roll 1 extra die":
    each set of improvements on offer has its own dice and distributions."""
    state = board(("a1", "Stark Sellsword", 2, (3, 11)),
                  ("b1", "Lannister Guardsman", 2, (4, 11)),
                  ("b2", "Lannister Guardsman", 2, (12, 0)))
    odds = SYSTEM.odds(state, Command("a", "attack", {"mode": 0, "target": "b1"}))
    sets = [c["improvements"] for c in odds["choices"]]
    assert sets == [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 3]]
    plain, one_more = odds["choices"][0], odds["choices"][1]
    assert one_more["dice"] == plain["dice"] + 1 and one_more["cost"]["copper"] == 1
    expected_hits, expected_wounds = enumerate_attack(plain["dice"], plain["value"],
                                                      odds["defence"])
    assert {h: f"{p.numerator}/{p.denominator}" for h, p in expected_hits.items()} \
        == {h: exact for h, _, exact in plain["hits"]}
    assert {w: f"{p.numerator}/{p.denominator}" for w, p in expected_wounds.items()} \
        == {w: exact for w, _, exact in plain["wounds"]}
    chosen = SYSTEM.odds(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                        "improvements": [0]}))
    assert [c["improvements"] for c in chosen["choices"]] == [[0]]


def test_no_odds_for_a_target_not_offered():
    """seed 004, ATTACK SEQUENCE: an attack is against a target the mode can reach;
    odds for another are refused with a stable code."""
    state = board(("a1", "Stark Sellsword", 2, (3, 11)),
                  ("b1", "Lannister Guardsman", 2, (4, 11)),
                  ("b2", "Lannister Guardsman", 2, (12, 0)))
    with pytest.raises(RulesError) as refused:
        SYSTEM.odds(state, Command("a", "attack", {"mode": 0, "target": "b2"}))
    assert refused.value.code == "no_odds"


def enumerate_with_token(dice, value, defence, token, shaken=False):
    """Every attack roll and defence roll, the declared token changing the dice as
    the engine does (equipment_uses.change_dice)."""
    from server.rules.asoiaf.equipment_uses import change_dice
    from server.rules.asoiaf.system import _pack

    pack = _pack()
    hits, wounds = {}, {}
    for faces in product(FACES, repeat=dice):
        faces, _ = change_dice(pack, token, "own", faces)
        h = attack.hits(faces, conditions.results(faces, shaken), value)
        weight = Fraction(1, 10 ** dice)
        hits[h] = hits.get(h, 0) + weight
        for block_faces in product(FACES, repeat=h):
            block_faces, _ = change_dice(pack, token, "enemy", block_faces)
            b = attack.blocks(block_faces, conditions.results(block_faces, False), defence, h)
            wounds[h - b] = wounds.get(h - b, 0) + weight / 10 ** h
    return hits, wounds


@pytest.mark.parametrize("token", ["Lucky Charm", "Blinding Powder", ""])
def test_odds_count_the_token_the_option_declares(token):
    """seed 004, LUCKY CHARM: "discard this card before rolling any dice for this
    model. You may change the result of 1 die to a 10"; BLINDING POWDER: "discard
    this card before an engaged enemy model rolls any dice. You may change the
    result of 1 die to a 1": the odds of an option declaring one count it exactly
    (checked against enumerating every roll); an option without one does not."""
    from dataclasses import replace

    state = board(("a1", "Stark Sellsword", 2, (3, 11)),
                  ("b1", "Lannister Guardsman", 2, (4, 11)),
                  ("b2", "Lannister Guardsman", 2, (12, 0)))
    state = state.with_model(replace(state.model("a1"), equipment=token or "Lucky Charm"))
    args = {"mode": 0, "target": "b1", "improvements": [0]}
    if token:
        args["equipment"] = token
    odds = SYSTEM.odds(state, Command("a", "attack", args))
    [choice] = odds["choices"]
    assert odds["equipment"] == token
    offered = {o.args.get("equipment", "") for o in SYSTEM.prompt(state).decisions[0].options
               if o.type == "attack"}
    assert token in offered  # the odds are of an option the prompt offers
    hits, wounds = enumerate_with_token(choice["dice"], choice["value"], odds["defence"],
                                        token)
    assert [[k, f"{p.numerator}/{p.denominator}"] for k, p in sorted(hits.items())] == [
        [k, exact] for k, _, exact in choice["hits"]]
    assert [[k, f"{p.numerator}/{p.denominator}"] for k, p in sorted(wounds.items()) if p] == [
        [k, exact] for k, _, exact in choice["wounds"]]


def test_changed_sum_turns_several_dice():
    """The token vocabulary's `dice` (change_die changes that many dice): 2 lowest
    of 3 dice turned to 10, against enumeration."""
    from server.rules.asoiaf.odds import changed_sum

    expected = {}
    for faces in product(FACES, repeat=3):
        kept = sorted(faces)[2:] + [10, 10]
        total = sum(f >= 6 for f in kept)
        expected[total] = expected.get(total, 0) + Fraction(1, 1000)
    assert changed_sum(3, lambda f: int(f >= 6), 10, 2, lowest=True) == expected
