"""The SBH screens a player's pass found hard to read: a mirror match (the bot with
the same list) said "Dwarf Commander attacks Dwarf Commander"; a group activation
offered each of ~40 groups as a button; the names under the tokens were ~5 px;
"Resign" beside "Concede the match"; raw hex coordinates; the replay's legend
spoke of arrows it does not draw; an empty band under the top bar, which took
144 px on a phone. The match screen is fed by a stand-in connection (as in
test_browser_board)."""

from __future__ import annotations

from tests.web.pages import new_page, shot, sign_in_as_guest
from tests.web.test_browser_board import SETUP_JS, figure, hex_at

# the same list on both sides: a Commander and Warriors each
NAMES = {"a1": "Dwarf Commander", "a2": "Dwarf Warrior", "a3": "Dwarf Warrior",
         "a4": "Dwarf Warrior", "a5": "Dwarf Warrior", "a6": "Dwarf Warrior",
         "b1": "Dwarf Commander", "b2": "Dwarf Warrior"}
AT = {"a1": hex_at(5, 10), "a2": hex_at(6, 10), "a3": hex_at(7, 10), "a4": hex_at(8, 10),
      "a5": hex_at(9, 10), "a6": hex_at(10, 10), "b1": hex_at(5, 11), "b2": hex_at(12, 3)}
# the groups the server offers (only these may be sent), as groups.py lists them
GROUPS = [["a2", "a3"], ["a3", "a4"], ["a4", "a5"], ["a5", "a6"], ["a2", "a3", "a4"],
          ["a3", "a4", "a5"], ["a4", "a5", "a6"], ["a2", "a3", "a4", "a5"]]


def frames() -> list[dict]:
    figures = [{**figure(fid, fid[0], NAMES[fid], AT[fid]), "rules": []} for fid in NAMES]
    view = {"phase": "play", "turn": 2, "active_seat": "a", "activation": {"figure": "a1"},
            "board": {"width": 24, "height": 24, "terrain": [], "edges": []},
            "options": {"scenario": "skirmish"}, "victory_points": {}, "figures": figures,
            "markers": [], "tokens": [], "treasure": None, "place_of_power": []}
    out = [{"type": "view", "seq": 0, "view": view}]
    events = [("deployed", {"seat": "a", "figure": "a1", "to": AT["a1"]}),
              ("deployed", {"seat": "b", "figure": "b1", "to": AT["b1"]}),
              ("melee", {"attacker": "b1", "defender": "a1", "dice": [5, 2], "totals": [7, 4],
                         "loser": "defender", "result": "recoil", "modifiers": [[], []]})]
    for seq, (etype, data) in enumerate(events, start=1):
        out.append({"type": "event", "seq": seq, "event": {"type": etype, "data": data}})
    out.append({"type": "view", "seq": 3, "view": view})
    out.append({"type": "prompt", "seq": 3, "waiting": ["a"], "decision": {
        "seat": "a", "text": "Dwarf Commander: 2 actions left", "options": [
            {"type": "group_order", "label": "Order a group activation (1 action)", "args": {},
             "params": {"group": GROUPS, "dice": [1, 2, 3]}},
            {"type": "concede", "label": "Concede the match", "args": {}, "params": {}}]}})
    return out


