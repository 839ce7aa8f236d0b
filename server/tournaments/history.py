"""The next round's tables for each format, and how many rounds an event has, from the
store's rows. Pure functions (the rows in core terms: rows.py, re-exported here)."""

from __future__ import annotations

from typing import Any

from server.tournaments import brackets, knockout
from server.tournaments.event_settings import ServedSettings, in_swiss
from server.tournaments.models import Player
from server.tournaments.pairing import pair_round
from server.tournaments.round_robin import round_robin_schedule
from server.tournaments.rows import OUT, history, players

__all__ = ["OUT", "history", "players", "total_rounds", "next_tables"]


def total_rounds(settings: ServedSettings, entries: list[dict[str, Any]],
                 rows: list[dict[str, Any]]) -> int:
    """Swiss: as set. Round robin: one round per opponent. Knockout: until one is left.
    Pools then knockout: the pools' rounds, then the knockout's. Swiss then knockout:
    the Swiss rounds, then the top cut's knockout. Double elimination: the
    rounds played, and one more while there is no champion (a bracket's length depends
    on its results: a reset final, or none)."""
    fmt = settings.pairing.format
    if fmt == "swiss":
        return settings.pairing.rounds
    everyone = players(entries)
    if fmt == "swiss_knockout":
        return brackets.swiss_knockout_rounds(settings, everyone, rows)
    field = brackets.first_field(everyone, rows)
    if fmt == "round_robin":
        return len(field) - 1 + len(field) % 2
    if fmt == "pools_knockout":
        return brackets.pools_knockout_rounds(settings, field)
    if fmt == "double_elimination":
        bracket, _ = brackets.double_bracket(everyone, rows)
        played = max((p["round"] for p in rows), default=0)
        return played + (bracket.champion is None)
    return max(1, (len(field) - 1).bit_length())


def next_tables(settings: ServedSettings, entries: list[dict[str, Any]],
                rows: list[dict[str, Any]], number: int,
                checked_in_only: bool) -> list[dict[str, Any]]:
    """Round `number`'s tables: {"player_a", "player_b" (None: a bye), "result"} (a bye
    carries its result at once; a game with a withdrawn player is forfeited to the
    other). TournamentError if the round cannot be paired."""
    pool = [e for e in entries if not checked_in_only or e["status"] == "checked-in"
            or e["status"] in OUT]
    given = {e["account_id"] for e in pool if e["bye_round"] == number
             and e["status"] not in OUT}
    everyone = players(pool)
    fmt = settings.pairing.format
    if in_swiss(settings, number):
        pairable = [p if p.id not in given else Player(p.id, p.rating, p.joined_round, True,
                                                       p.club) for p in everyone]
        drawn = pair_round(pairable, history(rows), settings.pairing, number)
        byes = sorted(given) + ([drawn.bye] if drawn.bye else [])
        tables = list(drawn.tables) + [(pid, None) for pid in byes]
    elif fmt == "round_robin":
        tables = _round_robin(everyone, rows, number)
    elif fmt == "pools_knockout":
        tables = brackets.pools_knockout_tables(settings, everyone, rows, number)
    elif fmt == "swiss_knockout":
        tables = brackets.swiss_knockout_tables(settings, everyone, rows, number)
    elif fmt == "double_elimination":
        tables = brackets.double_tables(everyone, rows, number)
    else:
        tables = _knockout(everyone, rows, number)  # (in bracket order, byes in place)
    return [_table(a, b, everyone) for a, b in tables]


def _table(a: str, b: str | None, everyone: list[Player]) -> dict[str, Any]:
    out = {p.id for p in everyone if p.withdrawn}
    result = None
    if b is None:
        result = {"winner": a, "vp_a": 0, "vp_b": 0, "how": "bye"}
    elif a in out or b in out:  # (round robin and knockout keep a withdrawn player's slot)
        winner = None if a in out and b in out else (b if a in out else a)
        result = {"winner": winner, "vp_a": 0, "vp_b": 0, "how": "forfeit"}
    return {"player_a": a, "player_b": b, "result": result}


def _round_robin(everyone: list[Player], rows, number: int):
    # the schedule is the one round 1 was drawn from: the same field, whoever left
    schedule = round_robin_schedule(brackets.first_field(everyone, rows))
    drawn = schedule[number - 1]
    return list(drawn.tables) + ([(drawn.bye, None)] if drawn.bye else [])


def _knockout(everyone: list[Player], rows, number: int):
    seeds = [p.id for p in brackets.first_field(everyone, rows)]
    matches = knockout.first_round(seeds) if number == 1 \
        else brackets.next_knockout_round(rows, number, seeds)
    return brackets.as_tables(matches)
