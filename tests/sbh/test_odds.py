"""Exact odds of an attack (seed 000, MELEE COMBAT: 'If the attacker's total is
higher ... the loser recoils (odd) or falls (even); double: killed; triple:
gruesome'), enumerated over the 36 rolls through the engine itself."""

from __future__ import annotations

from fractions import Fraction

import pytest

from server.rules.kernel import Command, RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig


def by_outcome(odds) -> dict:
    return {(o["loser"], o["result"]): o["ways"] for o in odds["outcomes"]}


def expected_melee(a_combat: int, d_combat: int) -> dict:
    """The melee table worked by hand: both sides d6 + Combat; the winner's die
    decides recoil (odd) or fall (even); double the loser's total kills, triple
    is gruesome (seed 000, MELEE COMBAT and COMBAT RESULTS)."""
    counts: dict = {}
    for a in range(1, 7):
        for d in range(1, 7):
            at, dt = a + a_combat, d + d_combat
            if at == dt:
                key = (None, "none")
            else:
                loser = "defender" if at > dt else "attacker"
                win, lose, die = (at, dt, a) if at > dt else (dt, at, d)
                if win >= 3 * lose:
                    result = "gruesome"
                elif win >= 2 * lose:
                    result = "kill"
                else:
                    result = "fall" if die % 2 == 0 else "recoil"
                key = (loser, result)
            counts[key] = counts.get(key, 0) + 1
    return counts


def test_plain_melee_odds_match_the_combat_table(dice):
    """seed 000, MELEE COMBAT: C3 against C3 with no modifier, the table worked by
    hand."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)))
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    odds = SYSTEM.odds(state, Command("a", "attack", {"target": "b1", "power": False}))
    assert odds["total"] == 36 and by_outcome(odds) == expected_melee(3, 3)
    assert sum(Fraction(o["ways"], 36) for o in odds["outcomes"]) == 1
    assert odds["modifiers"] == [[], []]


def test_modifiers_shift_the_odds_as_the_engine_applies_them(dice):
    """seed 000, MELEE MODIFIERS: '+2 ... against a fallen enemy' -- and Lethal
    ('a fallen ... model is killed when beaten')."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5),
                                                       fallen=True))
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    odds = SYSTEM.odds(state, Command("a", "attack", {"target": "b1", "power": False}))
    ways = by_outcome(odds)
    assert ("defender", "recoil") not in ways and ("defender", "fall") not in ways
    assert odds["modifiers"] == [["foe fallen/transfixed +2"], []]
    beaten = sum(n for (loser, _), n in ways.items() if loser == "defender")
    assert beaten == sum(1 for a in range(1, 7) for d in range(1, 7) if a + 5 > d + 3)


def test_a_hero_is_counted_without_its_reroll(dice):
    """seed 000, HERO (P): the re-roll is the player's later choice; the odds are
    those of the roll as it falls."""
    state = battle(fig("a1", "Elf Hero", 3, 3, (5, 5), rules=["Hero"]),
                   fig("b1", "Orc", 4, 3, (6, 5)))
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    odds = SYSTEM.odds(state, Command("a", "attack", {"target": "b1", "power": False}))
    assert by_outcome(odds) == expected_melee(3, 3)


def test_only_attacks_the_seat_could_make_now_have_odds(dice):
    """An attack on a foe not in contact is refused as the command itself would
    be (seed 000, MELEE COMBAT); a move has no odds."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (9, 5)))
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    with pytest.raises(RulesError) as refused:
        SYSTEM.odds(state, Command("a", "attack", {"target": "b1", "power": False}))
    assert refused.value.code == "illegal_command"
    with pytest.raises(RulesError) as refused:
        SYSTEM.odds(state, Command("a", "move", {"to": [6, 5]}))
    assert refused.value.code == "no_odds"


def test_shot_odds_are_one_sided_with_the_range_penalty(dice):
    """seed 000, RANGED COMBAT: the target's roll is purely defensive; RANGE
    MODIFIERS: within double the range, -2."""
    state = battle(fig("a1", "Archer", 3, 3, (2, 5), rules=["Shooter (Long)"]),
                   fig("b1", "Orc", 4, 2, (17, 5)))  # 15 hexes: 2 x Long
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    odds = SYSTEM.odds(state, Command("a", "shoot", {"target": "b1", "aimed": False}))
    assert odds["modifiers"] == [["2 x range -2"], []]
    table = expected_melee(1, 2)  # C3 - 2 against C2
    one_sided = {k: n for k, n in table.items() if k[0] == "defender"}
    one_sided[(None, "none")] = 36 - sum(one_sided.values())
    assert by_outcome(odds) == one_sided
