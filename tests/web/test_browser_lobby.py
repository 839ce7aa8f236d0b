"""The lobby on every screen width (every control visible, nothing overlapping),
errors beside the control that caused them, and a finished match opened by its
address: its final board, both warbands, the result, the replay one click away
and a log in words."""

from __future__ import annotations

import asyncio
import re

import pytest

from clients.session import Session
from tests.web.pages import new_page, shot, sign_in_as_guest
from tests.web.prompt_battle import OPPONENT_LIST, SETUP, preset_list, set_up_to_the_battle

WIDTHS = [(360, 740), (412, 915), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440)]

# Each control's box, after scrolling it into view: inside the viewport, the
# control itself at its centre (nothing covers it), and no two boxes intersecting.
CONTROLS_JS = """() => {
  const controls = [...document.querySelectorAll(
    '#screen input, #screen select, #screen button, #screen a')];
  const out = [];
  for (const el of controls) {
    el.scrollIntoView({block: 'center', inline: 'center'});
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    const label = el.name || el.textContent.trim() || el.id || el.outerHTML.slice(0, 60);
    out.push({label, inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5
                && r.bottom <= innerHeight + 0.5 && r.width > 0 && r.height > 0,
              covered: !(hit && (hit === el || el.contains(hit) || hit.control === el)),
              x: r.x + scrollX, y: r.y + scrollY, w: r.width, h: r.height});
  }
  return {controls: out, scrollWidth: document.documentElement.scrollWidth,
          width: innerWidth};
}"""


def overlaps(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["w"] - 0.5 and b["x"] < a["x"] + a["w"] - 0.5
            and a["y"] < b["y"] + b["h"] - 0.5 and b["y"] < a["y"] + a["h"] - 0.5)


@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_every_lobby_control_is_visible_at_every_width(browser, server, width, height):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.set_viewport_size({"width": width, "height": height})
        sign_in_as_guest(page, "Ann")
        page.wait_for_selector("#open-matches >> text=No open matches")
        found = page.evaluate(CONTROLS_JS)
        controls = found["controls"]
        names = {c["label"] for c in controls}
        assert {"points", "scenario", "board", "turns", "private", "Create match",
                "Play against the bot", "code", "Join", "match", "Watch"} <= names, names
        assert found["scrollWidth"] <= found["width"], "the page scrolls sideways"
        for control in controls:
            assert control["inside"], f"{control['label']} is off-screen at {width} px"
            assert not control["covered"], f"{control['label']} is covered at {width} px"
        for i, a in enumerate(controls):
            for b in controls[i + 1:]:
                assert not overlaps(a, b), f"{a['label']} overlaps {b['label']} at {width} px"
        page.evaluate("() => scrollTo(0, 0)")
        shot(page, f"30-lobby-{width}")
        assert errors == []
    finally:
        page.context.close()


def test_lobby_errors_show_beside_their_control(browser, server):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.set_viewport_size({"width": 412, "height": 915})
        sign_in_as_guest(page, "Ann")
        page.fill("#invite-form input[name=code]", "NOSUCHCODE")
        page.click("#invite-form button[type=submit]")
        error = page.wait_for_selector("#join-status:not(:empty)")
        assert error.is_visible()
        # right under the invite form, inside the same card
        form = page.locator("#invite-form").bounding_box()
        box = error.bounding_box()
        assert 0 <= box["y"] - (form["y"] + form["height"]) < 40
        assert page.locator("#create-status").inner_text() == ""
        page.click("#watch-form button[type=submit]")  # no id typed
        page.wait_for_selector("#watch-status >> text=Type the id")
        assert page.locator("#join-status").inner_text() == ""
        shot(page, "31-lobby-error-412")
        assert errors == []
    finally:
        page.context.close()


