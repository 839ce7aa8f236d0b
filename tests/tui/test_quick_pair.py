"""Quick pairing from the terminal lobby by keystrokes (clients/tui/quick_pair.py),
against a real server, the other seeker a protocol client: f seeks an SBH match of
the scenario chosen, the lobby says so and keeps refreshing, and the match opens once
paired; F seeks an ASOIAF match and s then f an S&S one, each player bringing their own
warband or army into the match; x withdraws a seek; a dropped connection ends it in
words; a refused seek says why."""

from __future__ import annotations

from textual.widgets import OptionList

from clients.client import Client
from clients.tui.app import LobbyScreen, WarbandApp
from clients.tui.asoiaf_lobby import WarbandChoiceScreen
from clients.tui.catalog_choice import CatalogChoiceScreen
from server.rules.sns.army.ready import army_list
from server.store.store import unpack
from tests.server.seeking import SBH_300
from tests.tui.driver import until, until_match

SIZE = (120, 36)
SNS_HIGH_GROUND = {"system": "sns", "options": {"layout": "high_ground", "last_turn": 12,
                                                "deployment": "ranks"}}  # (the web's defaults)


async def guest(server, name: str) -> Client:
    client = await Client.connect(server.url)
    await client.request("guest", name=name)
    return client


def seek_line(app) -> str:
    return str(app.screen.query_one("#lobby-seek").render())


async def in_lobby(pilot, app) -> None:
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")


async def choices_loaded(pilot, app) -> CatalogChoiceScreen:
    await until(pilot, lambda: isinstance(app.screen, CatalogChoiceScreen)
                and app.screen.loaded, what="the server's choices")
    return app.screen


async def seeking(pilot, app) -> None:
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                and seek_line(app).startswith("Looking for an opponent"),
                what="the lobby saying it looks for an opponent")


async def test_f_seeks_the_sbh_scenario_chosen_and_the_match_opens_once_paired(server):
    """docs/protocol.md, seek and seek_paired: Ann waits (the lobby refreshing meanwhile),
    Bob's seek of the same match pairs them, and Ann's terminal opens it in seat a."""
    app = WarbandApp(server.url, name="Ann")
    bob, cy = await guest(server, "Bob"), await guest(server, "Cy")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot, app)
            await pilot.press("f")
            screen = await choices_loaded(pilot, app)
            assert screen.title_words == "Find an opponent for a Song of Blades and Heroes match"
            await pilot.press("down", "enter")  # Ambush
            await seeking(pilot, app)
            assert seek_line(app) == (
                "Looking for an opponent (Song of Blades and Heroes: Ambush, 300 points, a "
                "table of 24 hexes a side) - press x to stop looking.")
            [waiting] = server.services.seeks.seeks
            assert waiting.account.display_name == "Ann"
            # the lobby keeps refreshing while it waits
            created = (await cy.request("create_match", system="sbh"))["match_id"]
            await until(pilot, lambda: created in [m["match_id"] for m in app.screen.matches],
                        what="a match created meanwhile, listed")
            paired = await bob.request("seek", **SBH_300 | {"scenario": "ambush"})
            assert (paired["status"], paired["seat"], paired["opponent"]) == (
                "paired", "b", "Ann (guest)")
            await until_match(pilot, app)
            model = app.screen.model
            assert (model.match_id, model.seat) == (paired["match_id"], "a")
            row = await server.store.match(paired["match_id"])
            assert row["status"] == "active"
            assert unpack(row["setup"])["options"] == {"scenario": "ambush",
                                                       "points_limit": 300}
            # under the match, the lobby says whom with, and seeks no more
            lobby = next(s for s in app.screen_stack if isinstance(s, LobbyScreen))
            assert lobby.seeking is None and str(lobby.query_one("#lobby-seek").render()) == ""
            assert str(lobby.query_one("#lobby-status").render()) == \
                "You were paired with Bob (guest)."
    finally:
        await bob.close()
        await cy.close()


async def test_F_pairs_an_asoiaf_seeker_at_once_each_with_their_own_warband(server):
    """Bob waits for a Learn to Play match with Robert's warband; Ann's F (the
    scenario, then her warband) is paired at once, and each plays the warband
    they brought, in the seat they got."""
    bob = await guest(server, "Bob")
    assert (await bob.request("seek", system="asoiaf", scenario="learn_to_play",
                              warband="baratheon-small-robert"))["status"] == "waiting"
    app = WarbandApp(server.url, name="Ann")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot, app)
            await pilot.press("F")
            await until(pilot, lambda: isinstance(app.screen, WarbandChoiceScreen)
                        and app.screen.stage == "scenario", what="the scenarios")
            screen = app.screen
            assert screen.scenarios[0]["key"] == "learn_to_play"
            await pilot.press("enter")
            await until(pilot, lambda: screen.stage == "warband", what="the warbands")
            options = screen.query_one("#asoiaf-choices", OptionList)
            line = [p["key"] for p in screen.presets].index("targaryen-small-prince")
            options.highlighted = line
            await pilot.press("enter")
            await until_match(pilot, app)
            told = await bob.next_push("seek_paired", timeout=10)
            model = app.screen.model
            assert (model.match_id, model.seat) == (told["match_id"], "b")
            assert told["opponent"] == "Ann (guest)"
            row = await server.store.match(told["match_id"])
            assert unpack(row["setup"])["options"]["warbands"] == {
                "a": "baratheon-small-robert", "b": "targaryen-small-prince"}
    finally:
        await bob.close()


