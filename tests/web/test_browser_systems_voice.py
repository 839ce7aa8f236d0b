"""One voice across the rules systems' prompt panels (window.warbandLib, no match
played): "Your turn: <what to do>" in A Song of Ice & Fire and Swords & Sorcery as in
SBH (test_browser_words.py), the acting model named as the match head names it, and
the rules' labels naming a model by its card said with its number."""

from __future__ import annotations

from tests.web.pages import new_page
from tests.web.test_browser_asoiaf import option, prompt

PANEL_JS = """([kind, prompt, view, players]) => {
  document.body.innerHTML = '<div class="prompt" id="panel"></div>';
  const names = Object.fromEntries((view.models || []).map((m) => [m.uid, m.name]));
  const panel = new warbandLib[kind](document.getElementById('panel'), {
    send: async () => {}, changed: () => {}, odds: async () => null, aim: () => {},
    ctx: () => ({name: (uid) => names[uid] || uid, rawName: () => '', seat: (s) => s})});
  panel.setContext({prompt, seat: 'a', view, players: players || {}});
  return [document.querySelector('.prompt-head').innerText,
    [...document.querySelectorAll('.prompt .option button')].map((b) => b.innerText)];
}"""

WARDENS = [{"uid": f"a{n}", "seat": "a", "card": "Baratheon Warden",
            "name": f"Baratheon Warden {n}"} for n in (1, 2, 3)]


def test_your_turn_names_what_to_do_and_the_acting_model(browser, server):
    """seed 004: "1 [copper] is required to activate a model" and "Passing a turn
    costs 2" (the turn between activations), IDLE ACTION 1 ("stands idle"); seed 003,
    Turn sequence: "Cavalry, flying, and fast units (7"+) move first" (the rules'
    "Turn 1: Move your cavalry ..." said as the player's turn; the head shows the
    turn)."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        idle = option("idle", "Baratheon Warden stands idle", {"model": "a3"})
        acting = {"models": WARDENS, "active_model": "a3"}
        head, buttons = page.evaluate(PANEL_JS, ["AsoiafPrompt", prompt(
            4, option("end_activation"), idle), acting])
        assert head == "Your turn: Act with Baratheon Warden 3."
        assert buttons == ["End the activation", "Baratheon Warden 3 stands idle"]

        between = prompt(5, option("activate", params={"model": ["a1", "a2"]}),
                         option("pass"))
        head, _ = page.evaluate(PANEL_JS, ["AsoiafPrompt", between, {"models": WARDENS}])
        assert head == "Your turn: Activate a model or pass."
        deploy = prompt(6, option("deploy", args={"model": "a2"},
                                  params={"square": [[1, 1], [2, 1]]}),
                        text="Place Baratheon Warden.")
        head, _ = page.evaluate(PANEL_JS, ["AsoiafPrompt", deploy, {"models": WARDENS}])
        assert head == "Your turn: Place Baratheon Warden 2."

        move = {"seq": 7, "waiting": ["a"], "decision": {
            "seat": "a", "text": "Turn 1: Move your cavalry, flyers and fast figures.",
            "options": [option("end_phase", "End fast move for your remaining figures")]}}
        head, _ = page.evaluate(PANEL_JS, ["SnsPrompt", move, {"figures": []}])
        assert head == "Your turn: Move your cavalry, flyers and fast figures."
        assert errors == []
    finally:
        page.context.close()


def test_a_decision_in_the_other_sides_activation_says_whose_turn_it_is(browser, server):
    """seed 004, ATTACKING (the defender rolls its defence dice in the attacker's
    activation): the defender's "Your turn:" says, as SBH's does, that it comes
    during the other player's turn; in its own activation it does not."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        knight = {"uid": "b1", "seat": "b", "card": "Lannister Knight",
                  "name": "Lannister Knight"}
        defend = prompt(8, option("defend", "Roll your defence"),
                        text="Lannister Knight attacks Baratheon Warden 1: defend.")
        players = {"a": "Ann", "b": "Bob"}
        head, _ = page.evaluate(PANEL_JS, ["AsoiafPrompt", defend, {
            "models": [*WARDENS, knight], "active_model": "b1"}, players])
        assert head.endswith("During Bob's turn: the rules ask you now")
        assert page.locator(".prompt-head.mid-turn-head").count() == 1
        own, _ = page.evaluate(PANEL_JS, ["AsoiafPrompt", defend, {
            "models": [*WARDENS, knight], "active_model": "a2"}, players])
        assert "During" not in own
        assert errors == []
    finally:
        page.context.close()
