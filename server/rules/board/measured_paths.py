"""Moves on the measured table: paths of straight segments, rough ground at
half speed, obstacles and enemies moved around, and the reachable area a
prompt offers (seed 003, MOVEMENT RATES and TERRAIN; docs/rules/board.md).

- A move is a path [start, p1, ..., pn] of straight segments.
- **Cost.** A segment costs its length, plus its length inside rough or
  unstable ground once more (half speed: "Units on rough or unstable terrain
  will move at half speed"), and inside a slope it goes up ("Rough terrain:
  ... up slopes"). Overlapping slow pieces count once. Each segment's
  cost is ceil(length x (1 + fraction inside rough)), computed exactly as the
  least n with n^2 >= length^2 x (1 + f)^2: rounded UP to a whole unit, so a
  path never costs less than it should and is at most one unit (a tenth of an
  inch) per segment dearer. The move is legal when the costs sum to at most
  the allowance.
- **Clearance.** The base, swept along each segment, may not overlap an
  impassable piece or a wall (closer than its radius to the piece's inside)
  nor an enemy's base (centres closer than the two radii; touching is
  allowed, so a figure can move into base contact). Friends are passed
  through but not ended on. The whole base stays on the table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from server.rules.board.measured import Base, Point, ceil_sqrt, check_point
from server.rules.board.measured_segments import merge_intervals, segment_point_dist2_lt
from server.rules.board.measured_terrain import CLIMBED, SLOW, SOLID, TerrainPiece


class MoveRefused(ValueError):
    """A path the rules refuse; the message says why in a player's words."""


def segment_cost(a, b, terrain: Iterable[TerrainPiece] = ()) -> int:
    """The cost of one straight segment, rounded up to a whole unit."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return 0
    rough = merge_intervals(iv for piece in terrain
                            if piece.movement in SLOW or piece.goes_up(a, b)
                            for iv in piece.polygon.inside_intervals(a, b))
    factor = 1 + sum((t1 - t0 for t0, t1 in rough), Fraction(0))
    scaled = length2 * factor * factor  # (length x factor)^2, exact
    return ceil_sqrt(-(-scaled.numerator // scaled.denominator))


def path_cost(path: Sequence, terrain: Iterable[TerrainPiece] = ()) -> int:
    terrain = tuple(terrain)
    return sum(segment_cost(a, b, terrain) for a, b in zip(path, path[1:], strict=False))


@dataclass(frozen=True)
class Table:
    """The table's size in units (x from 0 to width, y from 0 to height)."""

    width: int
    height: int

    def holds(self, centre, radius: int) -> bool:
        """The whole base lies on the table."""
        return (radius <= centre[0] <= self.width - radius
                and radius <= centre[1] <= self.height - radius)


@dataclass(frozen=True)
class ReachableArea:
    """Where one figure may move this phase, as a prompt describes it: its
    base, its allowance, the table, the terrain, the enemy and friendly bases.
    `contains(point)` is exact: the straight move there is legal. A move
    around an obstacle is a path with waypoints (`accepts(path)`); both use
    the same `check_path`. Bots `sample` points inside it."""

    mover: Base
    allowance: int
    table: Table
    terrain: tuple[TerrainPiece, ...] = ()
    enemies: tuple[Base, ...] = ()
    friends: tuple[Base, ...] = field(default=())

    def check_path(self, path: Sequence) -> int:
        """The path's cost, or MoveRefused saying what is in the way."""
        return check_path(path, self.mover, self.allowance, self.table, self.terrain,
                          self.enemies, self.friends)

    def accepts(self, path: Sequence) -> bool:
        try:
            self.check_path(path)
        except MoveRefused:
            return False
        return True

    def contains(self, point) -> bool:
        return self.accepts([self.mover.centre, point])

    def sample(self, rng: random.Random, tries: int = 64) -> Point:
        """A uniformly drawn point of the square round the allowance that the
        area contains; the figure's own place (staying put) if none is found."""
        x, y, reach = self.mover.x, self.mover.y, self.allowance
        for _ in range(tries):
            p = Point(x + rng.randint(-reach, reach), y + rng.randint(-reach, reach))
            if self.contains(p):
                return p
        return self.mover.centre

    def describe(self) -> dict:
        """The prompt's parameter set: enough for a client to draw the area
        and for the server to decide any click inside it."""
        return {"from": list(self.mover.centre), "radius": self.mover.radius,
                "allowance": self.allowance, "table": [self.table.width, self.table.height],
                "terrain": [piece.describe() for piece in self.terrain],
                "enemies": [list(e) for e in self.enemies],
                "friends": [list(f) for f in self.friends]}


def check_path(path: Sequence, mover: Base, allowance: int, table: Table,
               terrain: Iterable[TerrainPiece] = (), enemies: Iterable[Base] = (),
               friends: Iterable[Base] = ()) -> int:
    """Validate a move; return its cost (see the module docstring)."""
    if len(path) < 2:
        raise MoveRefused("a move is a path of at least a start and an end point")
    points = [check_point(p) for p in path]
    if points[0] != mover.centre:
        raise MoveRefused(f"a move starts where the figure stands, {list(mover.centre)}")
    terrain, enemies, friends = tuple(terrain), tuple(enemies), tuple(friends)
    for p in points[1:]:
        if not table.holds(p, mover.radius):
            raise MoveRefused(f"the base would leave the table at {list(p)}")
    for a, b in zip(points, points[1:], strict=False):
        for piece in terrain:
            if piece.movement in SOLID and piece.polygon.near_segment(a, b, mover.radius):
                how = "climbed, not walked through" if piece.movement in CLIMBED else \
                    "moved around"
                raise MoveRefused(f"the move from {list(a)} to {list(b)} runs into "
                                  f"{piece.name}, which must be {how}")
        for enemy in enemies:
            if segment_point_dist2_lt(a, b, enemy, mover.radius + enemy.radius):
                raise MoveRefused(f"the move from {list(a)} to {list(b)} passes through "
                                  f"an enemy at {[enemy.x, enemy.y]}")
    end = points[-1]
    for friend in friends:
        if (end[0] - friend.x) ** 2 + (end[1] - friend.y) ** 2 < (
                mover.radius + friend.radius) ** 2:
            raise MoveRefused(f"the move ends on a friend's base at {[friend.x, friend.y]}")
    cost = path_cost(points, terrain)
    if cost > allowance:
        raise MoveRefused(f"the path is {cost / 10:g}\" long counting rough ground twice; "
                          f"the figure may move {allowance / 10:g}\"")
    return cost
