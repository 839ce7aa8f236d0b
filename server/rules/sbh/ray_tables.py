"""Precomputed tables for straight-line moves (the hot path of prompts).

A move is a straight line from the mover to its destination: a *ray*. Per
move length (shared by every board and match) `ray_masks` numbers the rays
nearest first and says, for each offset from the mover, which rays it touches
as a bit mask (a Python int, bit i for ray i): the rays ending there, passing
it, passing next to it, crossing a given hex side, or leaving the table.
Refusing rays is then OR-ing masks: one operation per figure or terrain hex
near the mover, whatever the move length.

Per board (kept in the board's own `__dict__`, so they live and die with it;
its terrain never changes once laid) `move_terrain` lists, by row, the hexes
and sides where a move may be refused or slowed for one set of movement rules:
a few hundred bytes to a few KiB a board.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import cache

from server.rules.board.hex import hex_at, line, neighbours

ORIGIN = hex_at(0, 0)
BLOCKED, SLOWING, BLOCKING_SIDE, SLOWING_SIDE = range(4)


@cache
def rays(length: int) -> tuple[tuple[tuple[int, int], tuple[tuple[int, int], ...]], ...]:
    """Every destination offset within `length` with the offsets of its line
    (start excluded), nearest first. Lines are translation-invariant, so one
    table serves every figure."""
    found = []
    for q in range(-length, length + 1):
        for r in range(max(-length, -q - length), min(length, -q + length) + 1):
            target = hex_at(q, r)
            if target == ORIGIN:
                continue
            steps = tuple((h[0], h[1]) for h in line(ORIGIN, target)[1:])
            found.append(((q, r), steps))
    found.sort(key=lambda ray: (len(ray[1]), ray[0]))
    return tuple(found)


def side(a: tuple[int, int], b: tuple[int, int]) -> tuple:
    """A hex side as a key, the same whichever way it is crossed."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, slots=True)
class RayMasks:
    """The rays of one move length as bit masks (see the module docstring)."""

    dests: tuple[tuple[int, int], ...]  # ray i ends at offset dests[i]
    paths: tuple[tuple[tuple[int, int], ...], ...]  # its offsets, start excluded
    every: int  # all the rays
    ending: dict  # offset -> the ray ending there
    through: dict  # offset -> rays entering it (the end included)
    beyond: dict  # offset -> rays passing it on the way to a farther end
    around: dict  # offset -> rays passing a hex next to it (an active enemy there stops them)
    crossing: dict  # side(a, b) of offsets -> rays crossing it (the start's sides included)
    # offset -> (ending, beyond, around) there: one look-up per figure near the mover
    figure_rays: dict
    longer: tuple[int, ...]  # longer[k]: the rays more than k hexes long
    # rays leaving the table by how far the start is from each edge: west and
    # east [row parity][room], north and south [room]; rays not listed stay on
    west: tuple[tuple[int, ...], tuple[int, ...]]
    east: tuple[tuple[int, ...], tuple[int, ...]]
    north: tuple[int, ...]
    south: tuple[int, ...]


