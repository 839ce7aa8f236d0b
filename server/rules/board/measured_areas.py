"""Described parameters on the measured table (docs/protocol.md, "Described
parameters"): a prompt says what set of values a parameter takes (a reachable
area, a placement strip, a range of facings) instead of listing them all, so a
client draws the set and tests a point against it, and a bot samples from it.
The server stays the judge: `in` on the server's own parameter object decides.

Shapes, each a map with "shape":
- "reachable": a straight move's end (ReachableArea.describe(): "from",
  "radius", "allowance", "table", "terrain", "enemies", "friends"), plus
  "leave_contact": enemy bases the end may not touch (a retreat).
- "path": a move of straight segments ("reachable"'s fields), at most
  "max_waypoints" between the start and the end.
- "placement": a base placed anywhere in "rows" [top, bottom] of the table,
  on no base of "others" and in no piece of "solid" (terrain).
- "bearing": a whole degree from "min" to "max" (a facing), "toward" the
  bearing to the nearest enemy when there is one.
- "point": a point on the "table" (edges included) within "reach" of the rim
  of the base at "from" of "radius" (a spell's target point).
- "climb": a climb's far side: a base of "radius" whose centre is within
  "reach" of "from", on the table, on no base of "others", clear of every
  piece of "climbable" and "solid", the straight line from "from" crossing at
  least one piece of "climbable" and none of "solid".
- "terrain_change": a table-changing spell's place, [kind, x, y] (["wall", x,
  y, bearing] for a wall): a "point" ("from", "radius", "reach", "table") for
  its centre, a kind of "kinds", the sizes of each kind ("wall": length and
  thickness, "boulder"/"mud": side, "remove": radius and the "terrain" it may
  clear), and the kinds in "clear" stand clear of every base of "bases"
  (server/rules/sns/terrain_spells.py check_clear).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from server.rules.board.measured import Base, Point, in_contact, overlap
from server.rules.board.measured_directions import SCALE, bearing_vector
from server.rules.board.measured_paths import ReachableArea, Table
from server.rules.board.measured_segments import Polygon
from server.rules.board.measured_terrain import TerrainPiece

TRIES = 64


def reachable_from(description: Mapping) -> ReachableArea:
    """The area a "reachable" or "path" description names (as the server built it)."""
    x, y = description["from"]
    return ReachableArea(
        Base(x, y, description["radius"]), description["allowance"],
        Table(*description["table"]),
        tuple(TerrainPiece.from_data(p) for p in description["terrain"]),
        tuple(Base(*e) for e in description["enemies"]),
        tuple(Base(*f) for f in description["friends"]))


def leaves_contact(point, radius: int, enemies: Sequence) -> bool:
    """The base at `point` touches none of `enemies` (a retreat's end)."""
    base = Base(point[0], point[1], radius)
    return not any(in_contact(base, Base(*e)) for e in enemies)


def sample_reachable(area: ReachableArea, rng: random.Random,
                     leave_contact: Sequence = ()) -> Point | None:
    """A point drawn uniformly from the square round the allowance that the
    area contains (and that leaves contact, for a retreat); None if none found."""
    x, y, reach = area.mover.x, area.mover.y, area.allowance
    for _ in range(TRIES):
        p = Point(x + rng.randint(-reach, reach), y + rng.randint(-reach, reach))
        if area.contains(p) and leaves_contact(p, area.mover.radius, leave_contact):
            return p
    return None


def _base_stands(description: Mapping, point, radius: int) -> bool:
    """A base at `point` lies on the table and on no base of the description's
    `others`."""
    if not Table(*description["table"]).holds(point, radius):
        return False
    base = Base(point[0], point[1], radius)
    return not any(overlap(base, Base(*o)) for o in description["others"])


def placement_fits(description: Mapping, point) -> bool:
    radius = description["radius"]
    top, bottom = description["rows"]
    if not (top + radius <= point[1] <= bottom - radius):
        return False
    if not _base_stands(description, point, radius):
        return False
    return not any(TerrainPiece.from_data(p).polygon.near_segment(tuple(point), tuple(point),
                                                                  radius)
                   for p in description["solid"])


def point_fits(description: Mapping, point) -> bool:
    """A "point" description's test (board/measured.py point_within_reach)."""
    width, height = description["table"]
    x, y = description["from"]
    reach = description["reach"] + description["radius"]
    return (0 <= point[0] <= width and 0 <= point[1] <= height
            and (point[0] - x) ** 2 + (point[1] - y) ** 2 <= reach * reach)


def climb_fits(description: Mapping, point) -> bool:
    """A "climb" description's test (server/rules/sns/climbing.py FarSide)."""
    x, y = description["from"]
    radius, reach = description["radius"], description["reach"]
    if (point[0] - x) ** 2 + (point[1] - y) ** 2 > reach * reach:
        return False
    if not _base_stands(description, point, radius):
        return False
    climbable = [TerrainPiece.from_data(p).polygon for p in description["climbable"]]
    solid = [TerrainPiece.from_data(p).polygon for p in description["solid"]]
    end, start = tuple(point), (x, y)
    if any(p.near_segment(end, end, radius) for p in climbable + solid):
        return False
    return (any(p.near_segment(start, end, 0) for p in climbable)
            and not any(p.near_segment(start, end, 0) for p in solid))


def sample_described(values, rng: random.Random):
    """One value of a parameter: drawn from its description when it has one
    (the server's own object samples itself; a wire prompt's description is
    rebuilt), else from its listing. Falls back to the listing when no drawn
    value fits."""
    if hasattr(values, "sample"):
        found = values.sample(rng)
    elif hasattr(values, "describe"):
        found = sample_description(values.describe(), rng)
    else:
        found = None
    return found if found is not None else rng.choice(list(values))


def sample_description(description: Mapping, rng: random.Random):
    shape = description.get("shape")
    if shape == "bearing":
        return rng.randint(description["min"], description["max"])
    if shape in ("reachable", "path"):
        area = reachable_from(description)
        end = sample_reachable(area, rng, description.get("leave_contact", ()))
        if end is None:
            return None
        return list(end) if shape == "reachable" else [list(area.mover.centre), list(end)]
    if shape == "placement":
        top, bottom = description["rows"]
        width = description["table"][0]
        return _draw(rng, (0, width), (top, bottom), lambda p: placement_fits(description, p))
    if shape == "terrain_change":
        return _draw_terrain_change(description, rng)
    if shape in ("point", "climb"):
        x, y = description["from"]
        reach = description["reach"] + (description["radius"] if shape == "point" else 0)
        fits = point_fits if shape == "point" else climb_fits
        return _draw(rng, (x - reach, x + reach), (y - reach, y + reach),
                     lambda p: fits(description, p))
    return None


def _draw(rng: random.Random, xs: tuple[int, int], ys: tuple[int, int], fits) -> list | None:
    """A point drawn uniformly from the rectangle that `fits` accepts (None
    when TRIES draws miss)."""
    for _ in range(TRIES):
        p = [rng.randint(*xs), rng.randint(*ys)]
        if fits(p):
            return p
    return None


# -- a table-changing spell's place ("terrain_change") ----------------------------------


def wall_corners(point, facing: int, length: int, thickness: int) -> tuple:
    """A wall centred on `point`, its length along `facing`, `thickness` to
    its right (the bearing plus 90); integer corners, as the server lays it."""
    dx, dy = bearing_vector(facing)
    half = length // 2
    ax, ay = point[0] - dx * half // SCALE, point[1] - dy * half // SCALE
    bx, by = point[0] + dx * half // SCALE, point[1] + dy * half // SCALE
    nx, ny = -dy * thickness // SCALE, dx * thickness // SCALE
    return ((ax, ay), (bx, by), (bx + nx, by + ny), (ax + nx, ay + ny))


def square_corners(centre, side: int) -> tuple:
    h = side // 2
    x, y = centre
    return ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))


