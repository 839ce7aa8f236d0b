"""MOVEMENT RATES, TERRAIN and the movement phases of TURN SEQUENCE (seed 003):
who may move, how far, where (a reachable area on the measured table, a
facing range), doubling and fatigue, retreating from base contact, setting
spears, and the routing figures' flight to the table edge."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from server.rules.board.measured import (
    CONE_DEGREES,
    FULL_TURN,
    Base,
    Point,
    _cos_key,
    in_contact,
    inches,
    is_charge,
)
from server.rules.board.measured_areas import leaves_contact, sample_reachable
from server.rules.board.measured_directions import bearing_vector
from server.rules.board.measured_paths import MoveRefused, ReachableArea, Table
from server.rules.board.measured_terrain import line_of_sight
from server.rules.kernel import Deferred
from server.rules.sns.attacks import has_effect
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import FAST_MOVE, Figure, State

MOVES = "seed 003, TURN SEQUENCE / MOVEMENT RATES"
RETREAT = "seed 003, TURN SEQUENCE: \"A unit may retreat on a roll of 1-4 on D12\""
RETREAT_ON = 4
COMPASS = tuple(range(0, FULL_TURN, 45))
MAX_WAYPOINTS = 8


def enemies_of(state: State, figure: Figure) -> list[Figure]:
    return [f for f in state.figures if f.seat != figure.seat and f.on_table]


def in_base_contact(state: State, figure: Figure) -> list[Figure]:
    return [e for e in enemies_of(state, figure) if in_contact(figure.base, e.base)]


def allowance(state: State, figure: Figure, doubled: bool = False) -> int:
    """The move in units: the rate less 1" a wound ("Move & Attack & Damage
    rolls -1 per wound"), half (rounded down) when fatigued, double when
    doubling ("A unit may double its move but it will be fatigued next turn")."""
    turn = state.turn
    rate = 20 if has_effect(figure, "flying", turn) else figure_profile(figure).move
    if has_effect(figure, "enlarged", turn):
        rate += 4  # Enlarge: "Move +4""
    rate = max(0, rate - figure.wounds)
    if figure.fatigued == turn:
        rate //= 2
    if doubled:
        rate *= 2
    if has_effect(figure, "hasted", turn):
        rate *= 2  # Haste: "Target gets double movement"
    return inches(rate)


def flies(state: State, figure: Figure) -> bool:
    return figure_profile(figure).has("Flying") or has_effect(figure, "flying", state.turn)


def may_move(state: State, figure: Figure, phase: str) -> bool:
    prof = figure_profile(figure)
    return (figure.can_act and not figure.routing and not figure.knocked_down
            and figure.immobilized < state.turn and not figure.moved
            and not has_effect(figure, "slowed", state.turn)
            and prof.fast == (phase == FAST_MOVE) and allowance(state, figure) > 0)


def area(state: State, figure: Figure, reach: int, retreating: bool = False) -> ReachableArea:
    """Where the figure may go: around obstacles and enemies, friends passed
    through but not ended on. A flyer passes over terrain and figures
    (docs/rules/sns.md, "Flying")."""
    others = [f.base for f in state.figures if f.on_table and f.uid != figure.uid]
    enemies = tuple(e.base for e in enemies_of(state, figure))
    table = Table(state.layout.width, state.layout.height)
    if flies(state, figure):
        return ReachableArea(figure.base, reach, table, (), (), tuple(others))
    friends = tuple(f.base for f in state.figures
                    if f.on_table and f.seat == figure.seat and f.uid != figure.uid)
    return ReachableArea(figure.base, reach, table, state.layout.terrain, enemies, friends)


class Destinations(Deferred):
    """A move's "to" parameter: any point of the reachable area is legal
    (`in` asks the area; a retreat's end also leaves contact with
    `leave_contact`). Described (measured_areas.py, "reachable") for clients
    to draw and bots to sample; listed, a sample: the eight compass points at
    full and half reach, and base contact with the nearest enemies."""

    def __init__(self, reach: ReachableArea, candidates: Callable[[], list[Point]],
                 leave_contact: tuple[Base, ...] = ()) -> None:
        self.reach = reach
        self.leave_contact = leave_contact
        super().__init__(lambda: [list(p) for p in candidates() if p in self])

    def accept(self, p) -> bool:
        return leaves_contact(p, self.reach.mover.radius, self.leave_contact)

    def __contains__(self, value) -> bool:
        try:
            return self.reach.contains(value) and self.accept(tuple(value))
        except (MoveRefused, TypeError, ValueError):
            return False

    def describe(self) -> dict:
        return {"shape": "reachable", **self.reach.describe(),
                "leave_contact": [list(e) for e in self.leave_contact]}

    def sample(self, rng: random.Random) -> list[int] | None:
        found = sample_reachable(self.reach, rng, self.leave_contact)
        return None if found is None else list(found)


class Paths(Deferred):
    """A move around obstacles: any path [start, p1, ..., end] of straight
    segments the reachable area accepts (seed 003, TERRAIN: "Nonflying units
    will in general move around obstacles like boulders and trees"). Described
    ("path"); listed, the straight paths to the sampled destinations."""

    def __init__(self, reach: ReachableArea, destinations: Destinations) -> None:
        self.reach = reach
        self.destinations = destinations
        start = list(reach.mover.centre)
        super().__init__(lambda: [[start, p] for p in destinations.values()])

    def __contains__(self, value) -> bool:
        if not isinstance(value, list) or not 2 <= len(value) <= MAX_WAYPOINTS + 2:
            return False
        try:
            return self.reach.accepts(value)
        except (TypeError, ValueError):
            return False

    def describe(self) -> dict:
        return {"shape": "path", **self.reach.describe(), "max_waypoints": MAX_WAYPOINTS}

    def sample(self, rng: random.Random) -> list | None:
        end = self.destinations.sample(rng)
        return None if end is None else [list(self.reach.mover.centre), end]


class Facings(Deferred):
    """A facing parameter: any whole degree (a FacingRange of 360). Described
    ("bearing", with the bearing to the nearest enemy, and for a facing that aims
    a cone, `cone_inches`: the breath or spell's 30 degree cone of that length from
    the figure's rim, for a client to draw); listed, the compass points and that
    bearing."""

    def __init__(self, toward: Callable[[], int | None], cone_inches: int | None = None) -> None:
        self.toward = toward
        self.cone_inches = cone_inches

        def listing() -> list[int]:
            extra = toward()
            return sorted(set(COMPASS + (() if extra is None else (extra,))))
        super().__init__(listing)

    def __contains__(self, value) -> bool:
        return type(value) is int and 0 <= value < FULL_TURN

    def describe(self) -> dict:
        described = {"shape": "bearing", "min": 0, "max": FULL_TURN - 1,
                     "toward": self.toward()}
        if self.cone_inches is not None:
            described["cone"] = {"length": inches(self.cone_inches), "degrees": CONE_DEGREES}
        return described

    def sample(self, rng: random.Random) -> int:
        return rng.randrange(FULL_TURN)


def candidates(state: State, figure: Figure, reach: int) -> list[Point]:
    from server.rules.board.measured_directions import SCALE, bearing_vector
    points = [figure.base.centre]
    for distance in (reach, reach // 2):
        for bearing in COMPASS:
            vx, vy = bearing_vector(bearing)
            points.append(Point(figure.x + vx * distance // SCALE,
                                figure.y + vy * distance // SCALE))
    for enemy in nearest_enemies(state, figure)[:3]:
        points.append(contact_point(figure.base, enemy.base))
    return points


def nearest_enemies(state: State, figure: Figure) -> list[Figure]:
    return sorted(enemies_of(state, figure),
                  key=lambda e: ((e.x - figure.x) ** 2 + (e.y - figure.y) ** 2, e.uid))


def contact_point(mover: Base, target: Base) -> Point:
    """The centre on the line between them where the two bases touch."""
    dx, dy = mover.x - target.x, mover.y - target.y
    from math import isqrt
    length = isqrt(dx * dx + dy * dy) or 1
    keep = mover.radius + target.radius
    return Point(target.x + (dx * keep + length // 2) // length,
                 target.y + (dy * keep + length // 2) // length)


def toward_nearest(state: State, figure: Figure) -> int | None:
    enemies = nearest_enemies(state, figure)
    if not enemies:
        return None
    return bearing_to(figure.base.centre, enemies[0].base.centre)


def bearing_to(frm, to) -> int | None:
    """`facing_towards` (the exact nearest whole degree), searched only a few
    degrees round the floating-point estimate: the same answer, far faster."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if dx == 0 and dy == 0:
        return None
    guess = round(math.degrees(math.atan2(dx, -dy))) % FULL_TURN
    window = [(guess + k) % FULL_TURN for k in range(-3, 4)]
    return max(window, key=lambda b: (_cos_key(bearing_vector(b), (dx, dy)), -b))


def charged_at(state: State, figure: Figure, to) -> list[str]:
    """seed 003: "+1 Charge (Moving into HTH from at least 2" away; cannot be the
    result of a retreat)": enemies in contact after the move that were 2" away."""
    after = Base(to[0], to[1], figure.radius)
    return [e.uid for e in enemies_of(state, figure)
            if in_contact(after, e.base) and is_charge(figure.base, e.base)]


def surprised_at(state: State, figure: Figure, charged: list[str]) -> list[str]:
    """"+1 Surprise attack": the enemies it charges that could not see it where
    its move began (a wood, a wall, a building or another figure between), so
    had no warning of the charge (docs/rules/sns.md, "Surprise")."""
    others = [f.base for f in state.figures if f.on_table]
    return [uid for uid in charged if not line_of_sight(
        figure.base, state.figure(uid).base, others, state.layout.terrain)]


def contact_bases(state: State, figure: Figure) -> tuple[Base, ...]:
    """The enemy bases a retreat must end out of contact with."""
    return tuple(e.base for e in enemies_of(state, figure))


def flight(state: State, figure: Figure) -> tuple[list[list[int]], bool] | None:
    """seed 003, MORALE: "A routing unit will attempt to move off the table at
    full speed avoiding enemy units": straight to the nearest edge it can
    reach without passing an enemy and without closing on the nearest enemy
    (unless no other way is open), as far as its move; off the table (fled)
    when the move reaches the edge. None when every way is blocked."""
    reach = allowance(state, figure)
    w, h, r = state.layout.width, state.layout.height, figure.radius
    edges = sorted([(figure.x - r, (r, figure.y)), (w - r - figure.x, (w - r, figure.y)),
                    (figure.y - r, (figure.x, r)), (h - r - figure.y, (figure.x, h - r))])
    moves = area(state, figure, reach)
    enemies = enemies_of(state, figure)

    def nearest_enemy(p) -> int:
        return min(((e.x - p[0]) ** 2 + (e.y - p[1]) ** 2 for e in enemies), default=0)

    routes = []
    for distance, (ex, ey) in edges:
        if distance <= reach:
            end = Point(ex, ey)
        else:
            end = Point(figure.x + (ex - figure.x) * reach // max(distance, 1),
                        figure.y + (ey - figure.y) * reach // max(distance, 1))
        toward_enemy = nearest_enemy(end) < nearest_enemy(figure.base.centre)
        routes.append((toward_enemy, distance, end))
    for _, distance, end in sorted(routes):
        if moves.contains(end):
            return [list(figure.base.centre), list(end)], distance <= reach
    return None


def retreat_roll_succeeds(roll: int) -> bool:
    return roll <= RETREAT_ON


def sample_point(values, rng: random.Random):
    return rng.choice(list(values))
