"""Pools then knockout: snake-seeded pools play a round robin each, the best of every pool
go on to a single-elimination bracket.

Bracket seeding: all pool winners first (pool 1's first: pools are snake-seeded, so pool 1
holds the top seed), then all runners-up, and so on. Two players from the same pool are
kept apart in the bracket's first round where a swap within the same finishing place
allows it — they have met already."""

from __future__ import annotations

import itertools

from server.tournaments.format import EventSettings, TournamentError
from server.tournaments.knockout import Match, first_round
from server.tournaments.models import Bye, Game, Pairings, Player
from server.tournaments.round_robin import pools, round_robin_schedule
from server.tournaments.standings import Standing, standings

__all__ = ["pools", "pool_schedules", "pool_standings", "knockout_from_pools"]


def pool_schedules(pool_list: list[list[Player]]) -> list[list[Pairings]]:
    """Each pool's Berger round robin, pool by pool."""
    return [round_robin_schedule(pool) for pool in pool_list]


def pool_standings(
    pool: list[Player], history: list[Game | Bye], settings: EventSettings
) -> list[Standing]:
    """A pool's table from its own games only (the event's tie-breaks, within the pool)."""
    ids = {p.id for p in pool}
    own = [
        item
        for item in history
        if (isinstance(item, Bye) and item.player in ids)
        or (isinstance(item, Game) and item.player_a in ids and item.player_b in ids)
    ]
    met = {frozenset((g.player_a, g.player_b)) for g in own if isinstance(g, Game)}
    unplayed = [
        pair for pair in itertools.combinations(sorted(ids), 2) if frozenset(pair) not in met
    ]
    if unplayed:
        a, b = unplayed[0]
        raise TournamentError(
            "tournament.pools_unfinished",
            f"The pools are not finished: {a} and {b} have not played their game yet.",
        )
    return standings(pool, own, settings)


def knockout_from_pools(
    pool_list: list[list[Player]],
    history: list[Game | Bye],
    settings: EventSettings,
    per_pool: int,
) -> list[Match]:
    """The knockout's first round from the top `per_pool` of every finished pool."""
    if not 1 <= per_pool <= min(len(pool) for pool in pool_list):
        raise TournamentError(
            "tournament.bad_qualifiers",
            "The number going through from each pool must be between 1 and the smallest "
            "pool's size.",
        )
    if per_pool * len(pool_list) < 2:
        raise TournamentError(
            "tournament.too_few_players", "A knockout needs at least two players."
        )
    tables = [[s.player for s in pool_standings(pool, history, settings)] for pool in pool_list]
    pool_of = {pid: index for index, table in enumerate(tables) for pid in table}
    tier_of = {table[place]: place for table in tables for place in range(per_pool)}
    seeded = [table[place] for place in range(per_pool) for table in tables]
    return _apart(first_round(seeded), pool_of, tier_of)


def _apart(matches: list[Match], pool_of: dict[str, int], tier_of: dict[str, int]) -> list[Match]:
    """Swap second players of the same finishing place between first-round matches so no
    match pairs two players from one pool, where such a swap exists."""
    matches = list(matches)

    def clash(a: str | None, b: str | None) -> bool:
        return a is not None and b is not None and pool_of[a] == pool_of[b]

    for i, match in enumerate(matches):
        if not clash(match.player_a, match.player_b):
            continue
        for j, other in enumerate(matches):
            if (
                j != i
                and other.player_b is not None
                and tier_of[other.player_b] == tier_of[match.player_b]  # type: ignore[index]
                and not clash(match.player_a, other.player_b)
                and not clash(other.player_a, match.player_b)
            ):
                matches[i] = Match(match.slot, match.player_a, other.player_b)
                matches[j] = Match(other.slot, other.player_a, match.player_b)
                break
    return matches
