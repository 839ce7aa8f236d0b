"""A Song of Ice & Fire in the browser, end to end in Debian's Chromium: Ann
creates a match from the lobby's ASOIAF form, Bob joins it from the open list,
and both play by clicking (never by sending frames) through the roll-off, the
zone and 1st-player choices, the hidden agendas, the deployment and several
activations of each side: models chosen on the square battlefield, squares
clicked, targets and coins chosen with their exact odds shown on hover
(seed 004, PLAYING THE GAME and THE GAME ROUND).

The server's dice are seeded per match at random: each player acts on what its
prompt offers, in a fixed preference order; nothing depends on luck.

Then the board, prompt panel and log words on their own (window.warbandLib), with
a real view of the engine: a battlefield with walls, a door and a window, terrain
zones, 2x2 mounted heroes, shaken and routed tokens and a captive; a charge, a
defence and a removal answered by clicking; every event the engine gives in
plain words. (One module: the two tests share one Chromium.)"""

from __future__ import annotations

import re
import time
from pathlib import Path

import server.rules.asoiaf as server_rules_asoiaf
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Viewer
from tests.asoiaf_table_view import deployed
from tests.web.asoiaf_event_samples import EVENTS
from tests.web.pages import new_page, shot, sign_in_as_guest

ACTIVATIONS_EACH = 3
# what a player clicks first when offered, in order
PREFERENCE = ["roll_off", "choose_zone", "choose_first_player", "keep_agenda", "deploy", "place",
              "defend", "decline_wounds_ability", "decline_aftermath", "remove", "hold",
              "decline_motivation", "attack", "activate", "move", "end_activation", "pass"]

PANEL_JS = """() => {
  const p = document.querySelector('.prompt');
  return {mine: p.dataset.mine === 'true' && p.dataset.busy !== 'true', seq: p.dataset.seq,
          pending: p.dataset.pending,
          options: [...p.querySelectorAll('.option button.do')].map(
            b => b.closest('.option').dataset.type)};
}"""


def panel(page) -> dict:
    return page.evaluate(PANEL_JS)


def wait_new_prompt(page, seq: str) -> None:
    page.wait_for_function(
        "seq => { const p = document.querySelector('.prompt');"
        " return p.dataset.busy !== 'true' && (p.dataset.seq !== seq"
        " || p.dataset.mine !== 'true'); }", arg=seq)