@cache
def ray_masks(length: int) -> RayMasks:
    table = rays(length)
    index = {dest: i for i, (dest, _) in enumerate(table)}
    through: dict = {}
    beyond: dict = {}
    crossing: dict = {}
    for i, (_, steps) in enumerate(table):
        bit = 1 << i
        prev = (0, 0)
        for cell in steps:
            through[cell] = through.get(cell, 0) | bit
            key = side(prev, cell)
            crossing[key] = crossing.get(key, 0) | bit
            prev = cell
        for cell in steps[:-1]:
            beyond[cell] = beyond.get(cell, 0) | bit
    around: dict = {}
    for (dq, dr), found in beyond.items():
        for nq, nr, _ in neighbours(hex_at(dq, dr)):
            around[(nq, nr)] = around.get((nq, nr), 0) | found

    def rays_where(test) -> int:
        return sum(1 << i for i, (_, steps) in enumerate(table) if test(steps))

    def leaving(extent) -> tuple[int, ...]:
        """[room]: the rays reaching more than `room` hexes beyond the start."""
        return tuple(rays_where(lambda steps, t=t: any(extent(c) > t for c in steps))
                     for t in range(length + 1))

    # Rows are "odd-r": a hex's column is q + r // 2, so a ray's columns depend
    # on the start row's parity.
    return RayMasks(
        dests=tuple(dest for dest, _ in table),
        paths=tuple(steps for _, steps in table),
        every=(1 << len(table)) - 1,
        ending={dest: 1 << i for i, (dest, _) in enumerate(table)},
        through=through, beyond=beyond, around=around, crossing=crossing,
        figure_rays={offset: ((1 << index[offset]) if offset in index else 0,
                              beyond.get(offset, 0), around.get(offset, 0))
                     for offset in {*index, *beyond, *around}},
        longer=tuple(rays_where(lambda steps, k=k: len(steps) > k)
                     for k in range(length + 1)),
        west=tuple(leaving(lambda c, p=p: -(c[0] + (c[1] + p) // 2)) for p in (0, 1)),
        east=tuple(leaving(lambda c, p=p: c[0] + (c[1] + p) // 2) for p in (0, 1)),
        north=leaving(lambda c: -c[1]), south=leaving(lambda c: c[1]))


def off_table(masks: RayMasks, board, q0: int, r0: int) -> int:
    """The rays from (q0, r0), a hex on the table, that leave the table."""
    col, parity = q0 + r0 // 2, r0 % 2
    found = 0
    for by_room, room in ((masks.west[parity], col), (masks.east[parity], board.width - 1 - col),
                          (masks.north, r0), (masks.south, board.height - 1 - r0)):
        if room < len(by_room):
            found |= by_room[room]
    return found


def move_terrain(board, rules: dict) -> dict[int, list[tuple]]:
    """Row -> the places of that row where a walking move with `rules` may be
    refused or slowed, sorted by q: (q, BLOCKED or SLOWING, None) for a hex it
    may not enter or that slows it, (q, BLOCKING_SIDE or SLOWING_SIDE, side)
    for a linear obstacle (listed at its first hex; `side` as `side()` keys it,
    in absolute (q, r)). Cached on the board per set of movement rules."""
    key = board.movement_key(rules)
    cache_ = board.__dict__.setdefault("_move_terrain", {})
    rows = cache_.get(key)
    if rows is None:
        blocked, slowing = board.movement_sets(rules)
        places: list[tuple[int, tuple]] = [(h[1], (h[0], BLOCKED, None)) for h in blocked]
        places += [(h[1], (h[0], SLOWING, None)) for h in slowing]
        for pair in board.edges:
            a, b = sorted((h[0], h[1]) for h in pair)
            kind = BLOCKING_SIDE if board.blocks_move(*pair, rules) else SLOWING_SIDE
            places.append((a[1], (a[0], kind, (a, b))))
        rows = {}
        for r, place in places:
            rows.setdefault(r, []).append(place)
        for found in rows.values():
            found.sort(key=lambda place: (place[0], place[1]))
        cache_[key] = rows
    return rows


def terrain_rays(masks: RayMasks, rows: dict, q0: int, r0: int, reach: int) -> tuple[int, int]:
    """(rays the terrain refuses, rays it slows) from (q0, r0): a ray is refused
    if it enters a hex the mover may not enter or crosses a side it may not
    cross, slowed if it enters a slowing hex or crosses any other obstacle."""
    through, crossing = masks.through, masks.crossing
    refused = slowed = 0
    lo = (q0 - reach - 1,)
    for r in range(r0 - reach - 1, r0 + reach + 2):  # sides listed at a row next to it
        places = rows.get(r)
        if places is None:
            continue
        dr = r - r0
        for index in range(bisect_left(places, lo), len(places)):
            q, kind, where = places[index]
            if q > q0 + reach + 1:
                break
            if kind < BLOCKING_SIDE:
                found = through.get((q - q0, dr), 0)
            else:
                (qa, ra), (qb, rb) = where
                found = crossing.get(((qa - q0, ra - r0), (qb - q0, rb - r0)), 0)
            if kind == BLOCKED or kind == BLOCKING_SIDE:
                refused |= found
            else:
                slowed |= found
    return refused, slowed
