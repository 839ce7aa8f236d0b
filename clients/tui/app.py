"""The terminal client: a Textual app over a `clients.session.Session`.

    WarbandApp(url, name="Ann").run()                 # sign in, lobby, play
    WarbandApp(url, watch="33e5931df7fbec7a").run()   # spectate one match
    WarbandApp(url, name="Ann", follow=False).run()   # stay on the node first reached

The lobby (lobby.py) lists open matches (enter joins) and matches being played
(enter watches), creates a public (c) or private (p) SBH match, finds an
opponent (f: quick pairing), and joins by invite code. The match screen (screen.py)
plays or watches one match.
"""

from __future__ import annotations

import contextlib

from textual.app import App

from clients.client import ServerError, said
from clients.session import Session, SessionClosed
from clients.tui.lobby import LobbyScreen
from clients.tui.screen import MatchScreen
from clients.tui.widgets import BoardView

__all__ = ["BoardView", "LobbyScreen", "MatchScreen", "WarbandApp"]

CSS = """
#lobby-title { height: 1; background: $primary-background; padding: 0 1; }
#headline { height: auto; background: $primary-background; padding: 0 1; }
#matches, #live { height: 1fr; border: round $secondary; }
#invite-row { height: 3; }
#invite-row Label { padding: 1 1; }
#invite { width: 24; }
#lobby-help, #lobby-seek, #lobby-status { height: auto; padding: 0 1; }
#main { height: 1fr; }
#board { width: 1fr; height: 1fr; padding: 0 1; }
#side { width: 45%; max-width: 60; overflow-y: auto; }
#question { height: auto; padding: 0 1; background: $boost; }
#choices { height: 1fr; min-height: 3; border: round $secondary; }
#roster { height: auto; padding: 0 1; }
#log { height: 30%; min-height: 5; border: round $secondary; }
#status { height: auto; padding: 0 1; }
#typed { display: none; }
MatchScreen.typing #typed { display: block; }
/* a finished match on a short terminal: the final board and the lists get the log's
   rows (its last line is the result, shown above; l shows the log) */
MatchScreen.over-short #log { display: none; }
/* z: the board on its own; f: the choices and figures on their own; l: the log */
MatchScreen.board-zoom #side, MatchScreen.board-zoom #log { display: none; }
MatchScreen.side-zoom #board, MatchScreen.side-zoom #log { display: none; }
MatchScreen.side-zoom #side { width: 1fr; max-width: 100%; }
MatchScreen.log-zoom #main { display: none; }
MatchScreen.log-zoom #log { height: 1fr; display: block; }
"""


class WarbandApp(App):
    """Sign in, then the lobby (or, with `watch`, straight to one match as a
    spectator)."""

    TITLE = "warband"
    CSS = CSS

    def __init__(self, url: str, *, name: str | None = None, watch: str | None = None,
                 session: Session | None = None, follow: bool = True) -> None:
        super().__init__()
        self.url = url
        # with several nodes, each match's traffic goes to the node that runs it
        # (clients/following.py); off: forwarded by the node first reached
        self.follow = follow
        self.player_name = name
        self.watch_id = watch
        self.session = session
        self._own_session = session is None
        self.error: str | None = None

    def on_mount(self) -> None:
        self.run_worker(self._start(), group="start", exclusive=True)

    async def _start(self) -> None:
        try:
            if self.session is None:
                self.session = await Session.open(self.url, follow_matches=self.follow)
            if self.session.account is None:
                await self.session.guest(self.player_name)
        except (TimeoutError, OSError, ServerError, SessionClosed) as failed:
            self.error = f"could not sign in at {self.url}: {said(failed)}"
            self.exit(return_code=1)
            return
        if self.watch_id:
            self.push_screen(MatchScreen(self.watch_id, spectator=True))
        else:
            self.push_screen(LobbyScreen())

    def open_match(self, match_id: str, *, seat: str | None = None,
                   invite_code: str | None = None, system: str | None = None) -> None:
        self.push_screen(MatchScreen(match_id, seat=seat, invite_code=invite_code,
                                     system=system))

    def watch_match(self, match_id: str, system: str | None = None) -> None:
        self.push_screen(MatchScreen(match_id, spectator=True, system=system))

    def close_match(self, screen: MatchScreen) -> None:
        if self.watch_id:
            self.exit()
        elif self.screen is screen:
            self.pop_screen()

    async def on_unmount(self) -> None:
        if self.session is not None and self._own_session:
            with contextlib.suppress(Exception):
                await self.session.close()
