"""Swiss pairing behind our own interface, wrapping caissify-pairings' FIDE Dutch engine.

Forbidden pairings (same club/team) are enforced by handing them to the engine as if
already played: "no rematch" is an absolute criterion of the Dutch system, so the engine
treats them exactly like a repeat pairing. The result is checked again before return.
Colours: our sides have no colour, so every player is given an empty colour history and
the engine's white/black is discarded (see docs/tournaments.md)."""

from __future__ import annotations

import warnings

from caissify_pairings import MissingFloatHistoryWarning, generate_pairings

from server.tournaments.format import EventSettings, TournamentError
from server.tournaments.models import Bye, Game, Pairings, Player


def tournament_points(player_id: str, history: list[Game | Bye], settings: EventSettings) -> int:
    total = 0
    for item in history:
        if isinstance(item, Bye):
            total += settings.points_bye if item.player == player_id else 0
        elif player_id in (item.player_a, item.player_b):
            if item.winner is None:
                total += settings.points_draw
            else:
                total += settings.points_win if item.winner == player_id else settings.points_loss
    return total


def pair_round(
    players: list[Player], history: list[Game | Bye], settings: EventSettings, round_number: int
) -> Pairings:
    late = [p.id for p in players if p.joined_round > settings.late_registration_until_round]
    if late:
        raise TournamentError(
            "tournament.registration_closed",
            f"Registration closed before round {settings.late_registration_until_round + 1}; "
            f"{late[0]} cannot join.",
        )
    active = [p for p in players if not p.withdrawn and p.joined_round <= round_number]
    if len(active) < 2:
        raise TournamentError(
            "tournament.too_few_players", "A round needs at least two players still in the event."
        )
    ids = [p.id for p in active]
    if len(set(ids)) != len(ids):
        raise TournamentError(
            "tournament.duplicate_player", "Each player may be registered only once."
        )
    number = {
        p.id: i for i, p in enumerate(sorted(active, key=lambda p: (-p.rating, p.id)), start=1)
    }
    by_number = {n: pid for pid, n in number.items()}
    forbidden = settings.forbidden_pairs() | _club_pairs(active)
    played = {frozenset((g.player_a, g.player_b)) for g in history if isinstance(g, Game)}
    avoid = {
        (number[a], number[b])
        for a, b in (tuple(pair) for pair in played | forbidden)
        if a in number and b in number
    }
    byes = {item.player for item in history if isinstance(item, Bye)}
    engine_players = [
        {
            "id": number[p.id],
            "name": p.id,
            "score": float(tournament_points(p.id, history, settings)),
            "rating": p.rating,
            "starting_number": number[p.id],
            "color_hist": [],
            "float_history": [],
            "bye_count": 1 if p.id in byes else 0,
        }
        for p in active
    ]
    with warnings.catch_warnings():
        warnings.simplefilter(
            "ignore", MissingFloatHistoryWarning
        )  # no colours, so floats only order ties
        raw = generate_pairings(
            "dutch",
            engine_players,
            avoid,
            round_number,
            settings.rounds,
            bye_value=float(settings.points_bye),
            max_byes_per_player=1,
        )
    tables: list[tuple[str, str]] = []
    bye: str | None = None
    for entry in sorted(raw, key=lambda e: e["table"]):
        if entry.get("black_id") is None:
            bye = by_number[entry["white_id"]]
        else:
            tables.append((by_number[entry["white_id"]], by_number[entry["black_id"]]))
    _check(tables, bye, active, played | forbidden, byes, round_number)
    return Pairings(round=round_number, tables=tuple(tables), bye=bye)


def _club_pairs(players: list[Player]) -> set[frozenset[str]]:
    return {
        frozenset((a.id, b.id))
        for a in players
        for b in players
        if a.id < b.id and a.club and a.club == b.club
    }


def _check(tables, bye, active, avoid, byes, round_number) -> None:
    """The engine must honour every absolute rule; if it cannot, the round is unpairable."""
    seated = [pid for table in tables for pid in table] + ([bye] if bye else [])
    broken = any(frozenset(t) in avoid for t in tables) or bye in byes
    if broken or sorted(seated) != sorted(p.id for p in active):
        raise TournamentError(
            "tournament.unpairable",
            f"Round {round_number} cannot be paired without a repeat, a forbidden pairing or "
            "a second bye.",
        )
