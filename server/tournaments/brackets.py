"""The served bracket formats, from the store's rows: pools then knockout, Swiss then
knockout (a top cut), and double elimination. Pure functions, like history.py (which calls them).

Nothing of a bracket is stored beyond the rounds' tables: the field is round 1's
players (byes included, so a top seed's walkover is a table too), the seeds are the
entries' ratings (fixed at registration), and each later round is recomputed from those
and the results so far. Double elimination: round k's tables, in order, are the bracket's
matches whose two players are known and which have no result from rounds before k (so
round 1 is the winners bracket's first round, round 2 its second with the losers
bracket's first, and so on); a row maps back to its bracket match by that order."""

from __future__ import annotations

from typing import Any

from server.tournaments import knockout
from server.tournaments.double_elimination import DoubleBracket, double_elimination
from server.tournaments.event_settings import ServedSettings
from server.tournaments.models import Bye, Game, Player
from server.tournaments.pools import knockout_from_pools, pools
from server.tournaments.round_robin import round_robin_schedule
from server.tournaments.rows import history
from server.tournaments.standings import standings
from server.tournaments.swiss_cut import top_cut


def first_field(everyone: list[Player], rows: list[dict[str, Any]]) -> list[Player]:
    """Round 1's players (its byes too), best seed first; before round 1, the entries
    still in."""
    if not rows:
        field = [p for p in everyone if not p.withdrawn]
    else:
        first = {pid for p in rows if p["round"] == 1
                 for pid in (p["player_a"], p["player_b"]) if pid}
        field = [p for p in everyone if p.id in first]
    return sorted(field, key=lambda p: (-p.rating, p.id))


def went_through(row: dict[str, Any], seeds: list[str]) -> str:
    """Who goes on from a decided bracket game: the winner; after a draw, more victory
    points, then the higher seed (a bracket game must send one player on)."""
    r = row["result"]
    if r["winner"] is not None or row["player_b"] is None:
        return r["winner"] or row["player_a"]
    if r.get("vp_a", 0) != r.get("vp_b", 0):
        return row["player_a"] if r.get("vp_a", 0) > r.get("vp_b", 0) else row["player_b"]
    rank = {pid: n for n, pid in enumerate(seeds)}
    return min((row["player_a"], row["player_b"]), key=lambda pid: rank.get(pid, len(rank)))


