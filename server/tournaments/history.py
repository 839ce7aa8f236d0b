"""From the store's rows to the pairing core's terms: the players, the history of
games and byes, and the next round's tables for each format. Pure functions."""

from __future__ import annotations

from typing import Any

from server.tournaments import knockout
from server.tournaments.event_settings import ServedSettings
from server.tournaments.models import Bye, Game, Player
from server.tournaments.pairing import pair_round
from server.tournaments.round_robin import round_robin_schedule

OUT = ("withdrawn", "dropped")


def players(entries: list[dict[str, Any]]) -> list[Player]:
    return [Player(e["account_id"], rating=e["rating"], joined_round=e["joined_round"],
                   withdrawn=e["status"] in OUT, club=e["club"]) for e in entries]


def history(rows: list[dict[str, Any]]) -> list[Game | Bye]:
    """Every decided game and bye (a game without a result yet is not history)."""
    out: list[Game | Bye] = []
    for p in rows:
        if p["result"] is None:
            continue
        if p["player_b"] is None:
            out.append(Bye(p["round"], p["player_a"]))
        else:
            r = p["result"]
            out.append(Game(p["round"], p["player_a"], p["player_b"], r["winner"],
                            r.get("vp_a", 0), r.get("vp_b", 0)))
    return out


def total_rounds(settings: ServedSettings, rows: list[dict[str, Any]]) -> int:
    """Swiss: as set. Round robin: one round per opponent. Knockout: until one is left."""
    fmt = settings.pairing.format
    if fmt == "swiss":
        return settings.pairing.rounds
    first = {pid for p in rows if p["round"] == 1 for pid in (p["player_a"], p["player_b"])
             if pid}
    if fmt == "round_robin":
        return len(first) - 1 + len(first) % 2
    return max(1, (len(first) - 1).bit_length())


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
    if fmt == "swiss":
        pairable = [p if p.id not in given else Player(p.id, p.rating, p.joined_round, True,
                                                       p.club) for p in everyone]
        drawn = pair_round(pairable, history(rows), settings.pairing, number)
        byes = sorted(given) + ([drawn.bye] if drawn.bye else [])
        tables = list(drawn.tables) + [(pid, None) for pid in byes]
    elif fmt == "round_robin":
        tables = _round_robin(everyone, rows, number)
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
    if number == 1:
        field = [p for p in everyone if not p.withdrawn]
    else:  # the schedule is the one round 1 was drawn from: the same field, whatever left
        first = {pid for p in rows if p["round"] == 1 for pid in (p["player_a"], p["player_b"])}
        field = [p for p in everyone if p.id in first]
    schedule = round_robin_schedule(field)
    drawn = schedule[number - 1]
    return list(drawn.tables) + ([(drawn.bye, None)] if drawn.bye else [])


def _knockout(everyone: list[Player], rows, number: int):
    if number == 1:
        seeded = [p.id for p in sorted((p for p in everyone if not p.withdrawn),
                                       key=lambda p: (-p.rating, p.id))]
        matches = knockout.first_round(seeded)
    else:
        last = [p for p in rows if p["round"] == number - 1]
        previous = [knockout.Match(p["table_no"] - 1, p["player_a"], p["player_b"])
                    for p in sorted(last, key=lambda p: p["table_no"])]
        winners = {p["table_no"] - 1: knockout_winner(p, everyone) for p in last}
        matches = knockout.advance(previous, winners)
    return [(m.player_a or m.player_b, m.player_b if m.player_a else None) for m in matches]


def knockout_winner(row: dict[str, Any], everyone: list[Player]) -> str:
    """Who goes through: the winner; after a draw, more victory points, then the
    higher seed (a knockout game must send one player on)."""
    r = row["result"]
    if r["winner"] is not None or row["player_b"] is None:
        return r["winner"] or row["player_a"]
    if r.get("vp_a", 0) != r.get("vp_b", 0):
        return row["player_a"] if r.get("vp_a", 0) > r.get("vp_b", 0) else row["player_b"]
    seed = {p.id: (-p.rating, p.id) for p in everyone}
    return min((row["player_a"], row["player_b"]), key=lambda pid: seed.get(pid, (0, pid)))
