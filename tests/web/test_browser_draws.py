"""Agreed draws in the browser (issue 32): during the battle the player offers a draw
with one click, the log says so, the opponent accepts, and the match ends with no
winner, "draw agreed"."""

from __future__ import annotations

import asyncio

from clients.session import Session
from tests.web.pages import new_page, shot, sign_in_as_guest
from tests.web.prompt_battle import OPPONENT_LIST, SETUP, preset_list, set_up_to_the_battle


async def set_up_the_battle(url: str, token: str) -> tuple[str, str]:
    """Seat a (the browser's account) and Bob at b set up a match until the battle
    begins. (match id, Bob's token)."""
    ann, bob = await Session.open(url, token=token), await Session.open(url)
    try:
        await bob.guest("Bob")
        match_id = (await ann.create_match("sbh", **SETUP))["match_id"]
        await bob.join(match_id)
        await set_up_to_the_battle({"a": ann, "b": bob}, match_id,
                                   {"a": OPPONENT_LIST, "b": preset_list()})
        return match_id, bob.token
    finally:
        await ann.close()
        await bob.close()


async def bob_accepts(url: str, token: str, match_id: str) -> None:
    bob = await Session.open(url, token=token)
    try:
        stream = await bob.watch(match_id)
        async with asyncio.timeout(20):
            while True:
                prompt = await stream.next("prompt")
                options = [o["type"] for o in (prompt["decision"] or {}).get("options", ())]
                if "accept_draw" in options:
                    await bob.command(match_id, "accept_draw", at_seq=prompt["seq"])
                    return
    finally:
        await bob.close()


def test_a_draw_offered_with_one_click_and_accepted_ends_the_match(browser, server):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        sign_in_as_guest(page, "Ann")
        token = page.evaluate("() => localStorage.getItem('warband.token')")
        match_id, bob = server.run(set_up_the_battle(server.server.url, token), timeout=90)
        page.goto(f"{server.http_url}#/match/{match_id}")
        page.wait_for_selector(".match-info >> text=phase: battle")
        info = page.locator(".match-info").inner_text()  # players by name, not seat letter
        assert "victory points Ann (guest) 0 · Bob (guest) 0" in info, info
        page.click("button[data-action=offer-draw]")
        page.wait_for_selector(".log >> text=Ann (guest) offers a draw")
        server.run(bob_accepts(server.server.url, bob, match_id))
        result = page.wait_for_selector(".match-result")
        assert result.inner_text() == "no winner (draw agreed)"
        shot(page, "54-draw-agreed")
        assert errors == []
    finally:
        page.context.close()
