"""Standings: tournament points first, then the event's tie-breaks in order.

Wargame tie-breaks are ours (a few lines each); the chess ones (Buchholz, median
Buchholz, Sonneborn-Berger) come from tiebreak-core, fed with tournament points."""

from __future__ import annotations

from dataclasses import dataclass

from tiebreak_core import PAIRING_BYE, GameRecord, PlayerTiebreakData
from tiebreak_core.calculators import buchholz, median_buchholz, sonneborn_berger

from server.tournaments.format import EventSettings
from server.tournaments.models import Bye, Game, Player
from server.tournaments.pairing import all_points

CHESS = {
    "buchholz": buchholz,
    "median_buchholz": median_buchholz,
    "sonneborn_berger": sonneborn_berger,
}


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    points: int
    tie_breaks: dict[str, float]


def standings(
    players: list[Player], history: list[Game | Bye], settings: EventSettings
) -> list[Standing]:
    ids = [p.id for p in players]
    totals = all_points(history, settings)
    points = {pid: totals.get(pid, 0) for pid in ids}
    games = [g for g in history if isinstance(g, Game)]
    opponents = {
        pid: [
            g.player_b if g.player_a == pid else g.player_a
            for g in games
            if pid in (g.player_a, g.player_b)
        ]
        for pid in ids
    }
    values: dict[str, dict[str, float]] = {pid: {} for pid in ids}
    chess_data = _chess_data(ids, history, points)
    for pid in ids:
        sos = sum(points[o] for o in opponents[pid])
        for name in settings.tie_breaks:
            if name == "strength_of_schedule":
                values[pid][name] = sos
            elif name == "average_strength_of_schedule":
                values[pid][name] = round(sos / len(opponents[pid]), 3) if opponents[pid] else 0.0
            elif name == "vp_differential":
                values[pid][name] = sum(
                    _vp_for(g, pid) - _vp_for(g, _other(g, pid))
                    for g in games
                    if pid in (g.player_a, g.player_b)
                )
            elif name in CHESS:
                number = ids.index(pid) + 1
                values[pid][name] = CHESS[name](chess_data[number], chess_data)
    order = list(settings.tie_breaks)

    def key(pid: str, upto: int) -> tuple:
        return (points[pid], *(values[pid].get(n, 0) for n in order[:upto]))

    if "head_to_head" in order:
        # head to head only separates players level on everything before it
        upto = order.index("head_to_head")
        for pid in ids:
            level = {o for o in ids if key(o, upto) == key(pid, upto)}
            values[pid]["head_to_head"] = sum(
                _points_in(g, pid, settings)
                for g in games
                if pid in (g.player_a, g.player_b) and _other(g, pid) in level
            )
    ranked = sorted(ids, key=lambda pid: (tuple(-v for v in key(pid, len(order))), pid))
    result, rank = [], 0
    for i, pid in enumerate(ranked):
        if i == 0 or key(pid, len(order)) != key(ranked[i - 1], len(order)):
            rank = i + 1  # players level on every criterion share a rank
        result.append(Standing(rank, pid, points[pid], {n: values[pid][n] for n in order}))
    return result


def _other(game: Game, pid: str) -> str:
    return game.player_b if game.player_a == pid else game.player_a


def _vp_for(game: Game, pid: str) -> int:
    return game.vp_a if game.player_a == pid else game.vp_b


def _points_in(game: Game, pid: str, settings: EventSettings) -> int:
    if game.winner is None:
        return settings.points_draw
    return settings.points_win if game.winner == pid else settings.points_loss


def _chess_data(
    ids: list[str], history: list[Game | Bye], points: dict[str, int]
) -> dict[int, PlayerTiebreakData]:
    number = {pid: i for i, pid in enumerate(ids, start=1)}
    data = {
        number[pid]: PlayerTiebreakData(player_id=number[pid], rating=0, points=float(points[pid]))
        for pid in ids
    }
    for item in history:
        if isinstance(item, Bye):
            if item.player in number:
                data[number[item.player]].games.append(
                    GameRecord(
                        opponent_id=-1,
                        opponent_rating=0,
                        score=1.0,
                        color="white",
                        round_number=item.round,
                        kind=PAIRING_BYE,
                    )
                )
            continue
        for pid in (item.player_a, item.player_b):
            score = 0.5 if item.winner is None else (1.0 if item.winner == pid else 0.0)
            data[number[pid]].games.append(
                GameRecord(
                    opponent_id=number[_other(item, pid)],
                    opponent_rating=0,
                    score=score,
                    color="white",
                    round_number=item.round,
                )
            )
    return data
