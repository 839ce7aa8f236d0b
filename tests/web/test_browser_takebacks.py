"""Takebacks in the browser (issue 32): the player asks to take back their last move
with one click, the opponent accepts, the log says so in words, and the replay shows
the takeback; a declined request is said in the bar."""

from __future__ import annotations

import asyncio
import threading

import pytest

from clients.client import ServerError
from clients.session import Session
from tests.web.pages import new_page, shot, sign_in_as_guest
from tests.web.test_browser_draws import set_up_the_battle


async def bob_answers(url: str, token: str, match_id: str, accept: bool,
                      watching: threading.Event) -> dict:
    """Bob waits for the request (`watching` set once he listens) and answers it."""
    bob = await Session.open(url, token=token)
    try:
        stream = await bob.watch(match_id)
        watching.set()
        async with asyncio.timeout(20):
            offer = await stream.next("takeback_offered")
        answer = await bob.takeback_answer(match_id, accept)
        return {**offer, **answer}
    finally:
        await bob.close()


async def bob_asks(url: str, token: str, match_id: str) -> dict:
    bob = await Session.open(url, token=token)
    try:
        return await bob.takeback_offer(match_id)
    finally:
        await bob.close()


async def bob_accepts_own(url: str, token: str, match_id: str) -> dict:
    bob = await Session.open(url, token=token)
    try:
        return await bob.takeback_answer(match_id, True)
    finally:
        await bob.close()


def bob_listens(server, token: str, match_id: str, accept: bool):
    """Bob's answer, as a future, once he is listening for the request."""
    watching = threading.Event()
    answered = asyncio.run_coroutine_threadsafe(
        bob_answers(server.server.url, token, match_id, accept, watching), server.loop)
    assert watching.wait(20)
    return answered


def test_a_takeback_asked_with_one_click_and_accepted_or_declined(browser, server):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        sign_in_as_guest(page, "Ann")
        token = page.evaluate("() => localStorage.getItem('warband.token')")
        match_id, bob = server.run(set_up_the_battle(server.server.url, token), timeout=90)
        page.goto(f"{server.http_url}#/match/{match_id}")
        page.wait_for_selector(".match-info >> text=phase: battle")
        answered = bob_listens(server, bob, match_id, False)
        page.click("button[data-action=take-back]")
        declined = answered.result(timeout=30)
        page.wait_for_selector(".takeback-bar >> text=Bob (guest) declined to take back")
        answered = bob_listens(server, bob, match_id, True)
        page.click("button[data-action=take-back]")
        accepted = answered.result(timeout=30)
        assert accepted["accepted"] and accepted["to_seq"] == declined["to_seq"]
        line = page.wait_for_selector(".log [data-type=takeback]")
        assert f"Ann (guest) takes back to step {accepted['to_seq']}" in line.inner_text()
        assert page.locator(".takeback-bar").is_hidden()
        shot(page, "60-takeback")
        # Bob asks in turn: the bar offers Ann the choice, and she declines
        asked = server.run(bob_asks(server.server.url, bob, match_id))
        bar = page.wait_for_selector(".takeback-bar >> text=Bob (guest) asks to take back")
        assert f"step {asked['to_seq']}" in bar.inner_text()
        page.click(".takeback-bar button[data-takeback=decline]")
        page.wait_for_selector(".takeback-bar", state="hidden")
        with pytest.raises(ServerError) as gone:  # (declined: nothing to accept)
            server.run(bob_accepts_own(server.server.url, bob, match_id))
        assert gone.value.code == "no_takeback_offer"
        page.click("button[data-action=resign]")
        page.click("button[data-action=resign]")  # (really)
        page.wait_for_selector(".match-result")
        page.goto(f"{server.http_url}#/replay/{match_id}")
        page.wait_for_selector(".replay[data-step='0']")
        page.keyboard.press("End")
        words = page.wait_for_selector(".log [data-type=takeback]").inner_text()
        assert words.startswith(f"{accepted['first_seq']} Takeback: Ann (guest)"), words
        assert f"takes back to step {accepted['to_seq']}, as Bob (guest)" in words
        page.wait_for_selector(".replay-summary")  # (summed up from the moves that count)
        shot(page, "61-takeback-replay")
        assert errors == []
    finally:
        page.context.close()