def terrain_change_corners(description: Mapping, value) -> tuple | None:
    """The corners of the piece a well-formed value lays (None: "remove")."""
    kind, point = value[0], value[1:3]
    if kind == "wall":
        wall = description["wall"]
        return wall_corners(point, value[3], wall["length"], wall["thickness"])
    if kind in ("boulder", "mud"):
        return square_corners(point, description[kind]["side"])
    return None


def terrain_change_blocker(description: Mapping, value) -> dict | None:
    """The first base of "bases" the piece would stand on, when its kind must
    stand clear (check_clear: the base's centre inside the piece or nearer
    than its radius to an edge); None when clear."""
    if value[0] not in description.get("clear", ()):
        return None
    polygon = Polygon([list(c) for c in terrain_change_corners(description, value)])
    for base in description["bases"]:
        centre = tuple(base["at"])
        if polygon.near_segment(centre, centre, base["radius"]):
            return base
    return None


def terrain_change_removes(description: Mapping, value) -> list[str]:
    """The pieces a "remove" clears: every one reaching into its circle."""
    point, radius = tuple(value[1:3]), description["remove"]["radius"]
    return [p["name"] for p in description["remove"]["terrain"]
            if TerrainPiece.from_data(p).polygon.near_segment(point, point, radius)]


def terrain_change_well_formed(description: Mapping, value) -> bool:
    """[kind, x, y] (a wall: and a bearing 0-359) of whole numbers, of a kind offered."""
    if not isinstance(value, list) or not value or value[0] not in description["kinds"]:
        return False
    if len(value) != (4 if value[0] == "wall" else 3):
        return False
    if not all(type(v) is int for v in value[1:]):
        return False
    return value[0] != "wall" or 0 <= value[3] < 360


def terrain_change_fits(description: Mapping, value) -> bool:
    """A "terrain_change" description's test (sns/casting.py Placements)."""
    return (terrain_change_well_formed(description, value)
            and point_fits(description, value[1:3])
            and terrain_change_blocker(description, value) is None)


def _draw_terrain_change(description: Mapping, rng: random.Random) -> list | None:
    """A kind, a point in reach and (a wall) a bearing, drawn until one fits."""
    x, y = description["from"]
    reach = description["reach"] + description["radius"]
    for _ in range(TRIES):
        kind = rng.choice(description["kinds"])
        value = [kind, rng.randint(x - reach, x + reach), rng.randint(y - reach, y + reach)]
        if kind == "wall":
            value.append(rng.randint(0, 359))
        if terrain_change_fits(description, value):
            return value
    return None