def fill_choices(page, done: list, odds_seen: list) -> None:
    """Answer each parameter the picked option asks, on the board or by a button."""
    for _ in range(6):
        state = panel(page)
        pending = state["pending"]
        if not state["mine"] or not pending:
            return
        if pending == "square":
            squares = page.locator(".board rect.legal-square")
            squares.nth(squares.count() // 2).dispatch_event("click")
        elif pending == "target" and page.locator(".prompt button[data-param=target]").count():
            button = page.locator(".prompt button[data-param=target]").first
            button.hover()  # the exact odds of this attack, before choosing
            page.wait_for_selector(".prompt .odds table.odds-table")
            odds_seen.append(page.locator(".prompt .odds").inner_text())
            button.click()
        elif pending in ("model", "target", "friend"):  # (the last: soldiers, some ranged)
            page.locator(".board .model.legal").last.dispatch_event("click")
        else:
            page.locator(".prompt button.choice").first.dispatch_event("click")
        page.wait_for_function(
            "([p, seq]) => { const d = document.querySelector('.prompt').dataset;"
            " return d.pending !== p || d.busy === 'true' || d.seq !== seq; }",
            arg=[pending, state["seq"]])


def act(page, done: list, odds_seen: list) -> None:
    state = panel(page)
    options = state["options"]
    if not options:  # a single option already picked (deploy, keep an agenda)
        kind = page.locator(".prompt .chosen-option").get_attribute("data-type")
    else:
        kind = next((k for k in PREFERENCE if k in options), options[0])
        if "end_activation" in options and done[-1] in ("move", "attack"):
            kind = "end_activation"  # one action an activation: more activations, sooner
        buttons = page.locator(f".prompt .option[data-type={kind}] button.do")
        texts = buttons.all_inner_texts()  # (two defences: with and without a token)
        assert len(set(texts)) == len(texts), f"options that read alike: {texts}"
        buttons.first.dispatch_event("click")
    done.append(kind)
    fill_choices(page, done, odds_seen)
    wait_new_prompt(page, state["seq"])
    if kind == "activate" and panel(page)["mine"]:  # the active model's AP: head and roster
        shown = "AP left" in page.locator(".roster").inner_text() \
            and "AP left" in page.locator(".match-info .active-model").inner_text()
        done.append("ap shown" if shown else "")


def test_two_players_set_up_and_play_asoiaf_by_clicking(browser, server):
    errors: list[str] = []
    ann, bob = (new_page(browser, server, errors) for _ in range(2))
    try:
        play_two(ann, bob, errors)
    finally:
        shot(ann, "asoiaf-last-ann")
        shot(bob, "asoiaf-last-bob")
        ann.context.close()
        bob.context.close()


def wait_for_warbands(page) -> None:
    """The create form's warband picker has its warbands: their description arrives
    late and moves the form's buttons down, so a click aimed before then can land on
    nothing."""
    page.wait_for_selector("#asoiaf-form select[name=warband]:not([disabled]) option",
                           state="attached")


def create_learn_to_play(page) -> None:
    page.select_option("#asoiaf-form select[name=scenario]", "learn_to_play")
    wait_for_warbands(page)
    page.click("#asoiaf-form button[type=submit]")


def play_two(ann, bob, errors: list) -> None:
    sign_in_as_guest(ann, "Ann")
    create_learn_to_play(ann)
    ann.wait_for_selector(".match-status >> text=open")
    match_id = ann.locator(".match-id").inner_text()

    sign_in_as_guest(bob, "Bob")
    row = bob.wait_for_selector(f"tr[data-match='{match_id}']")
    assert "A Song of Ice & Fire: Learn to Play" in row.inner_text()
    bob.click(f"tr[data-match='{match_id}'] button[data-join]")
    # his warband first (the panel offers the scenario's; he keeps the one shown)
    bob.wait_for_selector(f"#asoiaf-join[data-match='{match_id}'] option", state="attached")
    bob.click("#asoiaf-join button[type=submit]")
    for page in (ann, bob):
        page.wait_for_selector(".board svg.asoiaf-board")
        page.wait_for_selector(".prompt[data-seq]")

    # the square battlefield: 14x14 squares, its square types, deployment zones,
    # objectives; each side's coins by type
    assert ann.locator(".board rect.square").count() == 14 * 14
    assert ann.locator(".board rect.square[data-kind='#']").count() > 0
    assert ann.locator(".board rect.deploy-zone[data-zone=gold]").count() > 0
    assert ann.locator(".roster .coins[data-coins=a] [data-coin=copper]").count() == 1

    players = {"a": ann, "b": bob}
    done = {"a": [], "b": []}
    odds_seen: list[str] = []
    deadline = time.monotonic() + 120
    while min(done[s].count("activate") for s in done) < ACTIVATIONS_EACH:
        assert time.monotonic() < deadline, f"too slow; did {done}"
        assert not ann.locator(".prompt-head.over").count(), f"ended early: {done}"
        acted = False
        for seat, page in players.items():
            if panel(page)["mine"]:
                act(page, done[seat], odds_seen)
                acted = True
        if not acted:
            time.sleep(0.05)

    # set-up went through by clicking, then activations of both sides
    everything = done["a"] + done["b"]
    for kind in ("roll_off", "keep_agenda", "deploy", "activate", "ap shown"):
        assert kind in everything, (kind, done)
    assert ann.locator(".board .model").count() >= 6
    # each seat sees its own agenda, the other's stays hidden
    ann_agenda = ann.locator(".roster .agendas[data-agendas=a]").inner_text()
    assert "hidden" not in ann_agenda
    assert "hidden" in ann.locator(".roster .agendas[data-agendas=b]").inner_text()
    assert "hidden" in bob.locator(".roster .agendas[data-agendas=a]").inner_text()
    # the log in plain words: model names, never ids
    log = ann.locator(".log").inner_text()
    assert "activates." in log and " a1 " not in log
    if "attack" in everything:  # (an enemy in reach: the odds were shown on hover)
        assert odds_seen and "Wounds after defence" in odds_seen[0]
        assert "attacks" in log  # (a defence roll follows only hits)

    # Ann resigns; the finished match's replay draws the same battlefield and words
    ann.click("button[data-action=resign]")
    ann.click("button[data-action=resign]")  # (asked to confirm)
    ann.wait_for_selector(".match-result")
    ann.click("a.button[href^='#/replay/']")
    ann.wait_for_selector(".replay .board svg.asoiaf-board")
    ann.click("button[data-by=end]")
    ann.wait_for_function("() => document.querySelector('.replay').dataset.step !== '0'")
    assert ann.locator(".replay .board .model").count() >= 6
    assert "activates." in ann.locator(".replay .log").inner_text()
    bob.reload()  # the finished match, opened by its address: its last view, drawn alike
    bob.wait_for_selector(".match-result")
    bob.wait_for_selector(".board svg.asoiaf-board .model")
    assert not errors, errors

SETUP = {"scenario": "river_ford",
         "warbands": {"a": "baratheon-standard-mounted", "b": "targaryen-standard-mounted"}}


def deployed_view() -> dict:
    """Seat a's view once both warbands are on the battlefield, with tokens
    added to two models (drawing only: the view is plain data)."""
    view = SYSTEM.view(deployed(SETUP, 4, b"parts"), Viewer("a"))
    placed = [m for m in view["models"] if m["square"] and not m["large"]]
    placed[0]["conditions"] = ["routed", "shaken"]
    placed[1]["captive"] = placed[-1]["uid"]
    placed[0]["equipment"], placed[0]["equipment_spent"] = "Healing Balm", True
    placed[1]["equipment"], placed[1]["equipment_spent"] = "Lucky Charm", False
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


def server_event_types() -> set[str]:
    """The event types server/rules/asoiaf makes (Event("type", ...) in its source,
    with the two spelt from parts: motivation_used/declined, placed/deployed)."""
    found = set()
    for path in Path(server_rules_asoiaf.__file__).parent.glob("*.py"):
        found |= set(re.findall(r'Event\(\s*"([a-z_]+)"', path.read_text()))
    found.discard("motivation_")
    return found | {"motivation_used", "motivation_declined", "placed", "deployed"}


def test_the_battlefield_prompt_and_log_words(browser, server):
    """seed 004, THE BATTLEFIELD: "walls ... doors and windows"; LARGE MODELS: "4
    mutually adjacent squares"; MODEL TOKENS: shaken and routed; ATTACK SEQUENCE:
    the attacker's coins, the defender's abilities, "kill or capture"."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
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
        # seed 004, EQUIPMENT TOKENS: a mark on the carrier, struck through once spent
        assert page.locator(".model .equipment[data-equipment=spent]").count() == 1
        ready = [m for m in view["models"] if m["square"] and not m.get("removed")
                 and m["equipment"] and not m["equipment_spent"]]
        assert len(ready) >= 1
        assert page.locator(".model .equipment[data-equipment=ready]").count() == len(ready)
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
        # several models picked at once (a Target `count` of 2): the pair in words
        pair = option("ability", "Rally Two", {"ability": "Rally Two"},
                      {"targets": [["a1", "b2"], ["b1", "b2"]]})
        page.evaluate(PROMPT_JS, [prompt(8, option("end_activation"), pair), NAMES])
        page.click(".option[data-type=ability] button.do")
        page.click("button.choice >> text=Robert Baratheon and Unsullied")
        assert page.evaluate("() => sent") == [["ability", {"ability": "Rally Two",
                                                            "targets": ["a1", "b2"]}]]
        # an ability of two picks (picks.py): the 1st a model on the board, the 2nd a pair
        picks = option("ability", "Rally and Threaten", {"ability": "Rally and Threaten"},
                       {"pick_1": ["b1", "b2"], "pick_2": [["a1", "b2"], ["b1", "b2"]]})
        page.evaluate(PROMPT_JS, [prompt(9, option("end_activation"), picks), NAMES])
        page.click(".option[data-type=ability] button.do")
        assert "Choose the 1st pick" in page.locator(".prompt").inner_text()
        page.evaluate("() => panel.chooseModel('b2')")
        assert "Choose the 2nd pick" in page.locator(".prompt").inner_text()
        page.click("button.choice >> text=Robert Baratheon and Unsullied")
        assert page.evaluate("() => sent") == [["ability", {"ability": "Rally and Threaten",
                                                            "pick_1": "b2",
                                                            "pick_2": ["a1", "b2"]}]]
        picked_line = page.evaluate("""(names) => warbandLib.formatAsoiafEvent(
          {type: 'ability_used', data: {model: 'a1', ability: 'Rally and Threaten',
           target: null, picks: ['b2', ['a1', 'b1']], will_faces: []}},
          {name: (uid) => names[uid] || uid, seat: (s) => s})?.text""", NAMES)
        assert picked_line == ("Robert Baratheon uses Rally and Threaten on Unsullied and "
                               "Robert Baratheon and Targaryen Honor Guard.")

        lines = page.evaluate("""([events, names]) => events.map(([type, data]) =>
          warbandLib.formatAsoiafEvent({type, data}, {name: (uid) => names[uid] || uid,
            seat: (s) => s === 'a' ? 'Ann' : 'Bob'})?.text)""", [EVENTS, NAMES])
        for (kind, _), line in zip(EVENTS, lines, strict=True):
            assert line and line.endswith("."), (kind, line)
            assert not re.search(r"\b[ab]\d\b|_", line), (kind, line)  # names, not ids
        assert lines[12] == ("Targaryen Honor Guard defends with Shield Wall (rolled 8, 2, 1): "
                             "2 wounds.")
        said = dict(zip([kind for kind, _ in EVENTS], lines, strict=True))
        assert said["nemesis_chosen"] == ("Robert Baratheon names Targaryen Honor Guard its "
                                          "nemesis (Nemesis).")
        # terrain on entry (docs/rules/asoiaf.md, "Terrain on entry")
        assert said["moved"] == ("Robert Baratheon moves to square 2, 18. It enters terrain at "
                                 "square 2, 18; defence (rolled 3).")
        assert said["trigger_ability_used"] == ("Unsullied uses Vengeful on Targaryen Honor "
                                                "Guard, set off by Robert Baratheon.")
        # the interact and idle actions (seed 004, INTERACT; IDLE ACTION 1)
        assert said["door_used"] == ("Robert Baratheon breaks down the door and steps to "
                                     "square 3, 6.")
        assert said["idled"] == "Robert Baratheon stands idle."
        assert said["wounds_ability_answered"] == ("Robert Baratheon uses Oldest Brother "
                                                   "(rolled 6): Unsullied suffers the 1 wound "
                                                   "instead.")
        assert said["corpse_pile_tested"] == ("Robert Baratheon tries to climb the corpse pile "
                                              "(rolled 7): it can cross it this turn.")
        # every event the ASOIAF rules make has its own words (none the generic type name)
        assert server_event_types() <= {kind for kind, _ in EVENTS}
        assert not errors, errors
    finally:
        page.context.close()


def test_the_asoiaf_form_starts_a_match_against_the_house_bot(browser, server):
    """seed 004, PLAYING THE GAME: "each player rolling a [d10]" — one click on the
    form's bot button and the house bot holds the other seat: the roll-off is asked."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        sign_in_as_guest(page, "Ann")
        wait_for_warbands(page)
        page.click("#asoiaf-vs-bot")
        page.wait_for_selector(".board svg.asoiaf-board")
        page.wait_for_selector(".prompt .option[data-type=roll_off]")
        assert not errors, errors
    finally:
        page.context.close()
