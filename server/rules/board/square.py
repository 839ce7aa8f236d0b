"""Square grid geometry for A Song of Ice & Fire: Tactics (seed 004, THE
BATTLEFIELD, MOVEMENT, LARGE MODEL MOVEMENT, WALLS).

- The battlefield is made of 7x7-square tiles. Each square is OPEN or BLOCKED
  (can a model stand on it?) and has a dot or an X (can sight pass through
  it?): "a cross (X) means that the square blocks LoS after it, but not to it".
  Kinds: OPEN (OPEN-dot), OPEN_X, BLOCKED (BLOCKED-dot: a moat, a hole) and
  BLOCKED_X (rocks, huge trees).
- Walls lie on square sides: "They block movement, line of sight, being
  engaged, being in contact".
- Adjacent: "orthogonal or diagonal touching squares". A move step goes to any
  of the 8 neighbours; distance is counted in steps (Chebyshev). "A model can
  move diagonally around a BLOCKED square if the other diagonal square is
  OPEN" and "The wall functions as a BLOCKED square but any opening allows
  diagonal movement": a diagonal step is allowed when at least one of the two
  squares beside it can be stood on and is not walled off from either end.
- Line of sight: "trace an imaginary line between the dot/X of the 2 squares
  in which the models sit ... If no squares with blocking element stands in the
  way, LoS is open". Blocking: a model, an X square, a wall. The line runs
  centre to centre; a square blocks when the line passes through its inside
  (touching a corner does not count); a wall blocks when the line crosses it,
  including through a joint or an angle of walls ("The angle of a wall is
  treated like the corner of a BLOCKED square for all rules"): a line through
  a square corner is blocked there when walls close both ways round that
  corner, the same test as a diagonal step. Passing the free end of a wall
  does not block. Exact integer arithmetic, so sight is symmetric.
- Large models occupy 2x2 squares ("Large models can't be placed over walls").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import NamedTuple


class Square(NamedTuple):
    x: int
    y: int


class SquareKind(Enum):
    OPEN = "open"
    OPEN_X = "open_x"
    BLOCKED = "blocked"
    BLOCKED_X = "blocked_x"

    @property
    def standable(self) -> bool:
        return self in (SquareKind.OPEN, SquareKind.OPEN_X)

    @property
    def blocks_sight(self) -> bool:
        return self in (SquareKind.OPEN_X, SquareKind.BLOCKED_X)


TILE = 7
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
TILE_CODES = {".": SquareKind.OPEN, "x": SquareKind.OPEN_X, "o": SquareKind.BLOCKED,
              "#": SquareKind.BLOCKED_X}


def distance(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def wall_key(a: Square, b: Square) -> frozenset:
    """The side between two orthogonally adjacent squares."""
    return frozenset((Square(*a), Square(*b)))


def footprint(anchor: Square) -> tuple[Square, ...]:
    """The four squares of a large model whose top-left square is `anchor`."""
    x, y = anchor
    return (Square(x, y), Square(x + 1, y), Square(x, y + 1), Square(x + 1, y + 1))


@dataclass(frozen=True)
class SquareBoard:
    width: int
    height: int
    kinds: dict = field(default_factory=dict)  # Square -> SquareKind (default OPEN)
    walls: frozenset = frozenset()  # wall_key(...) of walled sides

    @classmethod
    def from_rows(cls, rows: list[str], walls: Iterable[tuple] = ()) -> SquareBoard:
        """Rows of codes, top row first: '.' OPEN, 'x' OPEN-X, 'o' BLOCKED, '#' BLOCKED-X."""
        kinds = {Square(x, y): TILE_CODES[c] for y, row in enumerate(rows)
                 for x, c in enumerate(row) if c != "."}
        return cls(len(rows[0]), len(rows), kinds, frozenset(wall_key(a, b) for a, b in walls))

    @classmethod
    def from_tiles(cls, tiles: list[list[list[str]]], walls: Iterable[tuple] = ()) -> SquareBoard:
        """A board of 7x7 tiles: `tiles[row][col]` is a tile's seven rows of codes."""
        rows = []
        for tile_row in tiles:
            for line_index in range(TILE):
                rows.append("".join(tile[line_index] for tile in tile_row))
        return cls.from_rows(rows, walls)

    def contains(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def kind(self, sq: Square) -> SquareKind:
        return self.kinds.get(Square(*sq), SquareKind.OPEN)

    def standable(self, sq: Square) -> bool:
        return self.contains(sq) and self.kind(sq).standable

    def walled(self, a: Square, b: Square) -> bool:
        return wall_key(a, b) in self.walls

    # -- movement -------------------------------------------------------------------
    def step_allowed(self, a: Square, b: Square, occupied: frozenset | set = frozenset()) -> bool:
        """One step to an adjacent square (seed 004, MOVEMENT)."""
        if not self.standable(b) or b in occupied:
            return False
        dx, dy = b[0] - a[0], b[1] - a[1]
        if dx == 0 or dy == 0:
            return not self.walled(a, b)
        return bool(self.diagonal_passages(a, b, occupied))

    def diagonal_passages(self, a: Square, b: Square,
                          occupied: frozenset | set = frozenset()) -> list[Square]:
        """The squares beside a diagonal step a model may pass through: seed 004,
        MOVEMENT, "Each time a model moves diagonally it must choose 1 of the 2
        squares that compose that diagonal and apply all terrain effects from
        that square." A side square counts when it can be stood on, is empty and
        is not walled off from either end."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        return [side for side in (Square(a[0] + dx, a[1]), Square(a[0], a[1] + dy))
                if self.standable(side) and side not in occupied
                and not self.walled(a, side) and not self.walled(side, b)]

    def neighbours(self, sq: Square) -> list[Square]:
        return [Square(sq[0] + dx, sq[1] + dy) for dx, dy in STEPS
                if self.contains(Square(sq[0] + dx, sq[1] + dy))]

    def reachable(self, start: Square, budget: int, occupied: Iterable[Square] = (),
                  friends: Iterable[Square] = (), stops: Iterable[Square] = ()
                  ) -> dict[Square, int]:
        """Fewest steps to every square a move can end on within `budget` steps.

        Seed 004, MOVE ACTION: "can only go through empty OPEN squares, unless
        they are occupied by a friendly model": `friends` may be passed through
        but not ended on; `occupied` (enemies) neither. "If at any point during
        its move a model enters a square that makes it engaged, it immediately
        stops": a square in `stops` ends the move."""
        blocked = frozenset(occupied)
        passable = frozenset(friends)
        halt = frozenset(stops)
        best = {Square(*start): 0}
        queue = deque([Square(*start)])
        while queue:
            here = queue.popleft()
            if best[here] == budget or (here in halt and here != start):
                continue
            for n in self.neighbours(here):
                if n not in best and self.step_allowed(here, n, blocked):
                    best[n] = best[here] + 1
                    queue.append(n)
        return {sq: cost for sq, cost in best.items() if sq not in passable}

    def path(self, start: Square, goal: Square, occupied: Iterable[Square] = ()
             ) -> list[Square] | None:
        blocked = frozenset(occupied)
        came = {Square(*start): None}
        queue = deque([Square(*start)])
        while queue:
            here = queue.popleft()
            if here == goal:
                steps = [here]
                while came[steps[-1]] is not None:
                    steps.append(came[steps[-1]])
                return steps[::-1]
            for n in self.neighbours(here):
                if n not in came and self.step_allowed(here, n, blocked):
                    came[n] = here
                    queue.append(n)
        return None

    # -- line of sight --------------------------------------------------------------
    def line_of_sight(self, a: Square, b: Square, blockers: Iterable[Square] = ()) -> bool:
        """Centre to centre (seed 004, THE BATTLEFIELD). `blockers` are squares
        holding models; the two end squares never block."""
        ends = {Square(*a), Square(*b)}
        return self._line_clear(_centre(a), _centre(b), ends, set(blockers) - ends)

    def sight_to_side(self, a: Square, side: frozenset, blockers: Iterable[Square] = ()) -> bool:
        """Line of sight from a square's centre to the middle of a side, where a
        door or window stands (seed 004, CHARGE TERRAIN ACTION: "have LoS to its
        target terrain"). The two squares the side lies between never block (the
        door is in both), nor does the side itself."""
        s1, s2 = sorted(side)
        mid = (s1[0] + s2[0] + 1, s1[1] + s2[1] + 1)
        ends = {Square(*a), Square(*s1), Square(*s2)}
        return self._line_clear(_centre(a), mid, ends, set(blockers) - ends, skip_wall=side)

    def _line_clear(self, p, q, ends: set, extra: set, skip_wall: frozenset | None = None
                    ) -> bool:
        for sq in _squares_on(p, q):
            if sq in ends:
                continue
            if self.kind(sq).blocks_sight or sq in extra:
                return False
        for key in self.walls:
            if key == skip_wall:
                continue
            s1, s2 = tuple(key)
            if _crosses_side(p, q, s1, s2):
                return False
        return not any(self._walls_close_corner(corner, p, q) for corner in _corners_on(p, q))

    def _walls_close_corner(self, corner: tuple[int, int], p, q) -> bool:
        """The line passes exactly through the square corner `corner` (doubled
        coordinates), going from one square diagonally to the opposite one. It
        is blocked there when each way round the corner (through one of the two
        other squares touching it) crosses a wall: a straight wall's joint, an
        angle, a T. The same test as a diagonal step between those squares."""
        cx, cy = corner[0] // 2, corner[1] // 2  # the square whose top-left corner it is
        sx = 1 if q[0] > p[0] else -1
        sy = 1 if q[1] > p[1] else -1
        # the squares the line leaves and enters at this corner
        before = Square(cx - 1 if sx > 0 else cx, cy - 1 if sy > 0 else cy)
        after = Square(before.x + sx, before.y + sy)
        side_a = Square(after.x, before.y)
        side_b = Square(before.x, after.y)
        closed_a = self.walled(before, side_a) or self.walled(side_a, after)
        closed_b = self.walled(before, side_b) or self.walled(side_b, after)
        return closed_a and closed_b

    def squares_crossed(self, a: Square, b: Square) -> list[Square]:
        """Squares whose inside the centre-to-centre segment passes through."""
        return _squares_on(_centre(a), _centre(b))

    # -- large models ---------------------------------------------------------------
    def can_place_large(self, anchor: Square, occupied: Iterable[Square] = ()) -> bool:
        cells = footprint(anchor)
        taken = set(occupied)
        if any(not self.standable(c) or c in taken for c in cells):
            return False
        x, y = anchor
        inner = [((x, y), (x + 1, y)), ((x, y + 1), (x + 1, y + 1)),
                 ((x, y), (x, y + 1)), ((x + 1, y), (x + 1, y + 1))]
        return not any(self.walled(Square(*s), Square(*t)) for s, t in inner)

    def large_destinations(self, anchor: Square, budget: int, occupied: Iterable[Square] = (),
                           friends: Iterable[Square] = ()) -> list[Square]:
        """Seed 004, LARGE MODEL MOVEMENT: "choose one of the four squares the
        model occupies and move it up to 3 squares ... reorient ... it only needs a
        single free OPEN square all along the way ... must end its move ... in a
        group of four OPEN squares it can legally occupy". Returns anchors. The
        chosen square may pass through `friends` (MOVE ACTION); the model ends
        clear of them and of `occupied`."""
        own = set(footprint(anchor))
        others = set(occupied) - own
        mates = set(friends) - own
        out = set()
        for cell in own:
            for arrived in self.reachable(cell, budget, others, friends=mates):
                for dx in (0, -1):
                    for dy in (0, -1):
                        new = Square(arrived[0] + dx, arrived[1] + dy)
                        if self.can_place_large(new, others | mates):
                            out.add(new)
        out.discard(Square(*anchor))
        return sorted(out)

    def sees(self, first: Iterable[Square], second: Iterable[Square],
             blockers: Iterable[Square] = ()) -> bool:
        """Line of sight between two models given their squares (a large model
        has four): any square of one to any square of the other, the models'
        own squares never blocking."""
        first, second = list(first), list(second)
        block = set(blockers) - set(first) - set(second)
        return any(self.line_of_sight(a, b, block) for a in first for b in second)

    def adjacent(self, first: Iterable[Square], second: Iterable[Square]) -> bool:
        """Seed 004, ADJACENT: any squares touching orthogonally or diagonally."""
        return any(distance(a, b) == 1 for a in first for b in second)

    def in_contact(self, first: Iterable[Square], second: Iterable[Square],
                   blockers: Iterable[Square] = ()) -> bool:
        """Seed 004, CONTACT: adjacent with line of sight to each other (a wall
        between them prevents it)."""
        first, second = list(first), list(second)
        block = set(blockers) - set(first) - set(second)
        return any(distance(a, b) == 1 and self.line_of_sight(a, b, block)
                   for a in first for b in second)


def within_short_range(first: Iterable[Square], second: Iterable[Square],
                       squares: int = 3) -> bool:
    """Seed 004, SHORT RANGE: "any square up to 3 squares away from a respective
    model or element, regardless of LoS": counted in steps, walls and sight
    ignored."""
    return any(distance(a, b) <= squares for a in first for b in second)


def _centre(sq: Square) -> tuple[int, int]:
    """A square's centre in doubled coordinates (square (x, y) spans 2x..2x+2)."""
    return (2 * sq[0] + 1, 2 * sq[1] + 1)


def _squares_on(p, q) -> list[Square]:
    """Squares whose open inside segment p-q (doubled coordinates) passes through,
    column by column: within a column's stretch of the segment, the rows whose
    open band the segment's y-range overlaps. Exact (fractions)."""
    if p[0] == q[0]:  # along a column, inside it unless on its edge (x even)
        if p[0] % 2 == 0:
            return []
        lo, hi = min(p[1], q[1]), max(p[1], q[1])
        return [Square(p[0] // 2, y) for y in range(lo // 2, -(-hi // 2))]
    if p[0] > q[0]:
        p, q = q, p
    dx, dy = q[0] - p[0], q[1] - p[1]
    if dy == 0:  # along a row, inside it unless on its edge (y even)
        if p[1] % 2 == 0:
            return []
        return [Square(x, p[1] // 2) for x in range(p[0] // 2, -(-q[0] // 2))]
    out = []
    for x in range(p[0] // 2, q[0] // 2 + 1):
        xa, xb = max(2 * x, p[0]), min(2 * x + 2, q[0])
        if xa >= xb:
            continue
        # the segment's y at xa and xb, times dx (> 0), so all in integers
        ya, yb = p[1] * dx + dy * (xa - p[0]), p[1] * dx + dy * (xb - p[0])
        low, high = min(ya, yb), max(ya, yb)
        # rows whose open band (2y, 2y + 2) meets the open interval (low, high) / dx
        out.extend(Square(x, y) for y in range(low // (2 * dx), -(-high // (2 * dx))))
    return out


def _corners_on(p, q):
    """Square corners (even doubled coordinates) strictly inside segment p-q. The
    ends are centres (odd), so a segment along a column or row meets no corner;
    otherwise at most one corner per even x."""
    if p[0] == q[0] or p[1] == q[1]:
        return []
    out = []
    lo, hi = min(p[0], q[0]), max(p[0], q[0])
    for x in range(lo + 1 + (lo + 1) % 2, hi, 2):
        y, rest = divmod((x - p[0]) * (q[1] - p[1]), q[0] - p[0])
        y += p[1]
        if rest == 0 and y % 2 == 0:
            out.append((x, y))
    return out


def _segment_enters_open_box(p, q, x0, y0, x1, y1) -> bool:
    """Does segment p-q pass through the open rectangle (x0,x1) x (y0,y1)?
    Exact: clip the parameter t in [0, 1] with integer fractions."""
    lo, hi = Fraction(0), Fraction(1)
    for start, delta, low, high in ((p[0], q[0] - p[0], x0, x1), (p[1], q[1] - p[1], y0, y1)):
        if delta == 0:
            if not low < start < high:
                return False
            continue
        t0, t1 = Fraction(low - start, delta), Fraction(high - start, delta)
        if t0 > t1:
            t0, t1 = t1, t0
        lo, hi = max(lo, t0), min(hi, t1)
    return lo < hi


def _crosses_side(p, q, s1: Square, s2: Square) -> bool:
    """Does segment p-q (doubled coordinates) cross the side between two
    orthogonally adjacent squares, other than at the side's ends?"""
    if s1[0] != s2[0]:  # a vertical side at x = max(x) * 2
        x = 2 * max(s1[0], s2[0])
        y0, y1 = 2 * s1[1], 2 * s1[1] + 2
        return _crosses(p, q, (x, y0), (x, y1))
    y = 2 * max(s1[1], s2[1])
    x0, x1 = 2 * s1[0], 2 * s1[0] + 2
    return _crosses(p, q, (x0, y), (x1, y))


def _crosses(p, q, a, b) -> bool:
    """Proper crossing of segments p-q and a-b (touching an end of a-b is not)."""
    def orient(o, u, v):
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])
    d1, d2 = orient(a, b, p), orient(a, b, q)
    d3, d4 = orient(p, q, a), orient(p, q, b)
    return d1 * d2 < 0 and d3 * d4 < 0
