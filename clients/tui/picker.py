"""Building one command from a prompt's decision, a step at a time.

A decision (`Decision.to_wire()`, server/rules/kernel.py) offers CommandSpecs
`{type, label, args, params}`; a command is a spec's `type` with its `args`
plus one value from each of its `params` lists and, for each of its
`subsets`, a non-empty set of that list's values. The picker knows nothing of
SBH: first the player picks a spec, then a value for each param in turn (a
param with a single value is taken at once), then each subset, by ticking
values on and off and choosing DONE. Values are shown by kind:

- hexes (`[q, r]`): picked with the board cursor over the highlighted hexes,
  or from the list;
- a measured table's points (a destination, a path's waypoints, a spell's point
  or place): any cell under the cursor, or typed; a spell's place then asks
  what goes there (a wall: which way it runs) from a list;
- figure ids (values naming figures of the view): from a list, the cursor
  following the highlighted figure;
- anything else (dice counts, yes/no, edges, roles): from a list.

Free-form values in angle brackets ("<warband list>") are placeholders. The
picker fills the two `submit_list` needs (the list: one of the ready-made
lists the server says fit, or `BUILD`: the player builds one in the list
builder; the salt: random text) and leaves out any other spec that needs one
(`lay_terrain`), and `concede` (the screen's resign key does that).

What a spec, a value and a question say in words, and which specs the picker
can build, are in picker_words.py.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from clients.tui.board import BoardModel, Hex, as_hex, figure_number
from clients.tui.described import path_refusal, place_refusal, refusal
from clients.tui.picker_words import is_point, param_question, spec_words, usable, value_words
from clients.tui.presets import Preset

# The params a measured table's cursor (or typed text) may answer with any point.
POINT_PARAMS = ("to", "point", "path")
# ... and a table-changing spell's `place` ([kind, x, y] or ["wall", x, y, bearing]):
# its point by the cursor, then what goes there from a list (a wall: which way its
# length runs; the whole compass, its half inch lying to the right of the run).
PLACE_PARAM = "place"
WALL_RUNS = (0, 45, 90, 135, 180, 225, 270, 315)
MAX_WAYPOINTS = 9  # points after the start (the server takes a path of 10 points at most)
BUILD = "<build a list>"  # the list line that opens the list builder instead
DONE = "<done>"  # the line that ends the ticking of a subset


@dataclass
class Choice:
    """One line of the list: what it says, the value it picks, the hex the
    board cursor goes to while it is highlighted, and the number key that
    highlights it (None: no number)."""

    label: str
    value: Any
    hex: Hex | None = None
    number: int | None = None


@dataclass
class Picker:
    decision: dict
    seq: int
    presets: tuple[Preset, ...] = ()  # the ready-made lists that fit (presets.fitting)
    spec: dict | None = None
    chosen: dict = field(default_factory=dict)
    index: int = 0  # the highlighted line of the current list
    ticked: list = field(default_factory=list)  # the values of the subset being chosen
    board: Callable[[], BoardModel] | None = None  # the board now (it says what a value is)
    waypoints: list = field(default_factory=list)  # a path being laid, after its start
    place_at: list | None = None  # a spell's place: the point chosen, its kind to choose
    _region: tuple = field(default=(None, frozenset()), init=False, repr=False)  # region()

    def __post_init__(self) -> None:
        self.specs = [s for s in self.decision.get("options", ()) if usable(s)]

    # -- where we are ------------------------------------------------------------------
    @property
    def param(self) -> str | None:
        """The param being chosen now (None while choosing the spec)."""
        if self.spec is None:
            return None
        for name in [*(self.spec.get("params") or {}), *(self.spec.get("subsets") or {})]:
            if name not in self.chosen:
                return name
        return None

    @property
    def ticking(self) -> bool:
        """The current param is a subset (values ticked on and off)."""
        return self._subset()

    def _subset(self) -> bool:
        """The current param is a subset: values are ticked on and off."""
        return self.param is not None and self.param in (self.spec.get("subsets") or {})

    def _values_of(self, name: str) -> list:
        raw = (self.spec.get("params") or {}).get(name) or self.spec["subsets"][name]
        if name == PLACE_PARAM and self.place_at is not None:
            return self._kinds_at(raw)
        board = self._board()
        return board.values_of(name, raw) if board is not None else list(raw)

    def _board(self) -> BoardModel | None:
        return self.board() if self.board is not None else None

    def free(self) -> bool:
        """The current param takes any point of a measured table (the listed ones
        are suggestions): the cursor's cell or typed text answers it."""
        board = self._board()
        return bool(board is not None and board.free_points and not self._subset()
                    and (self.param in POINT_PARAMS
                         or (self.param == PLACE_PARAM and self.place_at is None)))

    def refusal(self, value: Any) -> str | None:
        """Why a point chosen freely (cursor or typed), or a spell's place once
        its kind is chosen, is outside the prompt's description of the param
        (`described`), in words; None if it is inside or the param is not
        described (the server judges it)."""
        described = ((self.spec or {}).get("described") or {}).get(self.param or "")
        if self.placing:
            return place_refusal(described, value)
        return refusal(described, value) if self.free() else None

    @property
    def placing(self) -> bool:
        """A spell's place has its point: what goes there is chosen from a list."""
        return self.param == PLACE_PARAM and self.place_at is not None

    def _kinds_at(self, raw) -> list:
        """The places at the chosen point: each kind the spell offers (a wall's
        four runs); the server judges whether it fits there."""
        x, y = self.place_at
        kinds = list(dict.fromkeys(v[0] for v in raw if isinstance(v, list) and v))
        return [[kind, x, y, run] if kind == "wall" else [kind, x, y]
                for kind in kinds for run in (WALL_RUNS if kind == "wall" else (None,))]

    def locate(self, value: Any) -> Hex | None:
        """The cell a value of the current param stands for (a path: its end)."""
        board = self._board()
        if self.param == "path" and isinstance(value, list) and value:
            value = value[-1]
        return board.locate(value) if board is not None else as_hex(value)

    def values(self) -> list:
        """The values of the current param (the specs while choosing the spec)."""
        if self.spec is None:
            return list(self.specs)
        if self.param is None:
            return []  # complete: the command is being sent
        return self._values_of(self.param)

    @property
    def hex_param(self) -> bool:
        """The current param takes a hex: pick it with the board cursor."""
        if self.param is None or self._is_list_param() or self._subset() or self.placing:
            return False
        if self.free():
            return True
        values = self.values()
        return bool(values) and all(self.locate(v) is not None for v in values)

    def hexes(self) -> list[Hex]:
        return [self.locate(v) for v in self.values()] if self.hex_param else []

    def question(self) -> str:
        if self.spec is None:
            return self.decision.get("text", "Choose")
        if self.placing:
            return "What goes there? (a wall: which way it runs, or t: type a direction)"
        return param_question(self.param)

    def breadcrumb(self) -> str:
        if self.spec is None:
            return ""
        board = self._board()
        done = [f"{k} {(board.value_words(k, v) if board else None) or value_words(v)}"
                for k, v in self.chosen.items() if k not in ("list", "salt")]
        if self.waypoints:
            done.append(f"{len(self.waypoints)} waypoint(s) so far")
        if self.placing:
            at = board.value_words("to", self.place_at) if board else None
            done.append(f"at {at or value_words(self.place_at)}")
        if "list" in self.chosen:
            done.insert(0, f"list {self.chosen['list'].get('name', '')}")
        return " > ".join([spec_words(self.spec, self.specs), *done])

    def choices(self, board: BoardModel) -> list[Choice]:
        """The lines of the current list, numbered: a list of figures by the
        figures' own numbers (stable however the list shrinks), any other list
        (not of hexes) by position."""
        lines = self._lines(board)
        figures = [line for line in lines if line.value != DONE]
        if figures and all(isinstance(line.value, str) and line.value in board.figures
                           for line in figures):
            for line in figures:
                line.number = figure_number(line.value)
        elif not self.hex_param:
            for number, line in enumerate(figures, start=1):
                line.number = number
        for line in lines if self.placing else ():  # (what the description refuses)
            why = self.refusal(line.value)
            line.label += f" (no: {why})" if why else ""
        return lines

    def _lines(self, board: BoardModel) -> list[Choice]:
        if self.spec is None:
            return [Choice(spec_words(spec, self.specs), spec) for spec in self.specs]
        if self.param is None:
            return []
        if self._is_list_param():
            return [*(Choice(p.describe(), p.warband()) for p in self.presets),
                    Choice("Build your own list from the roster catalog...", BUILD)]
        found = []
        for value in self.values():
            tick = ("[x] " if value in self.ticked else "[ ] ") if self._subset() else ""
            hexed = self.locate(value)
            words = board.value_words(self.param, value)
            if hexed is not None:
                found.append(Choice(tick + (words or board.describe(hexed)), value, hexed))
            elif isinstance(value, str) and value in board.figures:
                fig = board.figures[value]
                states = board.states(fig)
                words = f"{value} {board.summary(fig)}" + (
                    f" ({', '.join(states)})" if states else "")
                found.append(Choice(tick + words, value, as_hex(fig.get("pos"))))
            else:
                found.append(Choice(tick + (words or value_words(value)), value))
        if self._subset() and self.ticked:
            found.append(Choice(f"Done ({len(self.ticked)} chosen)", DONE))
        return found

    def highlights(self, board: BoardModel) -> set[Hex]:
        return {c.hex for c in self.choices(board) if c.hex is not None} \
            if self.spec is not None else set()

    # -- choosing ------------------------------------------------------------------------
    def pick(self, value: Any) -> tuple[str, dict] | None:
        """Choose `value` for the current step (a spec, or a param value); the
        command `(type, args)` once every param has a value, else None."""
        if self.spec is None:
            self.spec, self.chosen = value, {}
        elif self._subset() and value != DONE:
            if value in self.ticked:  # (the highlight stays: tick the next one)
                self.ticked.remove(value)
            else:
                self.ticked.append(value)
            return None
        elif self._subset():
            self.chosen[self.param], self.ticked = list(self.ticked), []
        elif self.param == PLACE_PARAM and self.place_at is None and is_point(value):
            self.place_at, self.index = value, 0  # (then what goes there)
            return None
        else:
            self.chosen[self.param], self.place_at = value, None
        self.index = 0
        return self._fill()

    def pick_index(self, index: int, board: BoardModel) -> tuple[str, dict] | None:
        choices = self.choices(board)
        if not 0 <= index < len(choices):
            return None
        return self.pick(choices[index].value)

    def region(self) -> set[Hex]:
        """The cells whose centre the prompt's description of the current point
        param holds (a path: the next waypoint's), to draw it on the map; empty
        when the param is not described. Kept until the step or the scale changes."""
        board = self._board()
        described = ((self.spec or {}).get("described") or {}).get(self.param or "")
        if board is None or described is None or not self.free():
            return set()
        key = (id(self.spec), self.param, board.unit, board.table, len(self.waypoints))
        if self._region[0] != key:
            holds = (lambda p: self.waypoint_refusal(p) is None) if self.param == "path" \
                else (lambda p: refusal(described, p) is None)
            cells = (board.axial(c, r) for r in range(board.height) for c in range(board.width))
            self._region = (key, {h for h in cells if holds(board.point_at(h))})
        return self._region[1]

    def waypoint_refusal(self, point: list) -> str | None:
        """Why laying `point` next (or ending on it: the same point again) breaks
        the prompt's description of the path, in words; None if it fits."""
        ending = bool(self.waypoints) and point == self.waypoints[-1]
        laid = [*self.waypoints] if ending else [*self.waypoints, point]
        ends = ending or len(laid) >= MAX_WAYPOINTS
        described = (self.spec.get("described") or {}).get("path")
        return path_refusal(described, [self.path_start(), *laid], ends)

    def add_waypoint(self, point: list) -> tuple[str, dict] | None:
        """A path's next point (the same point again ends the path); the command
        once the path is complete."""
        if not self.waypoints or point != self.waypoints[-1]:
            self.waypoints.append(point)
            if len(self.waypoints) < MAX_WAYPOINTS:
                return None
        start = self.path_start()
        path, self.waypoints = [start, *self.waypoints], []
        return self.pick(path)

    def path_start(self) -> list | None:
        """Where a path starts: where the moving figure stands."""
        board = self._board()
        fig = board.figures.get((self.spec.get("args") or {}).get("figure")) if board else None
        if fig is not None and "x" in fig:
            return [fig["x"], fig["y"]]
        listed = self.values()
        return listed[0][0] if listed else None

    def back(self) -> None:
        """Undo the last choice that was not automatic (to the spec list at most)."""
        if self.spec is None:
            return
        if self.waypoints:  # (a path: its last waypoint first)
            self.waypoints.pop()
            return
        if self.place_at is not None:  # (a spell's place: its point first)
            self.place_at, self.index = None, 0
            return
        if self.ticked:  # (untick everything first)
            self.ticked, self.index = [], 0
            return
        while self.chosen:
            name, _ = self.chosen.popitem()
            if self._was_chosen(name):
                self.index = 0
                return
        self.spec, self.index = None, 0

    def _was_chosen(self, name: str) -> bool:
        """Whether the player chose this param's value (rather than the picker)."""
        if self.spec["type"] == "submit_list" and name in ("list", "salt"):
            return name == "list"
        board = self._board()
        return len(self._values_of(name)) > 1 or bool(
            board is not None and board.free_points and name in (*POINT_PARAMS, PLACE_PARAM))

    def command(self) -> tuple[str, dict] | None:
        if self.spec is None or self.param is not None:
            return None
        return self.spec["type"], {**(self.spec.get("args") or {}), **self.chosen}

    def _fill(self) -> tuple[str, dict] | None:
        """Take every value there is no choosing to do: single values, the salt."""
        while self.param is not None:
            name = self.param
            values = self._values_of(name)
            if self.spec["type"] == "submit_list" and name == "salt":
                self.chosen[name] = secrets.token_hex(16)
            elif self._is_list_param():
                return None  # a ready-made list or the builder: the player chooses
            elif len(values) == 1 and not self.free():
                self.chosen[name] = values if self._subset() else values[0]
            else:
                return None
        return self.command()

    def _is_list_param(self) -> bool:
        return (self.spec is not None and self.spec["type"] == "submit_list"
                and self.param == "list")

    def nearest(self, origin: Hex | None, board: BoardModel | None = None) -> int:
        """The index of the offered hex (or square: `board`'s distance) nearest
        `origin` (0 if none)."""
        hexes = self.hexes()
        if not hexes or origin is None:
            return 0
        apart = (board or BoardModel()).distance
        return min(range(len(hexes)), key=lambda i: (apart(hexes[i], origin), i))
