"""Round robin by FIDE Berger tables from caissify-pairings (odd counts: one bye a round)."""

from __future__ import annotations

from caissify_pairings.engines.round_robin import berger_schedule

from server.tournaments.format import TournamentError
from server.tournaments.models import Pairings, Player


def round_robin_schedule(players: list[Player]) -> list[Pairings]:
    """Every pair meets exactly once; players are numbered by rating (highest = 1)."""
    if len(players) < 2:
        raise TournamentError(
            "tournament.too_few_players", "A round robin needs at least two players."
        )
    ordered = [p.id for p in sorted(players, key=lambda p: (-p.rating, p.id))]
    slots = len(ordered) + len(ordered) % 2  # odd count: a ghost slot, whoever meets it sits out
    rounds = []
    for index, boards in enumerate(berger_schedule(slots), start=1):
        tables, bye = [], None
        for a, b in boards:
            if max(a, b) > len(ordered):
                bye = ordered[min(a, b) - 1]
            else:
                tables.append((ordered[a - 1], ordered[b - 1]))
        rounds.append(Pairings(round=index, tables=tuple(tables), bye=bye))
    return rounds


def pools(players: list[Player], pool_count: int) -> list[list[Player]]:
    """Snake seeding into pools (1-2-3-3-2-1...) so each pool gets a fair share of strength."""
    if not 1 <= pool_count <= len(players) // 2:
        raise TournamentError("tournament.bad_pools", "Each pool needs at least two players.")
    result: list[list[Player]] = [[] for _ in range(pool_count)]
    for i, player in enumerate(sorted(players, key=lambda p: (-p.rating, p.id))):
        lap, pos = divmod(i, pool_count)
        result[pos if lap % 2 == 0 else pool_count - 1 - pos].append(player)
    return result
