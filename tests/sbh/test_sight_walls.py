"""Lines of sight where walls and hedges stand (seed 000, LINE OF SIGHT; COVER;
LINEAR OBSTACLES): `ranged._walled_reading` tests a reading of the line by set
tests on hex and side codes; here it is checked against the rule walked as
written, hex by hex and side by side along `hex.line`, on boards of scattered
walls, hedges, cliffs, woods, buildings and figures (fixed seeds)."""

from __future__ import annotations

import random

import pytest

from server.rules.board.hex import DIRECTIONS, distance, edge_key, hex_at, line
from server.rules.sbh import ranged
from server.rules.sbh.geometry_cache import board_sight, code, sight_between
from server.rules.sbh.terrain import EDGE_KINDS
from tests.sbh.battle import battle, fig

SIZE = 14


def walked(state, cells, shooter, into_woods: bool) -> bool | None:
    """The reading along `cells` as the rule reads: None if a tall wall is crossed
    or a sight-blocking hex or a figure (bar a friend at the shooter's shoulder)
    lies between the ends; else whether a low wall or hedge is crossed away from
    the shooter's own hex sides."""
    board = state.board
    occupied = state.occupancy()
    crossed = False
    for index in range(1, len(cells)):
        here, prev = cells[index], cells[index - 1]
        feature = board.edges.get(edge_key(prev, here))
        if feature == "tall_wall":
            return None
        if feature in ("low_wall", "hedge") and index > 1:
            crossed = True
        if index == len(cells) - 1:
            break
        kind = board.kind(here)
        if kind.blocks_sight and not (kind.woods and into_woods):
            return None
        other = occupied.get(here)
        if other is not None and not (shooter is not None and other.seat == shooter.seat
                                      and distance(here, shooter.pos) == 1):
            return None
    return crossed


def scattered(seed: int):
    rng = random.Random(seed)
    hexes = [hex_at(q - r // 2, r) for r in range(SIZE) for q in range(SIZE)]
    terrain = {(h[0], h[1]): rng.choice(["woods", "building", "rough"])
               for h in rng.sample(hexes, 18)}
    edges, seen = [], set()
    for h in rng.sample(hexes, 40):
        d = rng.choice(DIRECTIONS)
        a, b = (h[0], h[1]), (h[0] + d[0], h[1] + d[1])
        if frozenset((a, b)) not in seen:
            seen.add(frozenset((a, b)))
            edges.append((a, b, rng.choice(sorted(EDGE_KINDS))))
    free = [h for h in hexes if (h[0], h[1]) not in terrain]
    spots = rng.sample(free, 10)
    figures = [fig(f"{'ab'[i % 2]}{i}", "Soldier", 4, 3, (p[0], p[1]))
               for i, p in enumerate(spots)]
    return battle(*figures, size=SIZE, terrain=terrain, edges=edges), hexes


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_walled_reading_is_the_line_walked_side_by_side(seed):
    state, hexes = scattered(seed)
    board = state.board
    assert board.edges
    disagreements = []
    for shooter in state.figures.values():
        figures = ranged.blocking_figures(state, shooter)
        a = shooter.pos
        for b in hexes:
            if b == a:
                continue
            dq, dr = b[0] - a[0], b[1] - a[1]
            for into_woods in (False, True):
                scenery = board_sight(board)[1 if into_woods else 0]
                for nudge in (1, -1):
                    mine = ranged._walled_reading(board, code(a[0], a[1]), dq, dr, nudge,
                                                  sight_between(dq, dr, nudge), scenery,
                                                  figures)
                    rule = walked(state, line(a, b, nudge), shooter, into_woods)
                    if mine != rule:
                        disagreements.append((a, b, nudge, into_woods, mine, rule))
    assert not disagreements, disagreements[:5]
