"""The browser client end to end, in a real Chromium driven by Playwright.

Two browser contexts (two players) create and join a Song of Blades and Heroes
match and play it by clicking: the warband lists, roles, terrain, the table
edge, deployment and several activations. A third context spectates and must
see the same board and the moves in its log. Then a player resigns and the
replay viewer seeks to the end.

The server's dice are seeded per match at random, so the players act on
whatever their prompt offers (a fixed preference order); nothing depends on
luck. Screenshots are written to tests/web/artifacts/ (gitignored).

Chromium is Debian's package (/usr/bin/chromium); Playwright never downloads
a browser here. Without Chromium (or Playwright) the tests skip, unless
WARBAND_REQUIRE_CHROMIUM=1 (set by .ci/run), when they fail.
"""

from __future__ import annotations

import time

from tests.web.clicking import ODDS_SEEN, act
from tests.web.pages import (
    click_option_button,
    ended,
    new_page,
    shot,
    sign_in_as_guest,
    state,
    wait_for_library,
)

ACTIVATIONS = 6  # activation rolls to play by clicking before resigning...
MORE_FOR_ODDS = 20  # ...or up to this many, until an attack has shown its odds


# -- the test -----------------------------------------------------------------------

def test_two_players_play_by_clicking_a_spectator_watches_and_the_replay_seeks(pages):
    ann, bob, eve, errors = pages

    sign_in_as_guest(ann, "Ann")
    shot(ann, "01-lobby")
    ann.select_option("#create-form select[name=points]", "200")
    ann.click("#create-form button[type=submit]")
    ann.wait_for_selector(".match-status >> text=open")
    match_id = ann.locator(".match-id").inner_text()

    bob.fill("#account-form input[name=username]", "bob_the_orc")  # an account, not a guest
    bob.fill("#account-form input[name=password]", "correct horse")
    bob.click("#account-form #register")
    bob.wait_for_selector("#create-form")
    bob.wait_for_selector(f"tr[data-match='{match_id}'] button[data-join]").click()
    bob.wait_for_selector(".prompt .option[data-type=submit_list]")
    ann.wait_for_selector(".prompt .option[data-type=submit_list]")

    sign_in_as_guest(eve, "Eve")
    eve.fill("#watch-form input[name=match]", match_id)
    eve.click("#watch-form button[type=submit]")
    eve.wait_for_selector(".match-info >> text=You are watching")

    players = {"a": (ann, "Human Patrol"), "b": (bob, "Orc Patrol")}
    done: list[str] = []
    deadline = time.monotonic() + 150
    ODDS_SEEN.clear()
    reconnected = False
    while (done.count("activate") < ACTIVATIONS or (
            not ODDS_SEEN and done.count("activate") < MORE_FOR_ODDS)) and not ended(ann):
        assert time.monotonic() < deadline, f"too slow; did {done}"
        acted = False
        for seat, (page, preset) in players.items():
            if state(page)["mine"]:
                done.append(act(page, seat, preset))
                acted = True
                if done[-1] == "deploy" and done.count("deploy") == 3:
                    shot(page, "02-deploying")
        if not acted:
            time.sleep(0.05)
        if done.count("activate") == 2 and not reconnected:
            # the connection drops: the client reconnects, signs in again with its token
            # and resumes its subscription from the last seq; play goes on
            bob.evaluate("() => warband.conn.socket.close()")
            bob.wait_for_selector("#connection.online")
            reconnected = True
    assert {"submit_list", "choose_role", "generate_terrain", "choose_edge",
            "deploy"} <= set(done)
    if ODDS_SEEN:  # the attacker saw the server's exact odds before committing
        assert ODDS_SEEN[0] and "Odds" in ODDS_SEEN[0] and "%" in ODDS_SEEN[0], ODDS_SEEN
    shot(ann, "03-playing-ann")
    shot(bob, "04-playing-bob")

    # the spectator sees the same board as the players, and the moves in its log
    final_seq = state(ann)["seq"]
    for page in (bob, eve):
        page.wait_for_function("seq => document.querySelector('.prompt').dataset.seq === seq",
                               arg=final_seq)
    positions = {f["id"]: f["pos"] for f in state(ann)["figures"]}
    assert positions, "figures are on the board"
    assert {f["id"]: f["pos"] for f in state(eve)["figures"]} == positions
    assert eve.locator(".log li[data-type=activated]").count() >= done.count("activate") >= 2
    assert eve.locator(".log li[data-type=deployed]").count() == 12
    assert eve.locator(".log li[data-type=moved]").count() >= 1
    assert eve.locator(".prompt-head.mine").count() == 0
    log_text = eve.locator(".log").inner_text()
    assert "activates with" in log_text and "Human Warrior" in log_text
    shot(eve, "05-spectator")

    if not ended(ann):  # Ann resigns (two clicks: the button asks again)
        ann.click("button[data-action=resign]")
        ann.click("button[data-action=resign] >> text=Really concede?")
    for page in (ann, bob, eve):
        page.wait_for_selector(".prompt-head.over")
    over = eve.locator(".prompt-head.over").inner_text()
    assert "wins" in over or "no winner" in over, over
    last_seq = int(eve.locator(".log li").last.get_attribute("data-seq"))
    final_positions = {f["id"]: f["pos"] for f in state(eve)["figures"]}

    # a reload keeps the session (the token is in localStorage)
    bob.reload()
    bob.wait_for_selector("#user >> text=bob_the_orc")

    # the replay viewer: from the list, seek to the end, scrub, step back
    bob.click("#nav >> text=Replays")
    bob.wait_for_selector(f"tr[data-replay='{match_id}'] a").click()
    bob.wait_for_selector(".replay[data-step='0']")
    assert bob.locator(".step-label").inner_text() == f"step 0 / {last_seq}"
    bob.click("button[data-by=end]")
    bob.wait_for_selector(f".replay[data-step='{last_seq}']")
    replay_positions = {f["id"]: f["pos"] for f in state(bob)["figures"]}
    assert replay_positions == final_positions
    assert bob.locator(".log li.current[data-type=game_ended]").count() == 1
    shot(bob, "06-replay-end")
    middle = last_seq // 2
    bob.eval_on_selector(".scrubber", "(el, v) => { el.value = v; "
                         "el.dispatchEvent(new Event('input')); }", str(middle))
    bob.wait_for_selector(f".replay[data-step='{middle}']")
    bob.click("button[data-by=start]")
    bob.wait_for_selector(".replay[data-step='0']")
    assert not state(bob)["figures"], "nothing is on the table before the first event"
    assert errors == []