async def test_an_sns_seek_asks_only_for_your_own_army_and_you_play_it(server):
    """s then f: the table, then your army (no step for the opponent's: they bring
    theirs); paired with a browser's seek of that table at its defaults, each seat
    plays the army its player brought."""
    app = WarbandApp(server.url, name="Ann")
    bob = await guest(server, "Bob")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot, app)
            await pilot.press("s", "f")
            screen = await choices_loaded(pilot, app)
            assert len(screen.steps) == 2
            table = [e["key"] for e in screen.entries()].index("high_ground")
            await pilot.press(*["down"] * table, "enter")
            await until(pilot, lambda: screen.keys == ["high_ground"], what="the armies")
            assert "choose your army (your opponent brings theirs)" in \
                str(screen.query_one("#catalog-title").render())
            options = screen.query_one("#catalog-choices", OptionList)
            ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
            await pilot.press(*["down"] * (ids.index("orc-skirmish") - options.highlighted),
                              "enter")
            await seeking(pilot, app)
            assert "Swords & Sorcery: table 'A cliff-sided plateau" in seek_line(app)
            assert "12 turns, your army Orcs (3 figures)" in seek_line(app)
            paired = await bob.request("seek", **SNS_HIGH_GROUND,
                                       warband=army_list("dwarf-skirmish"))
            assert (paired["status"], paired["seat"]) == ("paired", "b")
            await until_match(pilot, app)
            assert (app.screen.model.match_id, app.screen.model.seat) == (
                paired["match_id"], "a")
            options_set = unpack((await server.store.match(paired["match_id"]))["setup"])[
                "options"]
            assert options_set["layout"] == "high_ground"
            assert options_set["armies"] == {"a": army_list("orc-skirmish"),
                                             "b": army_list("dwarf-skirmish")}
    finally:
        await bob.close()


async def test_x_withdraws_the_seek(server):
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await in_lobby(pilot, app)
        await pilot.press("f")
        await choices_loaded(pilot, app)
        await pilot.press("enter")  # All-Out Battle
        await seeking(pilot, app)
        assert len(server.services.seeks.seeks) == 1
        await pilot.press("f")  # one seek at a time
        assert "You are already looking for an opponent: press x to stop first." in \
            str(app.screen.query_one("#lobby-status").render())
        await pilot.press("x")
        await until(pilot, lambda: seek_line(app).startswith("You stopped"),
                    what="the seek withdrawn")
        assert seek_line(app) == ("You stopped looking for an opponent. Press f to look for "
                                  "an opponent again.")
        assert server.services.seeks.seeks == []
        await pilot.press("x")
        assert "You are not looking for an opponent." in \
            str(app.screen.query_one("#lobby-status").render())


async def test_a_dropped_connection_ends_the_seek_in_words_and_f_seeks_again(server):
    """The server ends a seek with its connection: the terminal says so once the
    connection drops (it reconnects by itself), and f seeks again."""
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await in_lobby(pilot, app)
        await pilot.press("f")
        await choices_loaded(pilot, app)
        await pilot.press("enter")
        await seeking(pilot, app)
        await app.session._websocket.close()  # (the server is there: back at once)
        await until(pilot, lambda: seek_line(app).startswith("The connection dropped"),
                    what="the seek ended")
        assert seek_line(app) == ("The connection dropped, so the server ended your seek. "
                                  "Press f to look for an opponent again.")
        await until(pilot, lambda: app.session.reconnects == 1 and app.session.online,
                    what="the reconnect")
        await until(pilot, lambda: server.services.seeks.seeks == [],
                    what="the server dropping the seek")
        await pilot.press("f")
        await choices_loaded(pilot, app)
        await pilot.press("enter")
        await seeking(pilot, app)
        assert len(server.services.seeks.seeks) == 1


async def test_a_refused_seek_says_why_and_nothing_waits(server):
    """Three seeks already wait on this connection (docs/protocol.md, too_many_seeks):
    the fourth is refused in words on the choice screen, and the lobby waits for none."""
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await in_lobby(pilot, app)
        for points in (200, 400, 500):
            await app.session.seek(**SBH_300 | {"points_limit": points})
        await pilot.press("f")
        screen = await choices_loaded(pilot, app)
        await pilot.press("enter")
        await until(pilot, lambda: "Could not" in str(screen.query_one(
            "#catalog-status").render()), what="the refusal")
        assert str(screen.query_one("#catalog-status").render()) == (
            "Could not look for an opponent: You already have three seeks waiting: cancel "
            "one first.")
        assert app.screen is screen and screen.keys == []  # (choose again, or escape)
        assert len(server.services.seeks.seeks) == 3
        await pilot.press("escape")
        await in_lobby(pilot, app)
        assert app.screen.seeking is None and seek_line(app) == ""
