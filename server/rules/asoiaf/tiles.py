"""Tiles and battlefield assembly from data (seed 004, THE BATTLEFIELD: "tiles,
split into 49 squares, in a 7 by 7 grid").

`data/tiles.toml` holds the tiles (each printed face of a double-sided tile is
its own entry); a scenario lays them out in a grid and places terrain, walls,
doors and windows on them. Every reading here collects problems in words a map
author understands instead of stopping at the first.

Places in the data:
- a square: [x, y], x to the east from 0, y to the south from 0;
- an area: {rect = [x, y, width, height]} or {squares = [[x, y], ...]};
- a side: [x, y, "N" | "E" | "S" | "W"], that side of square (x, y).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from server.rules.asoiaf.battlefield import (
    OPENING_STATES,
    TERRAINS,
    UNDER_LEAVES,
    Opening,
    TerrainZone,
)
from server.rules.board.square import TILE, TILE_CODES, Square, SquareKind, wall_key

DATA = Path(__file__).parent / "data"
SIDES = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


@dataclass(frozen=True)
class Tile:
    name: str
    rows: tuple
    walls: tuple = ()  # raw side specs, tile coordinates
    openings: tuple = ()  # raw opening tables
    zones: tuple = ()  # raw zone tables


def load_tiles(path: Path = DATA / "tiles.toml") -> dict[str, Tile]:
    with open(path, "rb") as f:
        raw = tomllib.load(f)
    problems, tiles = [], {}
    for name, spec in raw.get("tiles", {}).items():
        check = Layout(TILE, TILE, f"tile {name}", problems)
        if not check.table(spec, ("rows", "walls", "openings", "zones"), "the tile"):
            continue
        rows = spec.get("rows", [])
        if len(rows) != TILE or any(len(r) != TILE for r in rows):
            problems.append(f"tile {name}: a tile is {TILE} rows of {TILE} squares")
        for r in rows:
            bad = set(r) - set(TILE_CODES)
            if bad:
                problems.append(f"tile {name}: unknown square codes {sorted(bad)} "
                                f"(use {' '.join(TILE_CODES)})")
        tiles[name] = Tile(name, tuple(rows), tuple(spec.get("walls", ())),
                           tuple(spec.get("openings", ())), tuple(spec.get("zones", ())))
        # place the tile alone to check its walls, openings and zones
        Layout(TILE, TILE, f"tile {name}", problems).add_tile(tiles[name], 0, 0)
    if problems:
        raise ValueError("tiles.toml is malformed:\n- " + "\n- ".join(problems))
    return tiles


class Layout:
    """Collects squares, walls, openings and zones for a battlefield being
    assembled, and the problems found on the way."""

    def __init__(self, width: int, height: int, where: str, problems: list[str]):
        self.width, self.height, self.where, self.problems = width, height, where, problems
        self.kinds: dict = {}
        self.walls: set = set()
        self.openings: list = []
        self.zones: list = []

    def complain(self, text: str) -> None:
        self.problems.append(f"{self.where}: {text}")

    def table(self, raw, allowed: tuple, what: str) -> bool:
        """Is `raw` a table with only `allowed` keys? Names what is wrong (a typo
        in a key would otherwise be silently ignored)."""
        if not isinstance(raw, dict):
            self.complain(f"{what} {raw!r} is not a table {{{', '.join(allowed)}}}")
            return False
        for key in raw:
            if key not in allowed:
                self.complain(f"{what} has an unknown key {key!r} (it takes "
                              f"{', '.join(allowed)})")
        return True

    def on_board(self, sq) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def square(self, raw, what: str) -> Square | None:
        if (not isinstance(raw, list) or len(raw) != 2
                or not all(isinstance(v, int) for v in raw)):
            self.complain(f"{what} {raw!r} is not a square [x, y]")
            return None
        sq = Square(*raw)
        if not self.on_board(sq):
            self.complain(f"{what} {tuple(sq)} is off the {self.width}x{self.height} board")
            return None
        return sq

    def area(self, raw: dict, what: str, dx: int = 0, dy: int = 0) -> frozenset:
        if "rect" in raw:
            rect = raw["rect"]
            if (not isinstance(rect, list) or len(rect) != 4
                    or not all(isinstance(v, int) for v in rect) or min(rect[2:]) < 1):
                self.complain(f"{what}: rect {rect!r} is not [x, y, width, height]")
                return frozenset()
            x, y, w, h = rect
            cells = [[x + i, y + j] for j in range(h) for i in range(w)]
        elif "squares" in raw:
            cells = raw["squares"]
        else:
            self.complain(f"{what} gives neither rect nor squares")
            return frozenset()
        out = set()
        for cell in cells:
            moved = [cell[0] + dx, cell[1] + dy] if _is_pair(cell) else cell
            sq = self.square(moved, f"{what}: square")
            if sq is not None:
                out.add(sq)
        return frozenset(out)

    def side(self, raw, what: str, dx: int = 0, dy: int = 0) -> frozenset | None:
        if (not isinstance(raw, list) or len(raw) != 3 or raw[2] not in SIDES
                or not _is_pair(raw[:2])):
            self.complain(f"{what} {raw!r} is not a side [x, y, N|E|S|W]")
            return None
        a = Square(raw[0] + dx, raw[1] + dy)
        step = SIDES[raw[2]]
        b = Square(a.x + step[0], a.y + step[1])
        if not (self.on_board(a) and self.on_board(b)):
            self.complain(f"{what} {raw!r} is off the grid: a wall lies between two "
                          f"squares of the {self.width}x{self.height} board")
            return None
        return wall_key(a, b)

    def add_tile(self, tile: Tile, dx: int, dy: int) -> None:
        for y, row in enumerate(tile.rows):
            for x, code in enumerate(row):
                if code in TILE_CODES and code != ".":
                    self.kinds[Square(x + dx, y + dy)] = TILE_CODES[code]
        self.add_features({"walls": tile.walls, "openings": tile.openings,
                           "zones": tile.zones}, dx, dy, printed=True)

    def add_features(self, spec: dict, dx: int = 0, dy: int = 0, printed: bool = False) -> None:
        for raw in spec.get("walls", ()):
            key = self.side(raw, "wall", dx, dy)
            if key is not None:
                self.walls.add(key)
        for raw in spec.get("openings", ()):
            self.add_opening(raw, dx, dy)
        for raw in spec.get("zones", ()):
            self.add_zone(raw, dx, dy, printed)

    def add_opening(self, raw: dict, dx: int, dy: int) -> None:
        if not self.table(raw, ("side", "kind", "state"), "a door or window"):
            return
        kind, state = raw.get("kind"), raw.get("state")
        if kind not in OPENING_STATES:
            self.complain(f"opening kind {kind!r} is not one of {', '.join(OPENING_STATES)}")
            return
        if state not in OPENING_STATES[kind]:
            self.complain(f"a {kind} is {', '.join(OPENING_STATES[kind])}, not {state!r}")
            return
        key = self.side(raw.get("side"), f"{kind}", dx, dy)
        if key is not None:
            self.openings.append(Opening(key, kind, state))

    def add_zone(self, raw: dict, dx: int, dy: int, printed: bool) -> None:
        if not self.table(raw, ("terrain", "rect", "squares", "under"), "a terrain"):
            return
        name = raw.get("terrain")
        if name not in TERRAINS:
            self.complain(f"terrain {name!r} is not one of the book's: "
                          f"{', '.join(sorted(TERRAINS))}")
            return
        under = raw.get("under", "")
        # seed 004, TERRAINS, DEAD LEAVES: the token hides a Ditch with Stakes or
        # nothing, and only the scenario's map can say which
        if name == "dead_leaves" and under not in UNDER_LEAVES:
            self.complain(f"terrain dead_leaves needs `under`, what the token hides: "
                          f"{' or '.join(UNDER_LEAVES)} (not {under!r})")
            return
        if name != "dead_leaves" and "under" in raw:
            self.complain(f"terrain {name} has no `under` (only a Dead Leaves token hides "
                          "something)")
            return
        squares = self.area(raw, f"terrain {name}", dx, dy)
        if not printed:
            # seed 004, THE BATTLEFIELD: "you can't place or move any terrain on
            # top of a square that isn't OPEN"
            for sq in sorted(squares):
                if self.kinds.get(sq, SquareKind.OPEN) is not SquareKind.OPEN:
                    self.complain(f"terrain {name} is placed on {tuple(sq)}, which is not "
                                  "OPEN (terrain goes on OPEN squares only)")
        kind = TERRAINS[name].kind
        if kind is not None:
            for sq in squares:
                self.kinds[sq] = kind
        self.zones.append(TerrainZone(name, squares, under))

    def check_features(self) -> None:
        """Overlaps and doors or windows that stand in no wall."""
        seen: dict = {}
        for zone in self.zones:
            for sq in sorted(zone.squares):
                if sq in seen:
                    self.complain(f"terrains {seen[sq]} and {zone.terrain} overlap at "
                                  f"{tuple(sq)} (two terrains never share a square)")
                seen.setdefault(sq, zone.terrain)
        sides: dict = {}
        for o in self.openings:
            where = tuple(tuple(s) for s in sorted(o.side))
            if o.side in self.walls:
                self.complain(f"the {o.kind} between {where} is also listed as a wall "
                              "(a door or window replaces that piece of wall)")
            if o.side in sides:
                self.complain(f"two doors or windows on the side between {where}")
            sides[o.side] = o
            if not self._meets_a_wall(o.side):
                self.complain(f"the {o.kind} between {where} stands in no wall "
                              "(doors and windows are placed over walls)")

    def _meets_a_wall(self, side: frozenset) -> bool:
        ends = _side_ends(side)
        return any(ends & _side_ends(w) for w in self.walls)


def _side_ends(side: frozenset) -> set:
    """The two corner points (doubled coordinates) of a side."""
    s1, s2 = sorted(side)
    if s1.x != s2.x:
        x = 2 * s2.x
        return {(x, 2 * s1.y), (x, 2 * s1.y + 2)}
    y = 2 * s2.y
    return {(2 * s1.x, y), (2 * s1.x + 2, y)}


def _is_pair(raw) -> bool:
    return isinstance(raw, list) and len(raw) == 2 and all(isinstance(v, int) for v in raw)
