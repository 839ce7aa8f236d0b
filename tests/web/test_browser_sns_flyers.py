"""Swords & Sorcery's flyers declaring in the browser (a real engine prompt, no
match played): seed 003, TURN SEQUENCE, "Flyers must declare if they are engaging
in HTH (otherwise they cannot be attacked by nonflyers)"."""

from __future__ import annotations

from server.rules.dice import SeededDice
from server.rules.kernel import Command, Viewer
from server.rules.sns.system import SYSTEM
from tests.sns.table import run, table
from tests.web.pages import new_page, shot
from tests.web.test_browser_sns import PANEL_BOARD_JS

GRIFFON = "Elwylin the Elf Lord on Griffon"


def test_a_player_declares_the_griffon_engages_by_a_button_in_words(browser, server):
    """The flyers' declaration offered in plain words ("... engages in hand to
    hand", "... stays aloft"), and a click sends a command the server accepts."""
    state = table(("a1", GRIFFON, 100, 100), ("b1", "Orc", 100, 87, 180), phase="ranged",
                  turn=2, acting="a")
    state, _ = run(state, Command("a", "end_phase", {}), SeededDice(b"f"))
    assert state.phase == "flyers"
    decision = SYSTEM.prompt(state).for_seat("a")
    prompt = {"seq": 1, "waiting": ["a"], "decision": decision.to_wire()}
    view = SYSTEM.view(state, Viewer("a"))
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.evaluate(PANEL_BOARD_JS, [view, prompt])
        words = page.locator("#panel").inner_text()
        assert f"{GRIFFON} engages in hand to hand" in words
        assert f"{GRIFFON} stays aloft (no hand to hand with nonflyers this turn)" in words
        page.locator("#panel .option[data-type=engage] button.do").click()
        page.wait_for_function("() => sent.length === 1")
        kind, args = page.evaluate("() => sent[0]")
        assert (kind, args) == ("engage", {"figure": "a1"})
        assert SYSTEM.prompt(state).allows(Command("a", kind, args))
        assert not errors, errors
    finally:
        shot(page, "sns-flyers")
        page.context.close()
