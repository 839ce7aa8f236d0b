"""Precomputed geometry for the hot paths of prompt generation.

Two kinds of tables, both pure functions of their inputs:

- per move length (shared by every board): the straight-line rays a move may
  take, in the order `movement.move_destinations` checks them, and which rays
  pass through each offset from the mover;
- per board (kept in the board's own `__dict__`, so they live and die with the
  board, whose terrain never changes once laid): the hexes where a move may be
  refused or slowed, by row, so a move check only walks the rays that come
  near one; the sight obstacles seen from each hex, so a line of sight is one
  set test.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from functools import cache

from server.rules.board.hex import hex_at, line, neighbours, offset_line

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


@cache
def ray_plan(length: int):
    """For each ray: its destination offset, the index of the longest shorter ray
    whose line is a prefix of this one (-1 if none), the steps after that
    prefix, and the prefix's last offset. Checking rays in order then reuses
    every prefix's result (the hot path of prompt generation)."""
    table = rays(length)
    index = {steps: i for i, (_, steps) in enumerate(table)}
    plan = []
    for dest, steps in table:
        base, cut = -1, 0
        for k in range(len(steps) - 1, 0, -1):
            found = index.get(steps[:k])
            if found is not None:
                base, cut = found, k
                break
        plan.append((dest, base, steps[cut:], steps[cut - 1] if cut else (0, 0)))
    return tuple(plan)


