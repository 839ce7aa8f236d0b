"""A point chosen on the measured table, checked against the prompt's description
of its parameter (docs/protocol.md, "Described parameters") before it is sent:
None when it is inside the set, else why not in a player's words.

The tests are the server's own geometry (server/rules/board/measured_areas.py
and the primitives it uses, in integers), so the terminal refuses exactly what
the server would; the server still judges what is sent. Shapes checked:
`reachable` (a straight move's end), `placement` (a deployment, Teleport's
landing), `point` (a spell's target point) and `climb` (a climb's far side);
a `path` leg by leg as it is laid (`path_refusal`); a `terrain_change` (a wall
or terrain spell's place) by its point, then whole (`place_refusal`).
"""

from __future__ import annotations

from collections.abc import Mapping

from server.rules.board.measured import Base, overlap
from server.rules.board.measured_areas import (
    leaves_contact,
    point_fits,
    reachable_from,
    terrain_change_blocker,
    terrain_change_well_formed,
)
from server.rules.board.measured_paths import MoveRefused, Table, check_path
from server.rules.board.measured_terrain import TerrainPiece


def _inches(units: float) -> str:
    return f'{units / 10:g}"'


def _on_a_base(description: Mapping, point) -> str | None:
    base = Base(point[0], point[1], description["radius"])
    if any(overlap(base, Base(*other)) for other in description["others"]):
        return "the base would stand on another figure's base"
    return None


def _inside_piece(pieces, point, radius: int) -> str | None:
    """The name of the first piece the base at `point` reaches into."""
    for data in pieces:
        piece = TerrainPiece.from_data(data)
        if piece.polygon.near_segment(tuple(point), tuple(point), radius):
            return piece.name
    return None


def _reachable(description: Mapping, point) -> str | None:
    area = reachable_from(description)
    try:
        area.check_path([area.mover.centre, tuple(point)])
    except MoveRefused as refused:
        return str(refused)
    if not leaves_contact(point, description["radius"], description.get("leave_contact", ())):
        return "a retreat must end out of contact with the enemy"
    return None


def _placement(description: Mapping, point) -> str | None:
    radius = description["radius"]
    top, bottom = description["rows"]
    width, height = description["table"]
    if not Table(width, height).holds(point, radius):
        return "the base would leave the table"
    if not (top + radius <= point[1] <= bottom - radius):
        return (f"the base must lie between {_inches(top)} and {_inches(bottom)} "
                "from the north edge")
    return _on_a_base(description, point) or (
        f"the base would stand in {name}" if (
            name := _inside_piece(description["solid"], point, radius)) else None)


def _point(description: Mapping, point) -> str | None:
    if point_fits(description, point):
        return None
    width, height = description["table"]
    if not (0 <= point[0] <= width and 0 <= point[1] <= height):
        return "the point is off the table"
    return (f"the spell reaches {_inches(description['reach'])} from the caster's base: "
            "that point is out of range")


def _climb(description: Mapping, point) -> str | None:
    x, y = description["from"]
    radius, reach = description["radius"], description["reach"]
    if (point[0] - x) ** 2 + (point[1] - y) ** 2 > reach * reach:
        return f"a climb this turn reaches {_inches(reach)}: that point is too far"
    if not Table(*description["table"]).holds(point, radius):
        return "the base would leave the table"
    refused = _on_a_base(description, point)
    if refused:
        return refused
    inside = _inside_piece([*description["climbable"], *description["solid"]], point, radius)
    if inside:
        return f"the base would stand on {inside}, not beyond it"
    start, end = (x, y), tuple(point)
    for data in description["solid"]:
        piece = TerrainPiece.from_data(data)
        if piece.polygon.near_segment(start, end, 0):
            return f"{piece.name} is in the way, and this climb does not go over it"
    names = [p["name"] for p in description["climbable"]]
    if not any(TerrainPiece.from_data(p).polygon.near_segment(start, end, 0)
               for p in description["climbable"]):
        return f"that point is not over {' or '.join(names)}: choose the far side"
    return None


def _terrain_change(description: Mapping, point) -> str | None:
    """A wall or terrain spell's point, before what goes there is chosen: in
    range; and when every kind must stand clear of the bases, not on one (any
    wall centred there would cover it; elsewhere the kind and the wall's run
    are checked once chosen, `place_refusal`)."""
    refused = _point(description, point)
    if refused or set(description["kinds"]) - set(description["clear"]):
        return refused
    for base in description["bases"]:
        x, y = base["at"]
        if (point[0] - x) ** 2 + (point[1] - y) ** 2 < base["radius"] ** 2:
            return f"the {description['kinds'][0]} would stand on {base['name']}"
    return None


def place_refusal(description: Mapping | None, value) -> str | None:
    """Why a wall or terrain spell's whole place ([kind, x, y] or ["wall", x,
    y, bearing]) is outside a "terrain_change" description, in words: the
    server's own test (measured_areas.terrain_change_fits). None when it fits,
    or with no such description."""
    if (description or {}).get("shape") != "terrain_change":
        return None
    if not terrain_change_well_formed(description, value):
        return "this spell does not place that"
    refused = _point(description, value[1:3])
    if refused:
        return refused
    blocker = terrain_change_blocker(description, value)
    if blocker is not None:
        return f"the {value[0]} would stand on {blocker['name']}"
    return None


def path_refusal(description: Mapping | None, path: list, ends: bool) -> str | None:
    """Why the path laid so far ([start, waypoints...]) is outside a "path"
    description; `ends`: it is the whole path (its end may not be on a friend's
    base; a waypoint may). None when it fits, or with no description."""
    if (description or {}).get("shape") != "path":
        return None
    most = description.get("max_waypoints")
    if most is not None and len(path) - 2 > most:
        return f"a path has at most {most} waypoints before its end"
    area = reachable_from(description)
    try:
        check_path([tuple(p) for p in path], area.mover, area.allowance, area.table,
                   area.terrain, area.enemies, area.friends if ends else ())
    except MoveRefused as refused:
        return str(refused)
    return None


CHECKS = {"reachable": _reachable, "placement": _placement, "point": _point,
          "climb": _climb, "terrain_change": _terrain_change}


def refusal(description: Mapping | None, point) -> str | None:
    """Why `point` ([x, y] in units) is outside the described set; None when it
    is inside, or when the shape is not one checked here (the server judges)."""
    check = CHECKS.get((description or {}).get("shape"))
    if check is None or not (isinstance(point, list | tuple) and len(point) == 2):
        return None
    return check(description, list(point))
