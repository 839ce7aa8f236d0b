"""The first-choice path of pairing-core's Dutch kernel, computed in near-linear time.

pairing-core (`pairing_core.engine.SwissEngine`) pairs score brackets top-down. In each
bracket (incoming downfloaters first, then residents, each by pairing number) it splits
S1 = top half, S2 = bottom half and takes the lexicographically first legal S2
transposition that still completes a perfect matching; an odd bracket first sends down
its lowest-ranked resident. Only when one of those first choices fails does it search
(resident exchanges, other downfloaters, backtracking). We give it no colour or float
history (our sides have no colour), so colour and float rules never bind and "legal"
means only "not met before and not forbidden".

Its search re-checks a bipartite perfect matching at every row: O(k^3) for a bracket of
2k players, about 2 s for a 1,000-player round. Here the same first choice is found by
keeping one perfect matching and repairing it with one augmenting path when a row takes
a column other than its own — O(k) for a field with few repeats to avoid. When a first
choice fails, `first_choice` hands back the rest of the field from that bracket and the
caller asks pairing-core itself (for that rest, then if need be the whole field: the
kernel would only revisit the brackets above after failing below), so the result is
always pairing-core's (tests/tournaments/test_fast_dutch.py checks that
the two agree on random fields)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Entrant:
    number: int  # pairing number: 1 = highest ranked
    score: int
    avoid: frozenset[int]  # pairing numbers already met or forbidden


def first_choice(entrants: Sequence[Entrant]) -> tuple[list[tuple[int, int]], list[Entrant]]:
    """Pairs of pairing numbers for an even field, top bracket down, as far as the kernel's
    first choices go; then the rest of the field, still unpaired, from the bracket where a
    first choice failed (with the floater it received, at its own higher score)."""
    scores = sorted({e.score for e in entrants}, reverse=True)
    by_score: dict[int, list[Entrant]] = {s: [] for s in scores}
    for entrant in sorted(entrants, key=lambda e: e.number):
        by_score[entrant.score].append(entrant)
    pairs: list[tuple[int, int]] = []
    floaters: list[Entrant] = []
    for index, score in enumerate(scores):
        incoming, floaters = floaters, []
        bracket = incoming + by_score[score]
        if len(bracket) % 2:
            if index == len(scores) - 1:
                return pairs, bracket  # cannot happen for an even field, but never guess
            floaters = [by_score[score][-1]]  # the lowest-ranked resident goes down
            bracket = [e for e in bracket if e is not floaters[0]]
        half = len(bracket) // 2
        matched = lex_first_matching(bracket[:half], bracket[half:])
        if matched is None:
            return pairs, incoming + [e for s in scores[index:] for e in by_score[s]]
        pairs += matched
    return pairs, []


def lex_first_matching(s1: list[Entrant], s2: list[Entrant]) -> list[tuple[int, int]] | None:
    """S1[i] with the smallest S2 index that still lets the rows below be matched."""
    k = len(s1)
    column_of = {e.number: j for j, e in enumerate(s2)}
    blocked = [{column_of[n] for n in e.avoid if n in column_of} for e in s1]
    owner: list[int | None] = [None] * k  # column -> row
    match: list[int | None] = [None] * k  # row -> column
    free = list(range(k))  # ascending
    for row in range(k):  # greedy, then augment: any perfect matching to start from
        column = next((c for c in free if c not in blocked[row]), None)
        if column is not None:
            free.remove(column)
            match[row], owner[column] = column, row
        elif not _augment(row, lambda c: owner[c] is None, range(k), blocked, owner, match):
            return None
        else:
            free = [c for c in free if owner[c] is None]
    open_columns = list(range(k))  # ascending; columns not yet fixed to an earlier row
    for row in range(k):  # fix rows in order, each to its smallest feasible column
        for column in open_columns:
            if column in blocked[row]:
                continue
            if match[row] == column or _swap_in(row, column, open_columns, blocked, owner, match):
                break
        open_columns.remove(match[row])
    return [(s1[row].number, s2[match[row]].number) for row in range(k)]  # type: ignore[index]


def _swap_in(row, column, open_columns, blocked, owner, match) -> bool:
    """Give `column` to `row`; its current owner must reach `row`'s old column instead."""
    old, displaced = match[row], owner[column]
    owner[old], owner[column] = None, row
    match[row], match[displaced] = column, None
    usable = [c for c in open_columns if c != column]
    if _augment(displaced, lambda c: c == old, usable, blocked, owner, match):
        return True
    owner[old], owner[column] = row, displaced  # undo: this column cannot be row's
    match[row], match[displaced] = old, column
    return False


def _augment(start, is_target, columns, blocked, owner, match) -> bool:
    """Breadth-first alternating path from row `start` to a target column through
    `columns` only, applied if found (the matching is untouched otherwise)."""
    came_from: dict[int, int] = {}
    queue = deque([start])
    while queue:
        row = queue.popleft()
        for column in columns:
            if column in came_from or column in blocked[row]:
                continue
            came_from[column] = row
            if is_target(column):
                while True:  # flip the path back to start
                    r = came_from[column]
                    previous = match[r]
                    match[r], owner[column] = column, r
                    if r == start:
                        return True
                    column = previous
            if owner[column] is not None:
                queue.append(owner[column])
    return False
