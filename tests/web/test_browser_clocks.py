"""Clocks in the browser (issue 32, time controls): chosen in the lobby, both shown in
the match's head and ticking for the seat the rules wait for, and, in a match without
`auto`, the win claimed on time with one click once the opponent's clock is at zero."""

from __future__ import annotations

import re

import pytest

from clients.client import Client
from server.clocks import control
from tests.sbh.test_games import WARBANDS
from tests.web.pages import new_page, shot, sign_in_as_guest


async def join_as_bob(url: str, match_id: str) -> None:
    bob = await Client.connect(url)
    try:
        await bob.request("guest", name="Bob")
        await bob.request("join", match_id=match_id)
    finally:
        await bob.close()


async def flagging_match(url: str, token: str) -> str:
    """Ann (the browser's session) creates a match of two seconds a side without
    `auto`, Bob joins, and Ann's list goes in at once: then Bob's clock runs out."""
    ann, bob = await Client.connect(url), await Client.connect(url)
    try:
        await ann.request("authenticate", token=token)
        await bob.request("guest", name="Bob")
        created = await ann.request("create_match", system="sbh", scenario="all_out_battle",
                                    points_limit=300, time_control={
                                        "kind": "live", "initial": 2, "increment": 0,
                                        "auto": False})
        await bob.request("join", match_id=created["match_id"])
        await ann.request("command", match_id=created["match_id"], command="submit_list",
                          args={"list": WARBANDS["a"], "salt": "ann"})
        return created["match_id"]
    finally:
        await ann.close()
        await bob.close()


def clock_text(page, seat: str) -> str:
    return page.locator(f".clocks [data-clock={seat}] .clock-time").inner_text()


def seconds(text: str) -> float:
    minutes, rest = text.split(":")
    return int(minutes) * 60 + float(rest)


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (412, 915)])
def test_the_clocks_chosen_in_the_lobby_tick_for_whom_the_rules_wait(browser, server, width,
                                                                      height):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.set_viewport_size({"width": width, "height": height})
        sign_in_as_guest(page, "Ann")
        page.select_option("#create-form select[name=clock]", "live-5")
        page.click("#create-form button[type=submit]")
        page.wait_for_selector(".match-status >> text=open")
        match_id = page.locator(".match-id").inner_text()
        server.run(join_as_bob(server.server.url, match_id))
        page.wait_for_selector(".clocks [data-clock=b]")
        # both lists are asked at once: both clocks run, each named by its player
        assert page.locator(".clocks .clock.running").count() == 2
        assert "Ann" in page.locator(".clocks [data-clock=a]").inner_text()
        assert "Bob" in page.locator(".clocks [data-clock=b]").inner_text()
        before = seconds(clock_text(page, "a"))
        assert 290 < before <= 300
        page.wait_for_timeout(1300)
        after = seconds(clock_text(page, "a"))
        assert 0.8 < before - after < 2.5, (before, after)  # it ticks by itself
        box = page.locator(".clocks").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
        shot(page, f"50-clocks-{width}")
        assert errors == []
    finally:
        page.context.close()


def test_the_win_is_claimed_on_time_when_the_opponents_clock_runs_out(browser, server,
                                                                     monkeypatch):
    monkeypatch.setattr(control, "LIVE_INITIAL", (0.1, 3 * 3600))  # (a test's patience)
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        sign_in_as_guest(page, "Ann")
        token = page.evaluate("() => localStorage.getItem('warband.token')")
        match_id = server.run(flagging_match(server.server.url, token))
        page.goto(f"{server.http_url}#/match/{match_id}")
        claim = page.wait_for_selector("button[data-action=claim-timeout]", timeout=15_000)
        assert page.locator(".clocks [data-clock=b]").get_attribute("class").count("flagged")
        assert clock_text(page, "b") == "0:00.0"
        claim.click()
        result = page.wait_for_selector(".match-result")
        assert re.search(r"you win \(Bob.* ran out of time\)", result.inner_text()), \
            result.inner_text()
        assert page.locator("button[data-action=claim-timeout]").count() == 0
        shot(page, "51-claimed-on-time")
        assert errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (412, 915)])
def test_find_an_opponent_pairs_two_browsers_into_one_match(browser, server, width, height):
    """Quick pairing (issue 32): two players who ask for the same match (here 400 points
    and 10 + 10) with one click each end up in one match, one in each seat; a
    different choice waits, and can be cancelled."""
    errors: list[str] = []
    ann, bob = new_page(browser, server, errors), new_page(browser, server, errors)
    try:
        for page, name in ((ann, "Ann"), (bob, "Bob")):
            page.set_viewport_size({"width": width, "height": height})
            sign_in_as_guest(page, name)
            page.select_option("#create-form select[name=points]", "400")
            page.select_option("#create-form select[name=clock]", "live-10")
        bob.select_option("#create-form select[name=points]", "200")
        bob.click("#quick-pair")
        bob.wait_for_selector("#seek-status .seeking")
        bob.click("#seek-status button[data-action=cancel-seek]")  # changes his mind
        bob.wait_for_function("() => !document.querySelector('#seek-status .seeking')")
        bob.select_option("#create-form select[name=points]", "400")

        ann.click("#quick-pair")
        ann.wait_for_selector("#seek-status .seeking")
        assert ann.locator("#seek-status").is_visible()
        bob.click("#quick-pair")
        for page in (ann, bob):
            page.wait_for_selector(".match-status >> text=active")
            page.wait_for_selector(".clocks [data-clock=b]")
        assert ann.locator(".match-id").inner_text() == bob.locator(".match-id").inner_text()
        assert "You are Ann" in ann.locator(".match-info").inner_text()
        assert "You are Bob" in bob.locator(".match-info").inner_text()
        assert "400 points" in ann.locator(".match-info").inner_text()
        shot(bob, f"52-paired-{width}")
        assert errors == []
    finally:
        ann.context.close()
        bob.context.close()
