"""A spectator's screen of a real ASOIAF match (a server, two Python clients
playing at random from their prompts): the side panel shows each seat's table
— coins by type and VP, models left, the agendas counted, never named — and the
table's objectives and plunder; the agendas each player's own view names are
nowhere on the spectator's screen."""

from __future__ import annotations

import asyncio
import contextlib
import re

from clients.session import Session
from clients.tui.app import WarbandApp
from tests.tui.driver import until, until_match
from tests.tui.test_asoiaf import play_randomly
from tests.tui.test_screen import flat, screen_text, shown_in

SETUP = {"options": {"scenario": "village_skirmish"},  # (objectives and plunder tokens)
         "warbands": {"a": "baratheon-small-arryn", "b": "targaryen-small-highgarden"}}


async def test_a_spectators_panel_counts_both_agendas_and_names_neither(server):
    """seed 004, AGENDA CARDS: "Each player's Agenda cards are kept secret until they
    are played"; OBJECTIVE CARDS dealt "face down"; PLUNDER TOKENS."""
    bob, ann = await Session.open(server.url), await Session.open(server.url)
    bots = []
    try:
        await bob.guest("Bob")
        await ann.guest("Ann")
        match_id = (await bob.create_match("asoiaf", **SETUP))["match_id"]
        await ann.join(match_id, warband=SETUP["warbands"]["b"])
        bots = [asyncio.create_task(play_randomly(bob, match_id, 5)),
                asyncio.create_task(play_randomly(ann, match_id, 6))]
        app = WarbandApp(server.url, name="Eve", watch=match_id)
        async with app.run_test(size=(170, 50)) as pilot:
            await until_match(pilot, app)
            screen = app.screen
            model = screen.model
            await until(pilot, lambda: (model.view or {}).get("phase") == "activations",
                        timeout=60, what="both warbands deployed")
            for bot in bots:  # (the table stays as it is while we read it)
                bot.cancel()
            secret = {}
            for seat, session in (("a", bob), ("b", ann)):
                own = (await session.get_view(match_id))["view"]
                secret[seat] = own["agendas"][seat]
                assert secret[seat] and all(secret[seat]), "a seat's view names its own"
            await pilot.pause(0.3)  # (a command already sent is drawn)
            assert model.spectator and model.view["agendas"] == {
                seat: [None] * len(names) for seat, names in secret.items()}
            side = flat(shown_in(app, screen.query_one("#side")))
            shown = screen_text(app)
            for names in secret.values():
                for name in names:
                    assert name not in shown, "a hidden agenda on the spectator's screen"
            assert side.count("agenda hidden") == 2 and "your agenda" not in side
            assert len(re.findall(r"coins \d+ gold, \d+ silver, \d+ copper · \d+ VP", side)) == 2
            assert len(re.findall(r"models \d+ of 12 left", side)) == 2
            assert re.search(r"Table: objectives \d of 3 revealed", side)
            assert re.search(r"plunder tokens taken \d of 2", side)
            headline = flat(shown_in(app, screen.query_one("#headline")))
            assert "round 1/5" in headline and "coins" not in headline
            await pilot.press("q")
    finally:
        for bot in bots:
            bot.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await bot
        await bob.close()
        await ann.close()
