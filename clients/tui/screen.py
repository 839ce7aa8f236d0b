"""The match screen: the board (board.py, drawn by widgets.py's BoardView,
scrolled, zoomed, panned), the players and figures of each seat (roster.py, in
as much detail as the panel has room for), the current prompt's choices
(picker.py, driven by match.py) with the odds of a highlighted attack
(odds.py), the log (events.py; widgets.py keeps and wraps it) and whether the
session is offline. It sends each command built from the prompt with its seq
as `at_seq`; the warband list is a ready-made one the server says fits, or one
made in the list builder (builder.py). A finished match shows its final board,
both lists, the result and how to replay it, and steps back through its events
(rewind.py). What it draws is screen_drawing.py's, what its keys do screen_keys.py's.
"""

from __future__ import annotations

import contextlib
import secrets

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static

from clients.client import ServerError, said
from clients.session import Session, SessionClosed
from clients.tui.builder import BuilderScreen
from clients.tui.match import MatchModel
from clients.tui.odds import AttackOdds
from clients.tui.rewind import Rewind
from clients.tui.screen_drawing import MatchDrawing
from clients.tui.screen_keys import MatchKeys
from clients.tui.widgets import BoardView, MatchLog


class MatchScreen(MatchDrawing, MatchKeys, Screen):
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
            model.message = f"Could not watch the match: {said(failed)}"
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
            self.model.message = f"Could not load the warband lists: {said(failed)}"
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
            return said(refused)
        self.model.accepted()
        self.redraw()
        return None


def _unfocusable(widget: Widget) -> Widget:
    """Keys on the match screen all go to its bindings, never to a widget."""
    widget.can_focus = False
    return widget
