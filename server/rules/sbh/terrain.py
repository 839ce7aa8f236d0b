"""The SBH table as a hex board: terrain kinds, linear obstacles on hex sides,
ranges in hexes, and table edges. See docs/rules/sbh.md for every adaptation.

Ranges use seed 001's conversion (Range Table): Short 4, Medium 7, Long 13
hexes. The default table is 48x48 hexes: seed 000 (SCALE AND CONVENTIONS)
asks for 60x60 cm with Short = 50 mm or 90x90 cm with Short = 75 mm; both are
twelve Short sticks across, and twelve times 4 hexes is 48.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import msgspec

from server.rules.board.hex import Hex, edge_key, hex_at, neighbours, shared_hex
from server.rules.sbh.geometry_cache import clear_line

SHORT, MEDIUM, LONG = 4, 7, 13
RANGE = {"short": SHORT, "medium": MEDIUM, "long": LONG}
MOVE_DOWNGRADE = {"long": "medium", "medium": "short", "short": "short2", "step": "step"}
DEFAULT_SIZE = 48


@dataclass(frozen=True, slots=True)
class Kind:
    """How one kind of terrain behaves (seed 000 MOVEMENT, WOODS, COVER, and the
    scenarios' scenic items)."""

    name: str
    slows: bool = False  # reduces movement by one category
    ignored_by: tuple[str, ...] = ()  # special rules that move through it normally
    impassable: bool = False  # nobody may enter (Flying may fly over, not land)
    passable_by: tuple[str, ...] = ()  # ...except models with these rules
    blocks_sight: bool = False  # sight cannot pass through (into/out of: see woods)
    cover: bool = False  # a scenic item a model can hide behind or stand against
    elevated: bool = False
    cramped: bool = False  # no moving or recoiling through friends
    woods: bool = False


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("open"),
    Kind("woods", slows=True, ignored_by=("Forester",), blocks_sight=True, cover=True,
         woods=True),
    Kind("rough", slows=True),  # broken ground, rubble, shallow water
    Kind("shallow_water", slows=True, ignored_by=("Amphibious",)),
    Kind("swamp", slows=True, ignored_by=("Amphibious", "Swamp Walk")),
    Kind("desert", slows=True, ignored_by=("Desert Walk",)),
    Kind("deep_water", impassable=True, passable_by=("Amphibious",)),
    Kind("hill", elevated=True),
    Kind("boulder", impassable=True, blocks_sight=True, cover=True),
    Kind("building", impassable=True, blocks_sight=True, cover=True),
    Kind("interior", cramped=True),  # inside a building or a corridor
    Kind("chasm", impassable=True),  # a gap to jump over; falling in is a Short fall
    Kind("slippery"),  # roofs, mossy stones, dungeon floors: only jumps care (falling.py)
    Kind("bridge"),  # open ground over a river (rivers.py: only in a river)
)}

_KIND_NAMES = tuple(KINDS)  # (ray tables code kinds by their index here)
BLOCKED, SLOWING = 1, 2  # what a hex of some kind is to a walking figure (else 0)


def movement_classes(rules: dict) -> dict[str | None, int]:
    """Kind name -> BLOCKED (a hex a figure with these rules may not enter:
    `passable` for a hex on the table) or SLOWING (`slows`), for the kinds that
    are either; remembered per set of movement rules (process-wide, a few
    dozen). Look a hex up as classes.get(board.terrain.get(h), 0)."""
    key = SbhBoard.movement_key(rules)
    found = _CLASSES.get(key)
    if found is None:
        found = _CLASSES[key] = {
            name: BLOCKED if kind.impassable and not any(r in key for r in kind.passable_by)
            else SLOWING for name, kind in KINDS.items()
            if (kind.impassable and not any(r in key for r in kind.passable_by))
            or (kind.slows and not any(r in key for r in kind.ignored_by))}
    return found


_CLASSES: dict[tuple, dict] = {}