def test_a_mirror_match_a_group_order_and_the_board_s_words(browser, server):
    """seed 000, GROUP ACTIVATIONS: the Leader orders "a group of 2-5 figures in base
    contact": its members are ticked, and only a group the server offered is sent;
    names both sides share say whose they are away from the board."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.evaluate(SETUP_JS, frames())
        log = page.locator(".log li").all_inner_texts()
        assert any(line.endswith("Dwarf Commander (Ann) deployed") for line in log), log
        assert any(line.endswith("Dwarf Commander (House bot) deployed") for line in log), log
        assert any("Dwarf Commander (House bot) attacks Dwarf Commander (Ann)" in line
                   and "Dwarf Commander (Ann) recoils from Dwarf Commander (House bot)" in line
                   for line in log), log
        assert page.inner_text(".prompt .prompt-text") == "Dwarf Commander (Ann): 2 actions left"
        token = page.locator(".figure[data-figure=b1] .token-text").text_content()
        assert token == "DC", "(the token stays short: its colour says whose)"
        # "Concede", the rules' word, in the head as in the prompt
        assert page.inner_text(".match-actions button[data-action=resign]") == "Concede"
        assert page.inner_text(".option[data-type=concede] button") == "Concede the match"

        # the group: a toggle per figure, Done only on an offered group
        row = ".option[data-type=group_order]"
        toggles = page.locator(f"{row} button[data-action=set-toggle]")
        # (the other side has a Dwarf Warrior too: each says whose)
        assert toggles.all_inner_texts() == [f"Dwarf Warrior {n} (Ann)" for n in range(1, 6)]
        done = page.locator(f"{row} button[data-action=set-done]")
        assert done.is_disabled()
        page.click(f"{row} button[data-param=dice][data-value='1']")  # 2 dice
        page.click(f"{row} button[data-member=a2]")
        assert done.is_disabled()
        assert page.locator(f"{row} button[data-member=a6]").is_disabled()  # (no group with a2)
        page.click(f"{row} button[data-member=a3]")
        assert done.is_enabled()
        page.click(".board .figure[data-figure=a4]")  # ticked on the board as well
        pressed = page.locator(f"{row} button[aria-pressed=true]").all_inner_texts()
        assert pressed == [f"Dwarf Warrior {n} (Ann)" for n in (1, 2, 3)]
        shot(page, "ux-sbh-group")
        page.click(f"{row} button[data-member=a2]")  # off again: a3, a4 is a group
        page.click(f"{row} button[data-member=a2]")
        done.click()
        page.wait_for_function("() => window.sent.some(([t]) => t === 'command')")
        sent = [f for t, f in page.evaluate("() => window.sent") if t == "command"]
        assert [(f["command"], f["args"]) for f in sent] == [
            ("group_order", {"group": ["a2", "a3", "a4"], "dice": 2})]

        # names under the tokens: too small at this size, so hidden; the hovered name reads
        assert page.locator(".board .name-labels").is_hidden()
        page.hover(".board .figure[data-figure=b2]")
        label = page.locator(".board .hover-label")
        assert label.text_content() == "Dwarf Warrior" and label.bounding_box()["height"] >= 12
        assert page.inner_text(".hover-info").startswith("Dwarf Warrior (House bot): ")
        page.hover(".board .hex[data-hex='-3,6']")
        assert page.inner_text(".hover-info") == "column 0, row 6: Open ground"
        for _ in range(4):
            page.click("button[data-zoom=in]")
        shown = page.locator(".board .name-label[data-label=b2]")
        assert shown.is_visible() and shown.bounding_box()["height"] >= 10
        disc = page.locator(".board .figure[data-figure=b2] circle").first.bounding_box()
        text = shown.bounding_box()
        assert text["y"] >= disc["y"] + disc["height"] or text["y"] + text["height"] <= disc["y"]
        assert not errors, errors
    finally:
        page.context.close()


def test_replay_legend_status_band_and_the_phone_s_top_bar(browser, server):
    """The replay draws no arrows, so its legend does not speak of them; no empty
    status band under the top bar; on a phone the top bar is two short rows."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        replay = page.evaluate("() => warbandLib.legendHtml(null, {replay: true})")
        live = page.evaluate("() => warbandLib.legendHtml(null)")
        assert "arrows" in live and "arrows" not in replay
        sign_in_as_guest(page, "Ann")
        assert page.locator("#status").is_hidden()
        page.set_viewport_size({"width": 412, "height": 915})
        bar = page.locator(".topbar").bounding_box()
        shot(page, "ux-sbh-phone-bar")
        assert bar["height"] <= 80, bar
        assert page.locator("#logout").is_visible() and page.locator("#turn-sound").is_visible()
        assert not errors, errors
    finally:
        page.context.close()
