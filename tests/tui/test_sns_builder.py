"""The terminal's S&S army builder (issue 34): from the create screen's army
step, "Build an army..." opens the builder; sample units are found by name and
added by count, a printed choice changed ("hammer or axe"), a unit of one's own
designed from the catalog's kit items (a figure 5 gold, a shield +1, a sword +1),
each figure priced
and the army judged by the server (seed 003, SAMPLE UNITS, UNIT COSTS; BASIC
SCENARIO: "500 Gold to a side / Each side has one Commander"); the army is used
only once the server accepts it, and the match is created with it."""

from __future__ import annotations

import re

from textual.widgets import OptionList

from clients.tui.app import WarbandApp
from clients.tui.catalog_choice import CatalogChoiceScreen
from clients.tui.lobby import LobbyScreen
from clients.tui.sns_builder import SnsBuilderScreen
from server.store.store import unpack
from tests.tui.driver import until, until_match

SIZE = (170, 50)


async def test_an_sns_army_built_in_the_terminal_sets_up_the_match(server):
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("s", "c")
        await until(pilot, lambda: isinstance(app.screen, CatalogChoiceScreen)
                    and app.screen.loaded, what="the tables")
        choice = app.screen
        await pilot.press("enter")  # (the default table)
        await until(pilot, lambda: len(choice.keys) == 1, what="seat a's army")
        options = choice.query_one("#catalog-choices", OptionList)
        assert str(options.get_option_at_index(0).prompt) == "Build an army..."
        await pilot.press("home", "enter")
        await until(pilot, lambda: isinstance(app.screen, SnsBuilderScreen), what="the builder")
        builder = app.screen

        def shown() -> str:
            return str(builder.query_one("#list-side").render())

        async def add(search: str, *keys: str) -> None:
            await pilot.press("slash", "ctrl+u", *search, "enter", *keys)

        await add("hammer or axe", "c", "plus", "plus")  # (the Dwarf), with its axe
        await until(pilot, lambda: "Total 22 / 500 gold, 478 left, 2 figures" in shown(),
                    what="the server's total")
        assert "2 x Dwarf (Axe)  (11 gold each)" in shown()
        assert "The army needs a Commander" in shown()
        await pilot.press("u")  # refused here: the server has not accepted this army
        assert "Use an army the server accepts" in shown()
        assert app.screen is builder
        await add("dwarf clanlord", "plus")
        await until(pilot, lambda: "The server accepts this army" in shown(),
                    what="the server's approval")
        assert "Total 36 / 500 gold, 464 left, 3 figures" in shown()
        await add("kit shield", "plus")
        await add("kit sword", "enter")
        await until(pilot, lambda: "this unit: 7 gold a figure" in shown(),
                    what="the designed unit's price")
        assert "Your own unit: Shield, Sword" in shown()
        listed = builder.query_one(f"#{builder.OPTIONS_ID}", OptionList).option_count
        await pilot.press("tab", *"Maiden")  # (its name: the catalog is not filtered by it)
        assert builder.query_one(f"#{builder.OPTIONS_ID}", OptionList).option_count == listed
        await pilot.press("enter")  # (enter adds it)
        await until(pilot, lambda: "Total 43 / 500 gold, 457 left, 4 figures" in shown(),
                    what="the army with the designed unit")
        assert "1 x Maiden (your own: Shield, Sword)  (7 gold each)" in shown()
        await until(pilot, lambda: "The server accepts this army" in shown(),
                    what="the server's approval again")
        await pilot.press("u")
        await until(pilot, lambda: app.screen is choice and len(choice.keys) == 2,
                    what="seat b's army")
        assert choice.keys[1] == "built"
        await pilot.press("enter")  # (seat b's default: the Orcs)
        await until_match(pilot, app)
        options_set = unpack((await server.store.match(app.screen.model.match_id))["setup"])[
            "options"]
        assert options_set["armies"]["a"] == {"name": "Terminal army", "units": [
            {"unit": "Dwarf", "choices": ["Axe"]}, {"unit": "Dwarf", "choices": ["Axe"]},
            {"unit": "Dwarf Clanlord"}, {"name": "Maiden", "kit": ["Shield", "Sword"]}]}
        assert options_set["armies"]["b"]["name"] == "Orcs"


async def test_a_caster_of_ones_own_with_a_detail_and_a_level(server):
    """Seed 003, UNIT COSTS: "+1 Spell known" bought more than once is written "Spell
    known x2", and "+2 Magestaff (cost +1 if in the form of a weapon)" takes the weapon
    it is in brackets: the terminal writes both as the server reads them (the detail
    typed in its own field before the item is added), and - takes a level off."""
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("s", "c")
        await until(pilot, lambda: isinstance(app.screen, CatalogChoiceScreen)
                    and app.screen.loaded, what="the tables")
        choice = app.screen
        await pilot.press("enter")
        await until(pilot, lambda: len(choice.keys) == 1, what="seat a's army")
        await pilot.press("home", "enter")
        await until(pilot, lambda: isinstance(app.screen, SnsBuilderScreen), what="the builder")
        builder = app.screen

        def shown() -> str:
            return str(builder.query_one("#list-side").render())

        async def add(search: str, *keys: str) -> None:
            await pilot.press("slash", "ctrl+u", *search, "enter", *keys)

        await add("kit spellcaster", "plus")
        await add("kit spell known", "plus", "plus")
        await pilot.press("tab", "tab", *"Hammer", "enter")  # (the detail field)
        await add("kit magestaff", "plus")
        assert builder.draft == ["Spellcaster", "Spell known x2", "Magestaff (Hammer)"]
        def price() -> int | None:
            found = re.search(r"this unit: (\d+) gold a figure", shown())
            return int(found[1]) if found else None

        await until(pilot, lambda: price() is not None, what="the server's price")
        two_spells = price()
        await add("kit spell known", "minus")
        assert builder.draft == ["Spellcaster", "Spell known", "Magestaff (Hammer)"]
        await until(pilot, lambda: price() == two_spells - 1, what="the price a spell less")
