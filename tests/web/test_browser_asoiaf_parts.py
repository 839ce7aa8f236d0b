"""The A Song of Ice & Fire board, prompt panel and log words in Chromium, on
their own (window.warbandLib), with a real view of the engine: a battlefield
with walls, a door and a window, terrain zones, a 2x2 mounted hero, shaken and
routed tokens and a captive (seed 004, THE BATTLEFIELD, LARGE MODELS, MODEL
TOKENS); a charge, a defence and a removal answered by clicking; every event
the engine gives in plain words."""

from __future__ import annotations

import random
import re

from server.rules.asoiaf.random_player import random_command
from server.rules.asoiaf.state import Phase
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import SeededDice
from server.rules.kernel import Viewer
from tests.web.pages import new_page, shot

SETUP = {"scenario": "river_ford",
         "warbands": {"a": "baratheon-standard-mounted", "b": "targaryen-standard-mounted"}}


def deployed_view() -> dict:
    """Seat a's view once both warbands are on the battlefield, with tokens
    added to two models (drawing only: the view is plain data)."""
    state, rng, dice = SYSTEM.initial(SETUP), random.Random(4), SeededDice(b"parts")
    while state.phase != Phase.ACTIVATIONS:
        decision = SYSTEM.prompt(state).decisions[0]
        for event in SYSTEM.decide(state, random_command(SYSTEM.prompt(state),
                                                         decision.seat, rng), dice):
            state = SYSTEM.evolve(state, event)
    view = SYSTEM.view(state, Viewer("a"))
    placed = [m for m in view["models"] if m["square"] and not m["large"]]
    placed[0]["conditions"] = ["routed", "shaken"]
    placed[1]["captive"] = placed[-1]["uid"]
    return view


BOARD_JS = """(view) => {
  document.body.innerHTML = '<div class="board" id="board"></div>';
  window.clicked = [];
  const board = new warbandLib.AsoiafBoard(document.getElementById('board'), {
    onSquare: (key) => clicked.push(['square', key]),
    onModel: (uid) => clicked.push(['model', uid])});
  const free = [0, 1, 2].map((x) => `${x},9`);
  board.render(view, {squares: new Set(free), models: new Set([view.models[0].uid]),
    chosen: new Set(), active: null, names: new Map()});
}"""

PROMPT_JS = """([prompt, names]) => {
  document.body.innerHTML = '<div class="prompt" id="panel"></div>';
  window.sent = [];
  const panel = new warbandLib.AsoiafPrompt(document.getElementById('panel'), {
    send: async (type, args) => { sent.push([type, args]); }, changed: () => {},
    odds: async (type, args) => ({mode: 'Warhammer', target: args.target, defence: 5,
      wounds_left: 2, choices: [{improvements: [], cost: {}, dice: 3, value: 4,
        hits: [[0, 0.1, '1/10'], [1, 0.9, '9/10']], wounds: [[0, 0.5, '1/2'], [1, 0.5, '1/2']],
        mean_wounds: 0.5}]}),
    ctx: () => ({name: (uid) => names[uid] || uid, seat: (s) => s === 'a' ? 'Ann' : 'Bob'})});
  window.panel = panel;
  panel.setContext({prompt, seat: 'a', view: {}, players: {}});
}"""

NAMES = {"a1": "Robert Baratheon", "b1": "Targaryen Honor Guard", "b2": "Unsullied"}


def option(kind, label="", args=None, params=None):
    return {"type": kind, "label": label, "args": args or {}, "params": params or {}}


def prompt(seq, *options, text="Your turn."):
    return {"seq": seq, "waiting": ["a"], "decision": {"seat": "a", "text": text,
                                                       "options": list(options)}}


EVENTS = [
    ("rolled_off", {"rolls": [[4, 4], [7, 2]], "winner": "a"}),
    ("zone_chosen", {"zones": {"a": "gold", "b": "silver"}}),
    ("first_player_chosen", {"first_player": "b"}),
    ("objectives_dealt", {"cards": [None, None, None]}),
    ("agendas_drawn", {"seat": "a", "hand": ["Thrifty Purse", "Raid Their Camp"]}),
    ("agenda_kept", {"seat": "b"}),
    ("deployed", {"model": "a1", "square": [6, 18]}),
    ("placed", {"model": "b2", "square": [1, 1]}),
    ("activated", {"model": "a1"}),
    ("moved", {"model": "a1", "square": [1, 17]}),
    ("charged", {"model": "a1", "square": [7, 17], "ap": 2,
                 "spent": {"gold": 0, "silver": 0, "copper": 1}}),
    ("attack_rolled", {"attacker": "a1", "target": "b1", "mode": 0, "spent": {"copper": 1},
                       "attack_faces": [7, 10], "hits": 3}),
    ("defended", {"target": "b1", "abilities": [["Shield Wall", []]],
                  "defence_faces": [8, 2, 1], "wounds": 2}),
    ("wounds_ability_used", {"model": "b1", "ability": "Stubborn"}),
    ("aftermath_used", {"ability": "Expert Riposte"}),
    ("removed", {"removal": "captured"}),
    ("surged", {"square": [14, 7]}),
    ("surged_through", {"square": [3, 3]}),
    ("terrain_charged", {"model": "a1", "opening": 0, "faces": [9], "destroyed_into": "broken"}),
    ("ability_used", {"model": "b2", "target": "b1", "ability": "Charming Smile",
                      "will_faces": [6]}),
    ("plundered", {"model": "a1", "square": [5, 14], "kind": "coin"}),
    ("agenda_drawn", {"seat": "b"}),
    ("agenda_played", {"seat": "a", "agenda": "Raid Their Camp"}),
    ("objective_used", {"model": "a1", "square": [3, 6], "card": "Field Surgeon's Tent",
                        "friend": "b1"}),
    ("motivation_used", {"hero": "a1", "ability": "Duty Done"}),
    ("motivation_declined", {"hero": "a1", "ability": "A Legend Remembered"}),
    ("passed", {"seat": "b"}),
    ("activation_ended", {"model": "a1"}),
    ("conceded", {"seat": "b"}),
]


