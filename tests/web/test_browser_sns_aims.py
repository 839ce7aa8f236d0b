"""Swords & Sorcery's aims in the browser (real engine prompts, no match played):
while a Dragon's fire breath is aimed, the 30 degree cone is drawn toward the
hovered figure or a hovered facing button, ringing the bases it reaches (the same
as the server's cone), and a click on a figure aims it there; a path laid by hand
round the boulder a straight move cannot pass, which the server accepts; a wall or
terrain spell's place: what goes there, a click in range, a wall's run by a second
click, drawn and judged as the server does."""

from __future__ import annotations

import random

from server.rules.board.measured import cone_from_front
from server.rules.dice import SeededDice
from server.rules.kernel import Command, Viewer
from server.rules.sns import terrain_spells
from server.rules.sns.system import SYSTEM
from tests.sns.table import table
from tests.web.pages import new_page, shot
from tests.web.test_browser_sns import CLICK_AT_JS, PANEL_BOARD_JS, SCREEN_JS

FIGURES = (("a1", "Dragon", 180, 200), ("b1", "Orc", 180, 150, 180),
           ("b2", "Orc", 215, 175, 180), ("b3", "Orc", 100, 90, 180))


def caught_by_the_server(state, bearing: int) -> set[str]:
    dragon = state.figure("a1")
    cone = cone_from_front(dragon.base, bearing, 4)
    return {f.uid for f in state.figures if f.uid != "a1" and cone.touches(f.base)}


def test_the_fire_breath_cone_is_drawn_toward_the_hovered_target(browser, server):
    """seed 003, Dragon: "Fire breath (Range = 4" affects all units in 30 degree cone"
    (docs/protocol.md, Described parameters: a bearing's `cone`)."""
    state = table(*FIGURES, phase="ranged")
    options = SYSTEM.prompt(state).for_seat("a").options
    prompt = {"seq": 1, "waiting": ["a"], "decision": {
        "seat": "a", "text": "Ranged phase", "options": [o.to_wire() for o in options]}}
    view = SYSTEM.view(state, Viewer("a"))
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.evaluate(PANEL_BOARD_JS, [view, prompt])
        page.locator("#panel .option[data-type=breathe] button.do").click()
        page.wait_for_function("() => panel.pendingParam === 'facing'")
        rings = "() => [...document.querySelectorAll('#board circle.in-cone')]" \
            ".map((c) => c.dataset.figure).sort()"
        # the Orc ahead: the cone points at it and reaches it alone, as the server's
        page.mouse.move(*page.evaluate(SCREEN_JS, [180, 150]))
        cone = page.wait_for_selector("#board path.cone")
        assert cone.get_attribute("data-bearing") == "0"
        assert set(page.evaluate(rings)) == caught_by_the_server(state, 0) == {"b1"}
        # the Orc to the north-east: aimed at its centre
        page.mouse.move(*page.evaluate(SCREEN_JS, [216, 176]))
        page.wait_for_selector("#board path.cone[data-bearing='54']")
        assert set(page.evaluate(rings)) == caught_by_the_server(state, 54) == {"b2"}
        # a facing button hovered: its bearing's cone (east reaches nobody)
        page.locator("#panel button[data-param=facing][data-value='90']").hover()
        page.wait_for_selector("#board path.cone[data-bearing='90']")
        assert page.evaluate(rings) == [] and not caught_by_the_server(state, 90)
        # a click on the Orc ahead breathes at it
        page.mouse.click(*page.evaluate(SCREEN_JS, [181, 148]))
        page.wait_for_function("() => sent.length === 1")
        assert page.evaluate("() => sent[0]") == ["breathe", {"figure": "a1", "facing": 0}]
        assert not errors, errors
    finally:
        shot(page, "sns-cone")
        page.context.close()


