"""The attack sequence (seed 004, ATTACK SEQUENCE) for close combat and ranged:
attack dice against the attack value, defence dice against the defence value,
natural 10s, wounds, and the square a surge enters. Dice are rolled by the
caller (system.py's decide) through `roll_attack`/`roll_defence` so the faces
land in the event; everything else is pure. The sequence's decisions are
attack_sequence.py's, killing and capturing capture.py's."""

from __future__ import annotations

from dataclasses import dataclass

from server.rules.asoiaf.state import State
from server.rules.dice import Dice

ATTACK = "seed 004, ATTACK SEQUENCE"
NATURAL_TEN = 10
D10 = 10


@dataclass(frozen=True)
class Exchange:
    """The dice of one attack: what the event records."""
    attack_faces: tuple[int, ...]
    attack_value: int
    defence_faces: tuple[int, ...]
    defence_value: int

    @property
    def hits(self) -> int:
        return hits(self.attack_faces, self.attack_faces, self.attack_value)

    @property
    def blocked(self) -> int:
        return blocks(self.defence_faces, self.defence_faces, self.defence_value, self.hits)

    @property
    def wounds(self) -> int:
        """"Each unblocked hit causes the defender to suffer 1 [wound]"."""
        return self.hits - self.blocked


def hits(faces: tuple[int, ...], results: tuple[int, ...], value: int) -> int:
    """"Each die result equal or above the attack value is a hit"; "Any attack
    [die] that rolled a natural 10 causes 1 extra hit": a natural 10 hits
    whatever the modifiers (our reading) and adds 1. `results` are the faces
    after modifiers (conditions.results)."""
    return sum((f == NATURAL_TEN) + (f == NATURAL_TEN or r >= value)
               for f, r in zip(faces, results, strict=True))


def blocks(faces: tuple[int, ...], results: tuple[int, ...], value: int, hits: int) -> int:
    """"Each [die] scoring equal or above their [defence] blocks 1 hit"; "Any
    defense that rolled a natural 10 successfully blocks 1 hit, regardless of
    any modifiers"; never more blocks than hits."""
    return min(hits, sum(1 for f, r in zip(faces, results, strict=True)
                         if r >= value or f == NATURAL_TEN))


def roll_attack(dice: Dice, count: int) -> tuple[int, ...]:
    return dice.roll(count, D10)


def roll_defence(dice: Dice, hits: int) -> tuple[int, ...]:
    """"The defender rolls as many dice as hits received"."""
    return dice.roll(hits, D10) if hits else ()


def surge_square(state: State, attacker_uid: str, target_square: tuple[int, int] | None,
                 attacker_engaged: bool) -> tuple[int, int] | None:
    """"An unengaged attacker may surge forth 1 square into a square previously
    occupied by the model killed": that square, when the rule allows it."""
    attacker = state.model(attacker_uid)
    if target_square is None or attacker_engaged or not attacker.on_battlefield:
        return None
    ax, ay = attacker.square
    if max(abs(ax - target_square[0]), abs(ay - target_square[1])) != 1:
        return None
    return None if state.at(target_square) else target_square
