"""Swords & Sorcery's cones in the browser (a real engine prompt, no match played):
while a Dragon's fire breath is aimed, the 30 degree cone is drawn toward the
hovered figure or a hovered facing button, ringing the bases it reaches (the same
as the server's cone), and a click on a figure aims it there."""

from __future__ import annotations

from server.rules.board.measured import cone_from_front
from server.rules.kernel import Viewer
from server.rules.sns.system import SYSTEM
from tests.sns.table import table
from tests.web.pages import new_page, shot
from tests.web.test_browser_sns import PANEL_BOARD_JS, SCREEN_JS

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
