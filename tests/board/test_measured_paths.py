"""Measured table: segments, terrain, sight and moves (seed 003, TERRAIN,
MOVEMENT RATES; issue 34)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.rules.board.measured import Base, inches
from server.rules.board.measured_paths import (
    MoveRefused,
    ReachableArea,
    Table,
    check_path,
    path_cost,
    segment_cost,
)
from server.rules.board.measured_segments import (
    Polygon,
    segment_point_dist2,
    segments_dist2,
    segments_meet,
)
from server.rules.board.measured_terrain import TerrainPiece, climb_turns, line_of_sight

SIZE = 400  # a 40" table for the property tests
coords = st.integers(0, SIZE)
points = st.tuples(coords, coords)
figures = st.builds(Base, coords, coords, st.sampled_from([5, 8, 10]))


def rectangle(x0, y0, x1, y1):
    return Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


@st.composite
def boxes(draw):
    x0, x1 = sorted(draw(st.lists(coords, min_size=2, max_size=2, unique=True)))
    y0, y1 = sorted(draw(st.lists(coords, min_size=2, max_size=2, unique=True)))
    return (x0, y0, x1, y1)


@st.composite
def pieces(draw):
    polygon = draw(st.one_of(
        boxes().map(lambda b: rectangle(*b)),
        st.lists(points, min_size=3, max_size=3, unique=True).filter(
            lambda ps: (ps[1][0] - ps[0][0]) * (ps[2][1] - ps[0][1])
            != (ps[1][1] - ps[0][1]) * (ps[2][0] - ps[0][0])).map(Polygon)))
    return TerrainPiece(draw(st.sampled_from(["wood", "wall", "mud"])), polygon,
                        draw(st.sampled_from(["rough", "impassable", "wall"])), draw(st.booleans()))


def _box_inside_fraction(a, b, x0, y0, x1, y1) -> Fraction:
    """The part of ab strictly inside the open box, by clipping (another way)."""
    lo, hi = Fraction(0), Fraction(1)
    for p, d, low, high in ((a[0], b[0] - a[0], x0, x1), (a[1], b[1] - a[1], y0, y1)):
        if d == 0:
            if not low < p < high:
                return Fraction(0)
            continue
        t0, t1 = Fraction(low - p, d), Fraction(high - p, d)
        lo, hi = max(lo, min(t0, t1)), min(hi, max(t0, t1))
    return max(hi - lo, Fraction(0))


@given(boxes(), points, points)
def test_inside_intervals_agree_with_box_clipping(box, a, b):
    if a == b:
        return
    inside = sum((t1 - t0 for t0, t1 in rectangle(*box).inside_intervals(a, b)), Fraction(0))
    assert inside == _box_inside_fraction(a, b, *box)


@given(boxes(), points)
def test_point_location_in_a_box(box, p):
    x0, y0, x1, y1 = box
    where = rectangle(*box).locate(p)
    if x0 < p[0] < x1 and y0 < p[1] < y1:
        assert where == "inside"
    elif x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
        assert where == "boundary"
    else:
        assert where == "outside"


@given(points, points, points, points)
def test_segment_tests_are_symmetric(a, b, c, d):
    assert segments_meet(a, b, c, d) == segments_meet(c, d, a, b) == segments_meet(b, a, d, c)
    assert segments_dist2(a, b, c, d) == segments_dist2(d, c, b, a)
    assert segment_point_dist2(a, b, c) == segment_point_dist2(b, a, c)


@settings(max_examples=150, deadline=None)
@given(figures, figures, st.lists(figures, max_size=4), st.lists(pieces(), max_size=3))
def test_line_of_sight_is_symmetric(a, b, others, terrain):
    assert line_of_sight(a, b, others, terrain) == line_of_sight(b, a, others, terrain)


def test_sight_past_bases_and_terrain():
    """Seed 003, ATTACK ROLL MODIFIERS: "Ranged attack vs unit partially under
    cover (behind wall, tree, window)": walls and woods stand between figures."""
    archer, target = Base(0, 100, 5), Base(200, 100, 5)
    assert line_of_sight(archer, target)
    assert not line_of_sight(archer, target, [Base(100, 104, 5)])   # line 4 inside its rim
    assert line_of_sight(archer, target, [Base(100, 105, 5)])       # grazing the rim
    wall = TerrainPiece("stone wall", rectangle(100, 50, 105, 150), "wall", True, inches(3))
    assert not line_of_sight(archer, target, terrain=[wall])
    low = TerrainPiece("hedge", rectangle(100, 50, 105, 150), "rough", False)
    assert line_of_sight(archer, target, terrain=[low])
    wood = TerrainPiece("wood", rectangle(150, 50, 250, 150), "rough", True)
    assert line_of_sight(archer, target, terrain=[wood])    # the target stands in it
    assert not line_of_sight(archer, Base(300, 100, 5), terrain=[wood])


def test_rough_ground_is_half_speed():
    """Seed 003, TERRAIN: "Units on rough or unstable terrain will move at half
    speed rounding down"; "Rough terrain: Mud, rocks, loose sand, bushes, tall
    grass, rope bridge, up slopes"."""
    mud = TerrainPiece("mud", rectangle(20, 0, 100, 100), "rough", False)
    assert segment_cost((0, 50), (40, 50), [mud]) == 20 + 2 * 20
    assert segment_cost((30, 50), (50, 50), [mud]) == 40       # 2" of mud costs 4"
    assert segment_cost((0, 0), (3, 4)) == 5
    assert segment_cost((0, 0), (1, 1)) == 2                   # 1.41 rounds up
    # Typical infantry ("4 Typical infantry") in mud gets 2".
    area = ReachableArea(Base(30, 50, 5), inches(4), Table(400, 400), (mud,))
    assert area.contains((50, 50)) and not area.contains((51, 50))
    # Two rough pieces over the same ground count once.
    assert segment_cost((30, 50), (50, 50), [mud, mud]) == 40