WORDING_JS = """() => {
  const names = {a1: 'Elf Archer', b1: 'Orc Warrior', b2: 'Orc Boss'};
  const ctx = {name: id => names[id] || id, seat: s => 'Seat ' + s.toUpperCase()};
  const line = (type, data) => {
    const out = warbandLib.formatEvent({type, v: 1, data}, ctx);
    return out && out.text;
  };
  return {
    melee: line('melee', {attacker: 'b1', defender: 'a1', dice: [5, 2], totals: [8, 5],
                          modifiers: [['outnumbering +1'], []], free_hack: false, power: false,
                          loser: 'defender', result: 'recoil', cost: 1}),
    lost: line('melee', {attacker: 'b1', defender: 'a1', dice: [1, 6], totals: [4, 9],
                         modifiers: [[], []], loser: 'attacker', result: 'kill'}),
    shot: line('shot', {shooter: 'a1', target: 'b2', dice: [6, 1], totals: [9, 4],
                        modifiers: [[], []], aimed: true, loser: 'defender', result: 'fall'}),
    activated: line('activated', {figure: 'a1', dice: [5, 2, 1], automatic: 0, target: 3,
                                  successes: 1, failures: 2, casting: false}),
    turn: line('turn_passed', {to: 'b', turn: 3, reason: 'turnover'}),
    scenario: line('scenario_rolled', {dice: [2], scenario: 'ambush'}),
    stray: line('stray_shot_rolled', {shooter: 'a1', target: 'b1', dice: [3], hits: 'b2'}),
    hidden: warbandLib.formatEvent(null, ctx).text,
    bookkeeping: warbandLib.formatEvent({type: 'pending_pushed', data: {}}, ctx),
    unknown: line('banner_waved', {figure: 'b2', height: 3}),
    odds: warbandLib.formatOdds({total: 36, outcomes: [
      {loser: 'defender', result: 'kill', ways: 10, probability: 10 / 36},
      {loser: 'defender', result: 'recoil', ways: 4, probability: 4 / 36},
      {loser: null, result: 'none', ways: 17, probability: 17 / 36},
      {loser: 'attacker', result: 'recoil', ways: 5, probability: 5 / 36}],
      modifiers: [[], []]}),
  };
}"""


