"""Measured table: distances, bases, arcs, cones, ranges (seed 003; issue 34)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.rules.board.measured import (
    BASE_RADIUS,
    INCH,
    Base,
    Cone,
    FacingRange,
    arc,
    bearing_in_arc,
    cone_from_front,
    distance_squared,
    facing_towards,
    gap_up,
    in_contact,
    in_radius,
    in_range,
    inches,
    is_charge,
    length_up,
    overlap,
    within,
)
from server.rules.board.measured_directions import SCALE, bearing_vector

coords = st.integers(-2000, 2000)
points = st.tuples(coords, coords)
bases = st.builds(Base, coords, coords, st.sampled_from(sorted(BASE_RADIUS.values())))
bearings = st.integers(0, 359)


@given(points, points)
def test_distance_is_symmetric(a, b):
    assert distance_squared(a, b) == distance_squared(b, a)
    assert length_up(a[0] - b[0], a[1] - b[1]) == length_up(b[0] - a[0], b[1] - a[1])


@given(points, points, points)
def test_triangle_inequality_with_lengths_rounded_up(a, b, c):
    """Lengths round up to a unit, so |ac| <= |ab| + |bc| holds for the
    rounded lengths too (the rounded |ac| exceeds the true one by < 1 unit,
    and the true sum is at least the true |ac|)."""
    def up(p, q):
        return length_up(p[0] - q[0], p[1] - q[1])
    assert up(a, c) <= up(a, b) + up(b, c)


@given(points, points, st.integers(0, 3000))
def test_within_agrees_with_the_rounded_up_length(a, b, r):
    """r is whole, so |ab| <= r exactly when ceil(|ab|) <= r."""
    assert within(a, b, r) == (length_up(a[0] - b[0], a[1] - b[1]) <= r)


def test_length_is_rounded_up():
    assert length_up(3, 4) == 5
    assert length_up(1, 1) == 2  # 1.414... never rounded down
    assert length_up(0, 0) == 0


def test_inches_are_tenths_and_halves_are_exact():
    """Seed 003, SPELLS: Stone Wall "10" long, 3" high, ½" thick"."""
    assert INCH == 10
    assert (inches(10), inches(3), inches(0.5)) == (100, 30, 5)
    with pytest.raises(ValueError, match="tenths of an inch"):
        inches(0.25)


def test_contact_is_touching_within_a_tenth():
    """Seed 003, TURN SEQUENCE: "The units must have their bases touching"."""
    a = Base(0, 0, 5)
    assert in_contact(a, Base(10, 0, 5))       # rims touching
    assert in_contact(a, Base(11, 0, 5))       # a tenth of an inch off
    assert not in_contact(a, Base(12, 0, 5))
    assert not overlap(a, Base(10, 0, 5)) and overlap(a, Base(9, 0, 5))
    assert gap_up(a, Base(30, 0, 5)) == 20


@given(bases, bases)
def test_contact_is_symmetric(a, b):
    assert in_contact(a, b) == in_contact(b, a)
    assert overlap(a, b) == overlap(b, a)


def test_long_range_is_double_range_measured_rim_to_rim():
    """Seed 003, RANGED ATTACKS: "Double the listed range is long range";
    "10 Long bow"."""
    archer = Base(0, 0, 5)
    assert in_range(archer, Base(110, 0, 5), 10) == "short"    # rims 10" apart
    assert in_range(archer, Base(111, 0, 5), 10) == "long"
    assert in_range(archer, Base(210, 0, 5), 10) == "long"     # rims 20" apart
    assert in_range(archer, Base(211, 0, 5), 10) is None


def test_a_radius_takes_every_base_it_reaches():
    """Seed 003, SPELLS: Fireball "affects all units in 2" radius"."""
    centre = (0, 0)
    assert in_radius(centre, inches(2), Base(25, 0, 5))
    assert not in_radius(centre, inches(2), Base(26, 0, 5))


def test_charge_needs_two_inches():
    """Seed 003, ATTACK ROLL MODIFIERS: "+1 Charge (Moving into HTH from at
    least 2" away ...)"."""
    assert is_charge(Base(0, 0, 5), Base(30, 0, 5))
    assert not is_charge(Base(0, 0, 5), Base(29, 0, 5))


def test_direction_table_matches_its_decimals():
    assert bearing_vector(0) == (0, -SCALE)
    assert bearing_vector(90) == (SCALE, 0)
    assert bearing_vector(30) == (500000, -866025)
    assert bearing_vector(225) == (-707107, 707107)


@given(bearings)
def test_direction_table_vectors_are_unit_to_a_millionth(b):
    x, y = bearing_vector(b)
    assert abs(x * x + y * y - SCALE * SCALE) <= 2 * SCALE


@given(bearings, points)
def test_arcs_partition_the_circle(facing, p):
    """Every direction lies in exactly one arc; rear is the 90 degrees behind
    (seed 003, Dragon: "Tail sweep(Rear 90 degrees only)")."""
    assert arc(Base(0, 0, 5), facing, p) in ("front", "side", "rear")