def test_the_battlefield_prompt_and_log_words(browser, server):
    """seed 004, THE BATTLEFIELD: "walls ... doors and windows"; LARGE MODELS: "4
    mutually adjacent squares"; MODEL TOKENS: shaken and routed; ATTACK SEQUENCE:
    the attacker's coins, the defender's abilities, "kill or capture"."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.wait_for_function("() => window.warbandLib !== undefined")
        view = deployed_view()
        page.evaluate(BOARD_JS, view)
        field = view["battlefield"]
        assert page.locator("rect.square").count() == field["width"] * field["height"]
        assert page.locator("line.wall").count() == len(field["walls"])
        assert page.locator(".opening[data-kind=door][data-state=closed]").count() == 1
        assert page.locator(".opening[data-kind=window][data-state=intact]").count() == 1
        assert page.locator("rect.terrain-zone[data-terrain=river]").count() > 0
        assert page.locator(".plunder").count() == len(field["plunder"])
        large = page.locator(".model[data-large=true]")
        assert large.count() >= 2 and large.first.locator("rect.body").count() == 1
        assert page.locator(".model[data-states='routed shaken']").count() == 1
        assert page.locator(".model[data-states=captor]").count() == 1
        assert page.locator("rect.legal-square").count() == 3
        page.locator("rect[data-square='1,9']").click()
        page.locator(f".model[data-model={view['models'][0]['uid']}]").click()
        assert page.evaluate("() => clicked") == [["square", "1,9"],
                                                 ["model", view["models"][0]["uid"]]]
        shot(page, "asoiaf-parts-board")

        # a charge: its target (odds on hover), its square, its coins; then sent
        charge = option("charge", "Warhammer Charge", {"mode": 0},
                        {"target": ["b1", "b2"], "square": [[3, 4], [4, 4]],
                         "improvements": [[], [0]]})
        page.evaluate(PROMPT_JS, [prompt(5, option("end_activation"), charge), NAMES])
        page.click(".option[data-type=charge] button.do")
        page.hover("button[data-param=target] >> text=Targaryen Honor Guard")
        page.wait_for_selector(".odds table.odds-table")
        assert "Wounds after defence" in page.locator(".odds").inner_text()
        page.click("button[data-param=target] >> text=Targaryen Honor Guard")
        page.evaluate("() => panel.chooseSquare('4,4')")
        page.click("button[data-param=improvements] >> text=improvement 1")
        assert page.evaluate("() => sent") == [["charge", {"mode": 0, "target": "b1",
                                                           "square": [4, 4],
                                                           "improvements": [0]}]]
        # a defence with an ability, then kill or capture: buttons in words
        defend = option("defend", params={"abilities": [[], [["Shield Wall", [0]]]]})
        page.evaluate(PROMPT_JS, [prompt(6, defend), NAMES])
        page.click("button.choice >> text=Shield Wall (improvement 1)")
        page.evaluate(PROMPT_JS, [prompt(7, option("remove",
                                                   params={"removal": ["killed", "captured"]})),
                                  NAMES])
        page.click("button.choice >> text=capture it")
        assert page.evaluate("() => sent") == [["remove", {"removal": "captured"}]]

        lines = page.evaluate("""([events, names]) => events.map(([type, data]) =>
          warbandLib.formatAsoiafEvent({type, data}, {name: (uid) => names[uid] || uid,
            seat: (s) => s === 'a' ? 'Ann' : 'Bob'})?.text)""", [EVENTS, NAMES])
        for (kind, _), line in zip(EVENTS, lines, strict=True):
            assert line and line.endswith("."), (kind, line)
            assert not re.search(r"\b[ab]\d\b|_", line), (kind, line)  # names, not ids
        assert lines[12] == ("Targaryen Honor Guard defends with Shield Wall (rolled 8, 2, 1): "
                             "2 wounds.")
        assert not errors, errors
    finally:
        page.context.close()
