"""Swords & Sorcery's aims in the browser (real engine prompts, no match played):
while a Dragon's fire breath is aimed, the 30 degree cone is drawn toward the
hovered figure or a hovered facing button, ringing the bases it reaches (the same
as the server's cone), and a click on a figure aims it there; a path laid by hand
round the boulder a straight move cannot pass, which the server accepts; a wall or
terrain spell's place clicked anywhere in range, then what goes there chosen."""

from __future__ import annotations

from server.rules.board.measured import cone_from_front
from server.rules.kernel import Viewer
from server.rules.sns.system import SYSTEM
from tests.sns.table import table
from tests.web.pages import new_page, shot, wait_for_library
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
        wait_for_library(page)
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
        wait_for_library(page)
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


def test_a_wall_and_a_terrain_change_placed_by_a_click(browser, server):
    """seed 003, Stone Wall: "10" long, 3" high, ½" thick, Permanent, Range = 10"";
    Alter Terrain: "(Add or remove obstacles), Range = 10"": a point in range (not
    one of the listed samples), then the wall's run or the change; the server's
    place parameter accepts both."""
    state = table(("a1", "Wizard", 260, 200), ("b1", "Orc", 30, 30, 180), phase="ranged",
                  layout="wood_and_boulder", hands=(("a1", ("Stone Wall", "Alter Terrain")),))
    options = SYSTEM.prompt(state).for_seat("a").options
    prompt = {"seq": 1, "waiting": ["a"], "decision": {
        "seat": "a", "text": "Ranged phase", "options": [o.to_wire() for o in options]}}
    places = {o.args["spell"]: o.params["place"] for o in options if o.type == "cast"}
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        wait_for_library(page)
        click = CLICK_AT_JS.replace(".board svg.sns-board", "#board svg")
        for spell, point, line, sent in (
                ("Stone Wall", [240, 170], "a wall at 24\" across, 17\" down, running east",
                 ["wall", 240, 170, 90]),
                ("Alter Terrain", [262, 121], "clear the terrain at 26.2\" across, 12.1\" down",
                 ["remove", 262, 121])):
            assert sent not in places[spell].values()  # (not a listed sample)
            page.evaluate(PANEL_BOARD_JS, [SYSTEM.view(state, Viewer("a")), prompt])
            index = next(i for i, o in enumerate(options) if o.args.get("spell") == spell)
            page.locator(f"#panel button[data-spec='{index}']").click()
            page.wait_for_selector("#board .offered-area[data-shape=spell_range]")
            page.evaluate(click, [30, 230])  # out of range: refused
            assert "out of the spell's range" in page.locator("#panel .prompt-error").inner_text()
            page.evaluate(click, point)
            page.locator("#panel button.choice", has_text=line).click()
            page.wait_for_function("() => sent.length === 1")
            assert page.evaluate("() => sent[0]") == [
                "cast", {"figure": "a1", "spell": spell, "place": sent}]
            assert sent in places[spell]
        assert not errors, errors
    finally:
        shot(page, "sns-places")
        page.context.close()