def test_the_log_and_the_odds_in_plain_words(browser, server):
    """The wording of log lines and odds, run by the bundled code in Chromium."""
    page = browser.new_page()
    try:
        page.goto(server.http_url)
        wait_for_library(page)
        words = page.evaluate(WORDING_JS)
    finally:
        page.close()
    assert words["melee"] == ("Orc Warrior attacks Elf Archer: Elf Archer recoils from Orc "
                              "Warrior (5+3 vs 2+3) [outnumbering +1]")
    assert words["lost"] == "Orc Warrior attacks Elf Archer: Orc Warrior is killed (1+3 vs 6+3)"
    assert words["shot"] == ("Elf Archer takes an aimed shot at Orc Boss: Orc Boss falls "
                             "(6+3 vs 1+3)")
    assert words["activated"] == ("Elf Archer activates with 3 dice: rolled 5, 2, 1, needing 3+ "
                                  "— 1 action; 2 failures: turnover")
    assert words["turn"] == "Turn 3: Seat B to play (turnover)"
    assert words["scenario"] == "Scenario rolled: 2, Ambush"
    assert words["stray"] == ("Elf Archer shoots into the melee around Orc Warrior: rolled 3 "
                              "— the shot strays into Orc Boss")
    assert words["hidden"] == "(hidden)"
    assert words["bookkeeping"] is None
    assert words["unknown"] == "Banner waved: figure Orc Boss, height 3"
    assert words["odds"] == "Kill 28% · Recoil 11% · nothing 47% · you recoil 14%"


def test_a_private_match_is_joined_with_its_invite_code(browser, server):
    errors: list[str] = []
    ann, bob = new_page(browser, server, errors), new_page(browser, server, errors)
    try:
        sign_in_as_guest(ann, "Ann")
        ann.check("#create-form input[name=private]")
        ann.select_option("#create-form select[name=scenario]", "treasure_hunt")
        ann.click("#create-form button[type=submit]")
        code = ann.wait_for_selector(".match-info code.invite").inner_text()
        assert len(code) == 8
        assert "Treasure Hunt" in ann.locator(".match-info").inner_text()

        sign_in_as_guest(bob, "Bob")
        assert bob.locator("#open-matches tr[data-match]").count() == 0  # not listed
        bob.fill("#invite-form input[name=code]", code.lower())
        bob.click("#invite-form button[type=submit]")
        for page in (ann, bob):
            page.wait_for_selector(".prompt .option[data-type=submit_list]")
            page.wait_for_selector(".match-status >> text=active")
        assert "Your turn" in bob.locator(".prompt-head").inner_text()
        assert errors == []
    finally:
        ann.context.close()
        bob.context.close()