def test_a_path_round_the_boulder_laid_by_hand(browser, server):
    """seed 003, TERRAIN: "Nonflying units will in general move around obstacles
    like boulders and trees": the straight way behind the boulder is refused, the
    path round its corner is laid leg by leg and the server's path accepts it."""
    state = table(("a1", "Swordsman", 233, 118), ("b1", "Orc", 30, 30, 180),
                  phase="slow_move", layout="wood_and_boulder", acting="a")
    options = SYSTEM.prompt(state).for_seat("a").options
    prompt = {"seq": 1, "waiting": ["a"], "decision": {
        "seat": "a", "text": "Move", "options": [o.to_wire() for o in options]}}
    behind, corner = [247, 93], [233, 93]
    move = next(o for o in options if o.type == "move")
    path = next(o for o in options if o.type == "move_path")
    assert behind not in move.params["to"]  # (the boulder is in the way)
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.evaluate(PANEL_BOARD_JS, [SYSTEM.view(state, Viewer("a")), prompt])
        click = CLICK_AT_JS.replace(".board svg.sns-board", "#board svg")
        page.locator("#panel .option[data-type=move_path] button.do").click()
        page.evaluate(click, behind)  # straight there: refused, nothing laid
        assert "boulder is in the way" in page.locator("#panel .prompt-error").inner_text()
        page.evaluate(click, corner)
        page.wait_for_selector("#panel button[data-action=finish-path]")
        page.evaluate(click, behind)
        page.wait_for_selector("#board polyline.waypoints")
        page.locator("#panel button[data-action=finish-path]").click()
        page.wait_for_function("() => panel.pendingParam === 'facing'")
        page.locator("#panel button[data-param=facing][data-value='0']").click()
        page.wait_for_function("() => sent.length === 1")
        kind, args = page.evaluate("() => sent[0]")
        assert kind == "move_path" and args["path"] == [[233, 118], corner, behind]
        assert args["path"] in path.params["path"]
        assert not errors, errors
    finally:
        shot(page, "sns-path-round-boulder")
        page.context.close()


def _cast_offer(state):
    options = SYSTEM.prompt(state).for_seat("a").options
    prompt = {"seq": 1, "waiting": ["a"], "decision": {
        "seat": "a", "text": "Ranged phase", "options": [o.to_wire() for o in options]}}
    return options, prompt


def _hover(page, point) -> None:
    page.mouse.move(*page.evaluate(SCREEN_JS, point))


def test_a_wall_and_a_terrain_change_placed_by_clicks_the_server_takes(browser, server):
    """seed 003, Stone Wall: "10" long, 3" high, ½" thick, Permanent, Range = 10"";
    Alter Terrain: "Change the terrain in a 5" Radius permanently, (Add or remove
    obstacles), Range = 10"" (docs/protocol.md, "terrain_change"). The wall: a
    click in range for its centre (out of range and on the Orc refused), then a
    second click toward where it runs, its 10" outline drawn at the pointer as the
    server lays it, red where it would stand on the Orc (refused, nothing sent).
    Alter Terrain: what it does first; a boulder on the Orc refused; a remove
    shows its 5" circle and the boulder it clears. The server takes both casts."""
    state = table(("a1", "Wizard", 260, 200), ("b1", "Orc", 30, 30, 180),
                  ("b2", "Orc", 240, 150, 180), phase="ranged", layout="wood_and_boulder",
                  hands=(("a1", ("Stone Wall", "Alter Terrain")),))
    options, prompt = _cast_offer(state)
    places = {o.args["spell"]: o.params["place"] for o in options if o.type == "cast"}
    view = SYSTEM.view(state, Viewer("a"))
    errors: list[str] = []
    page = new_page(browser, server, errors)
    error = "#panel .prompt-error"
    try:
        click = CLICK_AT_JS.replace(".board svg.sns-board", "#board svg")
        page.evaluate(PANEL_BOARD_JS, [view, prompt])
        index = next(i for i, o in enumerate(options) if o.args.get("spell") == "Stone Wall")
        page.locator(f"#panel button[data-spec='{index}']").click()
        page.wait_for_selector("#board .offered-area[data-shape=spell_range]")
        assert page.locator("#board .offered-area").get_attribute("r") == "105"
        page.evaluate(click, [30, 230])  # out of range: refused
        assert "out of the spell's range" in page.locator(error).inner_text()
        page.evaluate(click, [241, 151])  # on the Orc: no wall centred there fits
        assert "the wall would stand on Orc" in page.locator(error).inner_text()
        page.evaluate(click, [230, 141])
        page.wait_for_selector("#board .place-centre")
        _hover(page, [290, 141])  # running east: its half inch over the Orc's base
        drawn = page.locator("#board .place-preview[data-kind=wall]")
        assert drawn.get_attribute("data-refused") == "1"
        assert drawn.get_attribute("points") == " ".join(
            f"{x},{y}" for x, y in terrain_spells.wall((230, 141), 90))
        page.evaluate(click, [290, 141])
        assert "the wall would stand on Orc" in page.locator(error).inner_text()
        assert page.evaluate("() => sent.length") == 0
        _hover(page, [230, 60])  # running north: clear
        assert drawn.get_attribute("data-refused") == "0"
        page.evaluate(click, [230, 60])
        page.wait_for_function("() => sent.length === 1")
        kind, args = page.evaluate("() => sent[0]")
        assert args["place"] == ["wall", 230, 141, 0]
        assert args["place"] not in places["Stone Wall"].values()  # (not a listed sample)
        assert SYSTEM.decide(state, Command("a", kind, args), SeededDice(b"w"))

        page.evaluate(PANEL_BOARD_JS, [view, prompt])
        index = next(i for i, o in enumerate(options) if o.args.get("spell") == "Alter Terrain")
        page.locator(f"#panel button[data-spec='{index}']").click()
        page.locator("#panel button[data-action=place-kind]", has_text="a boulder").click()
        _hover(page, [244, 155])
        assert page.locator("#board .place-preview[data-kind=boulder]").get_attribute(
            "data-refused") == "1"
        page.evaluate(click, [244, 155])
        assert "the boulder would stand on Orc" in page.locator(error).inner_text()
        page.locator("#panel button", has_text="Choose another change").click()
        page.locator("#panel button[data-action=place-kind]", has_text="clear the terrain").click()
        _hover(page, [262, 121])
        removing = page.locator("#board .place-preview[data-kind=remove]")
        assert removing.get_attribute("data-removes") == "boulder"
        assert page.locator("#board .place-preview .to-remove").count() == 1
        page.evaluate(click, [262, 121])
        page.wait_for_function("() => sent.length === 1")
        kind, args = page.evaluate("() => sent[0]")
        assert args == {"figure": "a1", "spell": "Alter Terrain", "place": ["remove", 262, 121]}
        events = SYSTEM.decide(state, Command("a", kind, args), SeededDice(b"r"))
        assert [e.data for e in events if e.type == "terrain_changed"] == [
            {"removed": ["boulder"]}]
        assert not errors, errors
    finally:
        shot(page, "sns-places")
        page.context.close()


