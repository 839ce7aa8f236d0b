"""Hosted events in the browser (issue 33): an organiser creates an event from the
events page, enters it with a ready-made list, a second player (over the protocol)
enters too; the organiser starts it, the page shows the pairing and the player's own
game, the game's result and the standings with their tie-break columns as the event
ends, and the organiser's correction with its reason."""

from __future__ import annotations

import time

from clients.client import Client
from tests.tournaments.served import MATCHES, guests, run_event, warband, went_through
from tests.web.pages import new_page, shot, sign_in_as_guest


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
        assert page.locator(".event-head p").first.inner_text() == (
            "Swiss · 200 points · taking entries")  # (the settings' keys never shown)
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
        assert page.locator("#standings th abbr").first.get_attribute("title").startswith(
            "strength of schedule")
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


async def bracket_event(url: str) -> dict:
    """A double elimination of three guests settled by resignations over the protocol."""
    org = await Client.connect(url)
    await org.request("register", username="org_bracket", password="correct horse")
    field = await guests(url, "dbl", 3)
    try:
        return await run_event(org, field, "double_elimination", seed=5, resign=True)
    finally:
        for client in (org, *field):
            await client.close()


def test_the_bracket_shows_the_events_state(browser, server):
    """"a bracket for knockouts": rounds as columns, seeds, the bye, who went on, links
    to each game's replay; double elimination shows both brackets and the final."""
    event = server.run(bracket_event(server.server.url), timeout=60)
    bracket = event["bracket"]
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        sign_in_as_guest(page, "watcher")
        page.evaluate(f"location.hash = '#/event/{event['event_id']}'")
        page.wait_for_selector(".bracket-card .champion")
        shot(page, "62-event-bracket")
        shown = page.evaluate("""() => [...document.querySelectorAll('.bracket-match')].map(
          m => ({id: m.dataset.match, column: m.closest('.bracket-round').dataset.column,
                 section: m.closest('.bracket-section').dataset.section,
                 players: [...m.querySelectorAll('.slot')].map(s => s.dataset.player),
                 seeds: [...m.querySelectorAll('.seed')].map(s => s.textContent),
                 through: m.querySelector('.slot.through')?.dataset.player,
                 link: m.querySelector('.game-link')?.getAttribute('href') ?? null}))""")
        champion = page.locator(".bracket-card .champion").inner_text()
        assert errors == []
    finally:
        page.context.close()
    games = {(r["round"], p["table"]): p for r in event["rounds"] for p in r["pairings"]}
    seeds = bracket["seeds"]
    expected = []
    for match in bracket["matches"]:
        game = games[(match["round"], match["table"])]
        players = [game["player_a"], game["player_b"] or ""]
        expected.append({
            "id": match["id"], "section": match["id"][0],
            "column": match["id"].split(".")[0],
            "players": players,
            "seeds": [str(seeds.index(pid) + 1) if pid else "" for pid in players],
            "through": went_through(game, seeds),
            "link": None if game["bye"] else f"#/replay/{game['match_id']}"})
    assert sorted(shown, key=lambda m: m["id"]) == sorted(expected, key=lambda m: m["id"])
    assert {m["section"] for m in shown} == {"W", "L", "F"}
    assert any(m["players"][1] == "" for m in shown), "the top seed's bye is drawn"
    names = {e["player"]: e["name"] for e in event["entries"]}
    assert champion == f"Champion: {names[bracket['champion']]}"


async def swiss_event(url: str) -> tuple[Client, str]:
    org = await Client.connect(url)
    await org.request("register", username="org_swiss", password="correct horse")
    created = await org.request("create_event", name="Four browsers", system="sbh",
                                settings={"format": "swiss", "rounds": 2, **MATCHES})
    return org, created["event_id"]


def play_round(pages: list, played: set[str]) -> None:
    """Each page finds its game of the round on the event page; at each table the first
    of the two pages opens the game and resigns (two clicks: the button asks again)."""
    tables: dict[str, list] = {}
    for page in pages:
        page.wait_for_function("seen => { const a = document.querySelector('.next-game a');"
                               " return a && !seen.includes(a.getAttribute('href')); }",
                               arg=sorted(played))
        tables.setdefault(page.locator(".next-game a").get_attribute("href"), []).append(page)
    assert sorted(len(two) for two in tables.values()) == [2, 2]
    for href, (resigner, _) in tables.items():
        played.add(href)
        resigner.click(f".next-game a[href='{href}']")
        resigner.click("button[data-action=resign]")
        resigner.click("button[data-action=resign] >> text=Really concede?")
        resigner.wait_for_selector(".prompt-head.over")


def test_a_swiss_of_four_browsers_to_its_final_standings(browser, server):
    """"Chromium tests run a small Swiss event of four browsers ... to its final
    standings": four players enter from their own browsers, play two rounds (each game
    settled by a resignation) and every page shows the server's final standings."""
    org, event_id = server.run(swiss_event(server.server.url))
    errors: list[str] = []
    pages = [new_page(browser, server, errors) for _ in range(4)]
    at_event = f"location.hash = '#/event/{event_id}'"
    try:
        for n, page in enumerate(pages):
            sign_in_as_guest(page, f"swiss{n}")
            page.evaluate(at_event)
            page.click("button[data-action=register]")
            page.wait_for_selector(".my-entry >> text=registered")
        server.run(org.request("start_event", event_id=event_id))
        played: set[str] = set()
        for _round in range(2):
            for page in pages:
                page.evaluate(at_event)
            play_round(pages, played)
        # (the last result is recorded, and the event finished, a moment after the page
        # shows the resignation)
        deadline = time.monotonic() + 15
        while True:
            event = server.run(org.request("get_event", event_id=event_id))
            if event["status"] == "finished" or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert event["status"] == "finished"
        expected = [f"{s['rank']}\t{s['name']}\t{s['points']}\t"
                    + "\t".join(str(s["tie_breaks"][t]) for t in event["settings"]["tie_breaks"])
                    for s in event["standings"]]
        for page in pages:
            page.evaluate(at_event)
            page.wait_for_selector(".event-status >> text=finished")
            assert page.locator("#standings tbody tr").all_inner_texts() == expected
        shot(pages[0], "63-event-swiss-standings")
        assert errors == []
    finally:
        server.run(org.close())
        for page in pages:
            page.context.close()
