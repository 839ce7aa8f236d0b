"""An ASOIAF attack and a defence whose bought effects pick models, played in
Debian's Chromium against the engine (docs/rules/asoiaf.md, "Will tests and
picked models bought in an attack"; tests/asoiaf_picking.py's table): the prompt
panel (window.warbandLib.AsoiafPrompt) gets the engine's own prompts, its odds
requests are answered by the engine's `odds` (a refusal as the server's error),
and the commands it sends are decided by the engine with scripted dice."""

from __future__ import annotations

import pytest

from tests.asoiaf_picking import (
    NAMES,
    odds_answer,
    picking_pack,  # noqa: F401 (the fixture)
    play,
    table,
    wire_prompt,
)
from tests.web.pages import new_page, shot

PANEL_JS = """([prompt, names, seat]) => {
  document.body.innerHTML = '<div class="prompt" id="panel"></div>';
  window.sent = [];
  window.asked = [];
  const panel = new warbandLib.AsoiafPrompt(document.getElementById('panel'), {
    send: async (type, args) => { sent.push([type, args]); }, changed: () => {},
    odds: async (type, args) => {
      asked.push([type, args]);
      const answer = await engineOdds(seat, type, args);
      if (answer.refused) throw Object.assign(new Error(answer.refused.message),
        answer.refused);
      return answer;
    },
    ctx: () => ({name: (uid) => names[uid] || uid, seat: (s) => s})});
  window.panel = panel;
  panel.setContext({prompt, seat, view: {}, players: {}});
}"""

PICKING_OPTION = "Attack: Rapier (improvement 3, picking models)"


@pytest.mark.usefixtures("picking_pack")
def test_an_attack_and_a_defence_picking_models_by_clicking(browser, server):
    """seed 004, ATTACK SEQUENCE: "2. The attacker declares whether they spend any
    coin to modify the attack mode ... 4. The defender declares if they use an
    ability"; ABILITIES: "1 enemy model in short range": the set that picks is an
    option of its own, its pick asked in words; the odds say "pick them first"
    until it is picked, then give the will test's branches as "2 to 3 d10"."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    state = {"now": table()}
    page.expose_function("engineOdds", lambda seat, kind, args: odds_answer(
        state["now"], seat, kind, args))
    try:
        page.evaluate(PANEL_JS, [wire_prompt(state["now"], 1), NAMES, "a"])
        buttons = page.locator(".prompt .option[data-type=attack] button.do").all_inner_texts()
        assert buttons.count("Attack: Rapier") == 1 and PICKING_OPTION in buttons
        assert "Attack: Rapier (improvements 1 + 2 + 3, picking models)" in buttons
        page.click(f".prompt button.do >> text='{PICKING_OPTION}'")
        page.evaluate("() => panel.chooseModel('b2')")  # (on the board: no button hovered)
        # the odds of the picking set, its pick not named yet: refused, in words
        page.wait_for_selector(".odds .odds-none")
        assert page.locator(".odds").inner_text() == (
            "No odds yet: These improvements aim at models you pick: pick them first, "
            "then ask the odds.")
        assert "Choose the 1st pick" in page.locator(".prompt").inner_text()
        # a pick hovered: the odds were it picked (the will die's branches)
        page.hover("button[data-param=pick_1] >> text=Test Guard")
        page.wait_for_selector(".odds table.odds-table")
        dice = page.locator(".odds td.odds-dice").inner_text()
        assert dice == "2 to 3 d10 on 6+, against defence 5+ to 6+ (as the will test goes)"
        assert page.evaluate("() => asked")[-1] == ["attack", {
            "mode": 0, "target": "b2", "improvements": [2], "pick_1": "b2"}]
        shot(page, "asoiaf-picking-attack-odds")
        page.click("button[data-param=pick_1] >> text=Test Guard")
        [[kind, args]] = page.evaluate("() => sent")
        assert (kind, args) == ("attack", {"mode": 0, "target": "b2", "improvements": [2],
                                           "pick_1": "b2"})
        # the engine rolls it: the Guard's will die (a 2: failed) then 3 dice, not 2
        state["now"], events = play(state["now"], "a", kind, args, 2, 9, 9, 9)
        assert events[0].data["bought_faces"] == [2] and events[0].data["hits"] == 3

        # the Guard's player: Stare Down, its pick among the attacker's side
        page.evaluate(PANEL_JS, [wire_prompt(state["now"], 2), NAMES, "b"])
        page.click(".prompt button.do >> text='Defend with Stare Down (picking models)'")
        assert "Choose the 1st pick" in page.locator(".prompt").inner_text()
        page.evaluate("() => panel.chooseModel('a2')")
        [[kind, args]] = page.evaluate("() => sent")
        assert (kind, args) == ("defend", {"abilities": [["Stare Down", []]], "pick_1": "a2"})
        state["now"], events = play(state["now"], "b", kind, args, 3, 6, 6, 6)
        assert events[0].data["picks"] == ["a2"] and events[0].data["wounds"] == 0
        assert "shaken" in [c.value for c in state["now"].model("a2").conditions]
        assert not errors
    finally:
        page.context.close()
