"""The spells that change the table (seed 003, SPELLS): Stone Wall, Stone to
Mud, Alter Terrain and Petrify. A new piece is data in the state's layout
(`Layout.added`); a destroyed one is named in `Layout.removed`."""

from __future__ import annotations

from server.rules.board.measured import inches
from server.rules.board.measured_areas import square_corners, wall_corners
from server.rules.board.measured_segments import Polygon
from server.rules.kernel import RulesError
from server.rules.sns.spells import SPELLS
from server.rules.sns.state import Figure, State

WALL_LENGTH = inches(10)    # Stone Wall: "10" long, 3" high, ½" thick"
WALL_HEIGHT = inches(3)
WALL_THICKNESS = inches(0.5)
CLEAR = ("wall", "boulder")  # the kinds of place that must stand clear of every base
EARTH = ("wall", "impassable")  # Stone to Mud: "Destroys Earth obstacles"
BOULDER = inches(2)          # Alter Terrain adds a 2" boulder or a 5" patch of mud
MUD = inches(5)
FIRE = "fire wall"  # (a piece's name says it burns)


def wall(point, facing: int) -> tuple:
    """A 10" wall centred on `point`, its length along `facing`, ½" thick
    (the same corners a prompt's "terrain_change" description draws)."""
    return wall_corners(point, facing, WALL_LENGTH, WALL_THICKNESS)


def fresh_name(state: State, stem: str) -> str:
    names = {piece.name for piece in state.layout.terrain} | set(state.layout.removed)
    n = 1
    while f"{stem} {n}" in names:
        n += 1
    return f"{stem} {n}"


def check_clear(state: State, corners: tuple, what: str) -> None:
    """A solid piece is not raised on a figure (refused, nothing changes); a
    base is under it when its centre is inside or nearer than its radius to an
    edge (as measured_areas.terrain_change_blocker judges a description)."""
    polygon = Polygon([list(c) for c in corners])
    for figure in state.figures:
        if figure.on_table and polygon.near_segment(figure.base.centre, figure.base.centre,
                                                    figure.radius):
            raise RulesError("blocked_by_figure", f"The {what} would stand on {figure.name}; "
                             "choose a place clear of every base.", SPELLS)


def stone_wall(state: State, point, facing: int) -> dict:
    corners = wall(point, facing)
    check_clear(state, corners, "stone wall")
    return {"piece": [fresh_name(state, "stone wall"), corners, "wall", True, WALL_HEIGHT]}


def fire_wall(state: State, point, facing: int) -> dict:
    """Fire Wall: "10" long, 3" high": passable, blocking sight, burning whoever
    crosses it (fire.py)."""
    corners = wall(point, facing)
    check_clear(state, corners, "fire wall")
    return {"piece": [fresh_name(state, FIRE), corners, "open", True, WALL_HEIGHT]}


def earth_pieces(state: State, caster: Figure, reach: int) -> list[str]:
    """Stone to Mud's targets: earth obstacles with a corner or edge in range."""
    centre, within = caster.base.centre, caster.radius + inches(reach) + 1
    return [piece.name for piece in state.layout.terrain
            if piece.movement in EARTH and piece.polygon.near_segment(centre, centre, within)]


def alter(state: State, point, change: str, radius: int) -> dict:
    """Alter Terrain: "Change the terrain in a 5" Radius permanently, (Add or
    remove obstacles)": remove every piece reaching into the circle, or add a
    boulder or a patch of mud at its centre."""
    if change == "remove":
        gone = [p.name for p in state.layout.terrain
                if p.polygon.near_segment(tuple(point), tuple(point), inches(radius))]
        return {"removed": gone}
    if change == "boulder":
        corners = square_corners(point, BOULDER)
        check_clear(state, corners, "boulder")
        return {"piece": [fresh_name(state, "boulder"), corners, "impassable", True, 0]}
    return {"piece": [fresh_name(state, "mud"), square_corners(point, MUD), "unstable", False, 0]}


def statue(state: State, figure: Figure) -> dict:
    """Petrify: "Target becomes a terrain obstacle (statue) permanently": a square
    inside its base (so it stands on no neighbour touching it)."""
    side = figure.radius * 14 // 10
    return {"piece": [fresh_name(state, "statue"), square_corners((figure.x, figure.y), side),
                      "impassable", True, 0]}
