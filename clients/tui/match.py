"""What the match screen shows and how keys change it, without the screen: the
latest view as a `BoardModel`, the log in words, the current prompt's
`Picker`, the board cursor. The Textual screen (app.py) feeds it the pushes of
a `MatchStream` and the keys pressed, sends the commands it returns, and draws
it; tests drive it directly too.

Keys: arrows move the board cursor (while a list is shown, up/down move in
the list instead); tab / shift+tab jump to the next / previous offered hex or
line; digits highlight the line with that number (a figure's own number in a
list of figures) and enter chooses; escape undoes a choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clients.tui.board import BoardModel, Hex, as_hex, step
from clients.tui.clocks import Clocks
from clients.tui.events import figure_names, format_event, names_from_lists, result_words
from clients.tui.measured_board import INCH, SCALES
from clients.tui.picker import BUILD, Choice, Picker
from clients.tui.presets import fitting
from clients.tui.sns_events import sns_headline
from clients.tui.square_board import asoiaf_table_words, board_for, view_system
from clients.tui.typed import Unreadable, read_facing, read_point

Command = tuple[str, dict]


@dataclass
class MatchModel:
    match_id: str
    seat: str | None = None  # the seat we play; None for a spectator (or not yet known)
    spectator: bool = False
    invite_code: str | None = None
    status: str = "open"  # open | active | finished | aborted
    view: dict | None = None
    board: BoardModel = field(default_factory=BoardModel)
    prompt: dict | None = None
    picker: Picker | None = None
    log: list[str] = field(default_factory=list)
    events: list[dict | None] = field(default_factory=list)  # every event seen, in seq order
    names: dict[str, str] = field(default_factory=dict)
    lists: dict[str, dict] = field(default_factory=dict)  # seat -> its list, once revealed
    players: dict[str, str] = field(default_factory=dict)  # seat -> display name
    over: dict | None = None
    at_seq: int | None = None  # a finished match replayed: the board after this event
    cursor: Hex | None = None
    message: str = ""
    seq: int = 0
    sending: bool = False
    catalog: dict | None = None  # the server's `catalog` reply for this match's options
    wants_builder: bool = False  # the player chose to build a list: the screen opens it
    typed: int = 0  # the number typed so far with the digit keys (0: none)
    online: bool = True  # the session's connection is up (it reconnects by itself)
    clocks: Clocks | None = None  # a timed match's clocks, from the last prompt
    system: str | None = None  # the rules system (its board kind); None: told by the view
    unit: int = INCH  # a measured table's units a cell (+ / - change it)

    # -- pushes ------------------------------------------------------------------------
    def take(self, push: dict[str, Any]) -> None:
        kind = push.get("type")
        if kind == "event":
            self.seq = push["seq"]
            self.status = "active" if self.status == "open" else self.status
            event = push.get("event")
            self.events.append(event)
            if event is not None and event.get("type") == "lists_revealed":
                self.lists = dict(event.get("data", {}).get("lists", {}))
                self.names.update(names_from_lists(self.lists))
            line = format_event(event, self.names, self.seat,
                                self.system or (view_system(self.view) if self.view else None))
            if line is not None:
                self.log.append(line)
        elif kind == "prompt":
            self._take_prompt(push)
        elif kind in ("view", "snapshot"):
            self.status = "active" if self.status == "open" else self.status
            self.view = push["view"]
            self.board = board_for(self.system, self.view, self.unit)
            self.names.update(figure_names(self.board.figures.values()))
            if self.cursor is None or not self.board.contains(self.cursor):
                self.cursor = self._home()
        elif kind == "match_status":
            self.status = push.get("status", self.status)
            self.players.update(push.get("players") or {})
            if self.status == "active":
                if not self.spectator and push.get("seat"):
                    self.seat = push["seat"]
                self.log.append("The match has started" + (
                    f": you play seat {self.seat}" if self.seat else ""))
            elif self.status == "aborted":
                self.log.append("The match was withdrawn before it started.")
        elif kind == "match_over":
            self.over, self.status = push, "finished"
            if self.clocks is not None:
                self.clocks.stopped = True
            self.picker, self.message = None, ""  # (nothing asked of us is left to say)
            self.log.append(result_words(push.get("result"), self.seat, self.players))

    def take_final(self, view_reply: dict | None, replay: dict | None = None) -> None:
        """A finished match: its last view (`get_view`, as no view is pushed once it
        is over) and, if it ended before the lists were revealed, the lists its
        replay holds (a secret is public once the match is over)."""
        if view_reply is not None:
            self.take({"type": "view", "seq": view_reply.get("seq"),
                       "view": view_reply["view"]})
        for entry in (replay or {}).get("events", ()):
            event = entry.get("event") or {}
            data = event.get("data") or {}
            if event.get("type") == "list_submitted" and "list" in data:
                self.lists.setdefault(data["seat"], data["list"])

    def _take_prompt(self, push: dict) -> None:
        self.prompt = push
        if push.get("clock"):
            self.clocks = Clocks.of(push["clock"])
        if self.status == "open":
            self.status = "active"  # an open match pushes nothing before it starts
        self.sending = False
        decision = push.get("decision")
        if self.spectator or decision is None:
            self.picker = None
            return
        same = (self.picker is not None and self.picker.decision == decision
                and self.picker.seq == push["seq"])
        if not same:
            self.picker = self._picker(decision, push["seq"])
            self.message = ""

    def set_catalog(self, catalog: dict) -> None:
        """The server's catalog came: offer the ready-made lists it says fit."""
        self.catalog = catalog
        picker = self.picker
        if picker is not None and (picker.spec is None or picker.param == "list"):
            self.picker = self._picker(picker.decision, picker.seq)
            if picker.spec is not None:
                self.picker.pick(picker.spec)  # still choosing the list

    def set_online(self, online: bool) -> bool:
        """The connection went down or came back: say so in the log; whether it
        changed."""
        if online == self.online:
            return False
        self.online = online
        self.log.append("Back online." if online else
                        "OFFLINE: the connection dropped; reconnecting...")
        return True

    def _picker(self, decision: dict, seq: int) -> Picker:
        return Picker(decision, seq, presets=fitting(self.catalog), board=lambda: self.board)

    def system_name(self) -> str:
        """The match's rules system: as the screen was told, else as its view reads."""
        return self.system or view_system(self.view)

    def rescale(self, step: int) -> None:
        """+ / -: a measured table's cells an inch finer or coarser (within SCALES),
        the cursor kept on the same point of the table."""
        if not getattr(self.board, "free_points", False):
            return
        at = SCALES.index(self.unit) if self.unit in SCALES else 1
        unit = SCALES[max(0, min(len(SCALES) - 1, at + step))]
        if unit != self.unit:
            self.unit = unit
            self.board, self.cursor = self.board.rescaled(self.view, unit, self.cursor)
            self.message = f"One cell is now {unit / INCH:g} inch(es) of the table."

    def points_limit(self) -> int | None:
        return ((self.view or {}).get("options") or {}).get("points_limit")

    # -- what to show ------------------------------------------------------------------------
    @property
    def waiting(self) -> list[str]:
        return list(self.prompt.get("waiting", ())) if self.prompt else []

    def my_turn(self) -> bool:
        return self.picker is not None

    def choices(self) -> list[Choice]:
        return self.picker.choices(self.board) if self.picker else []

    def highlights(self) -> set[Hex]:
        return self.picker.highlights(self.board) if self.picker else set()

    def region(self) -> set[Hex]:
        """The cells the current choice's description holds (tinted on the map)."""
        return self.picker.region() if self.picker and not self.sending else set()

    def seat_words(self, seat: str) -> str:
        """'you', or the seat and its player: 'b (Bob)'."""
        if seat == self.seat and not self.spectator:
            return "you"
        name = self.players.get(seat)
        return f"{seat} ({name})" if name else seat

    def headline(self) -> str:
        who = "spectating" if self.spectator else (
            f"you are seat {self.seat}" if self.seat else "waiting for a seat")
        parts = [f"Match {self.match_id}", who]
        if not self.online:
            parts.insert(0, "OFFLINE (reconnecting)")
        if self.players:
            parts.append(" vs ".join(f"{seat}: {name}" for seat, name
                                     in sorted(self.players.items())))
        if self.invite_code:
            parts.append(f"invite code {self.invite_code}")
        view = self.view or {}
        if self.status == "open":
            parts.append("waiting for an opponent to join")
        elif view and view.get("system") == "sns" and not self.over:
            parts.append(sns_headline(view))
        elif view and not self.over:
            parts.append(f"{view.get('phase', '?')} phase")
            if view.get("phase") == "play":
                parts.append(f"turn {view.get('turn')}, {view.get('active_seat')} acting")
            if "rounds" in view:  # ASOIAF: the round, who acts, the coins left
                parts.append(f"round {view.get('round')}/{view.get('rounds')}")
                if view.get("to_act"):
                    parts.append(f"{view['to_act']} to act")
                parts.append("coins " + " ".join(
                    f"{seat} {c['gold']}g {c['silver']}s {c['copper']}c"
                    for seat, c in sorted((view.get("coins") or {}).items())))
                parts.extend(asoiaf_table_words(view, self.seat))
            points = view.get("victory_points") or view.get("vp") or {}
            if points:
                parts.append("VP " + " ".join(f"{s} {v}" for s, v in sorted(points.items())))
        if self.clocks is not None and self.at_seq is None:
            parts.append(self.clocks.words(self.seat_words))
            if self.clocks.claimable(None if self.spectator else self.seat):
                parts.append("C: claim the win on time")
        if self.over:
            parts.append("OVER" if self.at_seq is None else f"REPLAY at event {self.at_seq}")
        elif self.waiting:
            parts.append("waiting for " + ", ".join(self.seat_words(s) for s in self.waiting))
        return " | ".join(parts)

    def cursor_words(self) -> str:
        return self.board.describe(self.cursor) if self.cursor is not None else ""

    # -- keys -------------------------------------------------------------------------------
    def arrow(self, key: str) -> None:
        """An arrow key: moves the cursor, or the list highlight (up/down) while a
        list that is not of hexes is shown."""
        self.typed = 0
        if self.picker is not None and not self.picker.hex_param and key in ("up", "down"):
            self.move_highlight(-1 if key == "up" else 1)
            return
        self.move_cursor(key)

    def move_cursor(self, key: str) -> None:
        """An arrow key on the board: the cursor moves one hex."""
        self.typed = 0
        if self.cursor is None:
            self.cursor = self._home()
        if self.cursor is not None:
            self.cursor = step(self.board, self.cursor, key)
            self._sync_index()

    def move_highlight(self, delta: int) -> None:
        """Tab / shift+tab (and up/down in a list): the next / previous line; in a
        choice of hexes, the cursor jumps to it."""
        self.typed = 0
        choices = self.choices()
        if not choices:
            return
        picker = self.picker
        if picker.hex_param and self.cursor not in {c.hex for c in choices}:
            nearest = picker.nearest(self.cursor, self.board)
            picker.index = nearest if delta > 0 else (nearest - 1) % len(choices)
        else:
            picker.index = (picker.index + delta) % len(choices)
        self._follow()

    def enter(self) -> Command | None:
        """Choose the highlighted line, or the hex under the cursor."""
        self.typed = 0
        if self.picker is None or self.sending:
            return None
        choices = self.choices()
        if self.picker.param == "path" and self.picker.free():
            listed = next((c.value[-1] for c in choices if c.hex == self.cursor), None)
            return self._waypoint(listed or self.board.point_at(self.cursor))
        if self.picker.hex_param:
            for choice in choices:
                if choice.hex == self.cursor:
                    return self._picked(choice.value)
            if self.picker.free() and self.cursor is not None:
                return self._picked(self.board.point_at(self.cursor))  # (any cell: checked)
            self.message = "That hex is not one you may choose: move the cursor to a " \
                           "highlighted (..) hex, or press tab to jump to one."
            return None
        if not choices:
            return None
        return self._picked(choices[min(self.picker.index, len(choices) - 1)].value)

    def _waypoint(self, point: list) -> Command | None:
        why = self.picker.waypoint_refusal(point)
        if why is not None:  # (checked against the prompt's description: nothing laid)
            self.message = f"Not there: {why}. Choose another point."
            return None
        command = self.picker.add_waypoint(point)
        if command is not None:
            self.sending = True
            return command
        if self.picker.param != "path":  # (the path ended: its facing is asked next)
            self.message = ""
            self._enter_step()
            return None
        self.message = (f"Waypoint {len(self.picker.waypoints)} laid: enter on another, or "
                        "on it again to end the path.")
        return None

    def type_in(self, text: str) -> Command | None:
        """Text typed (t) for a measured table's destination or facing, read as
        typed.py says; the server judges the point."""
        picker = self.picker
        if picker is None or self.sending or picker.param is None:
            self.message = "Choose what to do first; then type where (or which way)."
            return None
        figures = self.board.figures
        args = picker.spec.get("args") or {}
        mover = figures.get(args.get("target")) or figures.get(args.get("figure"))
        try:
            if picker.free():
                if picker.waypoints and mover is not None:  # (measured on from the last)
                    mover = {**mover, "x": picker.waypoints[-1][0], "y": picker.waypoints[-1][1]}
                point = read_point(text, mover, figures)
                self.cursor = self.board.locate(point) or self.cursor
                return self._waypoint(point) if picker.param == "path" else self._picked(point)
            if picker.placing:  # (a wall's run typed: a direction, a bearing, a figure)
                run = read_facing(text, picker.place_at, figures)
                wall = next((v for v in picker.values() if v[0] == "wall"), None)
                if wall is None:
                    self.message = "Nothing here runs a way: choose what goes there."
                    return None
                return self._picked([*wall[:3], run])
            if picker.param == "facing":
                moved = picker.chosen.get("to") or (picker.chosen.get("path") or [None])[-1]
                origin = moved or ((mover["x"], mover["y"]) if mover else None)
                return self._picked(read_facing(text, origin, figures))
        except Unreadable as unread:
            self.message = str(unread)
            return None
        self.message = "Typing answers a destination or a facing: choose this one from the list."
        return None

    def number(self, digit: int) -> None:
        """A digit key: highlight the line with that number (enter then chooses
        it). Digits typed in a row make one number (1 then 2: line 12) while a
        line has it; a digit that does not continue one starts afresh; the same
        number again goes to the next line with it (figures of both seats)."""
        if self.picker is None or self.sending:
            return
        choices = self.choices()
        numbers = [str(c.number) for c in choices if c.number is not None]
        typed = self.typed * 10 + digit
        if not any(n.startswith(str(typed)) for n in numbers):
            typed = digit
        numbered = [i for i, c in enumerate(choices) if c.number == typed]
        if not numbered:
            starts = any(n.startswith(str(typed)) for n in numbers)
            self.message = f"{typed}..." if starts else f"No line numbered {typed} here."
            self.typed = typed if starts else 0
            return
        self.message = ""
        later = [i for i in numbered if i > self.picker.index]
        again = typed == self.typed and later
        self.picker.index = later[0] if again else numbered[0]
        self.typed = typed
        self._follow()

    def escape(self) -> None:
        self.typed = 0
        if self.picker is not None and not self.sending:
            self.picker.back()
            self.message = ""
            self._enter_step()

    def _picked(self, value: Any) -> Command | None:
        if value == BUILD and self.picker.param == "list":
            self.wants_builder = True  # (the list builder sends submit_list itself)
            return None
        why = self.picker.refusal(value)
        if why is not None:  # (checked against the prompt's description: nothing sent)
            self.message = f"Not there: {why}. " + (
                "Choose another way (or escape: another point)." if self.picker.placing
                else "Choose another point.")
            return None
        command = self.picker.pick(value)
        self.message = ""
        if command is not None:
            self.sending = True
            return command
        self._enter_step()
        return None

    def accepted(self) -> None:
        """The server took our command. Its events and the next prompt normally
        came first; if no new prompt replaced the choice, choose afresh."""
        if self.sending:
            self.sending = False
            if self.picker is not None:
                self.picker = self._picker(self.picker.decision, self.picker.seq)

    def refused(self, code: str, message: str) -> None:
        """The server refused our command: say why, and choose again."""
        self.sending = False
        if code == "stale_prompt":
            self.message = "The match moved on; choose again from the new prompt."
            return
        self.message = f"Refused ({code}): {message}"
        if self.picker is not None:
            self.picker = self._picker(self.picker.decision, self.picker.seq)

    # -- the cursor ---------------------------------------------------------------------------
    def _enter_step(self) -> None:
        """A new step of the picker: put the cursor on something it offers."""
        picker = self.picker
        if picker is None:
            return
        if picker.hex_param:
            origin = self.cursor
            acting = self.acting() or (picker.spec.get("args") or {}).get("figure")
            if acting in self.board.figures:
                origin = as_hex(self.board.figures[acting].get("pos")) or origin
            picker.index = picker.nearest(origin, self.board)
        self._follow()

    def _follow(self) -> None:
        choices = self.choices()
        if choices and self.picker is not None:
            target = choices[min(self.picker.index, len(choices) - 1)].hex
            if target is not None:
                self.cursor = target

    def _sync_index(self) -> None:
        if self.picker is not None and self.picker.hex_param:
            for i, choice in enumerate(self.choices()):
                if choice.hex == self.cursor:
                    self.picker.index = i

    def _home(self) -> Hex | None:
        """Where the cursor starts: one of our figures, else the board's middle."""
        for fig in self.board.figures.values():
            pos = as_hex(fig.get("pos"))
            if pos is not None and (fig["seat"] == self.seat or self.seat is None):
                return pos
        if self.board.width:
            return self.board.axial(self.board.width // 2, self.board.height // 2)
        return None

    def acting(self) -> str | None:
        """The figure (model) being activated: SBH's view `activation`, ASOIAF's
        `active_model`."""
        view = self.view or {}
        return (view.get("activation") or {}).get("figure") or view.get("active_model") or None

    def cursor_offset(self) -> tuple[int, int] | None:
        return self.board.offset(self.cursor) if self.cursor is not None else None
