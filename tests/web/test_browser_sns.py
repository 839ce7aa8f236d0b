"""Swords & Sorcery in the browser, end to end in Debian's Chromium: Ann creates
a skirmish (three figures a side, three turns: the lobby's short battle) from
the lobby's S&S form, Bob joins it from the open list, and both play the whole
battle to its result by clicking (never by sending frames): moves by a click
inside the offered area on the table and a click towards the facing, targets by
a click on their base with the exact odds shown on hover, the rest by buttons
(seed 003, TURN SEQUENCE). Then `warband replay verify` re-decides the stored
match from its commands.

The server's dice are seeded per match at random: each player acts on what its
prompt panel offers, in a fixed preference order; nothing depends on luck."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

from server.cli import main
from tests.web.pages import new_page, shot, sign_in_as_guest

# what a player clicks first when offered, in order
PREFERENCE = ["start", "keep_spells", "attack", "shoot", "move", "hold", "end_phase"]

PANEL_JS = """() => {
  const p = document.querySelector('.prompt');
  return {mine: p.dataset.mine === 'true' && p.dataset.busy !== 'true', seq: p.dataset.seq,
          pending: p.dataset.pending, over: !!p.querySelector('.prompt-head.over'),
          options: [...p.querySelectorAll('.option button.do')].map(
            b => b.closest('.option').dataset.type)};
}"""

# Click the table at a point (table units): the element under it gets the click.
CLICK_AT_JS = """([x, y]) => {
  const svg = document.querySelector('.board svg.sns-board');
  const m = svg.getScreenCTM();
  const p = new DOMPoint(x, y).matrixTransform(m);
  const target = document.elementFromPoint(p.x, p.y) || svg;
  target.dispatchEvent(new MouseEvent('click', {clientX: p.x, clientY: p.y, bubbles: true}));
}"""

# A point inside the offered area: `share` of the way from the acting figure to
# the outline's vertex nearest the enemy (the area is star-shaped round its start).
AREA_POINT_JS = """([share]) => {
  const svg = document.querySelector('.board svg.sns-board');
  const me = svg.querySelector('g.figure.acting circle');
  const from = [Number(me.getAttribute('cx')), Number(me.getAttribute('cy'))];
  const seat = me.closest('g').dataset.seat;
  const foes = [...svg.querySelectorAll(`g.figure:not([data-seat=${seat}]) circle`)]
    .map(c => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
  const poly = svg.querySelector('.offered-area polygon');
  const pts = poly.getAttribute('points').trim().split(' ').map(s => s.split(',').map(Number));
  const dist = (p) => Math.min(...foes.map(f => Math.hypot(f[0] - p[0], f[1] - p[1])));
  const best = pts.reduce((a, b) => (dist(b) < dist(a) ? b : a));
  return [Math.round(from[0] + share * (best[0] - from[0])),
          Math.round(from[1] + share * (best[1] - from[1]))];
}"""

NEAREST_FOE_JS = """() => {
  const svg = document.querySelector('.board svg.sns-board');
  const me = svg.querySelector('.chosen-place circle')
    || svg.querySelector('g.figure.acting circle');
  const at = [Number(me.getAttribute('cx')), Number(me.getAttribute('cy'))];
  const seat = svg.querySelector('g.figure.acting').dataset.seat;
  const foes = [...svg.querySelectorAll(`g.figure:not([data-seat=${seat}]) circle`)]
    .map(c => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
  const away = (p) => Math.hypot(p[0] - at[0], p[1] - at[1]);
  foes.sort((a, b) => away(a) - away(b));
  return foes[0] || [at[0], 0];
}"""


def panel(page) -> dict:
    return page.evaluate(PANEL_JS)


def wait_changed(page, pending: str, seq: str) -> None:
    page.wait_for_function(
        "([p, seq]) => { const d = document.querySelector('.prompt').dataset;"
        " return d.pending !== p || d.busy === 'true' || d.seq !== seq"
        " || !!document.querySelector('.prompt .prompt-error'); }", arg=[pending, seq])


def fill_choices(page, seen: dict) -> None:
    """Answer each parameter the picked option asks: on the table, or by a button."""
    share = 0.8
    for _ in range(12):
        state = panel(page)
        pending = state["pending"]
        if not state["mine"] or not pending:
            return
        if pending in ("to", "path"):
            point = page.evaluate(AREA_POINT_JS, [share])
            share /= 2  # (refused: on a friend's base; come a shorter way)
            page.evaluate(CLICK_AT_JS, point)
            seen["area clicks"] += 1
        elif pending == "facing":
            page.evaluate(CLICK_AT_JS, page.evaluate(NEAREST_FOE_JS))
            seen["facing clicks"] += 1
        elif pending == "target":
            button = page.locator(".prompt button[data-param=target]").first
            button.hover()  # the exact odds of this attack, before choosing
            page.wait_for_selector(".prompt .odds table.odds-table")
            seen["odds"].append(page.locator(".prompt .odds").inner_text())
            uid = page.evaluate("() => { const s = document.querySelector('.prompt');"
                                " return [...document.querySelectorAll('.board g.figure.legal')]"
                                ".map(g => g.dataset.figure)[0]; }")
            page.locator(f".board g.figure[data-figure='{uid}'] circle").dispatch_event("click")
            seen["target clicks"] += 1
        else:
            page.locator(".prompt button.choice").first.dispatch_event("click")
        wait_changed(page, pending, state["seq"])
        if page.locator(".prompt .prompt-error").count() and pending not in ("to", "path"):
            raise AssertionError(page.locator(".prompt .prompt-error").inner_text())


def act(page, seen: dict) -> None:
    state = panel(page)
    kind = next((k for k in PREFERENCE if k in state["options"]), state["options"][0])
    page.locator(f".prompt .option[data-type={kind}] button.do").first.dispatch_event("click")
    seen["done"].append(kind)
    fill_choices(page, seen)
    page.wait_for_function(
        "seq => { const p = document.querySelector('.prompt'); return p.dataset.busy !== 'true'"
        " && (p.dataset.seq !== seq || p.dataset.mine !== 'true'"
        " || !!p.querySelector('.prompt-head.over')); }", arg=state["seq"])


def test_two_players_play_a_whole_sns_skirmish_by_clicking_and_it_verifies(
        browser, server, tmp_path):
    errors: list[str] = []
    ann, bob = (new_page(browser, server, errors) for _ in range(2))
    try:
        match_id, seen = play_two(ann, bob, errors)
    finally:
        shot(ann, "sns-last-ann")
        shot(bob, "sns-last-bob")
        ann.context.close()
        bob.context.close()
    url = f"sqlite+aiosqlite:///{tmp_path / 'warband.db'}"
    with ThreadPoolExecutor(1) as pool:  # (Playwright's loop runs in this thread)
        verified = pool.submit(main, ["replay", "verify", match_id, "--database", url])
        assert verified.result(timeout=120) == 0
    assert seen["area clicks"] and seen["facing clicks"], seen


def play_two(ann, bob, errors: list):
    sign_in_as_guest(ann, "Ann")
    ann.select_option("#sns-form select[name=army_a]", "medieval-skirmish")
    ann.select_option("#sns-form select[name=army_b]", "orc-skirmish")
    ann.fill("#sns-form input[name=turns]", "3")
    ann.click("#sns-form button[type=submit]")
    ann.wait_for_selector(".match-status >> text=open")
    match_id = ann.locator(".match-id").inner_text()

    sign_in_as_guest(bob, "Bob")
    row = bob.wait_for_selector(f"tr[data-match='{match_id}']")
    assert "Swords & Sorcery: Medieval Men (3) against Orcs (3), 3 turns" in row.inner_text()
    bob.click(f"tr[data-match='{match_id}'] button[data-join]")
    for page in (ann, bob):
        page.wait_for_selector(".board svg.sns-board g.figure")
        page.wait_for_selector(".prompt[data-seq]")
    # the table to scale: 36" x 24", a wood and a boulder, three bases a side
    assert ann.locator(".board svg.sns-board").get_attribute("viewBox") == "-6 -6 372 252"
    assert ann.locator(".board polygon.terrain").count() == 2
    assert ann.locator(".board g.figure[data-seat=a]").count() == 3

    players = {"a": ann, "b": bob}
    seen = {"done": [], "odds": [], "area clicks": 0, "facing clicks": 0, "target clicks": 0}
    deadline = time.monotonic() + 150
    while not panel(ann)["over"]:
        assert time.monotonic() < deadline, f"too slow; did {seen}"
        acted = False
        for page in players.values():
            if panel(page)["mine"]:
                act(page, seen)
                acted = True
        if not acted:
            time.sleep(0.05)
    bob.wait_for_selector(".prompt-head.over")
    log = ann.locator(".log").inner_text()
    assert "The battle is over" in log and " a1 " not in log
    assert "moves to" in log and "Turn 1: fast movement begins." in log
    if seen["target clicks"]:
        assert seen["odds"] and "of 144" in seen["odds"][0]
    # hovering a figure shows its arcs, its move and (a missile weapon) its ranges
    ann.locator(".board g.figure[data-seat=a]").first.hover()
    assert ann.locator(".board g.overlay path.arc").count() == 4
    # the finished match's replay draws the same table and words
    ann.click("a.button[href^='#/replay/']")
    ann.wait_for_selector(".replay .board svg.sns-board")
    ann.click("button[data-by=end]")
    ann.wait_for_function("() => document.querySelector('.replay').dataset.step !== '0'")
    assert ann.locator(".replay .board g.figure").count() >= 3
    assert "The battle is over" in ann.locator(".replay .log").inner_text()
    assert not errors, errors
    return match_id, seen


# -- the table, the panel and the log words on their own, with the engine's view ---

BOARD_JS = """([view, area]) => {
  document.body.innerHTML = '<div class="board" id="board"></div>'
    + '<div class="prompt" id="panel"></div>';
  window.clicked = [];
  const board = new warbandLib.SnsBoard(document.getElementById('board'), {
    onPoint: (p) => clicked.push(['point', p]), onFigure: (uid) => clicked.push(['figure', uid])});
  board.render(view, {targets: new Set(), area, chosen: null, names: new Map()});
  window.board = board;
}"""


def engine_view_and_move():
    """Seat a's view and a move option of the first figure to move, as the wire has them."""
    from server.rules.dice import SeededDice
    from server.rules.kernel import Command, Viewer
    from server.rules.runner import apply_command
    from server.rules.sns.system import SYSTEM
    state, dice = SYSTEM.initial({"options": {"last_turn": 3}}), SeededDice(b"table")
    while True:
        prompt = SYSTEM.prompt(state)
        seat = prompt.seats[0]
        options = prompt.for_seat(seat).options
        move = next((s for s in options if s.type == "move"), None)
        if move is not None:
            mine = [o for o in options if o.args.get("figure") == move.args["figure"]]
            return SYSTEM.view(state, Viewer(seat)), move, mine
        keep = next(s for s in options if s.type in ("start", "end_phase"))
        state, _ = apply_command(SYSTEM, state, Command(seat, keep.type, dict(keep.args)), dice)


def random_game_events() -> list[dict]:
    """Every event of two seeded random-legal games (the default armies, spells too)."""
    import random

    from server.rules.dice import SeededDice
    from server.rules.runner import apply_command
    from server.rules.sns.random_player import random_command
    from server.rules.sns.system import SYSTEM
    events = []
    for seed in (1, 2):
        state, rng = SYSTEM.initial({"options": {"last_turn": 4}}), random.Random(seed)
        dice = SeededDice(seed.to_bytes(8, "big"))
        while not SYSTEM.is_over(state):
            prompt = SYSTEM.prompt(state)
            seat = prompt.seats[rng.randrange(len(prompt.seats))]
            state, applied = apply_command(SYSTEM, state, random_command(prompt, seat, rng),
                                           dice)
            events += [{"type": a.event.type, "data": dict(a.event.data)} for a in applied]
    return events


def test_the_table_draws_an_engine_view_and_its_offered_area_and_words_every_event(browser,
                                                                                   server):
    """seed 003, MOVEMENT RATES and TERRAIN (the area a move may reach, around the
    boulder, half speed in the wood); the arcs of ATTACK ROLL MODIFIERS ("Attacking
    from side", "Attacking from rear") and RANGED ATTACKS' ranges ("Double the
    listed range is long range"), drawn on hover."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        view, move, _ = engine_view_and_move()
        wire = move.to_wire()
        area = wire["described"]["to"]
        page.evaluate(BOARD_JS, [view, area])
        assert page.locator("#board polygon.terrain").count() == 2
        on_table = [f for f in view["figures"] if not (f["dead"] or f["fled"])]
        assert page.locator("#board g.figure").count() == len(on_table)
        outline = page.locator("#board .offered-area polygon").get_attribute("points")
        assert len(outline.split()) == 120
        # a click inside the drawn area gives a point the server accepts as the move
        inside = page.evaluate("""(d) => {
          const pts = document.querySelector('#board .offered-area polygon')
            .getAttribute('points').trim().split(' ').map(s => s.split(',').map(Number));
          const p = pts[10];
          return [Math.round(d.from[0] + 0.9 * (p[0] - d.from[0])),
                  Math.round(d.from[1] + 0.9 * (p[1] - d.from[1]))];
        }""", area)
        page.evaluate(CLICK_AT_JS.replace(".board svg.sns-board", "#board svg"), inside)
        clicked = page.evaluate("() => window.clicked")
        assert clicked[-1][0] == "point"
        assert clicked[-1][1] in move.params["to"]
        # a yeoman's hover: four arc wedges, its move and its short and long range
        yeoman = next(f for f in on_table if f["ranged"])
        page.evaluate("uid => board.hover({figure: uid})", yeoman["uid"])
        assert page.locator("#board g.overlay path.arc").count() == 4
        assert page.locator("#board g.overlay circle.range").count() == 2
        assert page.locator("#board g.overlay circle.move-range").count() == 1

        # every event type of two random games in words: names, never ids
        events = random_game_events()
        names = {f["uid"]: f["name"] for f in view["figures"]}
        # and the flyers' declaration ("Flyers must declare if they are engaging in
        # HTH"), which the default armies (no flyers) never make
        flyer = view["figures"][0]["uid"]
        events += [{"type": "phase_began", "data": {"phase": "flyers", "first": "a", "turn": 2}},
                   {"type": "flyer_declared", "data": {"figure": flyer, "engages": True}},
                   {"type": "flyer_declared", "data": {"figure": flyer, "engages": False}}]
        texts = page.evaluate("""([events, names]) => events.map((e) => [e.type,
          warbandLib.formatSnsEvent(e, {name: (u) => names[u] || 'UNKNOWN',
            seat: (s) => (s === 'a' ? 'Ann' : 'Bob')}).text])""", [events, names])
        types = {t for t, _ in texts}
        assert {"moved", "attacked", "phase_began", "rolled_off", "game_over"} <= types
        name = names[flyer]
        assert texts[-3:] == [
            ["phase_began", "Turn 2: the flyers' declaration (engage or stay aloft) begins."],
            ["flyer_declared", f"{name} engages in hand to hand."],
            ["flyer_declared", f"{name} stays aloft (no hand to hand with nonflyers this "
                               "turn)."]]
        for kind, text in texts:
            assert "undefined" not in text and "UNKNOWN" not in text, (kind, text)
            assert text != f"{kind.replace('_', ' ')}.", f"no words for {kind}"
        assert not errors, errors
    finally:
        shot(page, "sns-table")
        page.context.close()


PANEL_BOARD_JS = """([view, prompt]) => {
  document.body.innerHTML = '<div class="board" id="board"></div>'
    + '<div class="prompt" id="panel"></div>';
  window.sent = [];
  const names = new Map(view.figures.map((f) => [f.uid, f.name]));
  let board = null;
  const panel = new warbandLib.SnsPrompt(document.getElementById('panel'), {
    send: async (type, args) => { sent.push([type, args]); }, odds: async () => ({}),
    changed: () => board.render(view, panel.marks()), aim: (bearing) => board.hover({bearing}),
    ctx: () => ({name: (u) => names.get(u) || u, rawName: (u) => names.get(u) || '',
                 seat: (s) => s})});
  board = new warbandLib.SnsBoard(document.getElementById('board'), {
    onPoint: (p) => panel.choosePoint(p), onFigure: (uid) => panel.chooseFigure(uid),
    onHover: (t) => board.hover(t)});
  panel.setContext({prompt, view, seat: prompt.decision.seat});
  board.render(view, panel.marks());
  window.panel = panel;
}"""

# the screen point of a table point, for Playwright's mouse
SCREEN_JS = """([x, y]) => {
  const m = document.querySelector('#board svg').getScreenCTM();
  const p = new DOMPoint(x, y).matrixTransform(m);
  return [p.x, p.y];
}"""


def test_a_move_by_dragging_and_a_path_round_an_obstacle_by_clicking(browser, server):
    """seed 003, TERRAIN: "Nonflying units will in general move around obstacles
    like boulders and trees": a path of legs, each inside the area left; MOVEMENT
    RATES: a move anywhere in reach, here dragged, then faced by a click."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        view, move, mine = engine_view_and_move()
        prompt = {"seq": 1, "waiting": ["a"], "decision": {
            "seat": "a", "text": "Move", "options": [o.to_wire() for o in mine]}}
        page.evaluate(PANEL_BOARD_JS, [view, prompt])
        figure = next(f for f in view["figures"] if f["uid"] == move.args["figure"])
        ahead = 1 if figure["seat"] == "b" else -1  # towards the enemy's edge
        # drag the base 3" ahead, then click due east of it: facing 90
        page.locator("#panel .option[data-type=move] button.do").click()
        start = page.evaluate(SCREEN_JS, [figure["x"], figure["y"]])
        end = page.evaluate(SCREEN_JS, [figure["x"], figure["y"] + 30 * ahead])
        page.mouse.move(*start)
        page.mouse.down()
        page.mouse.move(*end, steps=5)
        page.mouse.up()
        page.wait_for_function("() => panel.pendingParam === 'facing'")
        page.evaluate(CLICK_AT_JS.replace(".board svg.sns-board", "#board svg"),
                      [figure["x"] + 50, figure["y"] + 30 * ahead])
        page.wait_for_function("() => sent.length === 1")
        kind, args = page.evaluate("() => sent[0]")
        assert kind == "move" and args["to"] == [figure["x"], figure["y"] + 30 * ahead]
        assert args["facing"] == 90 and args["to"] in move.params["to"]
        # a path: two legs clicked, then ended; the server accepts it
        page.evaluate(PANEL_BOARD_JS, [view, prompt])
        page.locator("#panel .option[data-type=move_path] button.do").click()
        click = CLICK_AT_JS.replace(".board svg.sns-board", "#board svg")
        page.evaluate(click, [figure["x"] - 10, figure["y"] + 10 * ahead])
        page.wait_for_selector("#panel button[data-action=finish-path]")
        page.evaluate(click, [figure["x"] - 10, figure["y"] + 30 * ahead])
        page.wait_for_selector("#board polyline.waypoints")
        page.locator("#panel button[data-action=finish-path]").click()
        page.wait_for_function("() => panel.pendingParam === 'facing'")
        page.locator("#panel button.choice").first.click()  # face the nearest enemy
        page.wait_for_function("() => sent.length === 1")
        kind, args = page.evaluate("() => sent[0]")
        path_spec = next(s for s in mine if s.type == "move_path")
        assert kind == "move_path" and len(args["path"]) == 3
        assert args["path"] in path_spec.params["path"]
        assert not errors, errors
    finally:
        shot(page, "sns-drag-path")
        page.context.close()