def test_the_browser_judges_places_exactly_as_the_server(browser, server):
    """The web's terrainChangeRefusal (sns_geometry.js) against the server's own
    place parameter on many random places of Stone Wall and Alter Terrain among
    figures: refused exactly when the server refuses (docs/protocol.md,
    "terrain_change": integer corners, integer distances)."""
    state = table(("a1", "Wizard", 200, 150), ("a2", "Swordsman", 230, 150),
                  ("b1", "Orc", 200, 95, 180), ("b2", "Orc", 160, 175, 180),
                  ("b3", "Troll", 250, 80, 180), phase="ranged", layout="wood_and_boulder",
                  hands=(("a1", ("Stone Wall", "Alter Terrain")),))
    options, _ = _cast_offer(state)
    rng = random.Random(9)
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        for option in options:
            if option.type != "cast":
                continue
            places = option.params["place"]
            kinds = places.describe()["kinds"]
            values = []
            for _ in range(1500):
                kind = rng.choice(kinds)
                value = [kind, 200 + rng.randint(-115, 115), 150 + rng.randint(-115, 115)]
                values.append(value + [rng.randint(0, 359)] if kind == "wall" else value)
            if "wall" in kinds:  # the wall's corners, every whole degree, as the server's
                centres = [[200, 150], [117, 203], [283, 61]]
                drawn = page.evaluate("""([desc, centres]) => centres.flatMap((c) =>
                    [...Array(360).keys()].map((b) => warbandLib.snsGeometry.wallCorners(
                      c, b, desc.wall.length, desc.wall.thickness)))""",
                                      [places.describe(), centres])
                assert drawn == [[list(p) for p in terrain_spells.wall(c, b)]
                                 for c in centres for b in range(360)]
            judged = page.evaluate("""([desc, values]) => values.map(
                (v) => warbandLib.snsGeometry.terrainChangeRefusal(desc, v))""",
                                   [places.describe(), values])
            taken = [v in places for v in values]
            assert [why is None for why in judged] == taken
            assert any("would stand on" in (why or "") for why in judged)
            assert sum(taken) > 100
        assert not errors, errors
    finally:
        page.context.close()