async def play_set_up_then_resign(url: str, token: str) -> str:
    """Seat a (the browser's account) and a guest at b set up a match; once the
    battle begins, a resigns. Returns the match id."""
    ann = await Session.open(url, token=token)
    bob = await Session.open(url)
    try:
        await bob.guest("Bob")
        match_id = (await ann.create_match("sbh", **SETUP))["match_id"]
        await bob.join(match_id)
        streams = await set_up_to_the_battle({"a": ann, "b": bob}, match_id,
                                             {"a": OPPONENT_LIST, "b": preset_list()})
        await ann.resign(match_id)
        async with asyncio.timeout(30):
            while not streams["a"].over:
                await streams["a"].next()
        return match_id
    finally:
        await ann.close()
        await bob.close()


async def start_a_match(url: str, token: str) -> str:
    """A match of the browser's account (seat a) with Bob that has just begun."""
    ann, bob = await Session.open(url, token=token), await Session.open(url)
    try:
        await bob.guest("Bob")
        match_id = (await ann.create_match("sbh", **SETUP))["match_id"]
        await bob.join(match_id)
        return match_id
    finally:
        await ann.close()
        await bob.close()


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (412, 915)])
def test_a_finished_match_shows_its_final_board_by_address(browser, server, width, height):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.set_viewport_size({"width": width, "height": height})
        sign_in_as_guest(page, "Ann")
        token = page.evaluate("() => localStorage.getItem('warband.token')")
        match_id = server.run(play_set_up_then_resign(server.server.url, token), timeout=90)
        for route in ("match", "watch"):
            page.goto(f"{server.http_url}#/{route}/{match_id}")
            page.reload()
            page.wait_for_selector(".match-status >> text=finished")
            page.wait_for_selector(".board .figure")
            seats = {f for f in page.eval_on_selector_all(
                ".board .figure", "els => els.map(e => e.dataset.seat)")}
            assert seats == {"a", "b"}, "both warbands on the final board"
            roster = page.locator(".roster").inner_text()
            assert "Not revealed yet" not in roster
            assert "Orc Boss" in roster and "Killer" in roster
            assert page.locator(".roster h4").count() == 2
            result = page.wait_for_selector(".match-result")
            assert result.is_visible() and "win" in result.inner_text()
            link = page.locator(f"a[href='#/replay/{match_id}']")
            assert link.is_visible()
            log = page.locator(".log").inner_text()
            assert "deploy" in log.lower() and "8 terrain hexes" in log
            assert not re.search(r"\b[ab]\d+\b|\([ab] ", log), f"raw figure or seat ids: {log}"
            # the players by name, never by seat letter (issue 30)
            assert "(Ann (guest) conceded)" in result.inner_text()
            assert "Seat" not in result.inner_text()
            shot(page, f"32-finished-{route}-{width}")
        link.click()
        page.wait_for_selector(".replay")

        # "Your matches": status, opponent, whose turn and result of each
        active_id = server.run(start_a_match(server.server.url, token))
        page.goto(f"{server.http_url}#/lobby")
        row = page.wait_for_selector(f"tr[data-mine='{match_id}']")
        row.scroll_into_view_if_needed()
        assert row.is_visible()
        cells = {c: page.locator(f"tr[data-mine='{match_id}'] .mine-{c}").inner_text()
                 for c in ("status", "opponent", "turn", "result")}
        assert cells == {"status": "finished", "opponent": "Bob (guest)", "turn": "—",
                         "result": "Bob (guest) won (you conceded)"}, cells
        assert page.locator(f"tr[data-mine='{match_id}'] a[href='#/replay/{match_id}']"
                            ).is_visible()
        active = f"tr[data-mine='{active_id}']"
        page.wait_for_selector(f"{active} .mine-status >> text=being played")
        assert page.locator(f"{active} .mine-opponent").inner_text() == "Bob (guest)"
        assert page.locator(f"{active} .mine-turn").inner_text() == "your turn"
        assert "your-turn" in (page.locator(active).get_attribute("class") or "")
        assert page.locator(f"{active} .mine-result").inner_text() == "—"
        page.locator("#my-matches").scroll_into_view_if_needed()
        shot(page, f"33-your-matches-{width}")
        assert errors == []
    finally:
        page.context.close()
