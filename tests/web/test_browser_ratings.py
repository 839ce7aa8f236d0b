"""Ratings in the browser (issue 32): a rated match created from the lobby (of SBH, and
of A Song of Ice & Fire), its rating change shown as it ends, and the ratings page with
the player's rating, its course as a chart, and each game's leaderboard (empty while
every rating is provisional)."""

from __future__ import annotations

from clients.client import Client
from tests.web.pages import new_page, shot, sign_in_as_guest
from tests.web.test_browser_chat import log_in, register


def ann_signed_in(page, server) -> None:
    """Ann and Bob registered (rated matches are between registered players); Ann's
    page signed in."""
    for name in ("ann_rated", "bob_rated"):
        server.run(register(server.server.url, name))
    log_in(page, "ann_rated")


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
        ann_signed_in(page, server)
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
        assert "Song of Blades and Heroes" in row and "?" in row  # one match: provisional
        assert "no clock" in row and "standard" not in row  # its category as the menus say
        assert "rating deviation" in page.locator("#my-ratings th abbr").get_attribute("title")
        points = page.locator("#rating-history .rating-point")
        points.first.wait_for()
        assert points.count() == 2  # before and after the one rated match
        assert points.nth(0).get_attribute("data-rating") == "1500"
        assert "No established ratings yet" in page.locator("#leaderboard").inner_text()
        shot(page, "53-ratings")
        assert errors == []
    finally:
        page.context.close()


TEXT_FITS_JS = """(select) => {
  const probe = document.createElement('span');
  probe.style.font = getComputedStyle(select).font;
  probe.style.whiteSpace = 'pre';
  document.body.append(probe);
  const widest = Math.max(...[...select.options].map((o) => {
    probe.textContent = o.text; return probe.getBoundingClientRect().width; }));
  probe.remove();
  return widest + 28 <= select.getBoundingClientRect().width; // (room for its arrow)
}"""


def test_every_system_is_rated_from_the_lobby_and_has_its_leaderboard(browser, server):
    """A rated A Song of Ice & Fire match from its lobby form (Swords & Sorcery's form
    offers it too; the server rates every system: tests/server/test_ratings.py): the
    ratings page names the game in words, charts that game's rating, and lists every
    game's leaderboard. At 1366 px the ASOIAF scenarios and S&S tables are read whole,
    and S&S's armies are named for their players, not seats."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    page.set_viewport_size({"width": 1366, "height": 768})
    try:
        ann_signed_in(page, server)
        page.wait_for_selector("#asoiaf-form")
        page.wait_for_function("() => document.querySelector('#asoiaf-form "
                               "select[name=scenario]').options.length > 1")
        for select in ("#asoiaf-form select[name=scenario]", "#sns-form select[name=layout]"):
            assert page.locator(select).evaluate(TEXT_FITS_JS), select
        sns = page.locator("#sns-form").inner_text()
        assert "Your army" in sns and "Your opponent's army" in sns and "seat" not in sns
        assert page.locator("#sns-form input[name=rated]").count() == 1
        page.check("#asoiaf-form input[name=rated]")
        page.click("#asoiaf-form button[type=submit]")
        page.wait_for_selector(".match-status >> text=open")
        match_id = page.locator(".match-id").inner_text()
        server.run(join_then_resign(server.server.url, match_id))
        assert "(+" in page.wait_for_selector(".rating-change").inner_text()

        page.click("#nav a[href='#/ratings']")
        row = page.wait_for_selector("#my-ratings tr[data-system=asoiaf]").inner_text()
        assert "A Song of Ice & Fire" in row and "ASOIAF" not in row
        assert page.locator("#history-game").input_value() == "asoiaf"  # (last played)
        points = page.locator("#rating-history .rating-point")
        points.first.wait_for()
        assert points.count() == 2
        games = page.locator("#board-game option").all_inner_texts()
        assert games == ["Song of Blades and Heroes", "A Song of Ice & Fire",
                         "Swords & Sorcery"]
        page.select_option("#board-game", "sns")
        page.wait_for_selector("#board-name >> text=Swords & Sorcery")
        assert "No established ratings yet" in page.locator("#leaderboard").inner_text()
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
