"""The match screen's keys: the cursor and highlight, choosing and going back,
typing a destination, zoom, pan, scale, the log's pages, stepping through a finished
match, and the match's own actions (resign, offer a draw, claim on time, leave), each
sent as a request whose refusal the model shows.

A mixin of `MatchScreen` (screen.py, which binds the keys to these actions), apart
from it because the keys are looked up on their own.
"""

from __future__ import annotations

from textual.widgets import Input

from clients.client import ServerError
from clients.session import SessionClosed
from clients.tui.widgets import BoardView


class MatchKeys:
    def action_arrow(self, key: str) -> None:
        if self.has_class("board-zoom"):
            self.model.move_cursor(key)  # (no list on screen: every arrow is the board's)
        else:
            self.model.arrow(key)
        self.redraw()

    def action_type_in(self) -> None:
        """t: type a destination or a facing (typed.py reads it)."""
        if self.model.picker is None or not self.model.board.free_points:
            return
        self.add_class("typing")
        typed = self.query_one("#typed", Input)
        typed.value, typed.can_focus = "", True  # (focusable only while typing)
        typed.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._stop_typing()
        self._send(self.model.type_in(event.value))

    def _stop_typing(self) -> None:
        self.remove_class("typing")
        self.query_one("#typed", Input).can_focus = False
        self.set_focus(None)

    def action_rescale(self, step: int) -> None:
        self.model.rescale(step)
        self.redraw()

    def action_zoom(self, which: str) -> None:
        """z / f / l: the board (in compact cells) / the choices and figures / the
        log on its own; the same key again: back."""
        on = not self.has_class(which)
        self.remove_class("board-zoom", "side-zoom", "log-zoom")
        self.set_class(on, which)
        self.query_one("#board", BoardView).compact = on and which == "board-zoom"
        self.redraw()

    def action_pan(self, cols: int, rows: int) -> None:
        self.query_one("#board", BoardView).pan(cols, rows)

    def action_rewind(self, delta: int) -> None:
        if self.rewind.step(delta):
            self.run_worker(self._rewind(), group="rewind")

    async def _rewind(self) -> None:
        await self.rewind.show(self.session)
        self.redraw()

    def action_log_page(self, direction: int) -> None:
        """pgup / pgdn: the log a page back / on; with the figures on their own
        (f, the log hidden), the figures, which may be longer than the screen."""
        shown = self.query_one("#side" if self.has_class("side-zoom") else "#log")
        if direction < 0:
            shown.scroll_page_up(animate=False)
        else:
            shown.scroll_page_down(animate=False)

    def action_cycle(self, delta: int) -> None:
        self.model.move_highlight(delta)
        self.redraw()

    def action_choose(self) -> None:
        self._send(self.model.enter())

    def action_number(self, n: int) -> None:
        self.model.number(n)  # (only highlights: enter chooses)
        self.redraw()

    def action_back(self) -> None:
        if self.has_class("typing"):  # (escape in the box cancels the typing only)
            self._stop_typing()
        else:
            self.model.escape()
        self.redraw()

    def action_resign(self) -> None:
        model = self.model
        if model.spectator or model.status != "active" or model.over is not None:
            return
        if not self._resign_armed:
            self._resign_armed = True
            model.message = "Press R again to resign the match."
            self.redraw()
            return
        self._resign_armed = False
        model.message = "Resigning..."
        self.redraw()
        self.run_worker(self._act(self.session.resign(model.match_id)), group="match-act")

    def action_offer_draw(self) -> None:
        model = self.model
        if model.spectator or model.status != "active" or model.over is not None:
            return
        model.message = "Offering a draw..."
        self.redraw()
        self.run_worker(self._act(self.session.command(model.match_id, "offer_draw")),
                        group="match-act")

    def action_claim(self) -> None:
        model = self.model
        if model.spectator or model.clocks is None or not model.clocks.claimable(model.seat):
            return
        model.message = "Claiming the win on time..."
        self.redraw()
        self.run_worker(self._act(self.session.claim_timeout(model.match_id)),
                        group="match-act")

    def action_leave(self) -> None:
        model = self.model
        if model.status == "open" and not model.spectator:
            self.run_worker(self._act(self.session.leave(model.match_id), then_close=True),
                            group="match-act")
        elif model.status == "active" and not model.spectator:
            model.message = "The match is on: press R twice to resign first."
            self.redraw()
        else:
            self.app.close_match(self)

    def _send(self, command: tuple[str, dict] | None) -> None:
        if self.model.wants_builder:
            self._open_builder()
        self.redraw()
        if command is None:
            return
        kind, args = command
        seq = self.model.picker.seq
        self.run_worker(self._act(self.session.command(self.model.match_id, kind, args,
                                                       at_seq=seq)), group="match-act")

    async def _act(self, request, then_close: bool = False) -> None:
        try:
            await request
        except ServerError as refused:
            self.model.refused(refused.code, refused.message)
            self.redraw()
            return
        except SessionClosed as lost:
            self.model.message = f"Connection lost: {lost}"
            self.redraw()
            return
        self.model.accepted()
        self.redraw()
        if then_close:
            self.app.close_match(self)
