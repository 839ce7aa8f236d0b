"""Exact segment, circle and polygon tests for the measured table.

Everything is integers or `Fraction`s (exact rationals): a crossing point or
a squared distance is never rounded, so a decision never depends on float
noise and a replay is bit-exact.
"""

from __future__ import annotations

from fractions import Fraction


def orient(a, b, c) -> int:
    """Twice the signed area of abc: > 0 one way round, < 0 the other, 0 collinear."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a, b, p) -> bool:
    """p, known collinear with ab, lies between a and b (ends included)."""
    return (min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))


def segments_meet(a, b, c, d) -> bool:
    """Closed segments ab and cd share at least one point (touching counts)."""
    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if ((o1 > 0) != (o2 > 0) and o1 != 0 and o2 != 0
            and (o3 > 0) != (o4 > 0) and o3 != 0 and o4 != 0):
        return True
    return ((o1 == 0 and _on_segment(a, b, c)) or (o2 == 0 and _on_segment(a, b, d))
            or (o3 == 0 and _on_segment(c, d, a)) or (o4 == 0 and _on_segment(c, d, b)))


def segment_point_dist2(a, b, p) -> Fraction:
    """The squared distance from p to the closed segment ab, exact."""
    abx, aby = b[0] - a[0], b[1] - a[1]
    apx, apy = p[0] - a[0], p[1] - a[1]
    length2 = abx * abx + aby * aby
    along = abx * apx + aby * apy
    if length2 == 0 or along <= 0:
        return Fraction(apx * apx + apy * apy)
    if along >= length2:
        return Fraction((p[0] - b[0]) ** 2 + (p[1] - b[1]) ** 2)
    cross = abx * apy - aby * apx
    return Fraction(cross * cross, length2)


def _box_far(a, b, p, r: int) -> bool:
    """p lies more than r outside the segment's bounding box (a quick, exact
    "farther than r"), in integers."""
    return (p[0] < min(a[0], b[0]) - r or p[0] > max(a[0], b[0]) + r
            or p[1] < min(a[1], b[1]) - r or p[1] > max(a[1], b[1]) + r)


def _dist2_cmp(a, b, p) -> tuple[int, int]:
    """The squared distance from p to segment ab as a fraction (num, den), den > 0:
    compared by cross-multiplying, without building a Fraction."""
    abx, aby = b[0] - a[0], b[1] - a[1]
    apx, apy = p[0] - a[0], p[1] - a[1]
    length2 = abx * abx + aby * aby
    along = abx * apx + aby * apy
    if length2 == 0 or along <= 0:
        return apx * apx + apy * apy, 1
    if along >= length2:
        return (p[0] - b[0]) ** 2 + (p[1] - b[1]) ** 2, 1
    cross = abx * apy - aby * apx
    return cross * cross, length2


def segment_point_dist2_le(a, b, p, r: int) -> bool:
    if _box_far(a, b, p, r):
        return False
    num, den = _dist2_cmp(a, b, p)
    return num <= r * r * den


def segment_point_dist2_lt(a, b, p, r: int) -> bool:
    if _box_far(a, b, p, r):
        return False
    num, den = _dist2_cmp(a, b, p)
    return num < r * r * den


def segments_dist2(a, b, c, d) -> Fraction:
    """The squared distance between closed segments ab and cd, exact."""
    if segments_meet(a, b, c, d):
        return Fraction(0)
    return min(segment_point_dist2(a, b, c), segment_point_dist2(a, b, d),
               segment_point_dist2(c, d, a), segment_point_dist2(c, d, b))


class Polygon:
    """A simple polygon with integer vertices, in order (either way round).
    A wall is a long thin one; a wood, a building or a patch of mud any shape."""

    __slots__ = ("vertices", "box")

    def __init__(self, vertices):
        points = tuple((int(x), int(y)) for x, y in vertices)
        if len(points) < 3 or _twice_area(points) == 0:
            raise ValueError(f"a terrain piece needs at least three corners enclosing an area, "
                             f"not {list(map(list, points))}")
        self.vertices = points
        xs, ys = [x for x, _ in points], [y for _, y in points]
        self.box = (min(xs), min(ys), max(xs), max(ys))

    def far_from(self, a, b, r: int) -> bool:
        """A quick, exact "no": the segment ab, widened by r, misses the polygon's
        bounding box (so it cannot enter the polygon nor come within r of it).
        Integer comparisons only; the exact tests run when this says nothing."""
        x0, y0, x1, y1 = self.box
        return (max(a[0], b[0]) < x0 - r or min(a[0], b[0]) > x1 + r
                or max(a[1], b[1]) < y0 - r or min(a[1], b[1]) > y1 + r)

    def __repr__(self) -> str:
        return f"Polygon({list(self.vertices)})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Polygon) and self.vertices == other.vertices

    def __hash__(self) -> int:
        return hash(self.vertices)

    def edges(self):
        vs = self.vertices
        return [(vs[i], vs[(i + 1) % len(vs)]) for i in range(len(vs))]

    def locate(self, p) -> str:
        """"inside", "boundary" or "outside" for a point (integers or Fractions)."""
        if self.far_from(p, p, 0):
            return "outside"
        for c, d in self.edges():
            if orient(c, d, p) == 0 and _on_segment(c, d, p):
                return "boundary"
        inside = False
        for (cx, cy), (dx, dy) in self.edges():
            if (cy > p[1]) != (dy > p[1]):
                # x of the edge at height p.y, compared without dividing.
                lhs = (p[0] - cx) * (dy - cy)
                rhs = (dx - cx) * (p[1] - cy)
                if (lhs < rhs) == (dy > cy):
                    inside = not inside
        return "inside" if inside else "outside"

    def inside_intervals(self, a, b) -> list[tuple[Fraction, Fraction]]:
        """The parts of segment ab strictly inside the polygon, as intervals of
        t in [0, 1] (point = a + t (b - a)). Running along an edge is outside."""
        if self.far_from(a, b, 0):
            return []
        cuts = {Fraction(0), Fraction(1)}
        ab = (b[0] - a[0], b[1] - a[1])
        for c, d in self.edges():
            if not segments_meet(a, b, c, d):
                continue
            cd = (d[0] - c[0], d[1] - c[1])
            denom = ab[0] * cd[1] - ab[1] * cd[0]
            if denom != 0:
                cuts.add(Fraction((c[0] - a[0]) * cd[1] - (c[1] - a[1]) * cd[0], denom))
            elif ab != (0, 0):
                length2 = ab[0] ** 2 + ab[1] ** 2
                for q in (c, d):
                    t = Fraction((q[0] - a[0]) * ab[0] + (q[1] - a[1]) * ab[1], length2)
                    if 0 <= t <= 1:
                        cuts.add(t)
        ts = sorted(cuts)
        out: list[tuple[Fraction, Fraction]] = []
        for t0, t1 in zip(ts, ts[1:], strict=False):
            mid = (t0 + t1) / 2
            if self.locate((a[0] + mid * ab[0], a[1] + mid * ab[1])) == "inside":
                if out and out[-1][1] == t0:
                    out[-1] = (out[-1][0], t1)
                else:
                    out.append((t0, t1))
        return out

    def crossed_by(self, a, b) -> bool:
        """Segment ab passes through the polygon's inside."""
        if a == b:
            return self.locate(a) == "inside"
        return bool(self.inside_intervals(a, b))

    def near_segment(self, a, b, r: int) -> bool:
        """A disc of radius r swept along ab overlaps the polygon's inside:
        the segment enters it, or comes closer than r to one of its edges."""
        if self.far_from(a, b, r):
            return False
        if self.locate(a) == "inside" or self.crossed_by(a, b):
            return True
        return any(segments_dist2(a, b, c, d) < r * r for c, d in self.edges())


def _twice_area(points) -> int:
    return sum(points[i][0] * points[(i + 1) % len(points)][1]
               - points[(i + 1) % len(points)][0] * points[i][1] for i in range(len(points)))


def merge_intervals(intervals) -> list[tuple[Fraction, Fraction]]:
    out: list[tuple[Fraction, Fraction]] = []
    for t0, t1 in sorted(intervals):
        if out and t0 <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], t1))
        else:
            out.append((t0, t1))
    return out
