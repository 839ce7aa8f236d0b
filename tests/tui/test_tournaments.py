"""The terminal client's hosted events (issue 33, "In the clients"): the events list
from the lobby (e), an event's standings with its tie-break columns, and the player's
own next game, which enter opens."""

from __future__ import annotations

from clients.client import Client
from clients.session import Session
from clients.tui.app import MatchScreen, WarbandApp
from clients.tui.lobby import LobbyScreen
from clients.tui.tournaments import EventScreen, EventsScreen, describe_next, next_game
from server.rules.sbh.presets import preset
from tests.tournaments.served import MATCHES
from tests.tui.driver import until

SIZE = (150, 40)


async def registered(url: str, name: str) -> Client:
    client = await Client.connect(url)
    await client.request("register", username=name, password="correct horse")
    return client


async def test_the_events_list_standings_and_my_next_game(server):
    organiser = await registered(server.url, "organiser")
    bob = await registered(server.url, "bob")
    created = await organiser.request("create_event", name="Club night", system="sbh",
                                      settings={"format": "swiss", "rounds": 1, **MATCHES})
    event_id = created["event_id"]
    session = await Session.open(server.url)
    await session.register("ann", "correct horse")
    await session.request("register_event", event_id=event_id, warband=preset("elf_scouts"))
    await bob.request("register_event", event_id=event_id, warband=preset("goblin_mob"))
    await organiser.request("start_event", event_id=event_id)
    app = WarbandApp(server.url, session=session)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
            await pilot.press("e")
            await until(pilot, lambda: isinstance(app.screen, EventsScreen), what="events")
            events = app.screen.query_one("#events")
            await until(pilot, lambda: events.option_count and not
                        events.get_option_at_index(0).disabled, what="the event listed")
            assert "Club night" in str(events.get_option_at_index(0).prompt)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, EventScreen), what="its page")
            await until(pilot, lambda: isinstance(app.screen, EventScreen)
                        and app.screen.event is not None
                        and app.screen.event["status"] == "running", what="the event")
            screen = app.screen
            table = screen.query_one("#standings")
            headings = [str(c.label) for c in table.columns.values()]
            assert headings == ["#", "player", "points", "SoS", "VP diff", "H2H"]
            assert table.row_count == 2
            game = next_game(screen.event, session.account["account_id"])
            assert game is not None and "against bob" in describe_next(
                screen.event, session.account["account_id"])
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, MatchScreen), what="the game")
            assert app.screen.model.match_id == game["match_id"]
    finally:
        await organiser.close()
        await bob.close()
        await session.close()
