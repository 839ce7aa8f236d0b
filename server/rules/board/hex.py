"""Hex grid geometry in cube coordinates (used by Song of Blades and Heroes).

A hex is `Hex(q, r, s)` with q + r + s == 0 (a NamedTuple, so it is also a
plain tuple: `(q, r, s)` tuples compare and hash equal to it, which the hot
loops of the rules engine rely on). `DIRECTIONS` lists the six neighbours in
a fixed order: east, north-east, north-west, west, south-west, south-east.

Lines are drawn by sampling the segment between the two hex centres at
distance + 1 evenly spaced points and rounding each to a hex. Where the
segment runs exactly along hex sides a sample is equidistant from two hexes;
the whole segment is nudged by a tiny fixed vector (`nudge` +1 or -1 picks
one side or the other), so each reading is deterministic. Because the nudge
moves the segment, not its ends, `line(a, b)` reversed equals `line(b, a)`
for the same nudge: sight computed from it is symmetric.

`HexBoard` is a generic bounded board with blocking hexes and features on hex
sides (walls, hedges): line of sight that gives the benefit of the doubt
(clear if either nudged line is clear), reachable sets and cheapest paths
under a movement budget, and "directly away" hexes for recoils and flight.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

EPSILON = 1e-6


class Hex(NamedTuple):
    q: int
    r: int
    s: int


def hex_at(q: int, r: int) -> Hex:
    return Hex(q, r, -q - r)


@functools.lru_cache(maxsize=1 << 14)  # (a 96-hex table has 9,216 hexes)
def shared_hex(q: int, r: int) -> Hex:
    """hex_at(q, r) as one object for the whole process: what long-lived state
    keeps (board layouts, figures' positions) then holds no hexes of its own, and
    gives the garbage collector fewer objects to walk (a Hex, a tuple subclass,
    stays tracked where a plain tuple of ints would not)."""
    return Hex(q, r, -q - r)


DIRECTIONS = (Hex(1, 0, -1), Hex(1, -1, 0), Hex(0, -1, 1), Hex(-1, 0, 1), Hex(-1, 1, 0),
              Hex(0, 1, -1))


def neighbour(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction]
    return Hex(h[0] + d[0], h[1] + d[1], h[2] + d[2])


_NEIGHBOURS: dict[tuple, tuple[Hex, ...]] = {}


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours in `DIRECTIONS` order. Remembered per hex (boards are
    a few thousand hexes; rules code asks for the same ones all game long), as the
    process-wide hexes (`shared_hex`): six new ones a hex were ~14,000 more objects
    for the garbage collector to walk on a 48-hex table."""
    found = _NEIGHBOURS.get(h)
    if found is None:
        q, r = h[0], h[1]
        found = (shared_hex(q + 1, r), shared_hex(q + 1, r - 1), shared_hex(q, r - 1),
                 shared_hex(q - 1, r), shared_hex(q - 1, r + 1), shared_hex(q, r + 1))
        if len(_NEIGHBOURS) < 1 << 17:
            _NEIGHBOURS[h] = found
    return found


def connected(start: Hex, belongs: Callable[[Hex], bool]) -> set[Hex]:
    """The hexes joined to `start` by steps between neighbours through hexes that
    `belongs` accepts (`start` itself included, whatever `belongs` says of it)."""
    group, frontier = {start}, [start]
    while frontier:
        for n in neighbours(frontier.pop()):
            if n not in group and belongs(n):
                group.add(n)
                frontier.append(n)
    return group


def distance(a: Hex, b: Hex) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def ring(center: Hex, n: int) -> list[Hex]:
    """The 6n hexes at exactly distance n (the centre alone for n = 0)."""
    if n == 0:
        return [Hex(*center)]
    out = []
    h = Hex(center[0] + DIRECTIONS[4][0] * n, center[1] + DIRECTIONS[4][1] * n,
            center[2] + DIRECTIONS[4][2] * n)
    for side in range(6):
        for _ in range(n):
            out.append(h)
            h = neighbour(h, side)
    return out


def within(center: Hex, n: int) -> list[Hex]:
    """All 3n(n+1)+1 hexes at distance n or less."""
    out = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            out.append(hex_at(center[0] + dq, center[1] + dr))
    return out


def _round(q: float, r: float, s: float) -> Hex:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Hex(rq, rr, rs)


def line(a: Hex, b: Hex, nudge: int = 1) -> tuple[Hex, ...]:
    """The hexes from a to b inclusive, distance(a, b) + 1 of them, each next to
    the one before. `nudge` (+1/-1) chooses the reading along hex sides.
    A line is its offset's line moved to start at a (the nudge keeps every
    sample well clear of a tie, so rounding commutes with the move); offsets
    are few and shared by every board, so their lines are cached."""
    cells = _offset_cells(b[0] - a[0], b[1] - a[1], nudge)
    aq, ar = a[0] - _BIAS, a[1] - _BIAS  # (the cells' bias folded into the start)
    return tuple(Hex(aq + q, ar + r, -aq - ar - q - r) for q, r in
                 zip(cells[::2], cells[1::2], strict=True))


_BIAS = 128  # offsets on a table are within +-96: one byte each, biased to 0..255


@functools.lru_cache(maxsize=1 << 16)
def _offset_cells(dq: int, dr: int, nudge: int) -> bytes:
    """`offset_line` as biased q, r byte pairs. Its tuples of int tuples took ~4 KiB a
    line, ~77 MiB for every offset of a 48-hex table; this takes ~1/30 of that, and
    bytes, unlike an array, are nothing the garbage collector walks."""
    return bytes(c + _BIAS for q, r, _ in offset_line(dq, dr, nudge) for c in (q, r))


def offset_line(dq: int, dr: int, nudge: int) -> tuple[tuple[int, int, int], ...]:
    n = max(abs(dq), abs(dr), abs(dq + dr))
    if n == 0:
        return ((0, 0, 0),)
    # The nudge (1, phi, -1 - phi) * 1e-6 is parallel to no hex boundary, so no
    # sample is ever left on a tie (which would fall to float noise).
    e1, e2 = EPSILON * nudge, EPSILON * 1.618034 * nudge
    e3 = -e1 - e2
    sq, sr, ss = dq / n, dr / n, (-dq - dr) / n
    cells = []
    for i in range(n + 1):  # `_round` inlined: a cold cache draws thousands of lines
        q, r, s = e1 + sq * i, e2 + sr * i, e3 + ss * i
        rq, rr, rs = round(q), round(r), round(s)
        dq_, dr_, ds_ = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq_ > dr_ and dq_ > ds_:
            rq = -rr - rs
        elif dr_ > ds_:
            rr = -rq - rs
        else:
            rs = -rq - rr
        cells.append((rq, rr, rs))
    return tuple(cells)


def edge_key(a: Hex, b: Hex) -> frozenset:
    """The side between two adjacent hexes, the same whichever way it is named."""
    return frozenset((a, b))


@dataclass(frozen=True)
class EdgeFeature:
    """Something on a hex side: does it block sight, block movement, or cost extra
    movement to cross?"""

    name: str
    blocks_sight: bool = False
    blocks_move: bool = False
    extra_cost: int = 0


@dataclass(frozen=True)
class HexBoard:
    """A `width` x `height` board in "odd-r" offset layout: column c of row r is
    the hex (c - r // 2, r). Row 0 is the north edge, column 0 the west edge."""

    width: int
    height: int
    blocking: frozenset = frozenset()  # hexes that block sight
    impassable: frozenset = frozenset()  # hexes nobody may enter
    edges: dict = field(default_factory=dict)  # edge_key -> EdgeFeature
    costs: dict = field(default_factory=dict)  # hex -> cost to enter (default 1)

    def __post_init__(self) -> None:
        cells = tuple(hex_at(c - r // 2, r) for r in range(self.height) for c in range(self.width))
        object.__setattr__(self, "_cells", cells)
        object.__setattr__(self, "_inside", frozenset(cells))

    def hexes(self) -> tuple[Hex, ...]:
        return self._cells

    def contains(self, h: Hex) -> bool:
        return h in self._inside

    @staticmethod
    def to_offset(h: Hex) -> tuple[int, int]:
        return h[0] + h[1] // 2, h[1]

    @staticmethod
    def from_offset(col: int, row: int) -> Hex:
        return hex_at(col - row // 2, row)

    # -- sight ----------------------------------------------------------------------
    def line_of_sight(self, a: Hex, b: Hex, blockers: Iterable[Hex] = ()) -> bool:
        """True if a sees b: no blocking hex (or extra blocker such as a model)
        strictly between them and no sight-blocking side crossed, on either
        nudged reading of the line (the benefit of the doubt). Symmetric."""
        extra = set(blockers)
        return self._clear(line(a, b, 1), extra) or self._clear(line(a, b, -1), extra)

    def _clear(self, cells: list[Hex], extra: set) -> bool:
        for i in range(1, len(cells)):
            feature = self.edges.get(edge_key(cells[i - 1], cells[i]))
            if feature is not None and feature.blocks_sight:
                return False
            if i < len(cells) - 1 and (cells[i] in self.blocking or cells[i] in extra):
                return False
        return True

    # -- movement -------------------------------------------------------------------
    def step_cost(self, a: Hex, b: Hex) -> int | None:
        """Cost of stepping from a to the adjacent b, or None if impossible."""
        if not self.contains(b) or b in self.impassable:
            return None
        feature = self.edges.get(edge_key(a, b))
        if feature is not None and feature.blocks_move:
            return None
        return self.costs.get(b, 1) + (feature.extra_cost if feature is not None else 0)

    def reachable(self, start: Hex, budget: int, *, no_entry: Iterable[Hex] = (),
                  no_stop: Iterable[Hex] = (),
                  cost: Callable[[Hex, Hex], int | None] | None = None) -> dict[Hex, int]:
        """Cheapest cost to every hex reachable within `budget` (Dijkstra).
        `no_entry`: hexes that may not be entered (enemies); `no_stop`: hexes that
        may be passed through but not ended on (friends); `cost` overrides
        `step_cost`."""
        best = self._search(start, budget, set(no_entry), cost)[0]
        stop_banned = set(no_stop)
        return {h: c for h, c in best.items() if h not in stop_banned}

    def path(self, start: Hex, goal: Hex, budget: int | None = None, *,
             no_entry: Iterable[Hex] = (),
             cost: Callable[[Hex, Hex], int | None] | None = None
             ) -> tuple[list[Hex], int] | None:
        """A cheapest path from start to goal (ties broken by the fixed
        neighbour order) and its cost, or None."""
        limit = budget if budget is not None else 1 << 30
        best, came = self._search(start, limit, set(no_entry), cost)
        if goal not in best:
            return None
        steps = [goal]
        while steps[-1] != start:
            steps.append(came[steps[-1]])
        return steps[::-1], best[goal]

    def _search(self, start, budget, banned, cost):
        price = cost or self.step_cost
        best = {Hex(*start): 0}
        came: dict = {}
        heap = [(0, 0, Hex(*start))]
        order = 0
        while heap:
            spent, _, h = heapq.heappop(heap)
            if spent > best.get(h, 1 << 30):
                continue
            for n in neighbours(h):
                if n in banned:
                    continue
                step = price(h, n)
                if step is None:
                    continue
                total = spent + step
                if total <= budget and total < best.get(n, 1 << 30):
                    best[n] = total
                    came[n] = h
                    order += 1
                    heapq.heappush(heap, (total, order, n))
        return best, came

    # -- recoils and flight ---------------------------------------------------------
    @staticmethod
    def away_candidates(from_hex: Hex, mover: Hex) -> list[Hex]:
        """Neighbours of `mover` farther from `from_hex` than `mover` is."""
        base = distance(from_hex, mover)
        return sorted(n for n in neighbours(mover) if distance(from_hex, n) > base)

    @staticmethod
    def directly_away(from_hex: Hex, mover: Hex) -> list[Hex]:
        """The neighbours of `mover` that are farthest from `from_hex` and, among
        those, closest to the straight continuation of the line from `from_hex`
        through `mover` (the opposite hex when they are adjacent)."""
        cands = HexBoard.away_candidates(from_hex, mover)
        if not cands:
            return []
        far = max(distance(from_hex, n) for n in cands)
        cands = [n for n in cands if distance(from_hex, n) == far]
        ahead = (2 * mover[0] - from_hex[0], 2 * mover[1] - from_hex[1])
        ahead_hex = hex_at(*ahead)

        def off_line(n: Hex) -> int:
            return distance(n, ahead_hex)
        least = min(off_line(n) for n in cands)
        return sorted(n for n in cands if off_line(n) == least)

    # -- table edges ----------------------------------------------------------------
    def edge_distances(self, h: Hex) -> dict[str, int]:
        """Steps to leave the board across each side."""
        col, row = self.to_offset(h)
        return {"north": row + 1, "south": self.height - row, "west": col + 1,
                "east": self.width - col}

    def edge_distance(self, h: Hex) -> int:
        return min(self.edge_distances(h).values())

    def nearest_edge_sides(self, h: Hex) -> list[str]:
        d = self.edge_distances(h)
        least = min(d.values())
        return sorted(side for side, v in d.items() if v == least)
