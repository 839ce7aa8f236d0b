"""Ratings in the browser (issue 32): a rated match created from the lobby, its rating
change shown as it ends, and the ratings page with the player's rating, its course as
a chart, and the leaderboard (empty while every rating is provisional)."""

from __future__ import annotations

from clients.client import Client
from tests.web.pages import new_page, shot, sign_in_as_guest


async def register(url: str, username: str) -> None:
    client = await Client.connect(url)
    try:
        await client.request("register", username=username, password="correct horse")
    finally:
        await client.close()


async def join_then_resign(url: str, match_id: str) -> None:
    bob = await Client.connect(url)
    try:
        await bob.request("login", username="bob_rated", password="correct horse")
        await bob.request("join", match_id=match_id)
        await bob.request("resign", match_id=match_id)
    finally:
        await bob.close()


def test_a_rated_match_shows_the_rating_change_and_the_ratings_page_charts_it(browser,
                                                                              server):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        for name in ("ann_rated", "bob_rated"):
            server.run(register(server.server.url, name))
        page.fill("#account-form input[name=username]", "ann_rated")
        page.fill("#account-form input[name=password]", "correct horse")
        page.click("#account-form button[type=submit]")
        page.check("#create-form input[name=rated]")
        page.click("#create-form button[type=submit]")
        page.wait_for_selector(".match-status >> text=open")
        match_id = page.locator(".match-id").inner_text()
        server.run(join_then_resign(server.server.url, match_id))
        change = page.wait_for_selector(".rating-change")
        assert change.inner_text().startswith("your rating 1500 → ")
        assert "(+" in change.inner_text()  # Bob resigned: Ann won

        page.click("#nav a[href='#/ratings']")
        page.wait_for_selector("#my-ratings tr[data-rating=standard]")
        row = page.locator("#my-ratings tr[data-rating=standard]").inner_text()
        assert "SBH" in row and "?" in row  # one match: still provisional
        points = page.locator("#rating-history .rating-point")
        points.first.wait_for()
        assert points.count() == 2  # before and after the one rated match
        assert points.nth(0).get_attribute("data-rating") == "1500"
        assert "No established ratings yet" in page.locator("#leaderboard").inner_text()
        shot(page, "53-ratings")
        assert errors == []
    finally:
        page.context.close()


def test_rematch_with_one_click_each_and_the_seats_swapped(browser, server):
    errors: list[str] = []
    ann, bob = new_page(browser, server, errors), new_page(browser, server, errors)
    try:
        sign_in_as_guest(ann, "Ann")
        ann.click("#create-form button[type=submit]")
        ann.wait_for_selector(".match-status >> text=open")
        match_id = ann.locator(".match-id").inner_text()
        sign_in_as_guest(bob, "Bob")
        bob.wait_for_selector(f"tr[data-match='{match_id}'] button[data-join]").click()
        bob.wait_for_selector(".match-status >> text=active")
        bob.click("button[data-action=resign]")
        bob.click("button[data-action=resign]")  # (confirmed)
        for page in (ann, bob):
            page.wait_for_selector(".match-status >> text=finished")
        bob.click("button[data-action=rematch]")
        bob.wait_for_function(f"() => !location.hash.includes('{match_id}')")
        bob.wait_for_selector(".match-status >> text=open")
        bar = ann.wait_for_selector(".offer-bar >> text=Bob (guest) offers a rematch.")
        assert bar.is_visible()
        ann.click(".offer-bar button[data-action=accept-rematch]")
        for page in (ann, bob):
            page.wait_for_selector(".match-status >> text=active")
        assert ann.locator(".match-id").inner_text() == bob.locator(".match-id").inner_text()
        assert ann.locator(".match-id").inner_text() != match_id
        assert "You are Bob" in bob.locator(".match-info").inner_text()
        assert ann.evaluate("() => window.warband.screen.seat") == "b"  # seats swapped
        assert ann.locator(".rematch-bar").is_hidden()
        assert errors == []
    finally:
        ann.context.close()
        bob.context.close()
