"""Measured-table geometry: a free table in exact integers (issue 34, for
Swords & Sorcery, seed 003; any system may use it for a free-table option).

- **Unit.** Positions are integer points in tenths of an inch (`INCH = 10`):
  seed 003 measures "Movement is in inches" and its smallest distance is "½"
  thick" (Stone Wall), which is 5 units. x grows east, y grows south (as on a
  screen), so a table `width x height` runs from (0, 0) to (width, height).
- **No floating point at decision time.** Distances are compared through
  squared integers (`within(a, b, r)` is |ab|^2 <= r^2); the only irrational
  numbers (a direction's sine and cosine) come from the fixed integer table in
  `measured_directions`, so a replay decides the same on every machine.
- **Bases** are round: `Base(x, y, radius)`. `BASE_RADIUS` gives our sizes
  (the seed gives none, docs/rules/sns.md "The table"). Base to base distance
  is the gap between the rims, `centre distance - r1 - r2`; bases are in
  contact when that gap is at most `CONTACT_GAP` (1 unit, a tenth of an inch)
  and overlap when it is negative.
- **Facing** is a compass bearing in whole degrees, 0 = north (-y), clockwise.
  Arcs, cones and the tail sweep are decided with cross and dot products of
  integer vectors.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt
from typing import NamedTuple

from server.rules.board.measured_directions import SCALE, bearing_vector
from server.rules.board.measured_segments import segment_point_dist2_le

INCH = 10
CONTACT_GAP = 1
# Base radii in units. Seed 003 gives no base sizes; these are the usual
# 25 mm (about 1") infantry base and larger round bases for the bigger figures.
BASE_RADIUS = {"infantry": 5, "cavalry": 8, "large": 10, "dragon": 15}
CONE_DEGREES = 30  # seed 003, Cone of Cold / Dragon fire breath: "30 degree cone"
FULL_TURN = 360


class Point(NamedTuple):
    x: int
    y: int


class Base(NamedTuple):
    """A figure's round base: centre (x, y) and radius, all in units."""

    x: int
    y: int
    radius: int

    @property
    def centre(self) -> Point:
        return Point(self.x, self.y)


def inches(n: int | float) -> int:
    """Inches to units. Halves are exact (seed 003's "½" thick"); anything
    finer than a tenth of an inch is refused rather than rounded."""
    units = n * INCH
    if units != int(units):
        raise ValueError(f"{n} inches is not a whole number of tenths of an inch")
    return int(units)


def check_point(p) -> Point:
    """A point from the wire ([x, y] integers), with an error a player reads."""
    if not isinstance(p, (tuple, list)) or len(p) != 2:
        raise ValueError(f"a table position is two whole numbers [x, y], not {p!r}")
    x, y = p
    if type(x) is not int or type(y) is not int:
        raise ValueError(f"a table position is in whole tenths of an inch, not {p!r}")
    return Point(x, y)


def distance_squared(a, b) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def within(a, b, r: int) -> bool:
    """|ab| <= r, exactly."""
    return r >= 0 and distance_squared(a, b) <= r * r


def length_up(dx: int, dy: int) -> int:
    """The length of (dx, dy) rounded UP to a whole unit (never short)."""
    return ceil_sqrt(dx * dx + dy * dy)


def ceil_sqrt(n: int) -> int:
    root = isqrt(n)
    return root if root * root == n else root + 1


def gap_up(a: Base, b: Base) -> int:
    """Base to base distance (rim to rim) rounded up; negative when they overlap."""
    return length_up(a.x - b.x, a.y - b.y) - a.radius - b.radius


def gap_within(a: Base, b: Base, r: int) -> bool:
    """The rims are at most r apart: centre distance <= r + both radii."""
    return within(a, b, r + a.radius + b.radius)


def in_contact(a: Base, b: Base) -> bool:
    """Base to base contact: rims at most CONTACT_GAP apart (touching or a
    hair off, as a player lines bases up by hand)."""
    return gap_within(a, b, CONTACT_GAP)


def overlap(a: Base, b: Base) -> bool:
    """The two bases share area (rims closer than touching)."""
    return distance_squared(a, b) < (a.radius + b.radius) ** 2


def in_range(shooter: Base, target: Base, range_inches: int) -> str | None:
    """Seed 003, RANGED ATTACKS: "Ranges are in inches / Double the listed
    range is long range". Measured rim to rim. "short", "long" or None."""
    reach = inches(range_inches)
    if gap_within(shooter, target, reach):
        return "short"
    if gap_within(shooter, target, 2 * reach):
        return "long"
    return None


def in_radius(centre, radius_units: int, figure: Base) -> bool:
    """A figure is in an area ("all units in 2" radius") when its base
    reaches into the circle: centre distance <= radius + base radius."""
    return within(centre, figure, radius_units + figure.radius)


def point_within_reach(caster: Base, point, reach_units: int) -> bool:
    """A spell's target point is in range when it lies within `reach` of the
    caster's rim."""
    return within(caster, point, reach_units + caster.radius)


def is_charge(start: Base, target: Base) -> bool:
    """Seed 003, ATTACK ROLL MODIFIERS: "+1 Charge (Moving into HTH from at
    least 2" away ...)": the rims were at least 2" apart when the move began."""
    return not distance_squared(start, target) < (inches(2) + start.radius + target.radius) ** 2


# --- Facing, arcs and cones -----------------------------------------------------

def check_facing(facing) -> int:
    if type(facing) is not int or not 0 <= facing < FULL_TURN:
        raise ValueError(f"a facing is a whole number of degrees from 0 to 359, not {facing!r}")
    return facing


