"""Swiss pairing behind our own interface: pairing-core's FIDE Dutch kernel (MIT).

Why pairing-core: caissify-pairings' Dutch engine did not finish round 2 of a
1,000-player field in ten minutes and its "casual" mode repeats pairings; pairing-core
pairs the same round in about 2 s, and `fast_dutch` computes the kernel's own first-choice
result in milliseconds, falling back to the kernel itself whenever that would need a search.
caissify-pairings is kept as the cross-check in tests (tests/tournaments/test_cross_check.py).

Absolute rules, ours: no repeat pairing; forbidden pairings (same club or team) handed
to the kernel as `forbidden_pairs`, which it treats exactly like a repeat; the bye to the
lowest eligible player (lowest score, then lowest ranked) who has not had one, never a
second (we choose the bye and pair the rest, so the kernel never sees an odd field).
Colours: our sides have no colour, so every player has an empty colour and float history
and the kernel's white/black is discarded (see docs/tournaments.md)."""

from __future__ import annotations

import time

from pairing_core import ExecutionBudgets, PlayerData
from pairing_core.engine import SwissEngine
from pairing_core.errors import EngineTimeoutError

from server.tournaments.fast_dutch import Entrant, first_choice
from server.tournaments.format import EventSettings, TournamentError
from server.tournaments.models import Bye, Game, Pairings, Player


def tournament_points(player_id: str, history: list[Game | Bye], settings: EventSettings) -> int:
    return all_points(history, settings).get(player_id, 0)


def all_points(history: list[Game | Bye], settings: EventSettings) -> dict[str, int]:
    """Every player's tournament points in one pass over the history."""
    points: dict[str, int] = {}
    for item in history:
        if isinstance(item, Bye):
            points[item.player] = points.get(item.player, 0) + settings.points_bye
            continue
        for pid in (item.player_a, item.player_b):
            if item.winner is None:
                earned = settings.points_draw
            else:
                earned = settings.points_win if item.winner == pid else settings.points_loss
            points[pid] = points.get(pid, 0) + earned
    return points


SEARCH_SECONDS = 10.0  # the kernel's searches for one round, all bye candidates together


def pair_round(
    players: list[Player],
    history: list[Game | Bye],
    settings: EventSettings,
    round_number: int,
    search_seconds: float = SEARCH_SECONDS,
) -> Pairings:
    """The round's tables and bye. Usually milliseconds; where the kernel must search, it
    gets `search_seconds` in all before the round is refused as too hard to pair."""
    active = _active_players(players, settings, round_number)
    _check_groups(active, settings, round_number)
    number = {
        p.id: i for i, p in enumerate(sorted(active, key=lambda p: (-p.rating, p.id)), start=1)
    }
    by_number = {n: pid for pid, n in number.items()}
    points = all_points(history, settings)
    avoid: dict[int, set[int]] = {n: set() for n in by_number}
    played = {frozenset((g.player_a, g.player_b)) for g in history if isinstance(g, Game)}
    forbidden = settings.forbidden_pairs() | _club_pairs(active)
    for a, b in (tuple(pair) for pair in played | forbidden):
        if a in number and b in number:
            avoid[number[a]].add(number[b])
            avoid[number[b]].add(number[a])
    had_bye = {item.player for item in history if isinstance(item, Bye)}
    entrants = [
        Entrant(number[p.id], points.get(p.id, 0), frozenset(avoid[number[p.id]])) for p in active
    ]
    numbered, bye = _pair_numbers(
        entrants,
        {number[pid] for pid in had_bye if pid in number},
        round_number,
        time.monotonic() + search_seconds,
    )
    if numbered is None:
        raise TournamentError(
            "tournament.unpairable",
            f"Round {round_number} cannot be paired without a repeat, a forbidden pairing or "
            "a second bye.",
        )
    tables = tuple((by_number[a], by_number[b]) for a, b in numbered)
    bye_id = by_number[bye] if bye is not None else None
    _check(tables, bye_id, active, played | forbidden, had_bye, round_number)
    return Pairings(round=round_number, tables=tables, bye=bye_id)


def _active_players(players: list[Player], settings: EventSettings, round_number: int):
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
    return active


