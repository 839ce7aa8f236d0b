"""Double elimination: a player is out after two losses.

The winners bracket is the single-elimination bracket of knockout.py (byes to top seeds).
Its first-round losers pair off in the losers bracket; then each losers round alternates a
drop-in round (the survivors meet the players just beaten in the winners bracket, in
reverse order, which keeps early rematches rare) and, except after the winners final, a
round among the survivors. The grand final sets the winners champion against the losers
champion; if the losers champion wins, both have lost once and a reset final decides.

The bracket is recomputed from the seeds and the results so far (match id -> winner),
so the caller stores only those. Match ids: "W<round>.<n>", "L<round>.<n>", "F1", "F2".
A match with one side empty (a bye, or the loser of a bye) is a walkover and is not
listed; the player present goes through."""

from __future__ import annotations

from dataclasses import dataclass

from server.tournaments.format import TournamentError
from server.tournaments.knockout import first_round

_PENDING = object()  # a side that depends on a result not in yet


@dataclass(frozen=True)
class DoubleMatch:
    id: str
    player_a: str
    player_b: str
    winner: str | None  # None = to be played


@dataclass(frozen=True)
class DoubleBracket:
    matches: tuple[DoubleMatch, ...]  # played and ready: winners bracket, losers, finals
    champion: str | None


class _Builder:
    def __init__(self, results: dict[str, str]) -> None:
        self.results = results
        self.matches: list[DoubleMatch] = []

    def play(self, match_id: str, a, b):
        """(winner, loser) of one match: a side may be a player, None (nobody) or pending."""
        if a is _PENDING or b is _PENDING:
            return _PENDING, _PENDING
        if a is None or b is None:
            return (a if b is None else b), None  # walkover (or nobody against nobody)
        winner = self.results.get(match_id)
        self.matches.append(DoubleMatch(match_id, a, b, winner))
        if winner is None:
            return _PENDING, _PENDING
        if winner not in (a, b):
            raise TournamentError(
                "tournament.missing_result",
                f"The winner of match {match_id} must be {a} or {b}, not {winner}.",
            )
        return winner, (b if winner == a else a)


def double_elimination(
    seeded: list[str], results: dict[str, str], reset_final: bool = True
) -> DoubleBracket:
    """`seeded` best first; `results` maps match ids already played to their winner."""
    builder = _Builder(results)
    winners = [s for m in first_round(seeded) for s in (m.player_a, m.player_b)]
    drops: list[list] = []  # losers of each winners round, in match order
    round_number = 1
    while len(winners) > 1:
        played = [
            builder.play(f"W{round_number}.{i + 1}", winners[2 * i], winners[2 * i + 1])
            for i in range(len(winners) // 2)
        ]
        winners = [w for w, _ in played]
        drops.append([loser for _, loser in played])
        round_number += 1
    losers_champion = _losers_bracket(builder, drops)
    champion = _grand_final(builder, winners[0], losers_champion, reset_final)
    unknown = sorted(set(results) - {m.id for m in builder.matches})
    if unknown:
        raise TournamentError(
            "tournament.unknown_match",
            f"Match {unknown[0]} is not a match of this bracket that can be played yet.",
        )
    return DoubleBracket(tuple(builder.matches), None if champion is _PENDING else champion)


def _losers_bracket(builder: _Builder, drops: list[list]):
    if len(drops) == 1:
        return drops[0][0]  # two players: the final's loser is the losers champion
    first = drops[0]
    alive = [
        builder.play(f"L1.{i + 1}", first[2 * i], first[2 * i + 1])[0]
        for i in range(len(first) // 2)
    ]
    round_number = 2
    for index, dropped in enumerate(drops[1:], start=2):
        alive = [
            builder.play(f"L{round_number}.{i + 1}", survivor, newcomer)[0]
            for i, (survivor, newcomer) in enumerate(zip(alive, reversed(dropped), strict=True))
        ]
        round_number += 1
        if index < len(drops):
            alive = [
                builder.play(f"L{round_number}.{i + 1}", alive[2 * i], alive[2 * i + 1])[0]
                for i in range(len(alive) // 2)
            ]
            round_number += 1
    return alive[0]


def _grand_final(builder: _Builder, winners_champion, losers_champion, reset_final: bool):
    winner, _ = builder.play("F1", winners_champion, losers_champion)
    if winner is _PENDING or winner == winners_champion or not reset_final:
        return winner
    return builder.play("F2", winners_champion, losers_champion)[0]
