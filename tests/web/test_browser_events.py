"""Hosted events in the browser (issue 33): an organiser creates an event from the
events page, enters it with a ready-made list, a second player (over the protocol)
enters too; the organiser starts it, the page shows the pairing and the player's own
game, the game's result and the standings with their tie-break columns as the event
ends, and the organiser's correction with its reason."""

from __future__ import annotations

from clients.client import Client
from tests.tournaments.served import warband
from tests.web.pages import new_page, shot


async def enter(url: str, event_id: str) -> Client:
    bob = await Client.connect(url)
    await bob.request("register", username="bob_events", password="correct horse")
    await bob.request("register_event", event_id=event_id, warband=warband(1))
    return bob


async def resign_game(bob: Client) -> None:
    started = await bob.next_push("event_round_started")
    await bob.request("resign", match_id=started["match_id"])
    await bob.next_push("event_finished")
    await bob.close()


def test_an_event_from_the_events_page_to_its_standings(browser, server):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        page.fill("#account-form input[name=username]", "ann_events")
        page.fill("#account-form input[name=password]", "correct horse")
        page.click("#register")
        page.wait_for_selector("#create-form")
        page.click("#nav a[href='#/events']")
        page.wait_for_selector("#event-list >> text=No events yet.")
        page.fill("#event-form input[name=name]", "<b>Club</b> night")
        page.fill("#event-form input[name=rounds]", "1")
        page.select_option("#event-form select[name=points]", "200")
        page.click("#event-form button[type=submit]")
        page.wait_for_selector(".event-head h2")
        assert page.locator(".event-head h2").inner_text() == "<b>Club</b> night"  # (text)
        event_id = page.evaluate("location.hash.split('/')[2]")
        page.click("button[data-action=register]")
        page.wait_for_selector(".my-entry >> text=registered")
        bob = server.run(enter(server.server.url, event_id))
        page.click("button[data-action=start]")
        page.wait_for_selector(".next-game a")
        assert page.locator(".next-game").inner_text().startswith("Your game of round 1")
        assert "playing" in page.locator(".round[data-round='1']").inner_text()
        shot(page, "60-event-round")
        server.run(resign_game(bob))
        page.wait_for_selector(".event-status >> text=finished")
        assert "ann_events won" in page.locator(".round[data-round='1'] .result").inner_text()
        heads = page.locator("#standings th").all_inner_texts()
        assert heads == ["#", "Player", "Points", "SoS", "VP diff", "H2H"]
        first = page.locator("#standings tbody tr").first.inner_text()
        assert first.startswith("1\tann_events\t3")
        page.select_option("#correct-form select[name=winner]", label="a draw")
        page.fill("#correct-form input[name=why]", "Bob's resignation was a mis-click")
        page.click("#correct-form button[type=submit]")
        page.wait_for_selector(".round[data-round='1'] .result >> text=(corrected)")
        assert "mis-click" in page.locator(".round[data-round='1'] .result").inner_text()
        shot(page, "61-event-standings")
        assert errors == []
    finally:
        page.context.close()