def _dot(u, v) -> int:
    return u[0] * v[0] + u[1] * v[1]


def _cross(u, v) -> int:
    """Positive when v lies clockwise of u on the table (y grows south)."""
    return u[0] * v[1] - u[1] * v[0]


def arc(defender: Base, facing: int, attacker) -> str:
    """Which arc of a figure facing `facing` the point `attacker` (a centre)
    lies in: "front", "side" or "rear" (docs/rules/sns.md, "Arcs").

    Front is the half ahead, up to and including 90 degrees off the facing;
    rear is the 90 degrees behind (the dragon's "Tail sweep (Rear 90 degrees
    only)"), strictly more than 135 degrees off; side is between, 135 degrees
    included. A point on a boundary goes to the arc better for the defender.
    """
    forward = bearing_vector(check_facing(facing))
    v = (attacker[0] - defender[0], attacker[1] - defender[1])
    ahead = _dot(forward, v)
    across = abs(_cross(forward, v))
    if ahead >= 0:
        return "front"
    if -ahead > across:
        return "rear"
    return "side"


def bearing_in_arc(facing: int, bearing: int) -> str:
    """The arc a whole-degree bearing falls in, by whole degrees off the
    facing (the same boundaries as `arc`, without the table's rounding)."""
    off = (check_facing(bearing) - check_facing(facing)) % FULL_TURN
    off = min(off, FULL_TURN - off)
    return "front" if off <= 90 else "side" if off <= 135 else "rear"


@dataclass(frozen=True)
class Cone:
    """A 30 degree cone (seed 003: Cone of Cold "Range = 8" affects all units
    in 30 degree cone"; Dragon "Fire breath (Range = 4" affects all units in
    30 degree cone"): from `apex` along `bearing`, `length` units long, 15
    degrees either side. Its edges are the table directions bearing -/+ 15."""

    apex: Point
    bearing: int
    length: int
    degrees: int = CONE_DEGREES

    def __post_init__(self):
        check_facing(self.bearing)
        if self.degrees % 2 or not 0 < self.degrees < 180:
            raise ValueError(f"a cone is an even number of degrees under 180, not {self.degrees}")

    @property
    def edges(self) -> tuple[tuple[int, int], tuple[int, int]]:
        half = self.degrees // 2
        return (bearing_vector((self.bearing - half) % FULL_TURN),
                bearing_vector((self.bearing + half) % FULL_TURN))

    def wedge_contains(self, p) -> bool:
        """p lies between the two edges (the apex itself included)."""
        left, right = self.edges
        v = (p[0] - self.apex[0], p[1] - self.apex[1])
        return _cross(left, v) >= 0 and _cross(v, right) >= 0

    def contains_point(self, p) -> bool:
        return self.wedge_contains(p) and within(self.apex, p, self.length)

    def touches(self, figure: Base) -> bool:
        """The figure's base reaches into the cone: its centre lies in the
        wedge within length + radius, or its rim crosses one of the two edge
        segments. (When the centre lies outside the wedge, the point of base
        and cone nearest the apex lies on an edge, so this is exact.)"""
        if self.wedge_contains(figure) and within(self.apex, figure, self.length + figure.radius):
            return True
        for edge in self.edges:
            end = _edge_end(self.apex, edge, self.length)
            if segment_point_dist2_le(self.apex, end, figure, figure.radius):
                return True
        return False


def _edge_end(apex, direction, length: int) -> Point:
    """The end of a cone edge, rounded to the nearest unit (half a unit off at
    most: the table vector has a million units of length)."""
    return Point(apex[0] + _div_round(direction[0] * length, SCALE),
                 apex[1] + _div_round(direction[1] * length, SCALE))


def _div_round(n: int, d: int) -> int:
    return (2 * n + d) // (2 * d)


def cone_from_front(figure: Base, facing: int, length_inches: int) -> Cone:
    """The cone a figure breathes or casts straight ahead, from its rim."""
    forward = bearing_vector(check_facing(facing))
    apex = _edge_end(figure, forward, figure.radius)
    return Cone(apex, facing, inches(length_inches))


@dataclass(frozen=True)
class FacingRange:
    """The facings a prompt offers: `span` whole degrees clockwise from
    `first` (span 360 is any facing). Bots sample from it."""

    first: int = 0
    span: int = FULL_TURN

    def __post_init__(self):
        check_facing(self.first)
        if type(self.span) is not int or not 1 <= self.span <= FULL_TURN:
            raise ValueError(f"a facing range spans 1 to 360 degrees, not {self.span!r}")

    def contains(self, facing) -> bool:
        return (type(facing) is int and 0 <= facing < FULL_TURN
                and (facing - self.first) % FULL_TURN < self.span)

    def sample(self, rng: random.Random) -> int:
        return (self.first + rng.randrange(self.span)) % FULL_TURN

    def describe(self) -> dict:
        return {"first": self.first, "span": self.span}


def facing_towards(frm, to) -> FacingRange:
    """The single whole-degree facing nearest to looking from `frm` at `to`
    (the table direction with the largest cosine to the target; ties go to the
    smaller bearing)."""
    v = (to[0] - frm[0], to[1] - frm[1])
    if v == (0, 0):
        raise ValueError("a figure cannot face its own position")
    best = max(range(FULL_TURN), key=lambda b: (_cos_key(bearing_vector(b), v), -b))
    return FacingRange(best, 1)


def _cos_key(u, v):
    """A key ordering directions u by their angle to v (cosine), exact: the
    table vectors all have nearly the same length, so compare dot/|u| via
    the sign and square of the dot product over |u|^2."""
    d = _dot(u, v)
    return Fraction(d * abs(d), _dot(u, u))
