"""Dice that remember: the dice an ability rolls as it resolves (its will tests,
its hits' defence dice, the terrain its moves enter) are rolled once when the
command is decided, kept in its event, and replayed from the event's faces when
the event is applied. Every rule that rolls while an ability resolves takes
such dice, so they sit below all of them (they read nothing of the rules)."""

from __future__ import annotations


class Recorded:
    """Dice that remember what they rolled (decide), or give back what was
    recorded (evolve), so the event holds the faces."""

    def __init__(self, dice=None, faces=()):
        self.dice, self.faces, self.given = dice, list(faces), 0
        self.drawn = 0  # agenda cards a will test's result drew (the event keeps them)

    def roll(self, count: int, sides: int = 10) -> tuple[int, ...]:
        if self.dice is not None:
            rolled = self.dice.roll(count, sides)
            self.faces += rolled
            return rolled
        rolled = tuple(self.faces[self.given:self.given + count])
        self.given += count
        return rolled