def test_move_around_a_boulder():
    """Seed 003, TERRAIN: "Nonflying units will in general move around
    obstacles like boulders and trees"."""
    boulder = TerrainPiece("boulder", rectangle(90, 90, 110, 110))
    area = ReachableArea(Base(50, 100, 5), inches(12), Table(400, 400), (boulder,))
    assert not area.contains((150, 100))
    assert area.check_path([(50, 100), (85, 84), (115, 84), (150, 100)]) == 39 + 30 + 39
    with pytest.raises(MoveRefused, match="runs into boulder, which must be moved around"):
        area.check_path([(50, 100), (150, 100)])
    # The base (radius 5) cannot scrape past the corner.
    assert not area.accepts([(50, 100), (86, 86), (115, 84), (150, 100)])


def test_walls_are_climbed_not_walked_through():
    """Seed 003, TERRAIN: "Noncavalry units can climb at a rate of 1" turn";
    "Only units described as "scalers" can climb flat walls without ropes and
    ladders"; Stone Wall "10" long, 3" high, ½" thick"."""
    wall = TerrainPiece("stone wall", rectangle(100, 0, 105, 100), "wall", True, inches(3))
    with pytest.raises(MoveRefused, match="climbed"):
        check_path([(50, 50), (150, 50)], Base(50, 50, 5), 200, Table(400, 400), [wall])
    assert climb_turns(wall.height) == 3
    assert climb_turns(inches(0.5)) == 1


def test_enemies_are_moved_around_friends_passed_through():
    """Issue 34: "refused where a segment crosses an obstacle or an enemy";
    seed 003, TURN SEQUENCE: "The units must have their bases touching"."""
    me = Base(0, 100, 5)
    table = Table(400, 400)
    enemy = Base(100, 100, 5)
    with pytest.raises(MoveRefused, match="passes through an enemy"):
        check_path([(0, 100), (200, 100)], me, 300, table, enemies=[enemy])
    assert check_path([(0, 100), (90, 100)], me, 300, table, enemies=[enemy]) == 90  # contact
    friend = Base(100, 100, 5)
    assert check_path([(5, 100), (200, 100)], Base(5, 100, 5), 300, table, friends=[friend])
    with pytest.raises(MoveRefused, match="ends on a friend"):
        check_path([(5, 100), (95, 100)], Base(5, 100, 5), 300, table, friends=[friend])


def test_bad_paths_are_explained():
    me, table = Base(50, 50, 5), Table(400, 400)
    with pytest.raises(MoveRefused, match="starts where the figure stands"):
        check_path([(0, 0), (10, 10)], me, 100, table)
    with pytest.raises(MoveRefused, match="leave the table"):
        check_path([(50, 50), (50, 2)], me, 100, table)
    with pytest.raises(MoveRefused, match='the figure may move 4"'):
        check_path([(50, 50), (50, 91)], me, 40, table)
    with pytest.raises(ValueError, match="whole tenths"):
        check_path([(50, 50), (50.5, 60)], me, 40, table)
    with pytest.raises(ValueError, match="three corners"):
        Polygon([(0, 0), (10, 10), (20, 20)])
    with pytest.raises(ValueError, match="movement must be one of"):
        TerrainPiece("bog", rectangle(0, 0, 5, 5), "swamp")


@settings(max_examples=150, deadline=None)
@given(st.lists(points, min_size=2, max_size=4), st.integers(5, 10),
       st.lists(pieces(), max_size=3), st.lists(figures, max_size=3))
def test_a_path_is_accepted_iff_every_segment_is(path, radius, terrain, enemies):
    """With allowance to spare, a path is legal exactly when each of its
    segments is legal as a move of its own."""
    table = Table(SIZE, SIZE)
    budget = 10 * SIZE

    def legal(p):
        try:
            check_path(p, Base(p[0][0], p[0][1], radius), budget, table, terrain, enemies)
        except MoveRefused:
            return False
        return True

    on_table = all(table.holds(p, radius) for p in path[1:])
    segments_ok = all(legal([a, b]) for a, b in zip(path, path[1:], strict=False))
    assert legal(path) == (on_table and segments_ok)


@settings(max_examples=150, deadline=None)
@given(st.lists(points, min_size=2, max_size=5), st.lists(pieces(), max_size=3))
def test_path_cost_bounds(path, terrain):
    """Each segment costs at least its length and at most twice it (all in
    rough) plus the one unit of rounding up."""
    for a, b in zip(path, path[1:], strict=False):
        cost = segment_cost(a, b, terrain)
        length2 = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
        assert cost * cost >= length2
        assert (cost - 1) ** 2 < 4 * length2 or length2 == 0
    assert path_cost(path, terrain) == sum(
        segment_cost(a, b, terrain) for a, b in zip(path, path[1:], strict=False))


@settings(max_examples=100, deadline=None)
@given(points, st.integers(0, 120), st.lists(pieces(), max_size=3),
       st.lists(figures, max_size=3), st.integers(0, 2**32))
def test_sampled_points_are_in_the_area(start, allowance, terrain, enemies, seed):
    """Issue 34: "Prompts describe these parameter sets (a reachable area ...)
    ... bots sample from them"."""
    area = ReachableArea(Base(start[0], start[1], 5), allowance, Table(SIZE, SIZE),
                         tuple(terrain), tuple(enemies))
    rng = random.Random(seed)
    for _ in range(3):
        p = area.sample(rng, tries=16)
        assert p == area.mover.centre or area.contains(p)
    assert area.describe()["allowance"] == allowance
