"""Issue 30 in the browser, at a laptop's 1366x768 and a phone's 412 px: the
player is told when it is their turn (tab title, an optional tone, "Your turn:"
with the figure's name, "Waiting for <name>"); words, not internals (no
parameter names, seat letters or ids; plurals; why a roll needs what it needs);
an error beside the control that caused it; "Place the rest" in deployment; the
house bot's pace chosen in the lobby."""

from __future__ import annotations

import re

import pytest

from tests.web.pages import click_option_button, new_page, shot, sign_in_as_guest, wait_for_library

SIZES = [(1366, 768), (412, 915)]

# A prompt panel on its own (as test_browser_subsets), with figures on a board.
PANEL_JS = """([prompt, players]) => {
  document.body.innerHTML = '<div class="prompt" id="panel"></div>';
  window.sent = [];
  window.refuse = null;
  const hooks = {send: async (type, args) => {
                   if (window.refuse) throw window.refuse;
                   window.sent.push([type, args]); },
                 odds: () => Promise.reject(new Error('no odds')), changed: () => {},
                 catalog: async () => [], checkList: async () => ({}), status: () => {}};
  window.panel = new warbandLib.PromptUI(document.getElementById('panel'), hooks);
  const figure = (id, name, pos) => ({id, seat: id[0], name, quality: 3, combat: 3, rules: [],
    pos, status: 'ready', fallen: false, transfixed: false, activated: false});
  window.view = {phase: 'deploy', figures: [
    figure('a1', 'Elf Archer (Long Bow)', null), figure('a2', 'Elf Warrior (Spear)', null),
    figure('b1', 'Orc Boss (Axe)', [5, 1])]};
  window.panel.setContext({prompt, seat: 'a', view: window.view, players});
}"""

ZONE = [[q, r] for r in (10, 11) for q in range(0, 6)]


def deploy_prompt(seq: int, figures: list[str], taken: tuple = ()) -> dict:
    return {"seq": seq, "waiting": ["a"], "decision": {
        "seat": "a", "text": "Set up the battle", "options": [
            {"type": "deploy", "label": "Place a figure in your deployment zone",
             "args": {}, "params": {"figure": figures,
                                    "to": [h for h in ZONE if h not in taken]}},
            {"type": "concede", "label": "Concede", "args": {}, "params": {}}]}}


