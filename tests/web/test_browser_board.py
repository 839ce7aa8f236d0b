"""Issue 30, following the game on the board: the live match screen (the
bundled MatchScreen in Chromium, fed by a stand-in connection with the pushes a
bot's turn brings) at 1366x768, 1440x900, 1920x1080 and a 412 px phone.

Checked on what the page shows (element boxes, classes, text, SVG attributes):
every token is told apart and no name labels overlap; the prompt's candidate
is ringed even when it is the acting figure; the other side's "activated"
marks are gone on your turn; each bot activation since your last decision is
drawn (paths, attack arrows with their dice as dice, activation dice, a cross
where a figure died), numbered, and can be stepped through with the board as
it stood and the log lines lit; the log sits beside the board; the board fits
its box without scrollbars and zooms."""

from __future__ import annotations

from tests.web.pages import shot, wait_for_library

SIZES = [(1366, 768), (412, 915), (1440, 900), (1920, 1080)]


def hex_at(column: int, row: int) -> list[int]:
    return [column - row // 2, row]


def figure(fid: str, seat: str, name: str, at, activated=False) -> dict:
    return {"id": fid, "seat": seat, "name": name, "quality": 3, "combat": 3, "rules": [],
            "pos": at, "status": "ready" if at else "dead", "fallen": False,
            "transfixed": False, "activated": activated, "wounds": 0}


START = {  # where everyone stands before the bot's turn (a crowd of elves)
    "a1": hex_at(5, 6), "a2": hex_at(6, 6), "a3": hex_at(5, 7), "a4": hex_at(6, 7),
    "a5": hex_at(4, 6), "a6": hex_at(7, 6),
    "b1": hex_at(10, 2), "b2": hex_at(8, 7), "b3": hex_at(12, 6), "b4": hex_at(13, 6),
}
NAMES = {"a1": "Wood Elf Archer (Bow)", "a2": "Wood Elf Archer (Bow)",
         "a3": "Wood Elf Warrior", "a4": "Wood Elf Warrior", "a5": "Wood Elf Wizard",
         "a6": "Wood Elf Leader (Sword)", "b1": "Orc Warrior", "b2": "Orc Warrior",
         "b3": "Orc Archer", "b4": "Orc Boss"}


def view(at: dict, active_seat: str, activated: set, activation=None, turn=2) -> dict:
    return {"phase": "play", "turn": turn, "active_seat": active_seat, "activation": activation,
            "board": {"width": 16, "height": 12, "terrain": [[6, 3, "woods"]], "edges": []},
            "options": {"scenario": "skirmish"}, "victory_points": {},
            "figures": [figure(fid, fid[0], NAMES[fid], at.get(fid), fid in activated)
                        for fid in NAMES],
            "markers": [], "tokens": [], "treasure": None, "place_of_power": []}


def frames() -> list[dict]:
    """Deployment, then the bot's turn: b1 moves, b2 charges a3 and wins (a3 recoils),
    b3 shoots a2 dead; then the turn passes to us with a question about a1."""
    out: list[dict] = []
    seq = 0

    def event(etype, **data):
        nonlocal seq
        seq += 1
        out.append({"type": "event", "seq": seq, "event": {"type": etype, "data": data}})

    for fid, at in START.items():
        event("deployed", seat=fid[0], figure=fid, to=at)
    event("turn_passed", to="b", turn=1, reason="initiative")
    at = dict(START)
    b1_to, b2_to, a3_to = hex_at(8, 4), hex_at(6, 7), hex_at(4, 7)
    event("activated", figure="b1", dice=[5, 2], automatic=0, target=4, successes=1,
          failures=1)
    event("moved", figure="b1", to=hex_at(9, 3), cost=1, contact=[])
    event("moved", figure="b1", to=b1_to, cost=1, contact=[])
    event("activation_ended", figure="b1")
    at["b1"] = b1_to
    out.append({"type": "view", "seq": seq, "view": view(at, "b", {"b1"})})
    event("activated", figure="b2", dice=[6, 4], automatic=0, target=4, successes=2,
          failures=0)
    event("moved", figure="b2", to=b2_to, cost=1, contact=["a3"])
    event("melee", attacker="b2", defender="a3", dice=[5, 2], totals=[8, 5],
          loser="defender", result="recoil", modifiers=[[], []])
    event("recoiled", figure="a3", to=a3_to, away_from="b2")
    event("activation_ended", figure="b2")
    at.update(b2=b2_to, a3=a3_to)
    out.append({"type": "view", "seq": seq, "view": view(at, "b", {"b1", "b2"})})
    event("activated", figure="b3", dice=[4], automatic=0, target=4, successes=1, failures=0)
    event("shot", shooter="b3", target="a2", dice=[6, 1], totals=[9, 4], loser="defender",
          result="kill", modifiers=[[], []])
    event("killed", figure="a2", by="b3")
    event("activation_ended", figure="b3")
    at.pop("a2")
    event("turn_passed", to="a", turn=2, reason="every figure has activated")
    # our turn: the other side's activated flags are still set in the view
    out.append({"type": "view", "seq": seq,
                "view": view(at, "a", {"b1", "b2", "b3", "b4"}, {"figure": "a1"})})
    out.append({"type": "prompt", "seq": seq, "waiting": ["a"], "decision": {
        "seat": "a", "text": "Intercept the fleeing figure? Click a highlighted figure.",
        "options": [{"type": "intercept", "label": "Intercept", "args": {},
                     "params": {"figure": ["a1"]}},
                    {"type": "pass", "label": "Let it go", "args": {}, "params": {}}]}})
    return out


# the live match screen on frames pushed by hand (what it sends kept in window.sent)
SETUP_JS = """async (frames) => {
  const old = document.getElementById('screen') || document.getElementById('board-test');
  const root = document.createElement('main');
  root.id = 'board-test';
  old.replaceWith(root);
  let push = null;
  window.sent = [];
  const app = {
    myMatches: () => [], status: () => {}, go: () => {},
    catalog: async () => ({}), odds: async () => ({}),
    conn: {
      subscribe: async (id, options) => { push = options.onPush;
        return {status: 'active', seat: 'a', players: {a: 'Ann', b: 'House bot'}}; },
      request: async (type, fields) => { window.sent.push([type, fields]);
        return type === 'chat_history' ? {messages: [], muted: [], can_write: true} : {}; },
      unsubscribe: () => {}, chats: new Map(),
    },
  };
  window.testScreen?.hide();
  window.testScreen = new warbandLib.MatchScreen(root, app, 'm1');
  await window.testScreen.show();
  for (const frame of frames) push(frame);
  await new Promise((done) => setTimeout(done, 100));
}"""

READ_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width}; };
  const svg = document.querySelector('.board svg');
  const board = document.querySelector('.board');
  const fig = (id) => svg.querySelector(`.figure[data-figure="${id}"]`);
  const a1 = fig('a1');
  const a1circles = [...a1.querySelectorAll('circle')];
  const dice = (sel) => [...svg.querySelectorAll(sel + ' .die')].map(d => ({
    value: d.dataset.value, pips: d.querySelectorAll('.pip').length,
    cls: d.getAttribute('class')}));
  return {
    width: document.documentElement.clientWidth,
    pageScrollWidth: document.documentElement.scrollWidth,
    tokens: [...svg.querySelectorAll('.figure')].map(f => ({id: f.dataset.figure,
      seat: f.dataset.seat, text: f.querySelector('.token-text').textContent,
      states: f.dataset.states, cls: f.getAttribute('class'), pos: f.dataset.pos})),
    labels: [...svg.querySelectorAll('.name-label')].map(l => ({text: l.textContent, ...box(l)})),
    a1: {cls: a1.getAttribute('class'), circles: a1circles.map(c => c.getAttribute('class')),
      ringR: Number(a1.querySelector('.legal-ring')?.getAttribute('r')),
      actingR: Number(a1.querySelector('.acting-ring')?.getAttribute('r'))},
    rosterLines: [...document.querySelectorAll('.roster li')].map(l => l.textContent),
    trail: {steps: document.querySelector('.trail-tools').dataset.steps,
      current: document.querySelector('.trail-tools').dataset.current,
      label: document.querySelector('.trail-label').textContent,
      drawn: [...svg.querySelectorAll('.trail-step')].map(s => ({step: s.dataset.step,
        figure: s.dataset.figure, faded: s.classList.contains('faded')})),
      paths: [...svg.querySelectorAll('.trail-path')].map(p => [p.dataset.figure,
        p.dataset.from, p.dataset.to]),
      attacks: [...svg.querySelectorAll('.trail-attack')].map(a => [a.dataset.attacker,
        a.dataset.defender, a.getAttribute('marker-end')]),
      attackDice: dice('.trail-over'),
      killed: [...svg.querySelectorAll('.trail-killed')].map(k => k.dataset.figure)},
    logCurrent: [...document.querySelectorAll('.log li.trail-current')].map(l => l.textContent),
    logRecent: document.querySelectorAll('.log li.trail-recent').length,
    past: board.classList.contains('in-the-past'),
    boardBox: box(board), svgBox: box(svg),
    boardScroll: [board.scrollWidth, board.clientWidth, board.scrollHeight, board.clientHeight],
    column: box(document.querySelector('.board-column')),
    log: box(document.querySelector('.log-card')),
    roster: box(document.querySelector('.roster')),
    prompt: box(document.querySelector('.prompt')),
  };
}"""


def overlap(a: dict, b: dict) -> bool:
    return (a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5
            and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5)


def check_tokens_labels_and_candidate(seen: dict, size) -> None:
    texts = {t["id"]: t["text"] for t in seen["tokens"]}
    assert texts["a1"] != texts["a3"], texts  # Archer 1 and Warrior 1: both WE1 before
    for seat in "ab":
        mine = [t["text"] for t in seen["tokens"] if t["seat"] == seat]
        assert len(mine) == len(set(mine)), f"{size}: tokens told apart: {mine}"
    assert texts["a1"] == "WEA1" and texts["a3"] == "WEW1" and texts["a5"] == "WEWi", texts
    labels = seen["labels"]
    assert labels and not any(t["text"].endswith("…") for t in labels)
    assert "Wood Elf Warrior 1" in {t["text"] for t in labels}
    for i, one in enumerate(labels):
        for other in labels[i + 1:]:
            assert not overlap(one, other), f"{size}: labels overlap: {one} {other}"
    # the intercept's only candidate is the acting figure: ringed above its gold ring
    a1 = seen["a1"]
    assert "legal" in a1["cls"] and "acting" in a1["cls"]
    assert a1["circles"].index("legal-ring") > a1["circles"].index("acting-ring")
    assert a1["ringR"] > a1["actingR"]
    # our turn: the bot's figures no longer show as activated
    for t in seen["tokens"]:
        if t["seat"] == "b":
            assert "activated" not in t["states"] and "activated" not in t["cls"], t
    assert not any("activated" in line for line in seen["rosterLines"] if "Orc" in line)
    assert any(line.startswith("WEA1") for line in seen["rosterLines"])


def check_trail_now(seen: dict, size) -> None:
    trail = seen["trail"]
    assert trail["steps"] == "3" and trail["current"] == "now", trail
    assert trail["label"] == "3 activations since your last decision"
    assert [(d["step"], d["figure"], d["faded"]) for d in trail["drawn"]] == [
        ("1", "b1", True), ("2", "b2", True), ("3", "b3", False)]
    assert ["b1", "9,2", "8,3"] in trail["paths"] and ["b1", "8,3", "6,4"] in trail["paths"]
    assert ["a3", "2,7", "1,7"] in trail["paths"]  # the recoil
    assert ["b2", "a3", "url(#trail-arrow-attack)"] in trail["attacks"]
    assert ["b3", "a2", "url(#trail-arrow-attack)"] in trail["attacks"]
    attack = [d for d in trail["attackDice"] if "attack-die" in d["cls"]]
    assert {"value": "5", "pips": 5, "cls": "die attack-die won"} in attack, attack
    assert {"value": "2", "pips": 2, "cls": "die defence-die"} in trail["attackDice"]
    rolls = [d for d in trail["attackDice"] if "roll-die" in d["cls"]]
    assert {"value": "2", "pips": 2, "cls": "die roll-die failure"} in rolls
    assert trail["killed"] == ["a2"]
    assert seen["logRecent"] >= 12 and not seen["logCurrent"] and not seen["past"]


def check_layout(seen: dict, size) -> None:
    width, height = size
    assert seen["pageScrollWidth"] <= seen["width"], f"{size}: the page scrolls sideways"
    sw, cw, sh, ch = seen["boardScroll"]
    assert sw <= cw + 1 and sh <= ch + 1, f"{size}: the board scrolls inside: {seen['boardScroll']}"
    board, svg = seen["boardBox"], seen["svgBox"]
    assert svg["left"] >= board["left"] - 1 and svg["right"] <= board["right"] + 1
    assert svg["bottom"] <= board["bottom"] + 1
    assert svg["bottom"] <= height, f"{size}: the whole board is on the screen"
    log, column, roster = seen["log"], seen["column"], seen["roster"]
    assert log["top"] < roster["top"] or log["right"] <= roster["left"], \
        f"{size}: the log comes before the roster (or the roster has its own column)"
    if width >= 1366:
        assert log["left"] >= column["right"], f"{size}: the log is beside the board"
        assert log["top"] < height - 100, f"{size}: the log is on the screen: {log}"


def test_following_the_bots_turn_on_the_board(browser, server):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server.http_url)
        wait_for_library(page)
        for size in SIZES:
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.evaluate(SETUP_JS, frames())
            seen = page.evaluate(READ_JS)
            shot(page, f"30-board-{size[0]}")
            check_tokens_labels_and_candidate(seen, size)
            check_trail_now(seen, size)
            check_layout(seen, size)
            if size[0] not in (1366, 412):
                continue
            # zoom: bigger, scrolls to pan; "fit" brings the whole board back
            before = seen["svgBox"]["width"]
            page.click("button[data-zoom=in]")
            zoomed = page.evaluate(READ_JS)
            assert zoomed["svgBox"]["width"] > before * 1.2
            assert zoomed["boardScroll"][0] > zoomed["boardScroll"][1]
            page.click("button[data-zoom=fit]")
            assert abs(page.evaluate(READ_JS)["svgBox"]["width"] - before) < 2
            # step back through the bot's turn: one activation at a time, as it stood
            page.click("button[data-trail=prev]")
            page.click("button[data-trail=prev]")
            page.click("button[data-trail=prev]")
            step = page.evaluate(READ_JS)
            assert step["trail"]["current"] == "1"
            assert step["trail"]["label"] == "1 of 3: Orc Warrior 1"
            assert [d["step"] for d in step["trail"]["drawn"]] == ["1"]
            assert step["past"], "the board shows the position after that activation"
            pos = {t["id"]: t["pos"] for t in step["tokens"]}
            assert pos["b1"] == "6,4" and pos["b2"] == "5,7" and pos["a2"] == "3,6", pos
            assert step["logCurrent"][0].endswith(
                "Orc Warrior 1 activates with 2 dice: rolled 5, 2, needing 4+ (Quality 3, "
                "-1 against it) — 1 action")
            assert any("Orc Warrior 1 moves" in line for line in step["logCurrent"])
            page.keyboard.press("ArrowRight")
            step = page.evaluate(READ_JS)
            assert step["trail"]["current"] == "2"
            assert [d["step"] for d in step["trail"]["drawn"]] == ["2"]
            assert any("attacks Wood Elf Warrior 1" in line for line in step["logCurrent"])
            shot(page, f"30-board-step-{size[0]}")
            # a click on the board while looking back is no choice: it comes back to now
            page.click(".board .hex[data-hex='0,0']")
            assert page.evaluate(READ_JS)["trail"]["current"] == "now"
            page.keyboard.press("ArrowLeft")
            assert page.evaluate(READ_JS)["trail"]["current"] == "3"
            page.click("button[data-trail=now]")
            now = page.evaluate(READ_JS)
            assert now["trail"]["current"] == "now" and not now["past"]
            assert len(now["trail"]["drawn"]) == 3
        assert not errors, errors
    finally:
        page.close()
