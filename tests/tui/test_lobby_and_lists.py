"""The terminal lobby's list of matches being played (picked by keystrokes to
watch one), the players' names on the match screen, a warband list built in
the terminal from the server's roster catalog and submitted, and an SBH match
created with the scenario chosen from the server's catalog."""

from __future__ import annotations

from textual.widgets import OptionList

from clients.tui.app import WarbandApp
from clients.tui.builder import BuilderScreen
from clients.tui.catalog_choice import CatalogChoiceScreen
from clients.tui.lobby import LobbyScreen
from server.store.store import unpack
from tests.tui.conftest import opponent
from tests.tui.driver import until, until_match

SIZE = (170, 50)


async def test_pick_a_live_match_in_the_lobby_and_watch_it_with_the_players_names(server):
    async with opponent(server.url, "Ann", seed=1) as (_, match_id, _), \
            opponent(server.url, "Bob", seed=2, create=False, match_id=match_id):
        app = WarbandApp(server.url, name="Eve")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.live,
                        what="the live match in the lobby")
            line = str(app.screen.query_one("#live").get_option_at_index(0).prompt)
            assert match_id in line and "a: Ann (guest) vs b: Bob (guest)" in line
            await pilot.press("w", "enter")  # to the matches being played; watch the first
            await until_match(pilot, app)
            model = app.screen.model
            assert model.spectator and model.match_id == match_id
            await until(pilot, lambda: model.players == {"a": "Ann (guest)",
                                                         "b": "Bob (guest)"},
                        what="the players' names")
            assert "a: Ann (guest) vs b: Bob (guest)" in model.headline()
            roster = str(app.screen.query_one("#roster").render())
            assert "Seat a: Ann" in roster and "Seat b: Bob" in roster
            await pilot.press("q")  # back to the lobby
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")


async def test_build_a_list_in_the_terminal_see_the_servers_reasons_and_submit_it(server):
    app = WarbandApp(server.url, name="Ann")
    setup = {"board_size": 12, "scenario": "all_out_battle", "points_limit": 200}
    async with opponent(server.url, "Bob", seed=3, setup=setup) as (_, match_id, _), \
            app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.matches,
                    what="the open match")
        await pilot.press("enter")  # join it: we are seat b, Bob (seat a) created it
        await until_match(pilot, app)
        match = app.screen
        model = match.model
        await until(pilot, lambda: model.picker is not None and model.catalog is not None,
                    what="the list prompt and the catalog")
        assert model.players == {"a": "Bob (guest)", "b": "Ann (guest)"}
        assert "Seat b: Ann (guest) (you)" in str(match.query_one("#roster").render())
        await pilot.press("1", "enter")  # submit_list: which list?
        lines = model.choices()
        assert lines[-1].label.startswith("Build your own list")
        await pilot.press(*str(len(lines)), "enter")  # the builder
        await until(pilot, lambda: isinstance(app.screen, BuilderScreen), what="the builder")
        builder = app.screen

        def shown() -> str:
            return str(builder.query_one("#list-side").render())

        async def add(search: str, times: int = 1) -> None:
            await pilot.press("slash", "ctrl+u", *search, "enter")  # filter, then the list
            for _ in range(times):
                await pilot.press("plus")

        await add("orc boss")
        await add("troll")
        await add("orc warrior (shield", 2)
        await until(pilot, lambda: "Total 147 / 200" in shown(), what="the server's total")
        assert "2 x Orc Warrior  (23 pts each)" in shown()
        assert "at most one third of 200 (66)" in shown()  # Boss and Troll: 101 points
        await pilot.press("s")  # refused here: the server has not accepted this list
        assert "Submit a list the server accepts" in shown()
        await pilot.press("slash", "ctrl+u", *"troll", "enter", "minus")
        await until(pilot, lambda: "The server accepts this list" in shown(),
                    what="the server's approval")
        assert "Total 106 / 200 points, Personalities 60 points" in shown()
        await pilot.press("s")
        await until(pilot, lambda: app.screen is match, what="back to the match")
        await until(pilot, lambda: any(e and e["type"] == "list_submitted"
                                       and e["data"]["seat"] == "b" for e in model.events),
                    what="our list, committed")
        ours = next(e for e in model.events if e and e["type"] == "list_submitted"
                    and e["data"]["seat"] == "b")
        assert [m["name"] for m in ours["data"]["list"]["models"]] == [
            "Orc Boss/Subcommander", "Orc Warrior (Shield And Sword Or Spear)",
            "Orc Warrior (Shield And Sword Or Spear)"]


