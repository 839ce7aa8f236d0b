"""The match screen: the board (board.py, drawn by widgets.py's BoardView,
scrolled, zoomed, panned), the players and figures of each seat (roster.py, in
as much detail as the panel has room for), the current prompt's choices
(picker.py, driven by match.py) with the odds of a highlighted attack
(odds.py), the log (events.py; widgets.py keeps and wraps it) and whether the
session is offline. It sends each command built from the prompt with its seq
as `at_seq`; the warband list is a ready-made one the server says fits, or one
made in the list builder (builder.py). A finished match shows its final board,
both lists, the result and how to replay it, and steps back through its events
(rewind.py).
"""

from __future__ import annotations

import contextlib
import secrets

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from clients.client import ServerError
from clients.session import Session, SessionClosed
from clients.tui.builder import BuilderScreen
from clients.tui.events import ratings_words, replay_words, result_words
from clients.tui.match import MatchModel
from clients.tui.odds import AttackOdds
from clients.tui.rewind import Rewind
from clients.tui.roster import roster
from clients.tui.widgets import BoardView, MatchLog


class MatchScreen(Screen):
    BINDINGS = [
        Binding("up", "arrow('up')", "Up", show=False),
        Binding("down", "arrow('down')", "Down", show=False),
        Binding("left", "arrow('left')", "Left", show=False),
        Binding("right", "arrow('right')", "Right", show=False),
        Binding("tab", "cycle(1)", "Next", show=False),
        Binding("shift+tab", "cycle(-1)", "Previous", show=False),
        Binding("enter", "choose", "Choose", show=False),
        Binding("escape", "back", "Back", show=False),
        *[Binding(str(n), f"number({n})", show=False) for n in range(10)],
        # < > (or , . unshifted; shift+arrows also up and down): look across the table
        *[Binding(key, f"pan({c}, {r})", show=False) for key, c, r in (
            ("less_than_sign", -1, 0), ("greater_than_sign", 1, 0), ("comma", -1, 0),
            ("full_stop", 1, 0), ("shift+left", -1, 0), ("shift+right", 1, 0),
            ("shift+up", 0, -1), ("shift+down", 0, 1))],
        *[Binding(key, f"rewind({delta})", show=False) for key, delta in (
            ("left_square_bracket", -1), ("right_square_bracket", 1),
            ("left_curly_bracket", -10), ("right_curly_bracket", 10))],
        Binding("z", "zoom('board-zoom')", "Board only", show=False),
        Binding("f", "zoom('side-zoom')", "Figures", show=False),
        Binding("l", "zoom('log-zoom')", "Log only", show=False),
        Binding("pageup", "log_page(-1)", "Log back", show=False),
        Binding("pagedown", "log_page(1)", "Log on", show=False),
        Binding("R", "resign", "Resign", show=False),
        Binding("C", "claim", "Claim the win on time", show=False),
        Binding("D", "offer_draw", "Offer a draw", show=False),
        Binding("q", "leave", "Leave", show=False),
        # a measured table (Swords & Sorcery): type a destination or facing; cell scale
        Binding("t", "type_in", "Type where", show=False),
        *[Binding(key, f"rescale({step})", show=False) for key, step in (
            ("plus", -1), ("equals_sign", -1), ("minus", 1))],
    ]

    def __init__(self, match_id: str, *, seat: str | None = None, spectator: bool = False,
                 invite_code: str | None = None, system: str | None = None) -> None:
        super().__init__()
        self.model = MatchModel(match_id, seat=seat, spectator=spectator,
                                invite_code=invite_code, system=system)
        self.stream = None
        self._logged = 0
        self._resign_armed = False
        self._catalog_asked = False
        self.odds = AttackOdds()
        self.rewind = Rewind(self.model)

    @property
    def session(self) -> Session:
        return self.app.session

    def compose(self) -> ComposeResult:
        yield Static("", id="headline")
        with Horizontal(id="main"):
            yield BoardView(self.model, id="board")
            with Vertical(id="side"):
                yield Static("", id="question")
                yield _unfocusable(OptionList(id="choices"))
                yield Static("", id="roster")
        yield _unfocusable(MatchLog(id="log"))
        yield _unfocusable(Input(placeholder="6 NE | 3 b2 | b2 | 12, 8.5 | a facing: NE, 135, "
                                 "b2 (enter sends, escape cancels)", id="typed"))
        yield Static("", id="status")

    def on_mount(self) -> None:
        self.run_worker(self._pump(), group="match-pump", exclusive=True)
        self.set_interval(0.2, self._check_online)
        # (not mounted yet here: an open match pushes nothing until it starts, so
        # without this its id and "waiting for an opponent" never showed)
        self.call_after_refresh(self.redraw)

    def _check_online(self) -> None:
        """The session reconnects by itself: show when it is offline. A running clock
        ticks in the headline meanwhile."""
        session = self.app.session
        if session is not None and self.model.set_online(session.online):
            self.redraw()
        elif self.model.clocks is not None and not self.model.clocks.stopped \
                and self.is_mounted:
            self.query_one("#headline", Static).update(self.model.headline())

    async def _pump(self) -> None:
        """Take every push of the match, in order, until it ends."""
        model = self.model
        try:
            self.stream = await self.session.watch(model.match_id, spectate=model.spectator,
                                                   views=True)
            if not model.spectator and self.stream.seat:
                model.seat = self.stream.seat
            model.players.update(self.stream.players)
            while True:
                push = await self.stream.next()
                model.take(push)
                # (the catalog's ready-made lists and builder are for SBH's submit_list)
                if model.view is not None and model.catalog is None and not \
                        self._catalog_asked and model.system_name() == "sbh":
                    self._catalog_asked = True
                    self.run_worker(self._load_catalog(), group="catalog")
                self.redraw()
                if push["type"] == "match_over":
                    await self._load_final()
                    break
                if model.status == "aborted":
                    return
        except ServerError as failed:
            model.message = f"Could not watch the match: {failed}"
        except SessionClosed as lost:
            model.message = f"Connection lost: {lost}"
        self.redraw()

    async def _load_final(self) -> None:
        """The final board (no view is pushed once a match is over) and, if the
        match ended before the lists were revealed, the lists from its replay."""
        model = self.model
        view = replay = None
        with contextlib.suppress(ServerError):
            view = await self.session.get_view(model.match_id)
        if not model.lists:
            with contextlib.suppress(ServerError):
                replay = await self.session.get_replay(model.match_id)
        model.take_final(view, replay)

    def _options(self) -> dict:
        limit = self.model.points_limit()
        return {"points_limit": limit} if limit else {}

    async def _load_catalog(self) -> None:
        """The ready-made lists (and the builder's catalog) for this match, from the server."""
        try:
            catalog = await self.session.catalog("sbh", self._options())
        except (ServerError, SessionClosed) as failed:
            self.model.message = f"Could not load the warband lists: {failed}"
            self._catalog_asked = False  # asked again with the next push
        else:
            self.model.set_catalog(catalog)
        self.redraw()

    def _open_builder(self) -> None:
        self.model.wants_builder = False
        if self.model.catalog is None:
            self.model.message = "The roster catalog has not come from the server yet."
            return
        self.app.push_screen(BuilderScreen(self.session, self.model.catalog, self._options(),
                                           self._submit_built))

    async def _submit_built(self, warband: dict) -> str | None:
        """Send the built list as our submit_list; None once sent, else why not."""
        picker = self.model.picker
        if picker is None or not any(s["type"] == "submit_list" for s in picker.specs):
            return "your warband list is not asked for now."
        try:
            await self.session.command(self.model.match_id, "submit_list",
                                       {"list": warband, "salt": secrets.token_hex(16)},
                                       at_seq=picker.seq)
        except (ServerError, SessionClosed) as refused:
            return str(refused)
        self.model.accepted()
        self.redraw()
        return None

    # -- drawing ---------------------------------------------------------------------------
    def redraw(self) -> None:
        if not self.is_mounted:
            return
        model = self.model
        short = model.over is not None and self.size.height < 30
        if short != self.has_class("over-short"):  # (the log goes: the side panel grows)
            self.set_class(short, "over-short")
            self.call_after_refresh(self.redraw)  # (so the roster is measured again then)
        try:  # (a screen still being composed, or already being taken down, has none)
            headline = self.query_one("#headline", Static)
        except NoMatches:
            return
        headline.update(model.headline())
        self.query_one("#board", BoardView).refresh()
        self.query_one("#question", Static).update(self._question())
        choices = self.query_one("#choices", OptionList)
        lines = model.choices()
        choices.set_options([Option(c.label if c.number is None else f"{c.number}. {c.label}")
                             for c in lines])
        if lines:
            choices.highlighted = min(model.picker.index, len(lines) - 1)
        choices.display = bool(lines)  # (nothing to choose: the figures get the room)
        self.query_one("#roster", Static).update(self._roster(len(lines)))
        log = self.query_one("#log", MatchLog)
        for line in model.log[self._logged:]:
            log.add(line)
        self._logged = len(model.log)
        status = model.message or model.cursor_words()
        if model.over is not None:
            step = self.rewind.words() or replay_words(self.app.url, model.match_id)
            status = f"{step}\n{status}"
        if model.over is not None:
            keys = ("[ / ]: replay here, { / }: ten | arrows: cursor | </>: pan | z: board | "
                    "f: figures | l: log | pgup/pgdn: log | q: leave")
        elif model.spectator and model.board.free_points:
            keys = ("arrows: cursor | +/-: scale | z: board | </>: pan | f: figures | "
                    "l: log | pgup/pgdn: log | q: quit")
        elif model.spectator:
            keys = ("arrows: cursor | z: board | </>: pan | f: figures | l: log | "
                    "pgup/pgdn: log | q: quit")
        else:
            keys = ("arrows: cursor | tab: next | 1-9: highlight | enter: choose | esc: back | "
                    + ("t: type where/facing | +/-: scale | " if model.board.free_points
                       else "")
                    + "z: board | </>: pan | f: figures | l: log | pgup/pgdn: log | D: draw | "
                    "R R: resign | q: leave")
        self.query_one("#status", Static).update(f"{status}\n{keys}")
        self._ask_odds()

    def _ask_odds(self) -> None:
        """Ask the server the odds of the attack the highlight leads to (once each)."""
        wanted = None if self.model.spectator else self.odds.to_ask(self.model)
        if wanted is not None:
            self.run_worker(self._fetch_odds(self.model.picker.seq, *wanted), group="odds")

    async def _fetch_odds(self, seq: int, asked: str, command: tuple[str, dict]) -> None:
        await self.odds.ask(self.session, self.model.match_id, seq, asked, command)
        if self.query("#headline"):  # (not when the screen closed while the answer came)
            self.redraw()

    def _question(self) -> Text:
        model = self.model
        text = Text()
        if model.over is not None:
            text.append(result_words(model.over.get("result"), model.seat, model.players),
                        style="bold")
            rated = ratings_words(model.over.get("ratings"), model.players)
            if rated:
                text.append(f"\n{rated}")
            return text
        if model.status == "aborted":
            return Text("The match was withdrawn. q: back")
        picker = model.picker
        if picker is None:
            if model.spectator:
                text.append("Spectating. ")
            elif model.status == "open":
                text.append("Waiting for an opponent to join... ")
                if model.invite_code:
                    text.append(f"Invite code: {model.invite_code}", style="bold")
                return text
            if model.waiting:
                text.append("Waiting for " + ", ".join(model.seat_words(s)
                                                       for s in model.waiting))
            elif model.sending:
                text.append("Sending...")
            return text
        if model.sending:
            return Text("Sending...")
        text.append(picker.decision.get("text", "Your move"), style="bold")
        crumb = picker.breadcrumb()
        if crumb:
            text.append(f"\n{crumb}")
        if picker.spec is not None:  # (the spec list's question is the decision's text)
            text.append(f"\n{picker.question()}", style="bold yellow")
        if picker.free():
            text.append(" (move the cursor to any cell, tab to a suggested (..) one, or t to "
                        "type it; enter)")
        elif picker.hex_param:
            text.append(" (move the cursor to a (..) hex, or tab; enter)")
        odds = self.odds.words(model)
        if odds:
            text.append(f"\n{odds}", style="bold magenta")
        return text

    def _roster(self, choices: int) -> Text:
        """The roster in as much detail as the side panel has lines for, below the
        question and (up to 5 of) the choices."""
        side = self.query_one("#side")
        width = max(10, side.size.width - 2)
        if not side.size.height or self.has_class("side-zoom"):
            return roster(self.model, 10_000, lambda text: 0)
        room = side.size.height - self._lines(self._question(), width)
        return roster(self.model, room - (min(choices, 5) + 2 if choices else 0),
                      lambda text: self._lines(text, width), room - (3 if choices else 0))

    def _lines(self, text: Text, width: int) -> int:
        return len(text.wrap(self.app.console, width)) if text else 0

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)  # (the roster's detail follows the room)

    # -- keys ---------------------------------------------------------------------------
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


def _unfocusable(widget: Widget) -> Widget:
    """Keys on the match screen all go to its bindings, never to a widget."""
    widget.can_focus = False
    return widget
