"""Climbing walls and cliffs (seed 003, TERRAIN): "Noncavalry units can climb
at a rate of 1" turn"; "Only units described as "scalers" can climb flat walls
without ropes and ladders". Any noncavalry figure climbs a cliff (a rock face
is no flat wall); a flat wall a Scaler climbs, or a figure with ropes and
ladders at hand: the Porter's ("Carry supplies such as ammo, ladders and
ropes"), the Porter itself or a friend it stands in base contact with while
touching the same wall (docs/rules/sns.md, "Ropes and ladders"). A climb goes
from base contact with the piece to a place on its far side, taking one turn
an inch of its height (a part inch a turn), during which the figure stays
where it began, neither moving nor attacking (it may be attacked); it comes
down on the far side in its movement phase that many turns later."""

from __future__ import annotations

from server.rules.board.measured import CONTACT_GAP, Base, in_contact, overlap
from server.rules.board.measured_directions import SCALE, bearing_vector
from server.rules.board.measured_paths import Table
from server.rules.board.measured_terrain import SOLID, climb_turns
from server.rules.kernel import Deferred
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Figure, State

DIRECTIONS = tuple(range(0, 360, 30))


def walls_touched(state: State, figure: Figure) -> list:
    """The pieces in base contact the figure may climb: cliffs, and walls for a
    Scaler or with a ladder at hand; none for cavalry ("Noncavalry units can
    climb")."""
    prof = figure_profile(figure)
    if prof.has("Cavalry"):
        return []
    return [p for p in state.layout.terrain if touches(figure, p) and (
        p.movement == "cliff" or p.movement == "wall"
        and (prof.has("Scaler") or ladder_bearer(state, figure, p) is not None))]


def touches(figure: Figure, piece) -> bool:
    centre = figure.base.centre
    return piece.polygon.near_segment(centre, centre, figure.radius + CONTACT_GAP + 1)


def ladder_bearer(state: State, figure: Figure, wall) -> str | None:
    """Who brings the ropes and ladders for a climb of `wall`: the figure itself
    if it carries supplies, else a friend carrying them, able to act and not
    routing, in base contact with it and touching the same wall."""
    if figure_profile(figure).has("Supplies"):
        return figure.uid
    return next((f.uid for f in state.figures
                 if f.seat == figure.seat and f.uid != figure.uid and f.can_act
                 and not f.routing and figure_profile(f).has("Supplies")
                 and in_contact(f.base, figure.base) and touches(f, wall)), None)


def ladders_used(state: State, figure: Figure, to) -> str | None:
    """The ladder bearer of a climb to `to`, when the wall crossed needs one
    (the figure is no Scaler); None otherwise."""
    if figure_profile(figure).has("Scaler"):
        return None
    for piece in walls_touched(state, figure):
        if piece.movement == "wall" and piece.polygon.near_segment(
                figure.base.centre, tuple(to), 0):
            return ladder_bearer(state, figure, piece)
    return None


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


    def describe(self) -> dict:
        """The "climb" shape (board/measured_areas.py): this test, for a client."""
        f, state = self.figure, self.state
        solid = [p for p in state.layout.terrain if p.movement in SOLID]
        return {"shape": "climb", "from": [f.x, f.y], "radius": f.radius, "reach": self.reach,
                "table": [state.layout.width, state.layout.height],
                "others": [list(o.base) for o in state.figures
                           if o.on_table and o.uid != f.uid],
                "climbable": [p.describe() for p in solid if p in self.walls],
                "solid": [p.describe() for p in solid if p not in self.walls]}


def turns_to_climb(state: State, figure: Figure, to) -> int:
    crossed = [p for p in walls_touched(state, figure)
               if p.polygon.near_segment(figure.base.centre, tuple(to), 0)]
    return max(climb_turns(p.height) for p in crossed) if crossed else 1