async def test_c_creates_the_sbh_scenario_chosen_from_the_servers_catalog(server):
    """seed 000, SCENARIOS: c offers the server's six scenarios and the random roll
    (its catalog, the default first); the one chosen is the match's; escape goes
    back to the lobby without creating."""
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CatalogChoiceScreen)
                    and app.screen.loaded, what="the scenarios")
        options = app.screen.query_one("#catalog-choices", OptionList)
        lines = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert lines[:2] == ["All-Out Battle", "Ambush"] and lines[-1].startswith("Random")
        assert len(lines) == 7
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby again")
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CatalogChoiceScreen)
                    and app.screen.loaded, what="the scenarios again")
        await pilot.press("down", "enter")  # Ambush
        await until_match(pilot, app)
        row = await server.store.match(app.screen.model.match_id)
        setup = unpack(row["setup"])
        assert setup["options"]["scenario"] == "ambush", setup
        assert setup["options"]["points_limit"] == 300


async def test_an_sns_match_created_with_the_table_and_armies_chosen(server):
    """seed 003, BASIC SCENARIO and TERRAIN: s then c offers the server's table
    layouts, then each seat's army from its ready-made armies (data/armies.toml),
    the seat's default highlighted; the match is set up with the chosen ones."""
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("s", "c")
        await until(pilot, lambda: isinstance(app.screen, CatalogChoiceScreen)
                    and app.screen.loaded, what="the tables")
        screen = app.screen
        options = screen.query_one("#catalog-choices", OptionList)
        table = screen.entries()[1]["key"]
        await pilot.press("down", "enter")  # (the second table)
        await until(pilot, lambda: screen.keys == [table], what="the armies")
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert ids[0] == "build"  # ("Build an army...": test_sns_builder.py)
        assert ids[options.highlighted] == "medieval-men"  # (seat a's default)
        assert str(options.get_option_at_index(ids.index("orc-skirmish")).prompt) == \
            "Orcs (3 figures: Orc Warboss, Orc, Orc Bolter)"
        keys = ids[1:]  # (the ready-made armies, from the first: seat a's default)
        await pilot.press(*["down"] * keys.index("medieval-skirmish"), "enter")
        await until(pilot, lambda: len(screen.keys) == 2, what="the other army")
        assert ids[options.highlighted] == "orcs"  # (seat b's default)
        await pilot.press("escape")  # (back a step: seat a's army again)
        await until(pilot, lambda: len(screen.keys) == 1, what="seat a's army again")
        await pilot.press(*["down"] * keys.index("medieval-skirmish"), "enter")
        await until(pilot, lambda: len(screen.keys) == 2, what="the other army again")
        await pilot.press(*["down"] * (keys.index("orc-skirmish") - 1), "enter")
        await until_match(pilot, app)
        options_set = unpack((await server.store.match(app.screen.model.match_id))["setup"])[
            "options"]
        assert options_set["layout"] == table
        assert options_set["armies"]["a"] == {"name": "Medieval Men", "units": [
            {"unit": "Kings Champion"}, {"unit": "Swordsman"}, {"unit": "Yeoman"}]}
        assert [u["unit"] for u in options_set["armies"]["b"]["units"]] == [
            "Orc Warboss", "Orc", "Orc Bolter"]