def _pair_numbers(
    entrants: list[Entrant], had_bye: set[int], round_number: int, deadline: float
) -> tuple[list[tuple[int, int]] | None, int | None]:
    """An odd field: the bye to each eligible player from the bottom up (the kernel's own
    order: lowest score, then highest pairing number) until the rest can be paired."""
    if len(entrants) % 2 == 0:
        return pair_even(entrants, round_number, deadline), None
    bottom_up = sorted(entrants, key=lambda e: (e.score, -e.number))
    for candidate in (e for e in bottom_up if e.number not in had_bye):
        rest = [e for e in entrants if e is not candidate]
        pairs = pair_even(rest, round_number, deadline)
        if pairs is not None:
            return pairs, candidate.number
    return None, None


def pair_even(
    entrants: list[Entrant], round_number: int, deadline: float | None = None
) -> list[tuple[int, int]] | None:
    """An even field's pairs of pairing numbers: the kernel's result, fast where it can be."""
    pairs, rest = first_choice(entrants)
    if not rest:
        return pairs
    # the same search the kernel would run from there; then from the top if need be
    tail = kernel_pairs(rest, round_number, deadline)
    if tail is not None:
        return pairs + tail
    return kernel_pairs(entrants, round_number, deadline)


def kernel_pairs(
    entrants: list[Entrant], round_number: int, deadline: float | None = None
) -> list[tuple[int, int]] | None:
    """pairing-core's Dutch kernel on an even field; None when no legal pairing exists.
    Past `deadline` (time.monotonic()) or its own step budget, the round is refused."""
    data = [
        PlayerData(id=e.number, pairing_no=e.number, rating=0, points=float(e.score))
        for e in entrants
    ]
    forbidden = [(e.number, other) for e in entrants for other in e.avoid if e.number < other]
    seconds = None if deadline is None else max(deadline - time.monotonic(), 1e-6)
    budgets = ExecutionBudgets(wall_clock_seconds=seconds)
    try:
        result = SwissEngine(
            data, round_number, forbidden_pairs=forbidden, budgets=budgets
        ).generate()
    except EngineTimeoutError:
        raise TournamentError(
            "tournament.pairing_search_limit",
            f"Round {round_number} could not be paired within the pairing engine's search "
            "limit; there may be no pairing at all. The organiser can drop a player or pair "
            "the round by hand.",
        ) from None
    except ValueError:
        return None  # the kernel's "no legal pairing exists"
    return [(card.white_id, card.black_id) for card in result.pairings if not card.is_bye]


def _check_groups(active: list[Player], settings: EventSettings, round_number: int) -> None:
    """A club or team holding more than half the field can never be paired apart: say so
    at once rather than after a long search."""
    groups: dict[str, set[str]] = {}
    for p in active:
        if p.club:
            groups.setdefault(f"club {p.club}", set()).add(p.id)
    for index, group in enumerate(settings.forbidden_groups, start=1):
        groups[f"forbidden group {index}"] = set(group)
    ids = {p.id for p in active}
    for name, members in groups.items():
        inside = len(members & ids)
        if inside > len(active) - inside + len(active) % 2:
            raise TournamentError(
                "tournament.unpairable",
                f"Round {round_number} cannot be paired: {inside} of the {len(active)} "
                f"players are in {name}, and they may not meet each other.",
            )


def _club_pairs(players: list[Player]) -> set[frozenset[str]]:
    by_club: dict[str, list[str]] = {}
    for p in players:
        if p.club:
            by_club.setdefault(p.club, []).append(p.id)
    return {
        frozenset((a, b)) for members in by_club.values() for a in members for b in members if a < b
    }


def _check(tables, bye, active, avoid, byes, round_number) -> None:
    """Whatever computed them, the pairings must honour every absolute rule."""
    seated = [pid for table in tables for pid in table] + ([bye] if bye else [])
    broken = any(frozenset(t) in avoid for t in tables) or bye in byes
    if broken or sorted(seated) != sorted(p.id for p in active):
        raise TournamentError(
            "tournament.unpairable",
            f"Round {round_number} cannot be paired without a repeat, a forbidden pairing or "
            "a second bye.",
        )
