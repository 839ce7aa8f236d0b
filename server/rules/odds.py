"""Exact odds by enumeration: run a rules system's own `decide` once for every
combination of the dice that settle an outcome, and count the outcomes.

Nothing is estimated or sampled, and nothing is re-implemented: the odds come
from the very code that will resolve the command, with the same modifiers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from itertools import product

from server.rules.dice import Dice


class FixedDice:
    """Dice that roll the given values first, then `rest` for anything further
    (rolls after the outcome, such as a poison die, do not change it)."""

    def __init__(self, values: tuple[int, ...], rest: int = 1) -> None:
        self.values = list(values)
        self.rest = rest

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        taken, self.values = self.values[:count], self.values[count:]
        return tuple(taken) + (self.rest,) * (count - len(taken))


def enumerate_dice(resolve: Callable[[Dice], Hashable], count: int,
                   sides: int = 6) -> Counter:
    """How many of the sides**count equally likely rolls give each outcome."""
    return Counter(resolve(FixedDice(roll)) for roll in product(range(1, sides + 1),
                                                               repeat=count))
