"""Players, played games and byes: the history every pairing and standing is computed from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Player:
    id: str
    rating: int = 0
    joined_round: int = 1  # late entrants join at a later round with 0 points
    withdrawn: bool = False
    club: str | None = None


@dataclass(frozen=True)
class Game:
    round: int
    player_a: str
    player_b: str
    winner: str | None  # None = draw
    vp_a: int = 0  # victory points scored on the table, for the VP differential
    vp_b: int = 0


@dataclass(frozen=True)
class Bye:
    round: int
    player: str


@dataclass(frozen=True)
class Pairings:
    round: int
    tables: tuple[tuple[str, str], ...]
    bye: str | None = None
