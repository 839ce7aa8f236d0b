"""Clocks in the terminal (issue 32, time controls): the headline shows each player's
time counting down for whom the rules wait, and C claims the win once the opponent's
clock is at zero in a match without auto."""

from __future__ import annotations

from clients.session import Session
from clients.tui.app import LobbyScreen, WarbandApp
from clients.tui.clocks import Clocks, clock_words
from clients.tui.match import MatchModel
from server.clocks import control
from tests.tui.conftest import SETUP
from tests.tui.driver import until, until_match

SIZE = (80, 24)
LIVE = {"kind": "live", "initial": 300, "increment": 5, "auto": False}


def test_clock_words_read_as_a_clock():
    assert [clock_words(ms) for ms in (725_000, 3_723_000, 7_300, 0, 2 * 86_400_000 + 7_200_000)
            ] == ["12:05", "1:02:03", "0:07.3", "0:00.0", "2 days 2 h"]


def test_the_headline_counts_down_the_running_clock_and_offers_the_claim():
    model = MatchModel("m1", seat="a", players={"a": "Ann", "b": "Bob"})
    model.take({"type": "prompt", "seq": 3, "waiting": ["b"], "decision": None,
                "clock": {"control": LIVE, "left": {"a": 290_000, "b": 1_500},
                          "running": ["b"]}})
    at = model.clocks.at
    assert model.clocks.words(model.seat_words, at + 1.0) == \
        "Clock: you 4:50 | b (Bob) 0:00.5 > !"
    assert not model.clocks.claimable("a", at + 1.0)
    assert model.clocks.claimable("a", at + 2.0)  # Bob's time is up
    assert not model.clocks.claimable("b", at + 2.0)
    model.take({"type": "match_over", "result": {"winner": "a", "reason": "b ran out of time"}})
    assert model.clocks.stopped and not model.clocks.claimable("a", at + 9.0)
    assert Clocks.of({"control": {"kind": "live", "initial": 300}, "left": {"a": 1},
                      "running": []}).words(str).endswith("a 0:00.0 !")


async def test_c_claims_the_win_when_the_opponents_clock_runs_out(server, monkeypatch):
    monkeypatch.setattr(control, "LIVE_INITIAL", (0.1, 3 * 3600))  # (a test's patience)
    bob = await Session.open(server.url)
    app = WarbandApp(server.url, name="Ann")
    try:
        await bob.guest("Bob")
        created = await bob.create_match("sbh", **SETUP, time_control={
            "kind": "live", "initial": 4, "increment": 0, "auto": False})
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                        and app.screen.matches, what="Bob's match in the lobby")
            await pilot.press("enter")  # join it
            await until_match(pilot, app)
            model = app.screen.model
            await until(pilot, lambda: model.picker is not None and model.catalog is not None,
                        what="the first prompt")
            assert "Clock: " in model.headline() and " > " in model.headline()
            await pilot.press("1", "enter", "2", "enter")  # our list goes in; Bob thinks on
            await until(pilot, lambda: model.clocks is not None
                        and model.clocks.claimable(model.seat), timeout=15,
                        what="Bob's clock at zero")
            assert "C: claim the win on time" in model.headline()
            await pilot.press("C")
            await until(pilot, lambda: model.over is not None, what="the end of the match")
            assert model.over["result"]["winner"] == model.seat
            assert "Bob (guest) ran out of time" in app.screen._question().plain
            assert created["match_id"] == model.match_id
    finally:
        await bob.close()
