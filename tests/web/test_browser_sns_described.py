"""The web table with the described spell point, Teleport landing and climb
(docs/protocol.md, "Described parameters"): seed 003, SPELLS, Fireball "Range =
10""; Teleport "anywhere on table"; TERRAIN, "Noncavalry units can climb at a
rate of 1" turn" ("scalers" over a flat wall). A click inside is sent and the
server's own parameter accepts it; a click outside is refused with the reason
and sends nothing. And the lobby's S&S form starts a match against the house bot
(clients/bots/sns_house.py)."""

from __future__ import annotations

from dataclasses import replace

from server.rules.kernel import Viewer
from server.rules.sns.army.ready import ready_armies
from server.rules.sns.system import SYSTEM
from tests.sns.table import table
from tests.web.pages import new_page, shot, sign_in_as_guest
from tests.web.test_browser_sns import CLICK_AT_JS, PANEL_BOARD_JS

CLICK = CLICK_AT_JS.replace(".board svg.sns-board", "#board svg")
WALL = ("stone wall 1", ((50, 130), (150, 130), (150, 135), (50, 135)), "wall", True, 30)


def _offer(state, kind, **args):
    """Seat a's view and a prompt holding the one option of `kind` with `args`."""
    options = [o for o in SYSTEM.prompt(state).for_seat("a").options
               if o.type == kind and all(o.args.get(k) == v for k, v in args.items())]
    prompt = {"seq": 1, "waiting": ["a"], "decision": {
        "seat": "a", "text": "Act", "options": [options[0].to_wire()]}}
    return SYSTEM.view(state, Viewer("a")), prompt, options[0]


def _sent_after_click(page, view, prompt, kind, shape, inside, outside):
    page.evaluate(PANEL_BOARD_JS, [view, prompt])
    page.locator(f"#panel .option[data-type={kind}] button.do").click()
    assert page.locator(f"#board .offered-area[data-shape={shape}]").count() == 1
    page.evaluate(CLICK, outside)
    page.wait_for_selector("#panel .prompt-error")
    assert page.evaluate("() => sent.length") == 0
    page.evaluate(CLICK, inside)
    page.wait_for_function("() => sent.length === 1")
    return page.evaluate("() => sent[0]")


def test_a_spell_point_a_teleport_and_a_climb_are_clicked_inside_their_description(
        browser, server):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        casting = table(("a1", "Wizard", 60, 200), ("a2", "Swordsman", 100, 190),
                        ("b1", "Orc", 120, 60, 180), phase="ranged", acting="a",
                        hands=(("a1", ("Fireball", "Teleport")),))
        view, prompt, spec = _offer(casting, "cast", spell="Fireball")
        kind, args = _sent_after_click(page, view, prompt, "cast", "spell_range",
                                       [100, 140], [300, 40])
        assert kind == "cast" and args["point"] == [100, 140]
        assert args["point"] in spec.params["point"]

        view, prompt, spec = _offer(casting, "cast", spell="Teleport", target="a2")
        kind, args = _sent_after_click(page, view, prompt, "cast", "placement",
                                       [250, 120], [60, 200])
        assert args["to"] == [250, 120] and args["to"] in spec.params["to"]

        climbing = table(("a1", "Goblin Scout", 100, 141), ("b1", "Orc", 300, 30, 180),
                         phase="slow_move", acting="a")
        climbing = replace(climbing, layout=replace(climbing.layout, added=(WALL,)))
        view, prompt, spec = _offer(climbing, "climb")
        kind, args = _sent_after_click(page, view, prompt, "climb", "climb", [104, 120],
                                       [104, 160])
        assert kind == "climb" and args["to"] == [104, 120] and args["to"] in spec.params["to"]
        assert not errors, errors
    finally:
        shot(page, "sns-described-spells")
        page.context.close()


IN_FILL_JS = """(points) => {
  const far = document.querySelector('#board .offered-area[data-shape=climb] path.far-side');
  const svg = far.ownerSVGElement;
  return points.map(([x, y]) => { const p = svg.createSVGPoint(); p.x = x; p.y = y;
    return far.isPointInFill(p); });
}"""


def test_a_climb_s_far_side_is_drawn_as_its_exact_region(browser, server):
    """TERRAIN, "Noncavalry units can climb at a rate of 1" turn": the drawn far
    side of the stone wall is the server's: the points of a grid round the wall
    inside the drawn region are those the server's far side holds (but for a
    hair at its edge, the drawing's resolution), this side of the wall and the
    wall itself are not drawn."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        climbing = table(("a1", "Goblin Scout", 100, 141), ("b1", "Orc", 300, 30, 180),
                         phase="slow_move", acting="a")
        climbing = replace(climbing, layout=replace(climbing.layout, added=(WALL,)))
        view, prompt, spec = _offer(climbing, "climb")
        page.evaluate(PANEL_BOARD_JS, [view, prompt])
        page.locator("#panel .option[data-type=climb] button.do").click()
        page.wait_for_selector("#board .offered-area[data-shape=climb] path.far-side")
        far = spec.params["to"]
        assert page.evaluate(IN_FILL_JS, [[100, 115], [80, 120], [100, 150], [100, 132],
                                          [100, 105]]) == [True, True, False, False, False]
        grid = [[x, y] for x in range(66, 135, 3) for y in range(108, 176, 3)]
        drawn = page.evaluate(IN_FILL_JS, grid)
        held = [p in far for p in grid]
        assert sum(held) > 30
        assert sum(d != h for d, h in zip(drawn, held, strict=True)) <= len(grid) // 50
        assert not errors, errors
    finally:
        shot(page, "sns-climb-far-side")
        page.context.close()


def test_the_sns_form_starts_a_match_against_the_house_bot(browser, server):
    """seed 003, TURN SEQUENCE ("roll high to see which player goes first"): one
    click on the S&S form's bot button with the skirmish chosen (the armies listed
    are the server's: data/armies.toml, through `catalog`), and the house bot
    holds seat b with a ready-made army of three: the table is drawn, six figures
    on it, and a decision is asked of Ann."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        sign_in_as_guest(page, "Ann")
        page.select_option("#sns-form select[name=army_a]", "medieval-skirmish")
        assert page.input_value("#sns-form select[name=army_b]") == "orcs"  # (the default)
        page.select_option("#sns-form select[name=army_b]", "orc-skirmish")
        listed = page.eval_on_selector_all("#sns-form select[name=army_a] option",
                                           "os => os.map((o) => o.value)")
        assert listed == list(ready_armies())  # (the server's armies, in its order)
        page.click("#sns-vs-bot")
        page.wait_for_selector(".board svg.sns-board")
        page.wait_for_function("() => document.querySelectorAll("
                               "'.board svg.sns-board g.figure').length === 6")
        page.wait_for_selector(".prompt .option button.do")
        assert not errors, errors
    finally:
        shot(page, "sns-vs-bot")
        page.context.close()
