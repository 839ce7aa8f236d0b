"""What a player's pass over the web client found, each in words a player reads:
a Concentrated Shooting's volleys name their shooters and target (never ids in
brackets); ASOIAF charges, one option a target, name the target (five alike
before); on a phone, your turn brings a button down to the prompt below the
board, and the match head's line takes the card's width."""

from __future__ import annotations

import re

from tests.web.pages import new_page, shot, sign_in_as_guest
from tests.web.test_browser_asoiaf import NAMES, PROMPT_JS, option, prompt

VOLLEY_JS = """(prompt) => {
  document.body.innerHTML = '<div class="prompt" id="panel" style="width:520px"></div>';
  const hooks = {send: async () => {}, odds: () => Promise.reject(new Error('no odds')),
                 changed: () => {}, catalog: async () => [], checkList: async () => ({}),
                 status: () => {}};
  const panel = new warbandLib.PromptUI(document.getElementById('panel'), hooks);
  const figure = (id, seat, name) => ({id, seat, name, quality: 3, combat: 3, rules: [],
    pos: [1, Number(id.slice(1))], status: 'ready', fallen: false, transfixed: false,
    activated: false});
  panel.setContext({prompt, seat: 'a', view: {phase: 'play', active_seat: 'a',
    activation: {figure: 'a1'}, figures: [figure('a1', 'a', 'Dwarf Commander'),
      figure('a2', 'a', 'Dwarf Crossbowman'), figure('a3', 'a', 'Dwarf Crossbowman'),
      figure('b1', 'b', 'Orc Boss'), figure('b2', 'b', 'Orc Warrior')]}});
}"""
VOLLEYS = {"seq": 7, "waiting": ["a"], "decision": {
    "seat": "a", "text": "Dwarf Commander: 2 action(s) left", "options": [
        {"type": "concentrated_shooting", "label": "Order a Concentrated Shooting (1 action)",
         "args": {}, "params": {"volley": [["b1", ["a2", "a3"]], ["b2", ["a1", "a2", "a3"]]],
                                "dice": [1, 2, 3]}}]}}


def test_a_concentrated_shooting_names_each_volley_s_shooters_and_target(browser, server):
    """seed 000, CONCENTRATED SHOOTING: the Leader orders figures within Long to shoot
    one target together: each volley offered reads as its shooters and its target."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.evaluate(VOLLEY_JS, VOLLEYS)
        volleys = page.locator(".option button[data-param=volley]").all_inner_texts()
        assert volleys == ["Dwarf Crossbowman 1, Dwarf Crossbowman 2 at Orc Boss",
                           "Dwarf Commander, Dwarf Crossbowman 1, Dwarf Crossbowman 2 "
                           "at Orc Warrior"]
        assert not re.search(r'[\[\]"]|\b[ab]\d\b', page.locator("#panel").inner_text())
        assert not errors, errors
    finally:
        page.context.close()


def test_asoiaf_charges_at_different_targets_read_apart(browser, server):
    """seed 004, CHARGE ACTION: "A charge combines a [move] and an ATTACK": each
    charge offered is one target's (its only target is chosen without asking), so
    its button names it."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        charges = [option("charge", "Halberd", {"mode": 0},
                          {"target": [uid], "improvements": [[]], "square": [[3, 4]]})
                   for uid in ("b1", "b2")]
        attack = option("attack", "Halberd", {"mode": 0},
                        {"target": ["b1", "b2"], "improvements": [[]]})
        page.evaluate(PROMPT_JS, [prompt(3, *charges, attack), NAMES])
        buttons = page.locator(".prompt .option button.do").all_inner_texts()
        assert buttons == ["Charge: Halberd against Targaryen Honor Guard",
                           "Charge: Halberd against Unsullied",
                           "Attack: Halberd"]  # (two targets: chosen after)
        assert not errors, errors
    finally:
        page.context.close()


def test_on_a_phone_your_turn_leads_down_to_the_prompt(browser, server):
    """A player's pass: at 412 px the prompt comes below the board, off the screen;
    on your turn the head has a button down to it (and none at 1366 px, where the
    prompt is beside the board), and the head's line is not squeezed beside the
    title."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.set_viewport_size({"width": 412, "height": 915})
        sign_in_as_guest(page, "Ann")
        page.click("#vs-bot")
        page.wait_for_selector(".prompt .option[data-type=submit_list]")
        prompt_box = page.locator(".prompt").bounding_box()
        assert prompt_box["y"] > 915 - 200, "(the prompt starts at the screen's foot)"
        head, info = (page.locator(s).bounding_box() for s in (".match-head", ".match-info"))
        assert info["width"] > 0.8 * head["width"], (head, info)
        button = page.locator(".match-head .to-prompt")
        assert button.is_visible() and button.inner_text().startswith("Your turn")
        shot(page, "ux-phone-your-turn")
        button.click()
        page.wait_for_function("() => document.querySelector('.prompt')"
                               ".getBoundingClientRect().top < innerHeight - 200")
        assert page.locator(".prompt .option[data-type=submit_list] select").is_visible()
        page.set_viewport_size({"width": 1366, "height": 768})
        assert page.locator(".match-head .to-prompt").is_hidden()
        assert not errors, errors
    finally:
        page.context.close()