# Features on the side between two hexes (seed 000, LINEAR OBSTACLES).
EDGE_KINDS = {
    "low_wall": {"slows": True, "cover": True, "climb": False, "blocks_sight": False},
    "hedge": {"slows": True, "cover": True, "climb": False, "blocks_sight": False},
    "tall_wall": {"slows": True, "cover": True, "climb": True, "blocks_sight": True},
    # a drop from the first hex of the row (the top) to the second; the fall is
    # Short, Medium or Long (seed 000, FALLING DAMAGE). No cover on its top; its
    # face is cover at its foot (SbhBoard.against_cover)
    "cliff_short": {"slows": True, "cover": False, "climb": True, "blocks_sight": False},
    "cliff_medium": {"slows": True, "cover": False, "climb": True, "blocks_sight": False},
    "cliff_long": {"slows": True, "cover": False, "climb": True, "blocks_sight": False},
}
BLOCKING_EDGES = frozenset(k for k, v in EDGE_KINDS.items() if v["climb"])
CLIFFS = frozenset(k for k in EDGE_KINDS if k.startswith("cliff_"))


# rules that let a figure stand where others cannot (Amphibious: deep water)
PASSABLE_BY = frozenset(r for k in KINDS.values() for r in k.passable_by)
# rules that change where a figure may walk: terrain it ignores or enters, and
# the linear obstacles it may cross (see blocks_move)
_MOVEMENT_RULES = {r for k in KINDS.values() for r in k.ignored_by + k.passable_by} | {
    "Clinging", "Flying"}
_MOVEMENT_KEYS: dict[tuple, tuple] = {}  # rule names -> movement_key