def inside(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    width = page.viewport_size["width"]
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_prompt_panel_in_words_and_place_the_rest(browser, server, width, height):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(PANEL_JS, [deploy_prompt(30, ["a1", "a2"]), {"a": "Ann", "b": "Bob"}])
        head = page.locator(".prompt-head")
        assert head.inner_text() == "Your turn: Set up the battle"
        hint = page.locator(".option[data-type=deploy] .hint").inner_text()
        assert hint == "— click a highlighted hex: where it goes"  # no "(to)"
        assert page.locator(".option[data-type=deploy] button.value").all_inner_texts() == [
            "Elf Archer", "Elf Warrior"]  # names, not profiles or ids

        # "Place the rest" plans each figure left on a hex nearest the middle of the
        # zone, drawn on the board before anything is sent
        page.click("button.place-rest")
        assert page.locator("button.plan-confirm").is_visible()
        assert page.evaluate("() => window.sent") == []
        assert page.evaluate("() => [...panel.plan.positions]") == [["a1", [3, 10]],
                                                                    ["a2", [2, 11]]]
        drawn = page.evaluate("""() => {
            const box = document.createElement('div'); document.body.appendChild(box);
            const board = new warbandLib.Board(box, {});
            board.render({...panel.plan.draftView(view), board: {width: 6, height: 12}},
                         panel.marks());
            return [...box.querySelectorAll('[data-planned]')].map((g) => [g.dataset.figure,
                                                                        g.dataset.pos]); }""")
        assert drawn == [["a1", "3,10"], ["a2", "2,11"]]

        # adjusted: a planned figure clicked, then a free hex of its zone
        assert page.evaluate("() => panel.chooseFigure('a2')")
        free = page.evaluate("() => [...panel.marks().hexes.keys()]")
        assert len(free) == len(ZONE) - 2 and "3,10" not in free and "2,11" not in free
        assert page.evaluate("() => panel.chooseHex('0,10')")
        assert page.evaluate("() => [...panel.plan.positions]") == [["a1", [3, 10]],
                                                                    ["a2", [0, 10]]]
        # two planned figures clicked one after the other swap places
        page.evaluate("() => { panel.chooseFigure('a1'); panel.chooseFigure('a2'); }")
        assert page.evaluate("() => [...panel.plan.positions]") == [["a1", [0, 10]],
                                                                    ["a2", [3, 10]]]

        # a refusal shows in the row of the option refused, beside its button; the
        # plan stays, to mend
        page.evaluate("() => { window.refuse = Object.assign(new Error("
                      "'That hex is taken.'), {code: 'illegal'}); }")
        page.click("button.plan-confirm")
        error = page.wait_for_selector(".option[data-type=deploy] .prompt-error")
        assert error.inner_text() == "Refused: That hex is taken." and inside(page, ".prompt-error")
        page.evaluate("() => { window.refuse = null; }")
        assert page.locator("button.plan-confirm").is_visible()

        # confirmed: each figure, one prompt after another, where the plan put it; it
        # stops when nothing is left to place
        page.click("button.plan-confirm")
        page.wait_for_function("() => window.sent.length === 1")
        assert page.locator(".prompt-error").count() == 0, "the error goes with the next click"
        assert page.evaluate("() => window.sent") == [["deploy", {"figure": "a1", "to": [0, 10]}]]
        page.evaluate("""([prompt]) => { view.figures[0].pos = [0, 10];
            panel.setContext({prompt, seat: 'a', view, players: {a: 'Ann', b: 'Bob'}}); }""",
                      [deploy_prompt(31, ["a2"], taken=([0, 10],))])
        page.wait_for_function("() => window.sent.length === 2")
        assert page.evaluate("() => window.sent")[1] == ["deploy", {"figure": "a2", "to": [3, 10]}]
        page.evaluate("""() => panel.setContext({prompt: {seq: 32, waiting: ['b'],
            decision: null}, seat: 'a', view, players: {a: 'Ann', b: 'Bob'}})""")
        assert head.inner_text() == "Waiting for Bob…"
        assert page.locator("button.place-rest").count() == 0

        # the question names the acting figure, not its profile; plural actions
        page.evaluate("""() => { view.phase = 'play'; view.active_seat = 'a';
            view.activation = {figure: 'a1'};
            panel.setContext({prompt: {seq: 40, waiting: ['a'], decision: {seat: 'a',
              text: 'Elf Archer (Long Bow): 2 actions left', options: [{type: 'move',
              label: 'Move', args: {}, params: {to: [[3, 3], [3, 4]]}}]}}, seat: 'a', view,
              players: {a: 'Ann', b: 'Bob'}}); }""")
        assert page.locator(".prompt-text").inner_text() == "Elf Archer: 2 actions left"
        hint = page.locator(".option .hint").inner_text()
        assert hint == "— click a highlighted hex: where it goes"
        text = page.locator("#panel").inner_text()
        assert not re.search(r"\((to|figure|target|interceptor)\)|Seat [AB]\b", text), text
        assert inside(page, ".prompt-head")
        shot(page, f"40-words-panel-{width}")
        assert errors == []
    finally:
        page.context.close()


# Log lines, with a context that knows the players and the figures' Quality.
LOG_JS = """() => {
  const players = {a: 'Ann', b: 'Bob'};
  const figures = {a1: {id: 'a1', quality: 3}, b1: {id: 'b1', quality: 4}};
  const ctx = {name: id => ({a1: 'Elf Archer', b1: 'Orc Boss'})[id] || id,
               seat: s => players[s], figure: id => figures[id]};
  const line = (type, data) => warbandLib.formatEvent({type, v: 1, data}, ctx).text;
  return {
    activated: line('activated', {figure: 'a1', dice: [2, 5], automatic: 0, target: 2,
                                  successes: 2, failures: 0}),
    named: line('activated', {figure: 'a1', dice: [2, 5], automatic: 0, target: 2,
                              successes: 2, failures: 0, modifiers: [['Leader', 1]]}),
    climb: line('climb_rolled', {figure: 'b1', dice: [4], automatic: 0, target: 5,
                                 successes: 0, failures: 1,
                                 modifiers: [['Acrobat', 1], ['Heavy Armor', -2]]}),
    morale: line('morale_tested', {figure: 'b1', reason: 'Leader killed', dice: [3],
                                   automatic: 0, target: 5, successes: 0, failures: 1}),
    terrain: line('terrain_laid', {seat: 'b', terrain: new Array(46).fill([0, 0, 'woods']),
                                   edges: [[0, 0, 'hedge']]}),
    volley: line('volley_rolled', {target: 'b1', dice: [5, 6, 6], target_number: 4,
                                   successes: 3}),
    initiative: line('initiative_rolled', {rolls: [[5, 2]], winner: 'a'}),
    over: line('game_ended', {winner: 'a', reason: 'b has no figures left',
                              victory_points: {a: 3, b: 0}}),
  };
}"""


def test_the_log_names_players_and_says_why_a_roll_needs_what_it_needs(browser, server):
    page = browser.new_page()
    try:
        page.goto(server.http_url)
        wait_for_library(page)
        words = page.evaluate(LOG_JS)
    finally:
        page.close()
    assert words["activated"] == ("Elf Archer activates with 2 dice: rolled 2, 5, needing 2+ "
                                  "(Quality 3, +1 in its favour) — 2 actions")
    # the rules name what moved the target (RULES_VERSION 4); older rolls give a sum
    assert words["named"].endswith("needing 2+ (Quality 3, +1 Leader) — 2 actions")
    assert "needing 5+ (Quality 4, +1 Acrobat, -2 Heavy Armor)" in words["climb"]
    assert words["morale"].endswith("needing 5+ (Quality 4, -1 against it) — 1 failure")
    assert words["terrain"] == ("Bob lays out the terrain: 46 terrain hexes, 1 wall or edge "
                                "feature")
    assert words["volley"].endswith("— 3 successes")
    assert words["initiative"] == "Initiative: Ann 5 vs Bob 2 — Ann goes first"
    assert words["over"] == ("Game over: Ann wins (Bob has no figures left). Victory points: "
                             "Ann 3, Bob 0")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_tab_and_the_header_say_whose_turn_against_a_paced_bot(browser, server, width,
                                                                   height):
    """The lobby's pace reaches the server; while the slow bot thinks, the header and
    the tab say so by its name; the tone, once asked for, sounds when the turn comes."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.set_viewport_size({"width": width, "height": height})
        sign_in_as_guest(page, "Ann")
        page.select_option("#create-form select[name=pace]", "slow")
        page.click("#vs-bot")
        page.wait_for_selector(".prompt .option[data-type=submit_list]")
        match_id = page.evaluate("() => location.hash.split('/')[2]")
        assert server.server.hub.bots[match_id].pause == 2.5
        assert page.title() == "Your turn — warband"
        assert page.locator(".prompt-head .your-turn").is_visible() and inside(page, ".prompt-head")
        # (the tone asked for before the turn passes: asked while the bot thinks, a
        # loaded machine let the bot's 2.5 s pass first, and the turn's tone with it)
        sound = page.locator("#turn-sound")
        assert sound.is_visible() and inside(page, "label.turn-sound")
        sound.check()  # (a tone at once, so the player hears what it will be)
        assert page.evaluate("() => localStorage.getItem('warband.turnSound')") == "on"
        click_option_button(page, "submit_list")  # (the bot waits 2.5 s before its own)
        # (the header's words and the tab's read in the same instant as its "theirs"
        # class: read apart, a loaded machine let the bot's 2.5 s pass in between)
        waiting = page.wait_for_function(
            "() => { const head = document.querySelector('.prompt-head.theirs');"
            " return head && [head.innerText, document.title]; }").json_value()
        assert waiting == ["Waiting for House bot (heuristic)…",
                           "Waiting for House bot (heuristic) — warband"]
        shot(page, f"41-waiting-for-the-bot-{width}")

        page.wait_for_function("() => document.title === 'Your turn — warband'", timeout=20_000)
        assert page.evaluate("() => warband.turnSignal.beeps") == 2, "one more when the turn came"
        page.click("a[href='#/lobby']")
        page.wait_for_selector("#create-form")
        assert page.title() == "warband"
        assert errors == []
    finally:
        page.context.close()
