"""Choosing from the prompt with keys, on the match model: the arrows move the board
cursor (or the list highlight), tab and digits highlight a line, enter chooses it (a
hex, a waypoint, a typed destination or facing), escape undoes a choice; and the
server's answer to the command sent (accepted, or refused and chosen again).

A mixin of `MatchModel` (match.py), apart from it because what the keys do is read on
its own, without the pushes that fill the model.
"""

from __future__ import annotations

from typing import Any

from clients.tui.board import Hex, as_hex
from clients.tui.board_window import step
from clients.tui.picker import BUILD
from clients.tui.typed import Unreadable, read_facing, read_point

Command = tuple[str, dict]


class Choosing:
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
