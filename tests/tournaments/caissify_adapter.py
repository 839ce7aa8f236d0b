"""caissify-pairings' FIDE Dutch engine driven with the same inputs as our pair_round: the
second library the Swiss pairing is cross-checked against (tests only; it is too slow for
large fields, see docs/tournaments.md)."""

from __future__ import annotations

import warnings

from caissify_pairings import MissingFloatHistoryWarning, generate_pairings

from server.tournaments.format import EventSettings
from server.tournaments.models import Bye, Game, Pairings, Player
from server.tournaments.pairing import all_points


def caissify_round(
    players: list[Player], history: list[Game | Bye], settings: EventSettings, round_number: int
) -> Pairings:
    """Same numbering (rating, then id), same forbidden pairs (handed over as already
    played), no colour history, at most one bye each."""
    active = [p for p in players if not p.withdrawn and p.joined_round <= round_number]
    number = {
        p.id: i for i, p in enumerate(sorted(active, key=lambda p: (-p.rating, p.id)), start=1)
    }
    by_number = {n: pid for pid, n in number.items()}
    clubs = {
        frozenset((a.id, b.id))
        for a in active
        for b in active
        if a.id < b.id and a.club and a.club == b.club
    }
    played = {frozenset((g.player_a, g.player_b)) for g in history if isinstance(g, Game)}
    avoid = {
        (number[a], number[b])
        for a, b in (tuple(pair) for pair in played | settings.forbidden_pairs() | clubs)
        if a in number and b in number
    }
    points = all_points(history, settings)
    byes = {item.player for item in history if isinstance(item, Bye)}
    engine_players = [
        {
            "id": number[p.id],
            "name": p.id,
            "score": float(points.get(p.id, 0)),
            "rating": p.rating,
            "starting_number": number[p.id],
            "color_hist": [],
            "float_history": [],
            "bye_count": 1 if p.id in byes else 0,
        }
        for p in active
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingFloatHistoryWarning)
        raw = generate_pairings(
            "dutch",
            engine_players,
            avoid,
            round_number,
            settings.rounds,
            bye_value=float(settings.points_bye),
            max_byes_per_player=1,
        )
    tables, bye = [], None
    for entry in sorted(raw, key=lambda e: e["table"]):
        if entry.get("black_id") is None:
            bye = by_number[entry["white_id"]]
        else:
            tables.append((by_number[entry["white_id"]], by_number[entry["black_id"]]))
    return Pairings(round=round_number, tables=tuple(tables), bye=bye)
