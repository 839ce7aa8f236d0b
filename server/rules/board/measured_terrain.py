"""Terrain pieces and lines of sight on the measured table (seed 003, TERRAIN;
docs/rules/board.md "Measured table").

A terrain piece is a polygon with what it does as data: whether it blocks
sight, and how it affects movement ("open", "rough": half speed, "unstable":
half speed and bad footing in a fight, "slope": half speed going up it (its
`uphill` bearing), "impassable": moved around, "wall": climbed only by
scalers or with ropes and ladders, "cliff": climbed by any noncavalry).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from server.rules.board.measured import Base
from server.rules.board.measured_directions import bearing_vector
from server.rules.board.measured_segments import Polygon, segment_point_dist2_lt

MOVEMENT_KINDS = ("open", "rough", "unstable", "slope", "impassable", "wall", "cliff")
# Pieces a path may not cross: moved around (impassable) or climbed (wall, cliff).
SOLID = ("impassable", "wall", "cliff")
CLIMBED = ("wall", "cliff")
# Ground at half speed wherever it is crossed ("Units on rough or unstable
# terrain will move at half speed"); a slope only when the move goes up it.
SLOW = ("rough", "unstable")


@dataclass(frozen=True)
class TerrainPiece:
    """One piece of terrain. `height` (units) matters for walls and cliffs:
    climbing is "at a rate of 1" turn" (see `climb_turns`). A slope's
    `uphill` is the compass bearing in which its ground rises ("up slopes")."""

    name: str
    polygon: Polygon
    movement: str = "impassable"
    blocks_sight: bool = True
    height: int = 0
    uphill: int | None = None

    def __post_init__(self):
        if self.movement not in MOVEMENT_KINDS:
            raise ValueError(f"terrain {self.name!r}: movement must be one of "
                             f"{', '.join(MOVEMENT_KINDS)}, not {self.movement!r}")
        if type(self.height) is not int or self.height < 0:
            raise ValueError(f"terrain {self.name!r}: height is whole tenths of an inch, "
                             f"not {self.height!r}")
        if (self.movement == "slope") != (self.uphill is not None):
            raise ValueError(f"terrain {self.name!r}: a slope, and only a slope, names the "
                             f"bearing its ground rises in (uphill)")
        if self.uphill is not None and (type(self.uphill) is not int
                                        or not 0 <= self.uphill < 360):
            raise ValueError(f"terrain {self.name!r}: uphill is a whole-degree bearing, "
                             f"not {self.uphill!r}")

    def goes_up(self, a, b) -> bool:
        """A straight move from a to b climbs this slope: it heads within 90
        degrees of the uphill bearing (not along the contour, not down)."""
        if self.uphill is None:
            return False
        ux, uy = bearing_vector(self.uphill)
        return ux * (b[0] - a[0]) + uy * (b[1] - a[1]) > 0

    @classmethod
    def from_data(cls, data: dict) -> TerrainPiece:
        """From a table layout's data: {"name", "corners": [[x, y], ...],
        "movement", "blocks_sight", "height"}."""
        try:
            corners = data["corners"]
            name = data["name"]
        except KeyError as missing:
            raise ValueError(f"a terrain piece needs {missing.args[0]!r}") from None
        return cls(name, Polygon(corners), data.get("movement", "impassable"),
                   bool(data.get("blocks_sight", True)), data.get("height", 0),
                   data.get("uphill"))

    def describe(self) -> dict:
        described = {"name": self.name, "corners": [list(v) for v in self.polygon.vertices],
                     "movement": self.movement, "blocks_sight": self.blocks_sight,
                     "height": self.height}
        if self.uphill is not None:
            described["uphill"] = self.uphill
        return described


def climb_turns(height: int, inch: int = 10) -> int:
    """Seed 003, TERRAIN: "Noncavalry units can climb at a rate of 1" turn":
    whole turns to climb `height` units (a part inch takes a turn)."""
    return -(-height // inch)


def line_of_sight(a: Base, b: Base, figures: Iterable[Base] = (),
                  terrain: Iterable[TerrainPiece] = ()) -> bool:
    """Sight between two figures, traced centre to centre (docs/rules/sns.md,
    "Line of sight"). Blocked by another figure's base when the line passes
    strictly inside it (grazing a rim does not block), and by a sight-blocking
    piece when the line passes through its inside, except a piece one of the
    two figures stands in or on (a figure in a wood sees out of it and is seen;
    the shot takes the cover modifier instead). Symmetric by construction."""
    p, q = a.centre, b.centre
    for other in figures:
        if other == a or other == b:
            continue
        if segment_point_dist2_lt(p, q, other, other.radius):
            return False
    for piece in terrain:
        if not piece.blocks_sight:
            continue
        if piece.polygon.locate(p) != "outside" or piece.polygon.locate(q) != "outside":
            continue
        if piece.polygon.crossed_by(p, q):
            return False
    return True