def test_one_click_starts_a_match_against_the_house_bot(browser, server):
    """Issue 6: the web client starts a match against a bot in one click; the bot
    (the server's own player) answers its set-up prompts by itself."""
    errors: list[str] = []
    ann = new_page(browser, server, errors)
    try:
        sign_in_as_guest(ann, "Ann")
        ann.click("#vs-bot")
        ann.wait_for_selector(".match-status >> text=active")
        ann.wait_for_selector(".prompt .option[data-type=submit_list]")
        click_option_button(ann, "submit_list")
        # Both lists are in only once the bot has sent its own: the next decision
        # (the roles, the terrain ...) comes without any click from anyone else.
        ann.wait_for_function("() => !document.querySelector("
                              "'.prompt .option[data-type=submit_list]')")
        shot(ann, "09-against-the-bot")
        eve = new_page(browser, server, errors)  # a spectator finds it in the live list
        sign_in_as_guest(eve, "Eve")
        eve.wait_for_selector("#live-matches tr[data-live] button[data-watch]").click()
        eve.wait_for_selector(".match-status >> text=active")
        # the roster names the players once the lists are revealed (the bot's may
        # still be on its way when the page opens)
        eve.wait_for_selector(".roster >> text=House bot")
        eve.context.close()
        assert errors == []
    finally:
        ann.context.close()


KINDS = ["open", "woods", "rough", "shallow_water", "swamp", "desert", "deep_water", "hill",
         "boulder", "building", "interior", "chasm", "slippery", "bridge"]
EDGES = ["low_wall", "hedge", "tall_wall", "cliff_short", "cliff_medium", "cliff_long"]

GALLERY_JS = """([kinds, edges]) => {
  document.body.innerHTML = '<div id="gallery" style="width:900px"></div>';
  const terrain = [], edgeList = [];
  kinds.forEach((kind, i) => {
    for (let r = 1; r <= 3; r++) terrain.push([1 + 2 * i - Math.floor(r / 2), r, kind]);
  });
  edges.forEach((kind, i) => edgeList.push([[2 + 3 * i, 5], [2 + 3 * i, 6], kind]));
  const view = {board: {width: 30, height: 8, terrain, edges: edgeList}, markers: [],
    figures: [
      {id: 'a1', seat: 'a', name: 'Elf Archer (Bow)', quality: 3, combat: 3, rules: [],
       pos: [1, 6], status: 'ready', fallen: false, transfixed: false, activated: false},
      {id: 'a2', seat: 'a', name: 'Elf Warrior', quality: 3, combat: 3, rules: [],
       pos: [3, 6], status: 'ready', fallen: true, transfixed: false, activated: true},
      {id: 'b1', seat: 'b', name: 'Orc Warrior', quality: 4, combat: 3, rules: [],
       pos: [6, 6], status: 'ready', fallen: false, transfixed: true, activated: false}]};
  const board = new warbandLib.Board(document.getElementById('gallery'), {});
  board.render(view, {hexes: new Map([['9,6', '#1f9d55']]), figures: new Map([['b1', '#d97706']]),
                      active: 'a1'});
  const fills = {};
  for (const kind of kinds) {
    fills[kind] = document.querySelector(`[data-kind="${kind}"]`).getAttribute('fill');
  }
  return {fills, edges: [...document.querySelectorAll('[data-edge]')].map(e => e.dataset.edge),
          states: [...document.querySelectorAll('.figure')].map(f => f.getAttribute('class'))};
}"""


def test_every_terrain_kind_and_edge_is_drawn_distinctly(browser, server):
    page = browser.new_page(viewport={"width": 960, "height": 420})
    try:
        page.goto(server.http_url)
        wait_for_library(page)
        drawn = page.evaluate(GALLERY_JS, [KINDS, EDGES])
        shot(page, "08-terrain-kinds")
    finally:
        page.close()
    assert len(set(drawn["fills"].values())) == len(KINDS), drawn["fills"]
    assert drawn["edges"] == EDGES
    assert any("fallen" in c and "activated" in c for c in drawn["states"])
    assert any("transfixed" in c and "legal" in c for c in drawn["states"])
    assert any("acting" in c for c in drawn["states"])
