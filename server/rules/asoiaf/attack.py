"""The attack sequence (seed 004, ATTACK SEQUENCE) for close combat and ranged:
attack dice against the attack value, defence dice against the defence value,
natural 10s, wounds, kill or capture, surge forth. Dice are rolled by the
caller (system.py's decide) through `roll_attack`/`roll_defence` so the faces
land in the event; everything else is pure. Coin improvements and aftermaths
are attack_sequence.py's."""

from __future__ import annotations

from dataclasses import dataclass, replace

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


def suffer(state: State, uid: str, wounds: int, removal: str = "killed") -> State:
    """Take the wounds; at none left the model is removed, `removal` being
    "killed" or, for a hero or champion hit in close combat, "captured" if the
    attacker chose so (step 9)."""
    model = state.model(uid)
    left = max(0, model.wounds_left - wounds)
    if left:
        return state.with_model(replace(model, wounds_left=left))
    return state.with_model(replace(model, wounds_left=0, square=None, removed=removal))


def may_capture(model_type: str, kind: str) -> bool:
    """"Champions and heroes that have lost all [wounds] because of a close
    combat attack can either be killed or captured"."""
    return kind == "close" and model_type in ("hero", "champion")


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
