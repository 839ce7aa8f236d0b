"""The ASOIAF web log and prompt say in words what the engine's newer events and
options carry (window.warbandLib, no match played): an ability's picks, an
aftermath's targets, the hits coins bought and their defence dice, a wounds
ability before a lethal wound or after an aftermath and who dealt the wounds,
a granted charge terrain action, a change of maximum wounds; the granted
actions' and waiting abilities' buttons. Each event is the engine's own where
tests/asoiaf_engine_events.py makes it (dice scripted), the sentence the same
the terminal says (tests/tui/test_asoiaf_events.py checks the same strings)."""

from __future__ import annotations

import re

from tests.asoiaf_engine_events import engine_events
from tests.asoiaf_table_view import seat_a_view
from tests.web.asoiaf_event_samples import VARIANTS
from tests.web.pages import new_page, shot
from tests.web.test_browser_asoiaf import NAMES, PROMPT_JS, option, prompt

SAY_JS = """(cases) => cases.map(([type, data, names]) => warbandLib.formatAsoiafEvent(
  {type, data}, {name: (uid) => names[uid] || uid, seat: (s) => s})?.text)"""

ROSTER_JS = """(view) => {
  document.body.innerHTML = '<div class="roster" id="roster"></div>';
  const names = new Map(view.models.map((m) => [m.uid, m.card]));
  document.getElementById('roster').innerHTML = warbandLib.asoiafRosterHtml(view, names,
    (seat) => `Seat ${seat}`);
}"""


def test_the_newer_event_fields_and_options_in_words(browser, server):
    """seed 004, ABILITIES ("All abilities that target another friendly or enemy
    model ..."; wounds abilities "can be used anytime a model loses at least 1
    [wound] and before the model would be killed"), ATTACK SEQUENCE ("2. The
    attacker declares whether they spend any coin to modify the attack mode"; "7.
    ... aftermath"), CHARGE TERRAIN ACTION, ABILITY 0 ("He does not activate by
    performing this action"): each said with the models' names, never an id."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        engine = engine_events()
        lines = page.evaluate(SAY_JS, [[kind, data, names]
                                       for _, kind, data, names, _ in engine])
        for (label, kind, data, _, sentence), line in zip(engine, lines, strict=True):
            assert line == sentence, (label, kind, data, line)
        lines = page.evaluate(SAY_JS, [[kind, data, NAMES] for kind, data, _ in VARIANTS])
        for (kind, _, sentence), line in zip(VARIANTS, lines, strict=True):
            assert line == sentence, (kind, line)
            assert not re.search(r"\b[ab]\d\b|_", line), (kind, line)

        # a lasting change of maximum wounds (lasting.most_wounds) on the roster
        view = seat_a_view()
        uid = view["lasting"][0][0]
        view["lasting"] = [[uid, "value", "wounds", 1, "game"]]
        page.evaluate(ROSTER_JS, view)
        assert "maximum wounds +1 for the game" in \
            page.locator(f"[data-roster='{uid}']").inner_text()

        # a granted charge terrain action and its forfeit, in words (granted.py)
        charge = option("granted_charge_terrain", args={"opening": 0},
                        params={"square": [[2, 6], [3, 6]]})
        page.evaluate(PROMPT_JS, [prompt(4, charge, option("forfeit_action")), NAMES])
        buttons = page.locator(".prompt .option button.do").all_inner_texts()
        assert buttons == ["Charge the door (granted)", "Forfeit the granted action"]
        # a trigger waiting its turn, a nemesis named by its model's name
        trigger = option("trigger_ability", "Vengeful", {"ability": "Vengeful"})
        page.evaluate(PROMPT_JS, [prompt(5, trigger, option("decline_trigger_ability")),
                                  NAMES])
        assert page.locator(".prompt .option button.do").all_inner_texts() == [
            "Use Vengeful", "Don't use it"]
        nemesis = option("choose_nemesis", "Nemesis", {"model": "a1"},
                         {"nemesis": ["b1", "b2"]})
        page.evaluate(PROMPT_JS, [prompt(6, nemesis), NAMES])
        assert "Choose the nemesis" in page.locator(".prompt").inner_text()
        page.click("button.choice >> text=Unsullied")
        assert page.evaluate("() => sent") == [["choose_nemesis", {"model": "a1",
                                                                   "nemesis": "b2"}]]
        assert not errors, errors
    finally:
        shot(page, "asoiaf-words")
        page.context.close()
