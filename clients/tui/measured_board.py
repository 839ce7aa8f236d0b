"""The Swords & Sorcery table as text: a coarse character map of the measured
table (positions in tenths of an inch, round bases, facings in whole degrees),
one cell per inch by default (`+` / `-` change it: half an inch to 3 inches a
cell), columns west to east and rows north (seat b's edge) to south (seat a's).

    ( .) .  [a1] a2↑ b3↓ w   w   #

A cell is a marker, two characters of content and a marker. The content is the
label of the figure whose centre lies in the cell (seat and number: `a1`, `bA`
for b10; a `+` after the number when more share the cell) or the terrain under
the cell's centre: `.` the open table, `w` rough ground that blocks sight (a
wood), `r` rough ground, `#` impassable, `=` a wall, `s` open ground that blocks
sight. A figure's right marker is an arrow for its facing (`↑` north, `↗`
north-east...). `[..]` is the cursor and `(..)` a cell holding a point the
current choice lists; on the measured table any cell may be chosen (its centre
is sent, and the server judges it), the listed ones are only suggestions.

The geometry here is only for drawing: which cell a point is in, which piece
lies under a cell. Whether a move, a place or a facing is legal is the
server's to say.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clients.tui.board import SEAT_STYLES, BoardModel, CellGrid, Hex, label, short_name

INCH = 10  # table units (tenths of an inch) in an inch
SCALES = (5, 10, 20, 30)  # units a cell: half an inch, 1", 2", 3"
ARROWS = "↑↗→↘↓↙←↖"  # facing 0 (north), 45, ... clockwise
COMPASS_WORDS = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
                 "north-west")
# movement kind (and whether it blocks sight) -> glyph, background, words
TERRAIN = {
    ("impassable", True): ("#", "on grey42", "impassable"),
    ("impassable", False): ("#", "on grey35", "impassable"),
    ("wall", True): ("=", "on grey50", "a wall (climbed by scalers, or with a Porter's ladders)"),
    ("wall", False): ("=", "on grey50", "a wall (climbed by scalers, or with a Porter's ladders)"),
    ("rough", True): ("w", "on dark_green", "rough ground, blocks sight"),
    ("rough", False): ("r", "on grey23", "rough ground (half speed)"),
    ("open", True): ("s", "on grey19", "open ground, blocks sight"),
    ("open", False): (".", "", "open ground"),
}


def inches(units: int) -> str:
    """12 -> '1.2"', 30 -> '3"'."""
    return f'{units // INCH}"' if units % INCH == 0 else f'{units / INCH:g}"'


def compass(bearing: int) -> str:
    """A facing in words: 'north (0°)', 'east-ish (100°)' is just '100°'."""
    bearing %= 360
    if bearing % 45 == 0:
        return f"{COMPASS_WORDS[bearing // 45]} ({bearing}°)"
    return f"{bearing}° (nearest {COMPASS_WORDS[round(bearing / 45) % 8]})"


def arrow(bearing: int) -> str:
    return ARROWS[round((bearing % 360) / 45) % 8]


def inside(point: tuple[float, float], corners: list) -> bool:
    """Whether the point lies inside the polygon (even-odd ray crossing)."""
    x, y = point
    found = False
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            found = not found
    return found


def destinations(raw) -> list:
    """The points a prompt suggests for a destination param. Today the prompt
    lists sample points of the reachable area; an area described instead (a
    mapping) suggests the points it carries, if any. Whatever the shape, any
    point may still be chosen with the cursor or typed: the server judges it."""
    if isinstance(raw, dict):
        raw = raw.get("points") or raw.get("sample") or ()
    return [list(p) for p in raw if is_point(p)] if all(is_point(p) for p in raw) \
        else list(raw)


def is_point(value) -> bool:
    """A table point on the wire: [x, y] in whole units."""
    return (isinstance(value, (list, tuple)) and len(value) == 2
            and all(type(v) is int for v in value))


@dataclass
class MeasuredBoardModel(CellGrid, BoardModel):
    """BoardModel's face for a measured table: cells are squares of `unit` table units."""

    unit: int = INCH  # table units a cell
    table: tuple[int, int] = (0, 0)  # units
    pieces: list[dict] = field(default_factory=list)  # the view's terrain pieces
    crowded: dict[Hex, list[dict]] = field(default_factory=dict)  # cell -> every figure there
    shifted = False
    free_points = True  # any cell may be chosen for a point: the server judges it

    @classmethod
    def from_view(cls, view: dict | None, unit: int = INCH) -> MeasuredBoardModel:
        table = (view or {}).get("table")
        if not table:
            return cls(unit=unit)
        width, height = int(table["width"]), int(table["height"])
        model = cls(-(-width // unit), -(-height // unit), unit=unit, table=(width, height),
                    pieces=list(table.get("terrain") or ()))
        for raw in view.get("figures", ()):
            fig = {**raw, "id": raw["uid"], "pos": None}
            if not (raw.get("dead") or raw.get("fled")):
                fig["pos"] = list(model.locate([raw["x"], raw["y"]]))
                model.crowded.setdefault(tuple(fig["pos"]), []).append(fig)
            model.figures[fig["id"]] = fig
        model.at = {h: figs[0] for h, figs in model.crowded.items()}
        return model

    # -- points and cells ------------------------------------------------------------
    def locate(self, value) -> Hex | None:
        """The cell a wire value lies in: a point [x, y], or a spell's place
        [kind, x, y, ...]; None for anything else."""
        if isinstance(value, list) and len(value) >= 3 and isinstance(value[0], str) \
                and is_point(value[1:3]):
            value = value[1:3]
        if not is_point(value):
            return None
        col = min(max(value[0], 0) // self.unit, max(self.width - 1, 0))
        row = min(max(value[1], 0) // self.unit, max(self.height - 1, 0))
        return col, row

    def point_at(self, h: Hex) -> list[int]:
        """The table point a cell stands for: its centre (kept on the table)."""
        return [min(h[0] * self.unit + self.unit // 2, self.table[0]),
                min(h[1] * self.unit + self.unit // 2, self.table[1])]

    def rescaled(self, view: dict | None, unit: int, cursor: Hex | None):
        """The same table at another scale, and the cursor's cell on it."""
        board = type(self).from_view(view, unit)
        return board, (None if cursor is None else board.locate(self.point_at(cursor)))

    def values_of(self, param: str, raw) -> list:
        return destinations(raw) if param in ("to", "point") else list(raw)

    def value_words(self, param: str, value) -> str | None:
        if param == "facing" and type(value) is int:
            return compass(value)
        if is_point(value):
            words = self.describe(self.locate(value)).split(") ", 1)
            return f"({inches(value[0])}, {inches(value[1])}) " + (words[1] if len(words) > 1
                                                                  else "")
        if param == "path" and isinstance(value, list) and value and is_point(value[-1]):
            how = f"to, via {len(value) - 2} waypoint(s)," if len(value) > 2 else "straight to"
            return f"{how} ({inches(value[-1][0])}, {inches(value[-1][1])})"
        if param == "place" and isinstance(value, list) and len(value) >= 3:
            from clients.tui.sns_events import place_words
            return place_words(value)
        return None

    # -- terrain -------------------------------------------------------------------------
    def piece_at(self, h: Hex) -> dict | None:
        """The terrain piece under the cell: the one holding its centre, else one
        holding a corner (a piece smaller than a coarse cell still shows)."""
        x0, y0 = h[0] * self.unit, h[1] * self.unit
        c = self.unit
        probes = [(x0 + c / 2, y0 + c / 2), (x0 + 1, y0 + 1), (x0 + c - 1, y0 + 1),
                  (x0 + 1, y0 + c - 1), (x0 + c - 1, y0 + c - 1)]
        for probe in probes:
            for piece in reversed(self.pieces):  # (the last laid lies on top)
                if inside(probe, [tuple(p) for p in piece["corners"]]):
                    return piece
        return None

    def terrain_of(self, h: Hex) -> tuple[str, str, str]:
        piece = self.piece_at(h)
        if piece is None:
            return TERRAIN[("open", False)]
        return TERRAIN.get((piece.get("movement", "impassable"), bool(piece.get("blocks_sight"))),
                           TERRAIN[("impassable", True)])

    # -- words ----------------------------------------------------------------------------
    def states(self, fig: dict) -> list[str]:
        words = []
        if fig.get("dead"):
            return ["dead"]
        if fig.get("fled"):
            return ["fled"]
        if fig.get("routing"):
            words.append("routing")
        if fig.get("mortal"):
            words.append(f"mortally wounded ({fig['mortal']} turns to live)")
        if fig.get("wounds"):
            words.append(f"wounded -{fig['wounds']}")
        for flag, said in (("stunned", "stunned"), ("disarmed", "disarmed"),
                           ("knocked_down", "knocked down"), ("spears_set", "spears set"),
                           ("retreated", "retreated"), ("climbing", "climbing")):
            if fig.get(flag):
                words.append(said)
        if fig.get("immobilized"):
            words.append(f"immobilized to turn {fig['immobilized']}")
        if fig.get("charmed_from"):
            words.append("charmed")
        for effect, last in fig.get("effects") or ():
            words.append(f"{effect.replace('_', ' ')} to turn {last}")
        return words

    def summary(self, fig: dict) -> str:
        hits = fig.get("hits")
        return (f"{short_name(fig['name'])} at ({inches(fig['x'])}, {inches(fig['y'])}) facing "
                f"{compass(fig.get('facing', 0))}" + (f", {hits} hits" if hits and hits > 1
                                                      else ""))

    def stats(self, fig: dict) -> str:
        return f" {fig.get('cost', '?')}pts" + (f" H{fig['hits']}" if fig.get("hits", 1) > 1
                                                 else "")

    def describe(self, h: Hex) -> str:
        if not self.contains(h):
            return f"({h[0]}, {h[1]}) off the table"
        x, y = self.point_at(h)
        piece = self.piece_at(h)
        words = f"({inches(x)}, {inches(y)}) " + (
            "open table" if piece is None else f"{piece['name']}: {self.terrain_of(h)[2]}")
        for fig in self.crowded.get(h, ()):
            words += f"; {fig['id']} {self.summary(fig)}"
            states = self.states(fig)
            if states:
                words += " (" + ", ".join(states) + ")"
        return words

    def cell(self, h: Hex) -> tuple[str, str, str]:
        glyph, background, _ = self.terrain_of(h)
        figs = self.crowded.get(h)
        if figs:
            fig = figs[0]
            style = SEAT_STYLES.get(fig["seat"], "bold")
            if fig.get("routing"):
                style += " italic"
            if fig.get("knocked_down") or fig.get("mortal"):
                style += " dim"
            if fig.get("wounds"):
                style += " underline"
            text = label(fig["id"])
            if len(figs) > 1:
                text = text[0] + "+"
            return text, f"{style} {background}".strip(), background
        return glyph + " ", f"{'white' if background else 'grey50'} {background}".strip(), \
            background

    def tail(self, h: Hex) -> str:
        """The right marker of an unmarked cell: a figure's facing arrow."""
        figs = self.crowded.get(h)
        return arrow(figs[0].get("facing", 0)) if figs else " "

    def legend(self) -> str:
        return (f"one cell = {inches(self.unit)} | a1/b1=figures (a+: more than one), arrow="
                "facing  .=open  w=rough, blocks sight (wood)  r=rough  #=impassable  =:wall  "
                "s=blocks sight  [..]=cursor  (..)=suggested point  green marks=where the "
                "choice may go (any cell may be tried)  "
                "+/-: scale")
