"""Dice: a per-match seeded stream anyone can re-derive, and scripted dice for tests.

The stream is defined independently of Python so a third party can verify a
match once its seed is revealed (docs/protocol.md, Fairness, is the definition
and has worked examples; keep the two in step):

    block_i = SHA-256(seed || i as 8-byte big-endian unsigned), i = 0, 1, 2, ...
    bytes   = block_0 || block_1 || ...
    a die with n sides (2 <= n <= 256) takes the next byte b; if
    b >= 256 - (256 mod n) the byte is skipped (rejection keeps the die fair),
    otherwise the result is 1 + (b mod n).

The match commits to `commitment(seed)` = SHA-256(seed) hex when it is created
and reveals the seed when it ends. Because every roll is also written into the
events, a replay never needs the seed; the seed lets anyone check the rolls
were not chosen.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Protocol


class Dice(Protocol):
    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """Roll `count` dice of `sides` sides."""


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    """The public commitment to a seed, published before the first roll."""
    return hashlib.sha256(seed).hexdigest()


class SeededDice:
    """The deterministic stream above. `position` is how many bytes have been
    consumed, so a resumed match continues exactly where it stopped."""

    __slots__ = ("_seed", "_position", "_block", "_block_index")

    def __init__(self, seed: bytes, position: int = 0) -> None:
        if not seed:
            raise ValueError("a dice seed must not be empty")
        self._seed = bytes(seed)
        self._position = position
        self._block_index = -1
        self._block = b""

    @property
    def seed(self) -> bytes:
        return self._seed

    @property
    def position(self) -> int:
        return self._position

    def _next_byte(self) -> int:
        index, offset = divmod(self._position, 32)
        if index != self._block_index:
            self._block = hashlib.sha256(self._seed + index.to_bytes(8, "big")).digest()
            self._block_index = index
        self._position += 1
        return self._block[offset]

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        if not 2 <= sides <= 256:
            raise ValueError(f"dice must have 2 to 256 sides, not {sides}")
        limit = 256 - (256 % sides)
        out = []
        while len(out) < count:
            b = self._next_byte()
            if b < limit:
                out.append(1 + b % sides)
        return tuple(out)


class DiceScriptError(AssertionError):
    """The rules consumed more or fewer dice than a test scripted."""


class ScriptedDice:
    """Dice that return exactly the rolls a test scripts.

        dice = ScriptedDice()
        dice.fix(4, 2, 6)          # the next three dice, in order
        ...decide(...)...
        dice.assert_exhausted()    # fails if the rules rolled fewer dice

    Rolling more dice than scripted fails at once. The `dice` pytest fixture
    calls `assert_exhausted` after every test, so no test passes by luck.
    """

    def __init__(self, *rolls: int) -> None:
        self._queue: list[tuple[int, int | None]] = []
        self.consumed: list[int] = []
        self.fix(*rolls)

    def fix(self, *rolls: int, sides: int | None = None) -> ScriptedDice:
        """Queue rolls; with `sides`, each must be requested as a die of that size."""
        for value in rolls:
            if sides is not None and not 1 <= value <= sides:
                raise DiceScriptError(f"scripted roll {value} impossible on a d{sides}")
            self._queue.append((value, sides))
        return self

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        out = []
        for _ in range(count):
            if not self._queue:
                raise DiceScriptError(
                    f"the rules rolled more dice than scripted (after {self.consumed})")
            value, want_sides = self._queue.pop(0)
            if want_sides is not None and want_sides != sides:
                raise DiceScriptError(f"scripted a d{want_sides} but the rules rolled a d{sides}")
            if not 1 <= value <= sides:
                raise DiceScriptError(f"scripted roll {value} impossible on a d{sides}")
            out.append(value)
            self.consumed.append(value)
        return tuple(out)

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(v for v, _ in self._queue)

    def assert_exhausted(self) -> None:
        if self._queue:
            raise DiceScriptError(
                f"the rules rolled fewer dice than scripted; unused: {list(self.remaining)}")
