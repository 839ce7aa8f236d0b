"""The table layouts of data/layouts.toml (seed 003, TERRAIN): each legal
(both deployment zones clear, no two pieces overlapping, every piece on the
table, the two sides joined by ground a figure can walk), each drawable, each
playable; and the terrain kinds the book's TERRAIN section implies."""

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from server.rules.board.measured import Base
from server.rules.board.measured_paths import ReachableArea, Table, path_cost
from server.rules.board.measured_terrain import SOLID, TerrainPiece
from server.rules.sns.setup import TABLE_INCHES, ZONE_INCHES, initial_state
from server.rules.sns.table import DESCRIPTIONS, LAYOUTS, terrain_of
from server.rules.sns.table_drawing import layout_svg

WIDTH, HEIGHT = (n * 10 for n in TABLE_INCHES)
ZONE = ZONE_INCHES * 10
NAMES = sorted(LAYOUTS)


def test_the_book_s_terrain_is_laid_out():
    """Seed 003, TERRAIN: "move around obstacles like boulders and trees";
    "Rough terrain: Mud, rocks, loose sand, bushes, tall grass, rope bridge, up
    slopes"; "Noncavalry units can climb"; "climb flat walls": woods, hills,
    walls, a building, a river and cliffs are all on some table."""
    kinds = {p.movement for name in NAMES for p in terrain_of(name)}
    assert kinds == {"open", "rough", "unstable", "slope", "impassable", "wall", "cliff"}
    names = " ".join(p.name for name in NAMES for p in terrain_of(name))
    for word in ("wood", "slope", "wall", "farmhouse", "river", "bridge", "cliff", "boulder"):
        assert word in names
    assert len(NAMES) >= 6 and all(DESCRIPTIONS[n] for n in NAMES)


def _overlap(p: TerrainPiece, q: TerrainPiece) -> bool:
    """The insides share area (touching along an edge or at a corner is not
    overlapping). Exact for the convex pieces of the layouts."""
    for a, b in (p, q), (q, p):
        if any(b.polygon.crossed_by(c, d) for c, d in a.polygon.edges()):
            return True
        vs = a.polygon.vertices
        middle = (Fraction(sum(x for x, _ in vs), len(vs)), Fraction(sum(y for _, y in vs),
                                                                      len(vs)))
        if b.polygon.locate(middle) == "inside" or any(
                b.polygon.locate(v) == "inside" for v in vs):
            return True
    return False


@pytest.mark.parametrize("name", NAMES)
def test_layout_is_legal(name):
    """Deployment (docs/rules/sns.md: ranks 2" in, chosen within 6" of the own
    edge) needs both zones clear; no two pieces overlap; every piece lies on
    the table."""
    pieces = terrain_of(name)
    for piece in pieces:
        x0, y0, x1, y1 = piece.polygon.box
        assert 0 <= x0 and x1 <= WIDTH and 0 <= y0 and y1 <= HEIGHT, piece.name
        assert y0 > ZONE and y1 < HEIGHT - ZONE, f"{piece.name} is in a deployment zone"
        for other in pieces:
            if other is not piece:
                assert not _overlap(piece, other), (piece.name, other.name)
    assert len({p.name for p in pieces}) == len(pieces)


def test_overlap_is_seen():
    """The legality check itself finds an overlap, and not a shared edge."""
    square = TerrainPiece.from_data({"name": "a", "corners": [[0, 0], [10, 0], [10, 10], [0, 10]]})
    same = TerrainPiece.from_data({"name": "b", "corners": [[0, 0], [10, 0], [10, 10], [0, 10]]})
    inside = TerrainPiece.from_data({"name": "c", "corners": [[2, 2], [5, 2], [5, 5]]})
    beside = TerrainPiece.from_data({"name": "d", "corners": [[10, 0], [20, 0], [20, 10],
                                                              [10, 10]]})
    assert _overlap(square, same) and _overlap(square, inside) and not _overlap(square, beside)


@pytest.mark.parametrize("name", NAMES)
def test_the_sides_can_reach_each_other(name):
    """A walking infantry figure (not a flyer) can get from one deployment zone
    to the other: some north-south corridor of the table crosses no solid piece."""
    solid = [p for p in terrain_of(name) if p.movement in SOLID]
    lanes = [x for x in range(10, WIDTH - 10, 5)
             if not any(p.polygon.near_segment((x, 30), (x, HEIGHT - 30), 6) for p in solid)]
    assert lanes, f"{name}: no way across"


@pytest.mark.parametrize("name", NAMES)
def test_layout_is_drawable(name):
    """Each layout draws as SVG: one polygon a piece, named in its title."""
    svg = ET.fromstring(layout_svg(name))
    ns = "{http://www.w3.org/2000/svg}"
    polygons = svg.findall(f"{ns}polygon")
    assert len(polygons) == len(terrain_of(name))
    assert [p.find(f"{ns}title").text.split(" (")[0] for p in polygons] == \
        [p.name for p in terrain_of(name)]


@pytest.mark.parametrize("name", NAMES)
def test_layout_is_playable(name):
    """A match on each layout starts, and its view carries every piece."""
    from server.rules.kernel import Viewer
    from server.rules.sns.system import SYSTEM
    state = initial_state({"layout": name})
    view = SYSTEM.view(state, Viewer("a"))
    assert [p["name"] for p in view["table"]["terrain"]] == [p.name for p in terrain_of(name)]


def test_up_a_slope_is_half_speed():
    """Seed 003, TERRAIN: "Rough terrain: ... up slopes": inside a slope a move
    uphill counts twice; downhill and along it count once."""
    slope = TerrainPiece.from_data({"name": "slope", "corners": [[0, 0], [100, 0], [100, 100],
                                                                 [0, 100]],
                                    "movement": "slope", "uphill": 0, "blocks_sight": False})
    assert path_cost([(50, 90), (50, 10)], [slope]) == 160   # up (north): doubled
    assert path_cost([(50, 10), (50, 90)], [slope]) == 80    # down
    assert path_cost([(10, 50), (90, 50)], [slope]) == 80    # along the contour
    area = ReachableArea(Base(50, 90, 5), 40, Table(360, 240), (slope,))
    assert area.contains((50, 70)) and not area.contains((50, 60))


def test_a_slope_names_its_uphill_and_only_a_slope():
    with pytest.raises(ValueError, match="uphill"):
        TerrainPiece.from_data({"name": "x", "corners": [[0, 0], [9, 0], [9, 9]],
                                "movement": "slope"})
    with pytest.raises(ValueError, match="uphill"):
        TerrainPiece.from_data({"name": "x", "corners": [[0, 0], [9, 0], [9, 9]],
                                "movement": "rough", "uphill": 90})


def test_unstable_ground_is_half_speed():
    """Seed 003, TERRAIN: "Units on rough or unstable terrain will move at half
    speed rounding down"."""
    mud = TerrainPiece.from_data({"name": "mud", "corners": [[0, 0], [100, 0], [100, 100],
                                                             [0, 100]],
                                  "movement": "unstable", "blocks_sight": False})
    assert path_cost([(10, 50), (90, 50)], [mud]) == 160
