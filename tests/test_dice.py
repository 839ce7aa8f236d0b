"""server.rules.dice: the verifiable seeded stream and scripted dice."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from server.rules.dice import DiceScriptError, ScriptedDice, SeededDice, commitment, new_seed


def reference_rolls(seed: bytes, count: int, sides: int) -> list[int]:
    """The stream as the module docstring specifies it, written independently."""
    stream = b"".join(hashlib.sha256(seed + i.to_bytes(8, "big")).digest() for i in range(64))
    limit = 256 - 256 % sides
    return [1 + b % sides for b in stream if b < limit][:count]


@pytest.mark.parametrize("sides", [6, 10, 12, 20])
def test_stream_matches_the_published_definition(sides):
    expected = reference_rolls(b"match-42", 100, sides)
    assert list(SeededDice(b"match-42").roll(100, sides)) == expected


def test_resuming_at_a_position_continues_the_same_stream():
    dice = SeededDice(b"resume")
    dice.roll(37)
    position = dice.position
    rest = dice.roll(50, 12)
    assert SeededDice(b"resume", position=position).roll(50, 12) == rest


def test_d6_is_fair_over_a_fixed_seed():
    # A fixed seed: the outcome is deterministic, never luck.
    counts = Counter(SeededDice(b"fairness").roll(60_000))
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    chi_square = sum((n - 10_000) ** 2 / 10_000 for n in counts.values())
    assert chi_square < 20.5  # p = 0.001 for 5 degrees of freedom


def test_commitment_is_sha256_of_the_seed():
    seed = new_seed()
    assert len(seed) == 32
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()


def test_scripted_dice_return_exactly_the_script():
    dice = ScriptedDice().fix(4, 2, 6)
    assert dice.roll(2) == (4, 2)
    assert dice.roll(1) == (6,)
    dice.assert_exhausted()


def test_scripted_dice_fail_when_rules_roll_too_many():
    dice = ScriptedDice(3)
    with pytest.raises(DiceScriptError, match="more dice"):
        dice.roll(2)


def test_scripted_dice_fail_when_rules_roll_too_few():
    dice = ScriptedDice(3, 4)
    dice.roll(1)
    with pytest.raises(DiceScriptError, match="fewer dice"):
        dice.assert_exhausted()


def test_scripted_dice_check_die_size():
    with pytest.raises(DiceScriptError):
        ScriptedDice().fix(7, sides=6)
    dice = ScriptedDice().fix(9, sides=10)
    with pytest.raises(DiceScriptError, match="d10"):
        dice.roll(1, 6)
