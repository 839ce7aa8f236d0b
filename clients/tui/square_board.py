"""The ASOIAF table as text: a square grid, one cell per square, columns x and rows y
as on the wire (`[x, y]`), so the cursor's arrows move one square.

    ( .)( .) g   g  [a1] .   O  ~

A cell is a marker, two characters of content and a marker (`[..]` the cursor,
`(..)` a square the current choice offers). The content is a model's label (seat
and number: `a1`, `bA` for b10; a large model's four squares each show it), an
objective `O` (`O?` its card still face down), a plunder token `$` (coin) or `?`
(agenda), a terrain zone (`~` river, `^` high ground...), a deployment square `g`
gold or `s` silver, else the square's kind: `.` OPEN, `x` OPEN-X, `o` BLOCKED,
`#` BLOCKED-X; the second character `|` marks a square with a wall, door or
window on one of its sides. In colour seat a is cyan, seat b red, activated models
dim, wounded ones underlined, shaken italic, routed struck through.

The view (server/rules/asoiaf/view.py) names the scenario but not its map: the
map is read from the scenario data the server ships (server/rules/asoiaf/data),
with the doors the view says were flipped in play. `render.py` there draws the
same squares for tests and the command line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from clients.tui.board import SEAT_STYLES, BoardModel, CellGrid, Hex, label, short_name
from clients.tui.measured_board import MeasuredBoardModel

KIND_WORDS = {".": "open", "x": "open-X (blocks sight)", "o": "blocked",
              "#": "blocked-X (blocks sight)"}
ZONE_WORDS = {"~": "river", "^": "high ground", "*": "bonfire", ",": "dead leaves",
              "_": "ditch with stakes"}
BACKGROUNDS = {"o": "on grey35", "#": "on grey42", "~": "on dark_cyan", "^": "on orange4",
               "g": "on gold3", "s": "on grey50", "O": "on grey19", "$": "on grey19",
               "?": "on grey19"}
WALL_GLYPH = "|"


@cache
def _scenario(key: str):
    from server.rules.asoiaf.scenarios import load_scenarios

    return load_scenarios().get(key)


@cache
def _field(key: str, doors: tuple):
    from server.rules.asoiaf.charge_terrain import battlefield

    scenario = _scenario(key)
    return None if scenario is None else battlefield(scenario.battlefield, doors)


@cache
def _squares(key: str, doors: tuple) -> tuple[dict, frozenset]:
    """Each square's glyph (without models) and the squares beside a wall, door
    or window."""
    from server.rules.asoiaf.render import square_char
    from server.rules.board.square import Square, wall_key

    bf = _field(key, doors)
    glyphs, walled = {}, set()
    sides = set(bf.walls) | {o.side for o in bf.openings}
    for x in range(bf.width):
        for y in range(bf.height):
            glyphs[(x, y)] = square_char(bf, Square(x, y), {})
            for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                if wall_key(Square(x, y), Square(x + dx, y + dy)) in sides:
                    walled.add((x, y))
    return glyphs, frozenset(walled)


@dataclass
class SquareBoardModel(CellGrid, BoardModel):
    """BoardModel's face for ASOIAF's square battlefield (board.py has SBH's hexes)."""

    glyphs: dict[Hex, str] = field(default_factory=dict)
    walled: frozenset = frozenset()
    objectives: dict[Hex, str | None] = field(default_factory=dict)  # square -> card
    plundered: set[Hex] = field(default_factory=set)
    lasting: dict[str, list[str]] = field(default_factory=dict)  # uid -> changes' words
    shifted = False

    @classmethod
    def from_view(cls, view: dict | None) -> SquareBoardModel:
        scenario = (view or {}).get("scenario")
        if not scenario or _scenario(scenario) is None:
            return cls()
        doors = tuple((index, state) for index, state in view.get("doors") or ())
        bf = _field(scenario, doors)
        glyphs, walled = _squares(scenario, doors)
        model = cls(bf.width, bf.height, glyphs=glyphs, walled=walled)
        model.objectives = {tuple(o["square"]): o.get("card")
                            for o in view.get("objectives") or ()}
        model.plundered = {tuple(sq) for sq in view.get("plundered") or ()}
        for uid, kind, which, by, until in view.get("lasting") or ():
            model.lasting.setdefault(uid, []).append(lasting_words(kind, which, by, until))
        for unit in view.get("models", ()):
            fig = {"id": unit["uid"], "seat": unit["seat"], "name": unit["card"],
                   "pos": unit["square"], **unit}
            model.figures[fig["id"]] = fig
            if not unit.get("removed"):
                for sq in unit.get("squares") or ():
                    model.at[(sq[0], sq[1])] = fig
        return model

    # -- words -------------------------------------------------------------------------
    def glyph(self, h: Hex) -> str:
        glyph = self.glyphs.get(h, " ")
        if glyph in "$?" and h in self.plundered:
            return "."  # (taken: the token is gone)
        return glyph

    def engaged(self, fig: dict) -> bool:
        """Next to an enemy (diagonals too): the server decides what walls change."""
        mine = [tuple(sq) for sq in fig.get("squares") or ()]
        return any(other["seat"] != fig["seat"] and self.distance(sq, at) == 1
                   for at, other in self.at.items() for sq in mine)

    def states(self, fig: dict) -> list[str]:
        words = []
        if fig.get("removed"):
            return [fig["removed"]]
        if fig.get("pos") is None:
            words.append("not placed")
        if fig.get("captive"):
            held = self.figures.get(fig["captive"])
            words.append(f"holds {held['name'] if held else fig['captive']} captive")
        if fig.get("equipment"):  # once a game, then discarded (seed 004, EQUIPMENT TOKENS)
            words.append(fig["equipment"] + (" spent" if fig.get("equipment_spent") else ""))
        words.extend(fig.get("conditions") or ())
        words.extend(self.lasting.get(fig["id"], ()))
        if self.engaged(fig):
            words.append("engaged")
        if fig.get("activated"):
            words.append("activated")
        return words

    def summary(self, fig: dict) -> str:
        return f"{short_name(fig['name'])} W{fig.get('wounds_left', '?')}"

    def value_words(self, param: str, value) -> str | None:
        """A choice in words, as the web's valueWords: several models by name
        ("Warden b1, Warden b2": a pick of 2), coin improvements, kill or capture."""
        if isinstance(value, list) and value and all(
                isinstance(v, str) and v in self.figures for v in value):
            return ", ".join(f"{short_name(self.figures[v]['name'])} {v}" for v in value)
        if param == "improvements" and isinstance(value, list):
            numbers = " + ".join(str(i + 1) for i in value)
            return f"improvement{'s' if len(value) > 1 else ''} {numbers}" if value \
                else "no improvement"
        if param == "removal":
            return {"captured": "capture it", "killed": "kill it"}.get(value)
        return None

    def describe(self, h: Hex) -> str:
        if not self.contains(h):
            return f"[{h[0]}, {h[1]}] off the battlefield"
        glyph = self.glyph(h)
        words = f"[{h[0]}, {h[1]}] " + self._glyph_words(glyph, h)
        if h in self.walled:
            words += ", by a wall, door or window"
        fig = self.at.get(h)
        if fig is not None:
            words += f"; {fig['id']} {self.summary(fig)}"
            states = self.states(fig)
            if states:
                words += " (" + ", ".join(states) + ")"
        return words

    def _glyph_words(self, glyph: str, h: Hex) -> str:
        if glyph == "O":
            card = self.objectives.get(h)
            return f"objective ({card or 'card face down'})"
        if glyph in "$?":
            return "plunder token (" + ("coins" if glyph == "$" else "agenda") + ")"
        if glyph in ("g", "s"):
            return f"{'gold' if glyph == 'g' else 'silver'} deployment zone"
        return ZONE_WORDS.get(glyph) or KIND_WORDS.get(glyph, "square")

    def cell(self, h: Hex) -> tuple[str, str, str]:
        """(content, content style, background) of one square."""
        glyph = self.glyph(h)
        background = BACKGROUNDS.get(glyph, "")
        fig = self.at.get(h)
        if fig is not None:
            style = SEAT_STYLES.get(fig["seat"], "bold")
            conditions = fig.get("conditions") or ()
            style += " dim" if fig.get("activated") else ""
            style += " italic" if "shaken" in conditions else ""
            style += " strike" if "routed" in conditions else ""
            return label(fig["id"]), f"{style} {background}".strip(), background
        second = WALL_GLYPH if h in self.walled else " "
        if glyph == "O" and not self.objectives.get(h):
            second = "?"
        return glyph + second, f"{'white' if background else 'grey50'} {background}".strip(), \
            background

    def legend(self) -> str:
        return ("a1/b1=models  .=open  x=open-X  o=blocked  #=blocked-X  ~=river  "
                "^=high ground  *=bonfire  ,=dead leaves  _=ditch  g/s=gold/silver "
                "deployment  O=objective (O?: face down)  $=coin plunder  ?=agenda "
                f"plunder  {WALL_GLYPH}=wall/door/window side  [..]=cursor  "
                "(..)=you may choose")


LASTING_UNTIL = {"activation": "this activation", "turn": "this turn",
                 "round": "until the round ends", "game": "for the game"}


def lasting_words(kind: str, which: str, by: int, until: str) -> str:
    """A change outlasting the ability that made it (the view's `lasting`), as
    "defence +1 until the round ends" or "+1 to attack rolls this turn"."""
    amount = f"{by:+d}"
    when = LASTING_UNTIL.get(until, f"until {until}")
    if kind == "roll":
        rolls = "every roll" if which == "any" else f"{which} rolls"
        return f"{amount} to {rolls} {when}"
    what = "maximum wounds" if which == "wounds" else which.replace("_", " ")  # (lasting.py)
    return f"{what} {amount} {when}"


def is_asoiaf_view(view: dict | None) -> bool:
    """An ASOIAF view (a scenario and its models) rather than SBH's (a board and
    figures): for a match whose system the screen was not told (the subscribe
    reply does not name it)."""
    return bool(view) and "models" in view and "scenario" in view and "board" not in view


BOARDS = {"sbh": BoardModel, "asoiaf": SquareBoardModel, "sns": MeasuredBoardModel}


def view_system(view: dict | None) -> str:
    """The rules system a view is of, for a match whose system the screen was not
    told: Swords & Sorcery's names itself, ASOIAF's has a scenario and models."""
    if (view or {}).get("system") in BOARDS:
        return view["system"]
    return "asoiaf" if is_asoiaf_view(view) else "sbh"


def board_for(system: str | None, view: dict | None, unit: int | None = None) -> BoardModel:
    """The board model of the match's rules system (from its view when the system is
    not known); `unit`: a measured table's units a cell."""
    kind = BOARDS.get(system or "") or BOARDS[view_system(view)]
    if kind is MeasuredBoardModel and unit:
        return kind.from_view(view, unit)
    return kind.from_view(view)
