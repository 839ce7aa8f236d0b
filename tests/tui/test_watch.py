"""`warband watch`: a spectator's screen follows a whole match live, board and
log, while two Python clients play it; a finished match shows how it ended."""

from __future__ import annotations

import asyncio
import re

from clients.tui.app import BoardView, MatchScreen, WarbandApp
from clients.tui.board import label
from tests.tui.conftest import SETUP, opponent
from tests.tui.driver import until, until_match
from tests.tui.test_screen import flat, screen_text, shown_in


async def test_a_spectator_sees_the_board_and_the_log_live(server):
    setup = {**SETUP, "options": {"turn_limit": 2}}
    async with opponent(server.url, "Ann", seed=1, setup=setup) as (_, match_id, ann_done):
        app = WarbandApp(server.url, name="Eve", watch=match_id)
        async with app.run_test(size=(170, 50)) as pilot:
            await until_match(pilot, app)
            screen = app.screen
            model = screen.model
            assert model.spectator and model.seat is None
            assert "waiting for an opponent to join" in model.headline()
            async with opponent(server.url, "Bob", seed=2, create=False, match_id=match_id):
                await until(pilot, lambda: model.over is not None, timeout=30,
                            what="the end of the match")
            assert model.picker is None, "a spectator is never asked"
            assert model.log[0] == "The match has started"
            text = "\n".join(model.log)
            assert "Lists revealed: a Elves (5 figures); b Goblins (10 figures)" in text
            assert "Initiative:" in text and " deploys at [" in text
            assert "Game over:" in text and model.log[-1].startswith("The match is over")
            assert "secret" in model.log[1], "the lists stay secret until both are in"
            board = screen.query_one(BoardView).render().plain
            for fig in model.board.at.values():
                assert label(fig["id"]) in board
            assert model.headline().endswith("OVER")
            assert len(screen.query_one("#log").lines) >= len(model.log)
            roster = str(screen.query_one("#roster").render())
            assert "Goblin Warrior" in roster and "Q4+ C2" in roster
            await pilot.press("q")  # leaves the watch app
        assert app.return_code in (0, None)


async def test_watching_a_finished_match_shows_its_end_and_pans_its_48_hex_table(server):
    """At 80x24: the final board (a window of the 48-hex table, panned across with
    < and >), both lists, who won and how, and how to replay it: in a browser,
    or here, stepping the board back and forth through the events."""
    setup = {**SETUP, "board_size": 48}
    async with opponent(server.url, "Ann", seed=1, setup=setup) as (_, match_id, ann_done):
        async with opponent(server.url, "Bob", seed=2, create=False,
                            match_id=match_id) as (bob, _, _):
            stream = bob.streams[match_id]
            async with asyncio.timeout(30):
                while stream.seq < 30:  # (the lists are revealed, figures deployed)
                    await asyncio.sleep(0.05)
            await bob.resign(match_id)
            await asyncio.wait_for(ann_done, 30)

    app = WarbandApp(server.url, name="Eve", watch=match_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MatchScreen)
                    and app.screen.model.board.width == 48, what="the final board")
        screen = app.screen
        # (the lists come with the final view or the replay, a moment after the board)
        await until(pilot, lambda: "a1 Elf Wizard" in flat(shown_in(app, screen.query_one(
            "#side"))), what="both lists in full")
        model = screen.model
        assert model.over["result"]["winner"] == "a"
        shown = flat(screen_text(app))
        side = flat(shown_in(app, screen.query_one("#side")))
        assert "The match is over: Ann (guest) wins (seat a), Bob (guest) conceded." in side
        assert "Seat a: Ann (guest) · Elves, " in side and "Seat b: Bob (guest) · Goblins" in side
        assert "a1 Elf Wizard · a2 Wood Elf Archer · a3-a4 Wood Elf Warrior" in side
        assert "b5-b8 Goblin Warrior · b9 Giant Spider · bA Troll" in side or \
            "b5-b8 Goblin Warrior · b9 Giant Spider · b10 Troll" in side
        assert (f"To replay it: open http://127.0.0.1:{server.port}/#/replay/{match_id} in a "
                f"browser, or run: warband replay export {match_id}") in shown
        assert "(no board yet" not in shown

        board = screen.query_one(BoardView)
        figures_shown = [label(f["id"]) for f in model.board.at.values()]
        assert figures_shown and any(lab in shown_in(app, board) for lab in figures_shown)
        start = board.origin
        assert re.search(r"cols \d+-\d+/48", shown_in(app, board))
        await pilot.press(*["greater_than_sign"] * 6)  # (7 of the 10 columns a step)
        assert re.search(r"< cols \d+-48/48 ", shown_in(app, board)), "the right edge"
        await pilot.press(*["comma"] * 6)
        assert re.search(r"^cols 1-\d+/48 >", shown_in(app, board), re.M), "the left edge"
        await pilot.press("greater_than_sign", "greater_than_sign")
        shown_in(app, board)
        assert board.origin[0] > start[0]
        await pilot.press("right")  # the cursor moved: the window goes back to it
        shown_in(app, board)
        assert board.origin == start

        # replayed here: [ steps back an event, { ten, } to the end again
        last = model.over["seq"]
        await pilot.press("left_square_bracket")
        await until(pilot, lambda: model.at_seq == last - 1, what="a step back")
        await pilot.pause(0.1)
        shown = flat(screen_text(app))
        assert f"Replay: after event {last - 1} of {last}: " in shown
        assert f"REPLAY at event {last - 1}" in shown
        await pilot.press(*["left_curly_bracket"] * (last // 10 + 1))
        await until(pilot, lambda: model.at_seq == 0, what="the start")
        assert not model.board.at, "no figure on the table before anything happened"
        await pilot.pause(0.1)
        assert f"Replay: after event 0 of {last}: the start" in flat(screen_text(app))
        await pilot.press("f")  # every figure in full: longer than 24 rows, pgdn scrolls
        await pilot.pause(0.1)
        side = screen.query_one("#side")
        assert "Goblin Commander" in shown_in(app, side) and "Troll" not in shown_in(app, side)
        await pilot.press("pagedown")
        await pilot.pause(0.1)
        assert "Troll" in shown_in(app, side)
        await pilot.press("f")
        await pilot.press(*["right_curly_bracket"] * (last // 10 + 1))
        await until(pilot, lambda: model.at_seq is None and model.board.at, what="the end")
        await pilot.pause(0.1)
        assert "OVER" in flat(screen_text(app)) and "To replay it: open" in flat(
            screen_text(app))
        await pilot.press("q")
