"""A Song of Ice & Fire from the terminal lobby by keystrokes, against a real
server: Ann creates a match (a: the scenario, then her warband, each shown with
its models and cost) and Bob joins it; Bob creates one and Ann joins it choosing
her warband. The match plays the warbands chosen (its setup and its view)."""

from __future__ import annotations

from textual.widgets import OptionList

from clients.session import Session
from clients.tui.app import LobbyScreen, WarbandApp
from clients.tui.asoiaf_lobby import WarbandChoiceScreen
from server.store.store import unpack
from tests.tui.driver import until, until_match

SIZE = (120, 36)
ANN_WARBAND = "targaryen-small-prince"  # "The Prince's Guard": Rhaegar Targaryen...
DEFAULT_A = "baratheon-small-arryn"  # "The Eyrie Answers": Jon Arryn, Davos Seaworth...


async def highlight(pilot, options: OptionList, index: int) -> None:
    """Up/down to line `index`, then enter."""
    for _ in range(40):
        if options.highlighted == index:
            break
        await pilot.press("down" if (options.highlighted or 0) < index else "up")
    assert options.highlighted == index
    await pilot.press("enter")


async def warband_line(pilot, screen: WarbandChoiceScreen, key: str) -> int:
    await until(pilot, lambda: screen.stage == "warband", what="the warbands")
    return [p["key"] for p in screen.presets].index(key)


async def test_creating_an_asoiaf_match_with_a_chosen_warband(server):
    """seed 004, BUILDING YOUR ARMY (a ready-made warband of the scenario's size);
    docs/protocol.md, create_match's `warbands`."""
    app = WarbandApp(server.url, name="Ann")
    bob = await Session.open(server.url)
    await bob.guest("Bob")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
            await pilot.press("a")
            await until(pilot, lambda: isinstance(app.screen, WarbandChoiceScreen),
                        what="the scenarios")
            screen = app.screen
            options = screen.query_one("#asoiaf-choices", OptionList)
            # the server's scenarios (its catalog), in words
            await until(pilot, lambda: screen.stage == "scenario", what="the scenarios")
            assert [s["key"] for s in screen.scenarios][:2] == ["learn_to_play",
                                                                "village_skirmish"]
            assert str(options.get_option_at_index(1).prompt) == \
                "Village Skirmish (small: 2 gold, 4 silver, 12 copper; 5 rounds)"
            await highlight(pilot, options, 1)
            line = await warband_line(pilot, screen, ANN_WARBAND)
            # the server's default for seat a is highlighted first, with its models and cost
            assert screen.presets[options.highlighted]["key"] == DEFAULT_A
            detail = str(screen.query_one("#asoiaf-detail").render())
            assert "The Eyrie Answers costs 2 gold, 4 silver, 10 copper of 2 gold, 4 silver, " \
                "12 copper" in detail and "Jon Arryn with Lucky Charm" in detail, detail
            await highlight(pilot, options, line)
            await until_match(pilot, app)
            match_id = app.screen.model.match_id
            row = await server.store.match(match_id)
            assert unpack(row["setup"])["options"] == {"scenario": "village_skirmish",
                                                       "warbands": {"a": ANN_WARBAND}}
            await bob.join(match_id, warband=DEFAULT_A)
            await until(pilot, lambda: app.screen.model.view is not None
                        and app.screen.model.view.get("models"), what="the warbands' view")
            cards = {m["card"] for m in app.screen.model.view["models"]}
            assert {"Jon Arryn", "Davos Seaworth", "Rhaegar Targaryen"} <= cards
    finally:
        await bob.close()


async def test_joining_an_asoiaf_match_asks_for_the_joiners_warband(server):
    """docs/protocol.md, join's `warband`: the joiner's own, of the scenario's size."""
    bob = await Session.open(server.url)
    await bob.guest("Bob")
    match_id = (await bob.create_match("asoiaf", scenario="learn_to_play"))["match_id"]
    app = WarbandApp(server.url, name="Ann")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                        and app.screen.matches, what="the open match in the lobby")
            await pilot.press("enter")  # the highlighted open match: an ASOIAF one
            await until(pilot, lambda: isinstance(app.screen, WarbandChoiceScreen),
                        what="the warband choice")
            screen = app.screen
            line = await warband_line(pilot, screen, "targaryen-small-highgarden")
            # seat b's default: the second by key
            assert screen.presets[screen.query_one(OptionList).highlighted]["key"] == \
                sorted(p["key"] for p in screen.presets)[1]
            await highlight(pilot, screen.query_one("#asoiaf-choices", OptionList), line)
            await until_match(pilot, app)
            row = await server.store.match(match_id)
            assert unpack(row["setup"])["options"]["warbands"] == {
                "b": "targaryen-small-highgarden"}
            await until(pilot, lambda: app.screen.model.view is not None
                        and app.screen.model.view.get("models"), what="the warbands' view")
            assert "Olenna Tyrell" in {m["card"] for m in app.screen.model.view["models"]}
    finally:
        await bob.close()


async def test_joining_a_private_asoiaf_match_by_invite_code_asks_for_a_warband(server):
    """docs/protocol.md, list_open's `invite_code` and join's `warband`: a private
    match's joiner chooses a warband of its scenario's size too."""
    bob = await Session.open(server.url)
    await bob.guest("Bob")
    created = await bob.create_match("asoiaf", scenario="learn_to_play", private=True)
    app = WarbandApp(server.url, name="Ann")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
            await pilot.press("i")
            for key in created["invite_code"].lower():
                await pilot.press(key)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, WarbandChoiceScreen),
                        what="the warband choice")
            screen = app.screen
            line = await warband_line(pilot, screen, "targaryen-small-highgarden")
            await highlight(pilot, screen.query_one("#asoiaf-choices", OptionList), line)
            await until_match(pilot, app)
            row = await server.store.match(created["match_id"])
            assert unpack(row["setup"])["options"]["warbands"] == {
                "b": "targaryen-small-highgarden"}
    finally:
        await bob.close()
