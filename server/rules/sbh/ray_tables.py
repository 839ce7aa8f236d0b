"""Precomputed tables for straight-line moves (the hot path of prompts).

A move is a straight line from the mover to its destination: a *ray*. Per
move length (shared by every board and match) `ray_masks` numbers the rays
nearest first and says, for each offset from the mover, which rays it touches
as a bit mask (a Python int, bit i for ray i): the rays ending there, passing
it, passing next to it, crossing a given hex side, or leaving the table.
Refusing rays is then OR-ing masks: one operation per figure or terrain hex
near the mover, whatever the move length.

Per board (kept in the board's own `__dict__`, so they live and die with it;
its terrain never changes once laid) `move_places` lists the hexes and sides
where a move may be refused or slowed, as one sorted array: a few hundred
bytes a board.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from dataclasses import dataclass
from functools import cache

from server.rules.board.hex import DIRECTIONS, hex_at, line, neighbours
from server.rules.sbh.terrain import (
    _KIND_NAMES,
    BLOCKED,
    BLOCKING_EDGES,
    EDGE_KINDS,
    KINDS,
    SLOWING,
    movement_classes,
)

ORIGIN = hex_at(0, 0)


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
    next_to: dict  # offset -> rays ending next to it (a free move may not end by an enemy)
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

    ending = {dest: 1 << i for i, (dest, _) in enumerate(table)}
    next_to: dict = {}
    for (dq, dr), bit in ending.items():
        for nq, nr, _ in neighbours(hex_at(dq, dr)):
            next_to[(nq, nr)] = next_to.get((nq, nr), 0) | bit

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
        ending=ending, through=through, beyond=beyond, around=around, next_to=next_to,
        crossing=crossing,
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


# A board's places where a walking move may be refused or slowed, as one
# sorted array of ints: row, q, and what is there (a terrain kind's index in
# terrain._KIND_NAMES, or SIDE + 6 x an edge kind's index + the direction
# from the place to the hex across the side). A few hundred bytes a board,
# whatever the rules of the figures moving on it.
_Q_OFF = 128  # q + _Q_OFF >= 0 on every table
SIDE = 16
assert len(KINDS) <= SIDE, "a terrain kind's index would read as a hex side"
_EDGE_NAMES = tuple(EDGE_KINDS)
_STEPS = tuple((d[0], d[1]) for d in DIRECTIONS)


def _place(q: int, r: int, what: int) -> int:
    return (r << 16) | ((q + _Q_OFF) << 6) | what


def move_places(board) -> array:
    """The board's places (see above), cached on the board."""
    found = board.__dict__.get("_move_places")
    if found is None:
        index = {name: i for i, name in enumerate(KINDS)}
        places = [_place(h[0], h[1], index[kind]) for h, kind in board.terrain.items()
                  if KINDS[kind].impassable or KINDS[kind].slows]
        for pair, kind in board.edges.items():
            a, b = sorted((h[0], h[1]) for h in pair)
            step = (b[0] - a[0], b[1] - a[1])
            if step in _STEPS:  # (a side is between two neighbours)
                places.append(_place(a[0], a[1],
                                     SIDE + 6 * _EDGE_NAMES.index(kind) + _STEPS.index(step)))
        found = board.__dict__["_move_places"] = array("i", sorted(places))
    return found


def terrain_rays(masks: RayMasks, board, rules: dict, q0: int, r0: int,
                 reach: int) -> tuple[int, int, int]:
    """(rays the terrain refuses, rays it slows, rays that cross a linear
    obstacle on a side of the start hex) from (q0, r0) for a figure with
    `rules`: a ray is refused if it enters a hex the mover may not enter or
    crosses a side it may not cross, slowed if it enters a slowing hex or
    crosses any other obstacle away from the start. The third set is kept
    apart because a Short mover already in contact with the obstacle crosses it
    for one action (movement._terrain_costs)."""
    through, crossing = masks.through, masks.crossing
    places = move_places(board)
    if not places:
        return 0, 0, 0
    classes = movement_classes(rules)
    names = _KIND_NAMES
    climbs = "Clinging" in rules or "Flying" in rules  # (board.blocks_move)
    refused = slowed = from_contact = 0
    lo_q, hi_q = (q0 - reach - 1 + _Q_OFF) << 6, (q0 + reach + 2 + _Q_OFF) << 6
    size = len(places)
    for r in range(max(0, r0 - reach - 1), r0 + reach + 2):  # sides: listed next to it
        index = bisect_left(places, (r << 16) | lo_q)
        end = (r << 16) | hi_q
        dr = r - r0
        while index < size and places[index] < end:
            code = places[index]
            index += 1
            q, what = ((code >> 6) & 1023) - _Q_OFF, code & 63
            if what < SIDE:
                how = classes.get(names[what], 0)
                if not how:
                    continue
                found = through.get((q - q0, dr), 0)
            else:
                edge, step = divmod(what - SIDE, 6)
                far_q, far_r = q + _STEPS[step][0] - q0, dr + _STEPS[step][1]
                found = crossing.get(((q - q0, dr), (far_q, far_r)), 0)
                low = _EDGE_NAMES[edge] not in BLOCKING_EDGES  # a low wall or hedge
                how = SLOWING if climbs or low else BLOCKED
                if low and (q == q0 and dr == 0 or far_q == 0 and far_r == 0):
                    from_contact |= found  # on a side of the start hex
                    continue
            if how == BLOCKED:
                refused |= found
            else:
                slowed |= found
    return refused, slowed, from_contact
