"""Chosen deployment (setup "deployment": "chosen"). The seed has no deployment
rule; this is the usual one of skirmish games: before the first roll-off both
sides at once place each of their figures anywhere within 6" of their own
table edge (a the south, b the north) and face it as they like; a figure left
unplaced keeps its place in the ranks the set-up gave it."""

from __future__ import annotations

from server.rules.board.measured import INCH, Base, inches, overlap
from server.rules.board.measured_areas import TRIES
from server.rules.board.measured_paths import Table
from server.rules.board.measured_terrain import SOLID
from server.rules.kernel import CommandSpec, Deferred
from server.rules.sns.setup import ZONE_INCHES
from server.rules.sns.state import Figure, State

GRID = 2 * INCH  # the listing's spacing


class Zone(Deferred):
    """Where a figure may be placed: its base on the table, inside its side's
    6" strip, on no other base and in no impassable piece or wall. Listed: a
    2" grid of such points; described as a "placement" (measured_areas.py)."""

    def __init__(self, state: State, figure: Figure) -> None:
        self.state, self.figure = state, figure
        depth = inches(ZONE_INCHES)
        h = state.layout.height
        self.rows = (h - depth, h) if figure.seat == "a" else (0, depth)
        super().__init__(self._listing)

    def _listing(self) -> list:
        top, bottom = self.rows
        return [[x, y] for y in range(top + GRID // 2, bottom, GRID)
                for x in range(GRID // 2, self.state.layout.width, GRID) if [x, y] in self]

    def __contains__(self, value) -> bool:
        if not (isinstance(value, list) and len(value) == 2
                and all(type(v) is int for v in value)):
            return False
        f, state = self.figure, self.state
        top, bottom = self.rows
        if not (top + f.radius <= value[1] <= bottom - f.radius):
            return False
        if not Table(state.layout.width, state.layout.height).holds(value, f.radius):
            return False
        base = Base(value[0], value[1], f.radius)
        if any(o.uid != f.uid and overlap(base, o.base) for o in state.figures):
            return False
        return not any(p.movement in SOLID
                       and p.polygon.near_segment(tuple(value), tuple(value), f.radius)
                       for p in state.layout.terrain)

    def describe(self) -> dict:
        """measured_areas.py's "placement" shape."""
        f, state = self.figure, self.state
        return {"shape": "placement", "rows": list(self.rows), "radius": f.radius,
                "table": [state.layout.width, state.layout.height],
                "others": [list(o.base) for o in state.figures if o.uid != f.uid],
                "solid": [p.describe() for p in state.layout.terrain if p.movement in SOLID]}

    def sample(self, rng) -> list[int] | None:
        top, bottom = self.rows
        for _ in range(TRIES):
            p = [rng.randint(0, self.state.layout.width), rng.randint(top, bottom)]
            if p in self:
                return p
        return None


def options(state: State, figure: Figure, facings) -> CommandSpec:
    return CommandSpec("deploy", f"Place {figure.name}", {"figure": figure.uid},
                       {"to": Zone(state, figure), "facing": facings})
