"""The SBH table as text: an "odd-r" offset hex layout, one 4-character cell
per hex, odd rows shifted right by half a cell.

    ( .)( .) w   w   .  [a1]
      .   .   b3  .   ~   .

A cell is a marker, two characters of content and a marker. The content is a
figure's short label (seat letter and number: `a1`, `b9`, `bA` for b10), a
scenario object (see `OBJECTS`: `$?` a treasure token, `$$` the treasure,
`??` an Ambush marker, `?3` your marker hiding figure 3...) or the terrain
glyph (see `TERRAIN`), its second character `*` on the Place of Power. `[..]`
is the cursor and `(..)` a hex (or figure) the current choice offers. In
colour, terrain is a background tint, seat a is cyan, seat b is red, fallen
figures are dim and struck through, transfixed ones italic, engaged ones
underlined, activated ones dim, the treasure's carrier on a yellow ground.

`BoardModel.from_view` reads the `board`, `figures` and scenario objects
(`tokens`, `treasure`, `place_of_power`, `features`, `markers`: see
docs/rules/sbh.md) of an SBH view (`server/rules/sbh/system.py`); hexes are
axial `(q, r)` as on the wire, and column `c`, row `r` is axial
`(c - r // 2, r)` (`SbhBoard.offset`).

The picture drawn in a window of the terminal, for every board kind, is in
board_window.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Hex = tuple[int, int]

# kind -> (glyph, background colour, words for the status line)
TERRAIN: dict[str, tuple[str, str, str]] = {
    "open": (".", "", "open ground"),
    "woods": ("w", "on dark_green", "woods"),
    "rough": ("r", "on grey23", "rough ground"),
    "shallow_water": ("~", "on dark_cyan", "shallow water"),
    "swamp": ("s", "on dark_olive_green3", "swamp"),
    "desert": ("d", "on dark_goldenrod", "desert"),
    "deep_water": ("W", "on blue3", "deep water (impassable)"),
    "hill": ("h", "on orange4", "hill"),
    "boulder": ("o", "on grey35", "boulder (impassable)"),
    "building": ("#", "on grey42", "building (impassable)"),
    "interior": ("i", "on grey15", "interior"),
    "chasm": ("v", "on grey3", "chasm (impassable)"),
    "slippery": ("/", "on purple4", "slippery ground"),
    "bridge": ("=", "on tan", "bridge"),
}
UNKNOWN_TERRAIN = ("?", "", "unknown terrain")
OBJECT_STYLE = "bold yellow on grey19"
POWER_GLYPH = "*"  # second character of a Place of Power hex
SEAT_STYLES = {"a": "bold cyan", "b": "bold red"}
EDGE_GLYPH = "|"  # second content character of an empty hex with a wall/hedge/cliff side
NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def offset(h: Hex) -> tuple[int, int]:
    """Axial (q, r) -> (column, row)."""
    return h[0] + h[1] // 2, h[1]


def axial(col: int, row: int) -> Hex:
    """(column, row) -> axial (q, r)."""
    return col - row // 2, row


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def label(fig_id: str) -> str:
    """A figure's two-character label: `a1`..`a9`, then `aA` for a10, `aB`..."""
    seat, number = fig_id[:1], fig_id[1:]
    if len(fig_id) <= 2:
        return fig_id.ljust(2)
    if number.isdigit() and int(number) < 36:
        return seat + "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[int(number)]
    return fig_id[:2]


def figure_number(fig_id: str) -> int | None:
    """A figure's number, the digits of its id (`b7` -> 7): the same in every
    list that offers figures and on the board, so a number key always means one
    figure."""
    digits = fig_id[1:]
    return int(digits) if digits.isdigit() else None


def short_name(name: str) -> str:
    """'Wood Elf Archer (Shortsword, Longbow)' -> 'Wood Elf Archer'."""
    return name.split(" (")[0].strip() or name


