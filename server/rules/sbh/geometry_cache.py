"""Precomputed geometry for lines of sight (moves: see ray_tables).

Two kinds of tables, both pure functions of their inputs:

- process-wide: the hex line to each offset, as the int codes of its hexes
  (a few thousand offsets a table size, shared by every match);
- per board (kept in the board's own `__dict__`, so they live and die with the
  board, whose terrain never changes once laid): its sight blockers and tall
  walls as absolute codes, so a line of sight is one set test.
"""

from __future__ import annotations

from array import array

from server.rules.board.hex import EPSILON

LOW_EDGES = ("low_wall", "hedge")  # linear obstacles a line of sight crosses (cover)

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


def draw_all_sight_lines(width: int, height: int) -> int:
    """Draw now the lines between every two hexes of a `width` x `height`
    board (odd-r rows), as a long-running server will have drawn them by the
    time its matches have looked across the table a while; benchmarks call it
    to measure that steady state. Returns how many offsets were drawn."""
    drawn = 0
    for parity in (0, 1):  # an offset depends on the start row's parity only
        for dr in range(-(height - 1), height):
            shift = (parity + dr) // 2
            for dc in range(-(width - 1), width):
                dq = dc - shift
                if (dq or dr) and _line_key(dq, dr, 1) not in _SIGHT_LINES:
                    _draw_sight_lines(dq, dr)
                    drawn += 1
    return drawn


def _draw_sight_lines(dq: int, dr: int) -> None:
    """Both readings of the lines to (dq, dr) and to (-dq, -dr), from one drawn
    line: the line back is the line there reversed, and the other reading is
    the line back seen from the far end (exact for these float samples:
    checked for every offset of the largest table)."""
    cells = _line_codes(dq, dr)
    end = cells[-1]
    inner = cells[1:-1]
    back = inner[::-1]
    if len(_SIGHT_LINES) > 1 << 17:
        _SIGHT_LINES.clear()
    there = (inner, [end - c for c in back])  # to (dq, dr), nudge 1 and -1
    home = ([c - end for c in back], [-c for c in inner])  # to (-dq, -dr)
    for (q, r), (first, second) in (((dq, dr), there), ((-dq, -dr), home)):
        kept = _SIGHT_LINES[_line_key(q, r, 1)] = array("i", first)
        # Most lines touch no hex corner: both readings are then the same hexes,
        # kept as one object so a blocked reading need not be checked twice.
        _SIGHT_LINES[_line_key(q, r, -1)] = kept if second == first else array("i", second)


def _line_codes(dq: int, dr: int) -> list[int]:
    """The codes of hex.offset_line(dq, dr, 1), computed by the same float
    operations in the same order (so the same hexes) without building its
    tuples: the first turns of a process draw thousands of lines."""
    n = max(abs(dq), abs(dr), abs(dq + dr))
    if n == 0:
        return [0]
    e1, e2 = EPSILON, EPSILON * 1.618034
    e3 = -e1 - e2
    sq, sr, ss = dq / n, dr / n, (-dq - dr) / n
    cells = []
    for i in range(n + 1):
        q, r, s = e1 + sq * i, e2 + sr * i, e3 + ss * i
        rq, rr, rs = round(q), round(r), round(s)
        dq_, dr_, ds_ = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq_ > dr_ and dq_ > ds_:
            rq = -rr - rs
        elif dr_ > ds_:
            rr = -rq - rs
        cells.append(rq * 4096 + rr)  # code(rq, rr)
    return cells


def board_sight(board) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    """The board's sight-blocking hexes, those of them not woods (for a line into
    woods), and the sides of its tall walls both ways, as absolute codes.
    Cached on the board (its terrain never changes)."""
    found = board.__dict__.get("_sight_codes")
    if found is None:
        codes = {h: code(h[0], h[1]) for h in board._sight_blockers()}
        sides = set()
        for pair in board._tall_walls():
            a, b = (code(h[0], h[1]) for h in pair)
            sides.update((side_code(a, b), side_code(b, a)))
        found = board.__dict__["_sight_codes"] = (
            frozenset(codes.values()),
            frozenset(c for h, c in codes.items() if not board.kind(h).woods),
            frozenset(sides))
    return found


def low_edge_sides(board) -> frozenset[int]:
    """The sides of the board's low walls and hedges both ways, as absolute
    codes (a line of sight crossing one may give cover). Cached on the board."""
    found = board.__dict__.get("_low_edge_codes")
    if found is None:
        sides = set()
        for pair, kind in board.edges.items():
            if kind in LOW_EDGES:
                a, b = (code(h[0], h[1]) for h in pair)
                sides.update((side_code(a, b), side_code(b, a)))
        found = board.__dict__["_low_edge_codes"] = frozenset(sides)
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


def clear_line(board, a, b) -> bool:
    """No sight-blocking hex strictly between `a` and `b` and no tall wall
    crossed, on either reading of their line (the board's `clear_sight`)."""
    hexes, _, sides = board_sight(board)
    if not hexes and not sides:
        return True
    checked = None
    for nudge in (1, -1):
        between = sight_between(b[0] - a[0], b[1] - a[1], nudge)
        if between is checked:  # the same hexes as the reading found blocked
            continue
        if not line_blocked(hexes, a, b, nudge) and not crosses_side(sides, a, b, nudge):
            return True
        checked = between
    return False