@cache
def rays_through(length: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """Offset -> indices of the rays whose line enters that offset (its end
    included): the rays a hex there can refuse, slow or stop."""
    through: dict[tuple[int, int], list[int]] = {}
    for i, (_, steps) in enumerate(rays(length)):
        for cell in steps:
            through.setdefault(cell, []).append(i)
    return {cell: tuple(found) for cell, found in through.items()}


@cache
def rays_beyond(length: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """Offset -> indices of the rays that pass that offset on the way to a
    farther end: the rays a figure there, or contact there, stops."""
    beyond: dict[tuple[int, int], list[int]] = {}
    for i, (_, steps) in enumerate(rays(length)):
        for cell in steps[:-1]:
            beyond.setdefault(cell, []).append(i)
    return {cell: tuple(found) for cell, found in beyond.items()}


@cache
def rays_beyond_neighbours(length: int) -> dict[tuple[int, int], frozenset[int]]:
    """Offset -> the rays passing any hex next to it: the rays an active enemy
    standing there stops (moving into contact ends a move)."""
    around: dict[tuple[int, int], set[int]] = {}
    for (dq, dr), found in rays_beyond(length).items():
        for nq, nr, _ in neighbours(hex_at(dq, dr)):
            around.setdefault((nq, nr), set()).update(found)
    return {offset: frozenset(found) for offset, found in around.items()}


@cache
def ray_ending(length: int) -> dict[tuple[int, int], int]:
    """Offset -> index of the ray that ends there."""
    return {dest: i for i, (dest, _) in enumerate(rays(length))}


@cache
def rays_leaving(length: int):
    """The rays that leave the table, by how far the start is from each edge:
    (west, east, north, south); west and east are indexed [row parity][t] and
    north and south [t], each the rays whose hexes reach more than t hexes
    beyond the start towards that edge. Rows are "odd-r": a hex's column is
    q + r // 2, so a ray's columns depend on the start row's parity."""
    table = rays(length)

    def beyond(extent) -> tuple[frozenset[int], ...]:
        return tuple(frozenset(i for i, (_, steps) in enumerate(table)
                               if any(extent(cell) > t for cell in steps))
                     for t in range(length + 1))

    west = tuple(beyond(lambda c, p=p: -(c[0] + (c[1] + p) // 2)) for p in (0, 1))
    east = tuple(beyond(lambda c, p=p: c[0] + (c[1] + p) // 2) for p in (0, 1))
    return west, east, beyond(lambda c: -c[1]), beyond(lambda c: c[1])


def _special_rows(board, enterable: frozenset, slowing: frozenset) -> dict[int, list[int]]:
    """Row -> sorted q of the table hexes where a walking move may be refused or
    slowed: hexes it may not enter, hexes that slow it, and both sides of every
    linear obstacle. Cached on the board per movement set (itself cached on
    the board, so its id is stable for the board's life)."""
    cache_ = board.__dict__.setdefault("_special_rows", {})
    key = id(enterable)
    rows = cache_.get(key)
    if rows is None:
        special = {h for h in board.terrain if h not in enterable} | set(slowing)
        for pair in board.edges:
            special.update(pair)
        by_row: dict[int, list[int]] = {}
        for h in special:
            by_row.setdefault(h[1], []).append(h[0])
        rows = cache_[key] = {r: sorted(qs) for r, qs in by_row.items()}
    return rows


def rays_off_table(board, q0: int, r0: int, reach: int) -> set[int]:
    """The rays (of length `reach`, from (q0, r0), a hex on the table) that
    leave the table."""
    west, east, north, south = rays_leaving(reach)
    col, parity = q0 + r0 // 2, r0 % 2
    found: set[int] = set()
    for rays_, room in ((west[parity], col), (east[parity], board.width - 1 - col),
                        (north, r0), (south, board.height - 1 - r0)):
        if room < len(rays_):
            found.update(rays_[room])
    return found


def rays_near_terrain(board, enterable: frozenset, slowing: frozenset, q0: int, r0: int,
                      reach: int) -> set[int]:
    """The rays (as above) that enter a special hex of `_special_rows` on the
    table. Rays neither off the table nor here cross open table only."""
    through = rays_through(reach)
    rows = _special_rows(board, enterable, slowing)
    lo, hi = q0 - reach, q0 + reach
    found: set[int] = set()
    for r in range(max(0, r0 - reach), min(board.height, r0 + reach + 1)):
        qs = rows.get(r)
        if qs:
            dr = r - r0
            for q in qs[bisect_left(qs, lo):bisect_right(qs, hi)]:
                rays_ = through.get((q - q0, dr))
                if rays_:
                    found.update(rays_)
    return found


# -- sight: lines as sets of hex codes ----------------------------------------------
# A hex (q, r) is coded as one int, linear in both, so a line from any hex is its
# offset line's codes plus the hex's code; a crossed side is coded from the
# codes of its two hexes, in the order crossed. A board keeps its sight
# blockers and tall walls as absolute codes (one small set each), and a line is
# moved to its start by adding the start's code: no table per origin, so a
# board's sight costs a few KiB however many hexes are looked from.

def code(q: int, r: int) -> int:
    return q * 4096 + r  # one-to-one while |r| < 2048 (tables are at most 96 rows)


def side_code(a: int, b: int) -> int:
    return a * (1 << 24) + b  # one-to-one while |b| < 2**23 (|code| < 600,000 here)


# side_code(a + x, b + x) == side_code(a, b) + x * SIDE_MOVE: moving a side's code
SIDE_MOVE = (1 << 24) + 1

# (offset code * 2 + (nudge > 0)) -> the line's codes strictly between its ends,
# as a compact array (a process-wide table: a few thousand offsets a table size).
_SIGHT_LINES: dict[int, array] = {}
_SIGHT_SIDES: dict[int, tuple[int, ...]] = {}


def _line_key(dq: int, dr: int, nudge: int) -> int:
    return code(dq, dr) * 2 + (nudge > 0)


def sight_between(dq: int, dr: int, nudge: int) -> array:
    """The codes of the line to offset (dq, dr) (see hex.offset_line) strictly
    between its ends. Remembered: the offsets on a table are a few thousand."""
    found = _SIGHT_LINES.get(_line_key(dq, dr, nudge))
    if found is None:
        _draw_sight_lines(dq, dr)
        found = _SIGHT_LINES[_line_key(dq, dr, nudge)]
    return found


def sight_line(dq: int, dr: int, nudge: int) -> tuple[int, ...]:
    """The whole line, both ends included (codes relative to its start)."""
    if dq == 0 and dr == 0:
        return (0,)
    return (0, *sight_between(dq, dr, nudge), code(dq, dr))


def sight_sides(dq: int, dr: int, nudge: int) -> tuple[int, ...]:
    """The sides that line crosses, as codes (needed only where walls stand)."""
    key = _line_key(dq, dr, nudge)
    found = _SIGHT_SIDES.get(key)
    if found is None:
        cells = sight_line(dq, dr, nudge)
        found = tuple(side_code(cells[i - 1], cells[i]) for i in range(1, len(cells)))
        if len(_SIGHT_SIDES) > 1 << 16:
            _SIGHT_SIDES.clear()
        _SIGHT_SIDES[key] = found
    return found


def _draw_sight_lines(dq: int, dr: int) -> None:
    """Both readings of the lines to (dq, dr) and to (-dq, -dr), from one drawn
    line: the line back is the line there reversed, and the other reading is
    the line back seen from the far end (exact for these float samples:
    checked for every offset of the largest table)."""
    cells = tuple(code(q, r) for q, r, _ in offset_line.__wrapped__(dq, dr, 1))
    end = cells[-1]
    if len(_SIGHT_LINES) > 1 << 17:
        _SIGHT_LINES.clear()
    for (q, r, nudge), line_ in (
            ((dq, dr, 1), cells),
            ((-dq, -dr, 1), tuple(c - end for c in reversed(cells))),
            ((dq, dr, -1), tuple(end - c for c in reversed(cells))),
            ((-dq, -dr, -1), tuple(-c for c in cells))):
        _SIGHT_LINES[_line_key(q, r, nudge)] = array("i", line_[1:-1])


def board_sight(board) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    """The board's sight-blocking hexes, those of them not woods (for a line into
    woods), and the sides of its tall walls both ways, as absolute codes.
    Cached on the board (its terrain never changes)."""
    found = board.__dict__.get("_sight_codes")
    if found is None:
        blockers = board._sight_blockers()
        sides = set()
        for pair in board._tall_walls():
            a, b = (code(h[0], h[1]) for h in pair)
            sides.update((side_code(a, b), side_code(b, a)))
        found = board.__dict__["_sight_codes"] = (
            frozenset(code(h[0], h[1]) for h in blockers),
            frozenset(code(h[0], h[1]) for h in blockers if not board.kind(h).woods),
            frozenset(sides))
    return found


def line_blocked(obstacles: frozenset[int], a, b, nudge: int) -> bool:
    """Whether a hex of `obstacles` (absolute codes) lies strictly between `a`
    and `b` on that reading of their line."""
    if not obstacles:
        return False
    base = code(a[0], a[1])
    return not obstacles.isdisjoint(map(base.__add__, sight_between(b[0] - a[0],
                                                                    b[1] - a[1], nudge)))


def crosses_side(sides: frozenset[int], a, b, nudge: int) -> bool:
    """Whether that reading of the line from `a` to `b` crosses a side of `sides`
    (absolute side codes)."""
    if not sides:
        return False
    moved = code(a[0], a[1]) * SIDE_MOVE
    return not sides.isdisjoint(map(moved.__add__, sight_sides(b[0] - a[0], b[1] - a[1],
                                                               nudge)))
