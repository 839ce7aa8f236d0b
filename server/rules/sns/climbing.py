"""Climbing walls and cliffs (seed 003, TERRAIN): "Noncavalry units can climb
at a rate of 1" turn"; "Only units described as "scalers" can climb flat walls
without ropes and ladders". The armies carry no ropes or ladders, so a Scaler
climbs a wall, and any noncavalry figure a cliff (a rock face is no flat
wall): from base contact with it to a place on its far side, taking one turn
an inch of its height (a part inch a turn), during which it stays where it
began, neither moving nor attacking (it may be attacked); it comes down on the
far side in its movement phase that many turns later."""

from __future__ import annotations

from server.rules.board.measured import CONTACT_GAP, Base, overlap
from server.rules.board.measured_directions import SCALE, bearing_vector
from server.rules.board.measured_paths import Table
from server.rules.board.measured_terrain import SOLID, climb_turns
from server.rules.kernel import Deferred
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Figure, State

DIRECTIONS = tuple(range(0, 360, 30))


def walls_touched(state: State, figure: Figure) -> list:
    """The pieces in base contact the figure may climb: cliffs, and walls for a
    Scaler; none for cavalry ("Noncavalry units can climb")."""
    prof = figure_profile(figure)
    if prof.has("Cavalry"):
        return []
    kinds = ("wall", "cliff") if prof.has("Scaler") else ("cliff",)
    centre = figure.base.centre
    return [p for p in state.layout.terrain if p.movement in kinds
            and p.polygon.near_segment(centre, centre, figure.radius + CONTACT_GAP + 1)]


def may_climb(state: State, figure: Figure) -> bool:
    return bool(walls_touched(state, figure))


class FarSide(Deferred):
    """Where a climb ends: a point whose straight line from the figure crosses a
    wall it touches and nothing else solid, its base clear of every piece and
    base and on the table, no further than the wall's thickness and the base
    across (plus an inch). Listed: such points in twelve directions."""

    def __init__(self, state: State, figure: Figure) -> None:
        self.state, self.figure = state, figure
        self.walls = walls_touched(state, figure)
        self.reach = 2 * figure.radius + 20
        super().__init__(self._listing)

    def _listing(self) -> list:
        found = []
        for bearing in DIRECTIONS:
            vx, vy = bearing_vector(bearing)
            for distance in (self.reach, self.reach * 3 // 4):
                p = [self.figure.x + vx * distance // SCALE, self.figure.y + vy * distance // SCALE]
                if p in self and p not in found:
                    found.append(p)
        return found

    def __contains__(self, value) -> bool:
        if not (isinstance(value, list) and len(value) == 2
                and all(type(v) is int for v in value)):
            return False
        f, state = self.figure, self.state
        start = f.base.centre
        if (value[0] - f.x) ** 2 + (value[1] - f.y) ** 2 > self.reach ** 2:
            return False
        if not Table(state.layout.width, state.layout.height).holds(value, f.radius):
            return False
        base = Base(value[0], value[1], f.radius)
        if any(o.on_table and o.uid != f.uid and overlap(base, o.base) for o in state.figures):
            return False
        crossed = [p for p in state.layout.terrain if p.movement in SOLID
                   and p.polygon.near_segment(start, tuple(value), 0)]
        clear = not any(p.polygon.near_segment(tuple(value), tuple(value), f.radius)
                        for p in state.layout.terrain if p.movement in SOLID)
        return clear and bool(crossed) and all(p in self.walls for p in crossed)


def turns_to_climb(state: State, figure: Figure, to) -> int:
    crossed = [p for p in walls_touched(state, figure)
               if p.polygon.near_segment(figure.base.centre, tuple(to), 0)]
    return max(climb_turns(p.height) for p in crossed) if crossed else 1
