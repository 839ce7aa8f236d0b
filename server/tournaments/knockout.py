"""Single-elimination bracket: standard seeding (1 v N, 2 v N-1 ... folded so 1 and 2 can
only meet in the final), byes to the top seeds when the field is not a power of two."""

from __future__ import annotations

from dataclasses import dataclass

from server.tournaments.format import TournamentError


def bracket_order(size: int) -> list[int]:
    """Seed numbers in bracket slot order for a power-of-two `size`."""
    order = [1]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


@dataclass(frozen=True)
class Match:
    slot: int
    player_a: str | None  # None = a bye: the other player advances unplayed
    player_b: str | None


def first_round(seeded: list[str]) -> list[Match]:
    """`seeded` is best first (by rating or by Swiss standing, the caller decides)."""
    if len(seeded) < 2:
        raise TournamentError(
            "tournament.too_few_players", "A knockout needs at least two players."
        )
    if len(set(seeded)) != len(seeded):
        raise TournamentError("tournament.duplicate_player", "Each player may be seeded only once.")
    size = 1 << (len(seeded) - 1).bit_length()
    slots = [seeded[s - 1] if s <= len(seeded) else None for s in bracket_order(size)]
    return [Match(i, slots[2 * i], slots[2 * i + 1]) for i in range(size // 2)]


def advance(matches: list[Match], winners: dict[int, str]) -> list[Match]:
    """Next round from this round's winners (byes advance by themselves)."""
    through = []
    for match in matches:
        if match.player_a is None or match.player_b is None:
            through.append(match.player_a or match.player_b)
        elif winners.get(match.slot) in (match.player_a, match.player_b):
            through.append(winners[match.slot])
        else:
            raise TournamentError(
                "tournament.missing_result",
                f"Match {match.slot + 1} needs a winner from its two players.",
            )
    if len(through) == 1:
        raise TournamentError("tournament.finished", f"The knockout is over: {through[0]} won.")
    return [Match(i, through[2 * i], through[2 * i + 1]) for i in range(len(through) // 2)]
