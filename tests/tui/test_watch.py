"""`warband watch`: a spectator's screen follows a whole match live, board and
log, while two Python clients play it."""

from __future__ import annotations

from clients.tui.app import BoardView, MatchScreen, WarbandApp
from clients.tui.board import label
from tests.tui.conftest import SETUP, opponent
from tests.tui.driver import until


async def test_a_spectator_sees_the_board_and_the_log_live(server):
    setup = {**SETUP, "options": {"turn_limit": 2}}
    async with opponent(server.url, "Ann", seed=1, setup=setup) as (_, match_id, ann_done):
        app = WarbandApp(server.url, name="Eve", watch=match_id)
        async with app.run_test(size=(170, 50)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MatchScreen), what="the match")
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
