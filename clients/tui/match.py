"""What the match screen shows and how keys change it, without the screen: the
latest view as a `BoardModel`, the log in words, the current prompt's
`Picker`, the board cursor. The Textual screen (app.py) feeds it the pushes of
a `MatchStream` and the keys pressed, sends the commands it returns, and draws
it; tests drive it directly too.

Keys: arrows move the board cursor (while a list is shown, up/down move in
the list instead); tab / shift+tab jump to the next / previous offered hex or
line; digits highlight the line with that number (a figure's own number in a
list of figures) and enter chooses; escape undoes a choice. What the keys do is
choosing.py's (a mixin of `MatchModel`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clients.tui.board import BoardModel, Hex
from clients.tui.choosing import Choosing
from clients.tui.clocks import Clocks
from clients.tui.events import figure_names, format_event, names_from_lists, result_words
from clients.tui.measured_board import INCH, SCALES
from clients.tui.picker import Choice, Picker
from clients.tui.presets import fitting
from clients.tui.sns_events import sns_headline
from clients.tui.square_board import board_for, view_system


@dataclass
class MatchModel(Choosing):
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
            if "rounds" in view:  # ASOIAF: the round and who acts (the side panel has
                # the coins, agendas, objectives and the rest of the table: roster.py)
                parts.append(f"round {view.get('round')}/{view.get('rounds')}")
                if view.get("to_act"):
                    parts.append(f"{view['to_act']} to act")
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
