"""What a player sees on an 80x24 terminal: the match id, invite code and
"waiting for an opponent" after creating a match; an offline indicator while
the session reconnects; every character of the log and the help lines (they
wrap, nothing is cut off); the side panel's question, choices, players and
figures (as much as fits, whole) and the log's last lines at 24 rows; the whole
24-hex table, zoomed out and scrolled; the log on its own and scrolled back."""

from __future__ import annotations

import re

from clients.tui.app import LobbyScreen, WarbandApp
from tests.tui.conftest import opponent
from tests.tui.driver import create_first, play_until, until, until_match

SIZE = (80, 24)


def screen_text(app) -> str:
    """The terminal's rows as they are drawn now."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def shown_in(app, widget) -> str:
    """What the screen shows where `widget` is (its rows, its columns only), its
    border left out."""
    x, y, width, height = widget.region
    rows = screen_text(app).split("\n")[y:y + height]
    return "\n".join(row[x:x + width].strip("│╭╮╰╯─ ▁▔") for row in rows)


def flat(text: str) -> str:
    return " ".join(text.split())


async def test_a_new_match_shows_its_id_and_waits_and_offline_shows(server):
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        session = app.session
        await session._websocket.close()  # (the server is there: back at once)
        await until(pilot, lambda: session.reconnects == 1, what="a reconnect")
        await pilot.pause(0.3)
        assert "OFFLINE" not in screen_text(app)
        await create_first(pilot, app, "p")
        await until_match(pilot, app)
        model = app.screen.model
        await pilot.pause(0.2)
        shown = flat(screen_text(app))
        assert f"Match {model.match_id}" in shown
        assert f"invite code {model.invite_code}" in shown
        assert "waiting for an opponent to join" in shown

        # the connection drops, and the server cannot be reached for a while
        reachable = False
        connect = session._connect

        async def refused() -> None:
            if not reachable:
                raise OSError("connection refused")
            await connect()

        session._connect = refused
        await session._websocket.close()
        await until(pilot, lambda: "OFFLINE" in screen_text(app), what="the offline sign")
        assert "OFFLINE: the connection dropped; reconnecting..." in flat(screen_text(app))
        reachable = True
        await until(pilot, lambda: "Back online." in screen_text(app), timeout=10,
                    what="back online")
        assert "OFFLINE (reconnecting)" not in screen_text(app)
        assert "waiting for an opponent to join" in flat(screen_text(app))
        await pilot.press("q")  # leave the open match: the lobby says offline too
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        reachable = False
        await session._websocket.close()
        await until(pilot, lambda: "OFFLINE (reconnecting)" in screen_text(app),
                    what="the lobby's offline sign")
        reachable = True
        await until(pilot, lambda: "OFFLINE" not in screen_text(app), timeout=10,
                    what="the lobby back online")


async def test_80_columns_lose_nothing_and_the_24_hex_table_is_all_reachable(server):
    setup = {"board_size": 24, "scenario": "all_out_battle", "points_limit": 400}
    app = WarbandApp(server.url, name="Ann")
    async with opponent(server.url, "Bob", seed=7, setup=setup), \
            app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: getattr(app.screen, "matches", None), what="the lobby")
        await pilot.press("enter")
        await until_match(pilot, app)
        screen = app.screen
        model = screen.model
        # deploying, a long question over a list of hexes: the roster gives way to it
        await play_until(pilot, model, lambda: model.picker is not None and not model.sending
                         and model.picker.hex_param)
        await pilot.pause(0.2)
        side = screen.query_one("#side")
        assert side.virtual_size.height <= side.size.height, "nothing below the panel"
        assert flat(str(screen.query_one("#question").render())) in flat(shown_in(app, side))

        await play_until(pilot, model, lambda: (model.view or {}).get("phase") == "play"
                         and model.picker is not None and model.board.width == 24)
        await pilot.pause(0.2)
        assert side.virtual_size.height <= side.size.height
        # every line of the log, whole (wrapped to the log's width, none cut off)
        log = screen.query_one("#log")
        width = log.scrollable_content_region.width
        assert log.texts == model.log and len(model.log) > 20
        assert all(strip.cell_length <= width for strip in log.lines)
        wrapped = flat(log.text())
        assert all(flat(line) in wrapped for line in model.log)
        # the headline and the help, whole
        shown = flat(screen_text(app))
        assert flat(model.headline()) in shown
        assert "R R: resign | q: leave" in shown
        assert "Choose a figure to activate Choose a figure" not in shown, "title twice"
        # the side panel at 24 rows: the question, every choice, a line a seat (no
        # figure cut in half), the last lines of the log
        side = flat(shown_in(app, screen.query_one("#side")))
        assert flat(str(screen.query_one("#question").render())) in side
        assert all(flat(f"{c.number}. {c.label}") in side for c in model.choices())
        roster = flat(str(screen.query_one("#roster").render()))
        assert roster in side and "Seat a: Bob (guest) · " in roster
        assert "Seat b: Ann (guest) (you) · " in roster and " of 8 left" in roster
        assert roster.endswith("f: every figure")
        assert flat(model.log[-1]) in shown

        # f: the choices and figures on their own, across the whole width
        await pilot.press("f")
        await pilot.pause(0.1)
        assert screen.query_one("#side").size.width > 70
        roster = str(screen.query_one("#roster").render())
        assert "b1 Dwarf" in roster and "Q3+ C" in roster, "every figure in full"
        assert not screen.query_one("#board").display
        await pilot.press("f")
        assert screen.query_one("#board").display

        # the board: at 80 columns a window of it; z shows every column, and the
        # arrows scroll to every row
        board = screen.query_one("#board")
        assert re.search(r"cols \d+-\d+/24", str(board.render())), "a window of 10 columns"
        await pilot.press("z")
        assert "cols" not in str(board.render()) and "rows" in str(board.render())
        for _ in range(24):
            await pilot.press("down")
        assert "rows" in str(board.render()) and "-24/24" in str(board.render())
        for _ in range(24):
            await pilot.press("up")
        assert "rows 1-" in str(board.render())
        await pilot.press("z")

        # the log on its own (l), scrolled back a page and on again
        await pilot.press("l")
        await pilot.pause(0.1)
        assert log.size.height > 12
        assert log.scroll_y == log.max_scroll_y > 0
        await pilot.press("pageup")
        assert log.scroll_y < log.max_scroll_y
        await pilot.press("pagedown")
        assert log.scroll_y == log.max_scroll_y