def as_hex(value) -> Hex | None:
    """A wire hex `[q, r]` as a tuple, or None if `value` is not one."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return value[0], value[1]
    return None


class CellGrid:
    """The geometry of a board whose cells are their own columns and rows (the
    square battlefield, the measured table's inch cells): a BoardModel mixin
    (its `width` and `height`)."""

    def offset(self, h: Hex) -> tuple[int, int]:
        return h

    def axial(self, col: int, row: int) -> Hex:
        return col, row

    def distance(self, a: Hex, b: Hex) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    def contains(self, h: Hex) -> bool:
        return 0 <= h[0] < self.width and 0 <= h[1] < self.height


@dataclass
class BoardModel:
    width: int = 0
    height: int = 0
    terrain: dict[Hex, str] = field(default_factory=dict)
    edge_hexes: set[Hex] = field(default_factory=set)  # hexes with a linear obstacle side
    figures: dict[str, dict] = field(default_factory=dict)  # id -> the view's figure
    at: dict[Hex, dict] = field(default_factory=dict)  # hex -> figure on the table there
    tokens: set[Hex] = field(default_factory=set)  # treasure tokens
    treasure: Hex | None = None  # the found treasure (or Quest item), lying here
    carrier: str | None = None  # ... or carried by this figure
    quest: bool = False  # the Quest's magic item rather than a treasure
    power: set[Hex] = field(default_factory=set)  # the Place of Power
    features: dict[Hex, int] = field(default_factory=dict)  # hex -> feature number, from 1
    markers: dict[Hex, dict] = field(default_factory=dict)  # hex -> Ambush marker
    altars: set[Hex] = field(default_factory=set)
    @classmethod
    def from_view(cls, view: dict | None) -> BoardModel:
        if not view or "board" not in view:
            return cls()
        board = view["board"]
        model = cls(int(board.get("width", 0)), int(board.get("height", 0)))
        for q, r, kind in board.get("terrain", ()):
            model.terrain[(q, r)] = kind
        for edge in board.get("edges", ()):
            for h in edge[:-1]:
                model.edge_hexes.add((h[0], h[1]))
        for fig in view.get("figures", ()):
            model.figures[fig["id"]] = fig
            pos = as_hex(fig.get("pos"))
            if pos is not None and fig.get("status", "ready") == "ready":
                model.at[pos] = fig
        model._objects(view)
        return model

    def _objects(self, view: dict) -> None:
        self.tokens = {as_hex(h) for h in view.get("tokens") or ()}
        treasure = view.get("treasure") or {}
        self.treasure, self.carrier = as_hex(treasure.get("at")), treasure.get("carrier")
        self.quest = (view.get("options") or {}).get("scenario") == "quest_for_a_magic_item"
        self.power = {as_hex(h) for h in view.get("place_of_power") or ()}
        for number, feature in enumerate(view.get("features") or (), start=1):
            for h in feature["hexes"]:
                self.features[as_hex(h)] = number
        self.markers = {as_hex(m["at"]): m for m in view.get("markers") or ()}
        self.altars = {as_hex(h) for h in (view.get("options") or {}).get(
            "spellcasting_altars") or ()}

    def object_glyph(self, h: Hex) -> str | None:
        """The two characters of a scenario object in hex `h`, if there is one."""
        marker = self.markers.get(h)
        if marker is not None:
            hides = marker.get("hides")
            if hides is None:
                return "??"  # not ours: a figure or a dummy, nobody else can tell
            return "?-" if hides == "dummy" else "?" + label(hides)[1]
        if h == self.treasure:
            return "**" if self.quest else "$$"
        if h in self.tokens:
            return "$?"
        if h in self.altars:
            return "^^"
        return None

    def objects_words(self, h: Hex) -> list[str]:
        """The scenario objects in hex `h`, in words."""
        words = []
        marker = self.markers.get(h)
        if marker is not None:
            hides = marker.get("hides")
            words.append(f"ambush marker {marker['marker']}" + (
                "" if hides is None else " (a dummy)" if hides == "dummy"
                else f" (hides {hides})"))
        if h == self.treasure:
            words.append("the magic item" if self.quest else "the treasure")
        if h in self.tokens:
            words.append("a treasure token")
        if h in self.altars:
            words.append("a spellcasting altar")
        if h in self.power:
            words.append("the Place of Power")
        if h in self.features:
            words.append(f"feature {self.features[h]} (to nominate)")
        return words

    # -- the geometry and picture each board kind gives (square_board.py: ASOIAF's,
    # measured_board.py: Swords & Sorcery's) --
    shifted = True  # odd rows drawn half a cell right (hexes)
    free_points = False  # only the offered hexes may be chosen (a measured table: any)

    def locate(self, value) -> Hex | None:
        """The cell a prompt's value stands for (a hex: itself), else None."""
        return as_hex(value)

    def values_of(self, param: str, raw) -> list:
        """A param's values as the prompt lists them."""
        return list(raw)

    def value_words(self, param: str, value) -> str | None:
        """A value in this board's words, or None: the picker's own."""
        return None

    def tail(self, h: Hex) -> str:
        """The right marker of a cell neither the cursor nor offered."""
        return " "

    def stats(self, fig: dict) -> str:
        """A figure's numbers for the roster: SBH's Quality and Combat."""
        return f" Q{fig['quality']}+ C{fig['combat']}" if fig.get("quality") else (
            f" W{fig['wounds_left']}" if "wounds_left" in fig else "")  # (ASOIAF's)

    def offset(self, h: Hex) -> tuple[int, int]:
        return offset(h)

    def axial(self, col: int, row: int) -> Hex:
        return axial(col, row)

    def distance(self, a: Hex, b: Hex) -> int:
        return distance(a, b)

    def cell(self, h: Hex) -> tuple[str, str, str]:
        return cell_style(self, h)

    def summary(self, fig: dict) -> str:
        return figure_summary(fig)

    def legend(self) -> str:
        return legend()

    def contains(self, h: Hex) -> bool:
        col, row = offset(h)
        return 0 <= col < self.width and 0 <= row < self.height

    def kind(self, h: Hex) -> str:
        return self.terrain.get(h, "open")

    def engaged(self, fig: dict) -> bool:
        """In contact with an enemy on the table (seed 000: "in melee")."""
        pos = as_hex(fig.get("pos"))
        if pos is None or fig.get("status", "ready") != "ready":
            return False
        for dq, dr in NEIGHBOURS:
            other = self.at.get((pos[0] + dq, pos[1] + dr))
            if other is not None and other["seat"] != fig["seat"]:
                return True
        return False

    def states(self, fig: dict) -> list[str]:
        """The figure's state in words: dead, fled, fallen, transfixed, engaged..."""
        words = []
        status = fig.get("status", "ready")
        if status != "ready":
            words.append(status)
        elif fig.get("pos") is None:
            words.append("not deployed")
        for flag in ("fallen", "transfixed"):
            if fig.get(flag):
                words.append(flag)
        if self.engaged(fig):
            words.append("engaged")
        if fig.get("activated") and status == "ready":
            words.append("activated")
        if fig.get("wounds"):
            words.append(f"wounded -{fig['wounds']}Q")
        if fig.get("out_of_power"):
            words.append("out of power")
        if fig.get("out_of_missiles"):
            words.append("no missiles")
        if fig["id"] == self.carrier:
            words.append("carries the magic item" if self.quest else "carries the treasure")
        return words

    def describe(self, h: Hex) -> str:
        """The hex in words, for the status line."""
        if not self.contains(h):
            return f"[{h[0]}, {h[1]}] off the table"
        col, row = offset(h)
        terrain = TERRAIN.get(self.kind(h), UNKNOWN_TERRAIN)[2]
        words = f"[{h[0]}, {h[1]}] (col {col}, row {row}) {terrain}"
        if h in self.edge_hexes:
            words += ", by a wall/hedge/cliff"
        objects = self.objects_words(h)
        if objects:
            words += "; " + ", ".join(objects)
        fig = self.at.get(h)
        if fig is not None:
            words += f"; {fig['id']} {figure_summary(fig)}"
            states = self.states(fig)
            if states:
                words += " (" + ", ".join(states) + ")"
        return words


def figure_summary(fig: dict) -> str:
    return f"{short_name(fig['name'])} Q{fig['quality']}+ C{fig['combat']}"


def cell_style(model: BoardModel, h: Hex) -> tuple[str, str, str]:
    """(content, content style, background) of one hex."""
    fig = model.at.get(h)
    background = TERRAIN.get(model.kind(h), UNKNOWN_TERRAIN)[1]
    if fig is not None:
        style = SEAT_STYLES.get(fig["seat"], "bold")
        if fig.get("fallen"):
            style += " dim strike"
        elif fig.get("activated"):
            style += " dim"
        if fig.get("transfixed"):
            style += " italic"
        if model.engaged(fig):
            style += " underline"
        if fig["id"] == model.carrier:
            background = "on yellow4"
        return label(fig["id"]), f"{style} {background}".strip(), background
    glyph = model.object_glyph(h)
    if glyph is not None:
        return glyph, OBJECT_STYLE, background
    glyph = TERRAIN.get(model.kind(h), UNKNOWN_TERRAIN)[0]
    second = EDGE_GLYPH if h in model.edge_hexes else " "
    if h in model.features:
        second = str(model.features[h])[-1]
    if h in model.power:
        return glyph + POWER_GLYPH, f"bold magenta {background}".strip(), background
    return glyph + second, f"{'white' if background else 'grey50'} {background}".strip(), \
        background


def legend() -> str:
    glyphs = " ".join(f"{glyph}={words.split(' (')[0]}" for glyph, _, words in
                      (TERRAIN[k] for k in TERRAIN))
    return (f"{glyphs}  {EDGE_GLYPH}=wall/hedge side  [..]=cursor  (..)=you may choose  "
            "$?=treasure token  $$=the treasure (**=magic item)  ??=ambush marker (yours: "
            "?3 hides figure 3, ?- a dummy)  x*=Place of Power  1-9=feature to nominate  "
            "^^=spellcasting altar")