@functools.cache
def _layout(width: int, height: int) -> tuple[tuple[Hex, ...], frozenset]:
    """The cells of a width x height board (shared by every board that size:
    rebuilding a match from its events should not redraw the grid)."""
    cells = tuple(shared_hex(q - (r // 2), r) for r in range(height) for q in range(width))
    return cells, frozenset(cells)


def layout_hex(width: int, height: int, q: int, r: int) -> Hex:
    """hex_at(q, r), as the very object the layout of a width x height board
    holds when it is on the table (a match's terrain then keeps no hexes of
    its own)."""
    col = q + r // 2
    if 0 <= r < height and 0 <= col < width:
        return _layout(width, height)[0][r * width + col]
    return hex_at(q, r)


def opening_rules(rules: dict | None) -> tuple[str, ...]:
    """The special rules among `rules` that let a figure stand where others may
    not (an Amphibious one: deep water): figures with the same ones share a
    deployment zone."""
    return tuple(sorted(r for r in rules or () if r in PASSABLE_BY))


@dataclass(frozen=True)
class SbhBoard:
    """Terrain is fixed once laid out, so one board object is shared by every
    state of a match (never copied)."""

    width: int = DEFAULT_SIZE
    height: int = DEFAULT_SIZE
    terrain: dict[Hex, str] = field(default_factory=dict)
    edges: dict[frozenset, str] = field(default_factory=dict)
    drops: dict[tuple, str] = field(default_factory=dict)  # (top, bottom) -> short|medium|long

    def __post_init__(self) -> None:
        cells, inside = _layout(self.width, self.height)
        object.__setattr__(self, "_cells", cells)
        object.__setattr__(self, "_inside", inside)

    def __reduce__(self):
        """Pickled (a snapshot of the state) as its fields only: everything else it
        holds is worked out from them, and shared or cached again after a load. Its
        hexes and their set were two thirds of a pickled SBH state and of unpickling it;
        the hexes of its terrain go as a column of q's and one of r's (its edges as a
        flat run of ints), each rebuilt as the process's one object for it
        (shared_hex), not a new Hex each; its packed view goes with them."""
        terrain = (tuple(h[0] for h in self.terrain), tuple(h[1] for h in self.terrain),
                   tuple(self.terrain.values()))
        edges = tuple(part for key, kind in self.edges.items()
                      for part in (*(n for h in key for n in h[:2]), kind))
        return _unpickled_board, (self.width, self.height, terrain, edges, self.drops,
                                  self.packed_view())

    # -- layout: "odd-r" rows; column c, row r is hex_at(c - r // 2, r) --------
    def hexes(self) -> tuple[Hex, ...]:
        return self._cells

    def contains(self, h: Hex) -> bool:
        return h in self._inside

    def offset(self, h: Hex) -> tuple[int, int]:
        return h[0] + h[1] // 2, h[1]

    def kind(self, h: Hex) -> Kind:
        return KINDS[self.terrain.get(h, "open")]

    def touches_woods(self, h: Hex, wooded: bool = True) -> bool:
        """Whether a neighbour of `h` is woods (`wooded`) or not: the edge of a wood
        for seeing into and out of it (seed 000, WOODS)."""
        return any(self.contains(n) and self.kind(n).woods == wooded for n in neighbours(h))

    def blocks_move(self, a: Hex, b: Hex, rules: dict) -> bool:
        """Tall walls and cliffs stop walking across (Clinging and Flying climb or
        fly over them; others climb a tall wall as an action: climbing.py)."""
        kind = self.edge(a, b)
        return kind in BLOCKING_EDGES and "Clinging" not in rules and "Flying" not in rules

    def edge(self, a: Hex, b: Hex) -> str | None:
        return self.edges.get(edge_key(a, b)) if self.edges else None

    def edge_distance(self, h: Hex, side: str) -> int:
        """Hexes to step off the table across `side` (north = row 0)."""
        col, row = self.offset(h)
        return {"north": row + 1, "south": self.height - row,
                "west": col + 1, "east": self.width - col}[side]

    def edge_zone(self, side: str, depth: int, rules: dict | None = None) -> tuple[Hex, ...]:
        """Hexes within `depth` of a table edge that anyone may stand on, or a
        figure with these special `rules` (an Amphibious one: deep water too)
        (cached)."""
        opening = opening_rules(rules)
        cache = self.__dict__.setdefault("_zone_cache", {})
        zone = cache.get((side, depth, opening))
        if zone is None:
            steps_off = {"north": lambda h: h[1] + 1,  # edge_distance, one side
                         "south": lambda h: self.height - h[1],
                         "west": lambda h: h[0] + h[1] // 2 + 1,
                         "east": lambda h: self.width - (h[0] + h[1] // 2)}[side]
            standing = dict.fromkeys(opening)
            zone = cache[(side, depth, opening)] = tuple(
                h for h in self._cells if steps_off(h) <= depth and self.passable(h, standing))
        return zone

    def forget_edge_zones(self) -> None:
        """Drop what `edge_zone` cached: deployment asks it for every placement,
        the battle never (a few KiB a match, kept all game otherwise)."""
        self.__dict__.pop("_zone_cache", None)

    def nearest_edge(self, h: Hex) -> int:
        return min(self.edge_distance(h, s) for s in ("north", "south", "west", "east"))

    def within_of_edge(self, h: Hex, side: str, hexes: int) -> bool:
        return self.edge_distance(h, side) <= hexes

    @staticmethod
    def movement_key(rules: dict) -> tuple[str, ...]:
        """The rules that change how a figure crosses this table (remembered per
        set of rule names, shared by every figure of a profile; bounded)."""
        names = tuple(rules)
        key = _MOVEMENT_KEYS.get(names)
        if key is None:
            key = tuple(sorted(r for r in names if r in _MOVEMENT_RULES))
            if len(_MOVEMENT_KEYS) >= 4096:
                _MOVEMENT_KEYS.clear()
            _MOVEMENT_KEYS[names] = key
        return key

    def passable(self, h: Hex, rules: dict) -> bool:
        if not self.contains(h):
            return False
        kind = self.kind(h)
        return not kind.impassable or any(r in rules for r in kind.passable_by)

    def slows(self, h: Hex, rules: dict) -> bool:
        kind = self.kind(h)
        return kind.slows and not any(r in rules for r in kind.ignored_by)

    def cramped(self, h: Hex) -> bool:
        return self.kind(h).cramped

    def hexes_of(self, kind: str) -> frozenset:
        """The hexes of one terrain kind (cached: terrain never changes)."""
        cache = self.__dict__.setdefault("_kind_cache", {})
        found = cache.get(kind)
        if found is None:
            found = cache[kind] = frozenset(h for h, k in self.terrain.items() if k == kind)
        return found

    def cramped_hexes(self) -> frozenset:
        """Every cramped hex (cached: terrain never changes)."""
        found = self.__dict__.get("_cramped")
        if found is None:
            found = frozenset(h for h in self.terrain if self.kind(h).cramped)
            object.__setattr__(self, "_cramped", found)
        return found

    def against_cover(self, h: Hex) -> bool:
        """The hex touches a scenic item that counts as cover (seed 000, STEALTH:
        "adjacent to any scenic feature that counts as cover"; hiding for the
        Ambush bonus). A cliff's face is cover at its foot, not on its top (a
        drop below a figure hides nothing of it: docs/rules/sbh.md)."""
        if self.kind(h).cover:
            return True
        if any(self.contains(n) and self.kind(n).cover for n in neighbours(h)):
            return True
        return any((kind := self.edge(h, n)) is not None
                   and (EDGE_KINDS[kind]["cover"] or (n, h) in self.drops)
                   for n in neighbours(h))

    def clear_sight(self, a: Hex, b: Hex) -> bool:
        """Terrain-only line of sight: no sight-blocking hex strictly between and
        no tall wall crossed. Symmetric: clear if the line either way is clear
        (where a line runs along hex sides it has two readings). Set tests on
        the line's hex codes (see geometry_cache; no table per hex looked
        from, so a board's sight stays a few KiB)."""
        return clear_line(self, a, b)

    def _sight_blockers(self) -> list:
        """The sight-blocking hexes (geometry_cache keeps them as codes)."""
        return [h for h in self.terrain if self.kind(h).blocks_sight]

    def _tall_walls(self) -> list:
        return [k for k, kind in self.edges.items() if kind == "tall_wall"]

    def beside_tall_walls(self) -> frozenset:
        """Every hex with a tall wall on one of its sides (cached: terrain never
        changes); a figure elsewhere has no wall to climb."""
        found = self.__dict__.get("_beside_tall")
        if found is None:
            found = frozenset(h for key in self._tall_walls() for h in key)
            object.__setattr__(self, "_beside_tall", found)
        return found

    def __digest__(self) -> str:
        """Terrain never changes during a match: digest it once (see checksum). It is
        `state_digest(self.to_view())`, worked out without walking the view: a map of
        lists of ints and strs is canonical once its keys are in their packed order
        (a board unpickled from a checkpoint digests it as the load checks the state:
        half of that check went here). tests/sbh/test_board_digest.py compares them."""
        cached = getattr(self, "_digest", None)
        if cached is None:
            from server.rules.checksum import canonical_digest, sorted_map

            cached = canonical_digest(sorted_map(msgspec.msgpack.decode(self.packed_view())))
            object.__setattr__(self, "_digest", cached)
        return cached

    def to_view(self) -> dict:
        """The board as views show it: terrain as sorted [q, r, kind] and edges as
        sorted [(q, r), (q, r), kind] (fresh lists each time)."""
        return msgspec.msgpack.decode(self.packed_view())

    def packed_view(self) -> bytes:
        """`to_view()` packed to MessagePack, made once: the board never changes
        once laid out, and every view a match sends carries it. The packed form
        is also the compact one a board keeps (~1.3 KiB for a default table;
        lists of lists would cost a match several KiB)."""
        packed = self.__dict__.get("_view_packed")
        if packed is None:
            terrain = sorted([h[0], h[1], kind] for h, kind in self.terrain.items())
            edges = sorted([*sorted([a[0], a[1]] for a in key), kind]
                           for key, kind in self.edges.items())
            packed = self.__dict__["_view_packed"] = msgspec.msgpack.encode(
                {"width": self.width, "height": self.height, "terrain": terrain,
                 "edges": edges})
        return packed


def _unpickled_board(width: int, height: int, terrain: tuple, edges: tuple,
                     drops: dict, packed: bytes | None = None) -> SbhBoard:
    """The board `SbhBoard.__reduce__` pickled, with its packed view (a resumed
    match's first view then packs no board: ~20 us a match)."""
    columns, rows, kinds = terrain  # (mapped in C: no Python step a hex)
    laid = dict(zip(map(shared_hex, columns, rows), kinds, strict=True))
    runs = iter(edges)
    walls = {frozenset((shared_hex(q1, r1), shared_hex(q2, r2))): kind
             for q1, r1, q2, r2, kind in zip(runs, runs, runs, runs, runs, strict=True)}
    board = SbhBoard(width, height, laid, walls, drops)
    if packed is not None:
        board.__dict__["_view_packed"] = packed
    return board