@given(bearings)
def test_arc_sizes_in_whole_degrees(facing):
    """Front 181 bearings (90 degrees either side, both included), side 45 on
    each side counting 135, rear 89 strictly past 135 (docs/rules/sns.md). Seed 003,
    the dragon: "Third attack: Tail sweep(Rear 90 degrees only)" sizes the rear arc."""
    counts = {"front": 0, "side": 0, "rear": 0}
    for off in range(360):
        counts[bearing_in_arc(facing, (facing + off) % 360)] += 1
    assert counts == {"front": 181, "side": 90, "rear": 89}


def test_arcs_by_example():
    """Seed 003, ATTACK ROLL MODIFIERS: "+1 Attacking unit from side in HTH /
    +2 Attacking unit from rear in HTH"."""
    defender = Base(0, 0, 5)
    north = 0
    assert arc(defender, north, (0, -10)) == "front"
    assert arc(defender, north, (10, 0)) == "front"      # exactly abeam
    assert arc(defender, north, (10, 5)) == "side"
    assert arc(defender, north, (10, 10)) == "side"      # exactly 135
    assert arc(defender, north, (9, 10)) == "rear"
    assert arc(defender, north, (0, 10)) == "rear"


@given(bearings, points)
def test_a_cone_lies_in_the_front_arc(facing, p):
    """Seed 003, SPELLS: Cone of Cold "Range = 8" affects all units in 30
    degree cone": a cone straight ahead is inside the front arc."""
    cone = Cone((0, 0), facing, inches(8))
    if cone.contains_point(p):
        assert arc(Base(0, 0, 0), facing, p) == "front"


def test_cone_of_cold_by_example():
    """Seed 003, SPELLS: Cone of Cold "Range = 8" ... 30 degree cone"."""
    cone = Cone((0, 0), 90, inches(8))      # pointing east
    assert cone.contains_point((80, 0))
    assert not cone.contains_point((81, 0))
    assert cone.contains_point((70, 18))     # 14.4 degrees off
    assert not cone.contains_point((70, 20))  # 15.9 degrees off
    assert cone.touches(Base(70, 20, 5))     # its base reaches in
    assert not cone.touches(Base(70, 40, 5))
    assert cone.touches(Base(84, 0, 5))      # rim past the tip
    assert not cone.touches(Base(86, 0, 5))


def test_dragon_breath_starts_at_its_rim():
    """Seed 003, Dragon: "Fire breath (Range = 4" affects all units in 30
    degree cone"."""
    cone = cone_from_front(Base(0, 0, BASE_RADIUS["dragon"]), 90, 4)
    assert cone.apex == (15, 0) and cone.length == 40
    assert cone.touches(Base(60, 0, 5)) and not cone.touches(Base(61, 0, 5))


@given(bearings, bases)
def test_cone_touch_agrees_with_centre_inside(facing, figure):
    cone = Cone((0, 0), facing, inches(8))
    if cone.contains_point(figure):
        assert cone.touches(figure)


@given(st.integers(0, 359), st.integers(1, 360), st.integers(0, 2**32))
def test_facing_range_samples_are_contained(first, span, seed):
    fr = FacingRange(first, span)
    rng = random.Random(seed)
    for _ in range(5):
        assert fr.contains(fr.sample(rng))
    assert sum(fr.contains(b) for b in range(360)) == span


def test_facing_errors_read_as_sentences():
    with pytest.raises(ValueError, match="whole number of degrees"):
        arc(Base(0, 0, 5), 360, (1, 1))
    with pytest.raises(ValueError, match="spans 1 to 360"):
        FacingRange(0, 0)


def test_facing_towards_a_target():
    assert facing_towards((0, 0), (0, -50)).first == 0
    assert facing_towards((0, 0), (50, 50)).first == 135
    assert facing_towards((0, 0), (100, -58)).first == 60


@given(bearings, bearings)
def test_bearing_arcs_agree_with_vector_arcs_off_the_boundaries(facing, bearing):
    off = min((bearing - facing) % 360, (facing - bearing) % 360)
    if off not in (90, 135):
        assert bearing_in_arc(facing, bearing) == arc(Base(0, 0, 0), facing,
                                                      bearing_vector(bearing))


@pytest.mark.parametrize("passage, radius", [
    ('Goblin Powder Keg: "Bomb strapped to back (1" Radius, Attack roll +2)"', 1),
    ('Fireball: "affects all units in 2" radius"', 2),
    ('Poison Gas: "affects all units in 4" radius"', 4),
    ('Slow: "Units in a 5" radius cannot move for 3 turns"', 5),
    ('Turn Undead: "All undead in 10" radius of caster must check morale at -8"', 10),
])
def test_spell_radii_take_bases_reaching_in(passage, radius):
    """Seed 003, SPELLS and SAMPLE UNITS: each radius, as quoted."""
    reach = inches(radius) + BASE_RADIUS["infantry"]
    assert in_radius((0, 0), inches(radius), Base(reach, 0, BASE_RADIUS["infantry"])), passage
    assert not in_radius((0, 0), inches(radius), Base(reach + 1, 0, BASE_RADIUS["infantry"]))