# -- pools then knockout ------------------------------------------------------------
def pool_list(settings: ServedSettings, field: list[Player]) -> list[list[Player]]:
    """Snake-seeded pools of about `pool_size` players (the remainder spread over them)."""
    return pools(field, max(1, len(field) // settings.pool_size))


def pool_rounds(groups: list[list[Player]]) -> int:
    return max(len(round_robin_schedule(group)) for group in groups)


def pools_knockout_rounds(settings: ServedSettings, field: list[Player]) -> int:
    groups = pool_list(settings, field)
    qualifiers = settings.pool_qualifiers * len(groups)
    return pool_rounds(groups) + max(1, (qualifiers - 1).bit_length())


def pools_knockout_tables(settings: ServedSettings, everyone: list[Player],
                          rows: list[dict[str, Any]], number: int):
    """Round `number`: a round of every pool's round robin, then the knockout seeded by
    pool standing (knockout_from_pools), then its later rounds."""
    field = first_field(everyone, rows)
    groups = pool_list(settings, field)
    in_pools = pool_rounds(groups)
    if number <= in_pools:
        tables = []
        for group in groups:
            schedule = round_robin_schedule(group)
            if number <= len(schedule):
                drawn = schedule[number - 1]
                tables += list(drawn.tables) + ([(drawn.bye, None)] if drawn.bye else [])
        return tables
    if number == in_pools + 1:
        matches = knockout_from_pools(groups, history(rows), settings.pairing,
                                      settings.pool_qualifiers)
    else:
        matches = next_knockout_round(rows, number, [p.id for p in field])
    return as_tables(matches)


def as_tables(matches: list[knockout.Match]) -> list[tuple[str, str | None]]:
    """A knockout round's matches as tables, in bracket order (a bye: its player alone)."""
    return [(m.player_a or m.player_b, m.player_b if m.player_a else None) for m in matches]


def next_knockout_round(rows, number: int, seeds: list[str]) -> list[knockout.Match]:
    last = sorted((p for p in rows if p["round"] == number - 1), key=lambda p: p["table_no"])
    previous = [knockout.Match(p["table_no"] - 1, p["player_a"], p["player_b"]) for p in last]
    winners = {p["table_no"] - 1: went_through(p, seeds) for p in last}
    return knockout.advance(previous, winners)


def pool_tables(settings: ServedSettings, everyone: list[Player],
                rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each pool's players and its standings so far (its own games of the pool rounds)."""
    groups = pool_list(settings, first_field(everyone, rows))
    in_pools = pool_rounds(groups)  # (a knockout game between two of a pool is not theirs)
    played = history([p for p in rows if p["round"] <= in_pools])
    out = []
    for number, group in enumerate(groups, start=1):
        ids = {p.id for p in group}
        own = [g for g in played if (isinstance(g, Bye) and g.player in ids)
               or (isinstance(g, Game) and g.player_a in ids and g.player_b in ids)]
        table = standings(group, own, settings.pairing)
        out.append({"pool": number, "players": [p.id for p in group],
                    "standings": [{"rank": s.rank, "player": s.player, "points": s.points}
                                  for s in table]})
    return out


# -- Swiss then knockout (a top cut) -------------------------------------------------
def cut_seeds(settings: ServedSettings, everyone: list[Player],
              rows: list[dict[str, Any]]) -> list[str]:
    """The knockout's seeds, best first, by the Swiss standing (its rounds' games only):
    the top `cut` of those who played the Swiss (before it, the entries still in). Once
    the knockout's first round is stored, exactly its players: a later withdrawal or
    correction moves no one in or out of a bracket already drawn."""
    swiss = [p for p in rows if p["round"] <= settings.pairing.rounds]
    played = {pid for p in swiss for pid in (p["player_a"], p["player_b"]) if pid}
    field = [p for p in everyone if p.id in played] if played \
        else [p for p in everyone if not p.withdrawn]
    drawn = {pid for p in rows if p["round"] == settings.pairing.rounds + 1
             for pid in (p["player_a"], p["player_b"]) if pid}
    if drawn:
        table = standings(field, history(swiss), settings.pairing)
        return [s.player for s in table if s.player in drawn]
    return top_cut(field, history(swiss), settings.pairing, settings.cut)


def swiss_knockout_rounds(settings: ServedSettings, everyone: list[Player],
                          rows: list[dict[str, Any]]) -> int:
    seeds = cut_seeds(settings, everyone, rows)
    return settings.pairing.rounds + max(1, (len(seeds) - 1).bit_length())


def swiss_knockout_tables(settings: ServedSettings, everyone: list[Player],
                          rows: list[dict[str, Any]], number: int):
    """A knockout round after the Swiss (the Swiss rounds are paired as in a Swiss)."""
    seeds = cut_seeds(settings, everyone, rows)
    matches = knockout.first_round(seeds) if number == settings.pairing.rounds + 1 \
        else next_knockout_round(rows, number, seeds)
    return as_tables(matches)


# -- double elimination -------------------------------------------------------------
def double_bracket(everyone: list[Player], rows: list[dict[str, Any]],
                   upto: int | None = None) -> tuple[DoubleBracket, dict[tuple[int, int], str]]:
    """The bracket from the results of rounds before `upto` (all rounds if None), and
    which bracket match each stored game is: (round, table) -> match id."""
    seeds = [p.id for p in first_field(everyone, rows)]
    results: dict[str, str] = {}
    slots: dict[tuple[int, int], str] = {}
    last = max((p["round"] for p in rows), default=0)
    for number in range(1, last + 1 if upto is None else min(upto, last + 1)):
        pending = [m.id for m in double_elimination(seeds, results).matches
                   if m.winner is None]
        games = [p for p in rows if p["round"] == number and p["player_b"] is not None]
        for row, match_id in zip(sorted(games, key=lambda p: p["table_no"]), pending,
                                 strict=False):
            slots[(number, row["table_no"])] = match_id
            if row["result"] is not None:
                results[match_id] = went_through(row, seeds)
    return double_elimination(seeds, results), slots


def double_tables(everyone: list[Player], rows: list[dict[str, Any]], number: int):
    """Round `number`: the bracket's playable matches (round 1: with the top seeds' byes
    as tables, so the field is kept)."""
    if number == 1:
        seeds = [p.id for p in first_field(everyone, rows)]
        matches = knockout.first_round(seeds)
        games = [(m.player_a, m.player_b) for m in matches if m.player_a and m.player_b]
        return games + [(m.player_a or m.player_b, None) for m in matches
                        if not (m.player_a and m.player_b)]
    bracket, _ = double_bracket(everyone, rows, upto=number)
    return [(m.player_a, m.player_b) for m in bracket.matches if m.winner is None]
