"""Quick pairing ("Find an opponent") for the systems whose warbands are part of the
setup, in Debian's Chromium: each seeker brings their own warband or army, which goes
with them to the seat the pairing gives them (docs/protocol.md, seek's `warband`).
SBH's is tests/web/test_browser_clocks.py's."""

from __future__ import annotations

from server.store.store import unpack
from tests.web.pages import new_page, shot, sign_in_as_guest
from tests.web.test_browser_asoiaf_lobby import ANN_WARBAND, BOB_WARBAND


def stored_options(server, match_id: str) -> dict:
    return unpack(server.run(server.server.store.match(match_id))["setup"])["options"]


def test_find_an_opponent_seats_each_seeker_with_the_warband_they_bring(browser, server):
    """Quick pairing for ASOIAF (docs/protocol.md, seek's `warband`): Ann and Bob ask
    for Village Skirmish with different warbands; one click each puts them in one
    match, each with their own warband (seed 004, BUILDING YOUR ARMY)."""
    errors: list[str] = []
    ann, bob = (new_page(browser, server, errors) for _ in range(2))
    try:
        for page, name, warband in ((ann, "Ann", ANN_WARBAND), (bob, "Bob", BOB_WARBAND)):
            sign_in_as_guest(page, name)
            page.select_option("#asoiaf-form select[name=scenario]", "village_skirmish")
            page.wait_for_selector(f"#asoiaf-form select[name=warband] option[value={warband}]",
                                   state="attached")
            page.select_option("#asoiaf-form select[name=warband]", warband)
            page.wait_for_function("k => document.querySelector('#asoiaf-warband-detail')"
                                   ".dataset.warband === k", arg=warband)
        ann.click("#asoiaf-quick-pair")
        ann.wait_for_selector("#asoiaf-seek-status .seeking")
        assert "Looking for an opponent" in ann.locator("#asoiaf-seek-status").inner_text()
        bob.click("#asoiaf-quick-pair")
        for page in (ann, bob):
            page.wait_for_selector(".board svg.asoiaf-board")
        match_id = ann.locator(".match-id").inner_text()
        assert bob.locator(".match-id").inner_text() == match_id
        assert stored_options(server, match_id)["warbands"] == {"a": ANN_WARBAND,
                                                                "b": BOB_WARBAND}
        assert not errors, errors
    finally:
        shot(bob, "asoiaf-quick-pair-bob")
        ann.context.close()
        bob.context.close()


def test_find_an_opponent_for_swords_and_sorcery_brings_each_players_army(browser, server):
    """Quick pairing for S&S: each seeker's own army goes with them; the opponent's
    army chosen in the form is not asked of the other player (seed 003, BASIC
    SCENARIO: each side's army)."""
    errors: list[str] = []
    ann, bob = (new_page(browser, server, errors) for _ in range(2))
    try:
        for page, name, army in ((ann, "Ann", "elf-skirmish"), (bob, "Bob", "orc-skirmish")):
            sign_in_as_guest(page, name)
            page.wait_for_selector(f"#sns-form select[name=army_a] option[value={army}]",
                                   state="attached")
            page.select_option("#sns-form select[name=army_a]", army)
            page.fill("#sns-form input[name=turns]", "4")
        ann.click("#sns-quick-pair")
        ann.wait_for_selector("#sns-seek-status .seeking")
        bob.click("#sns-quick-pair")
        for page in (ann, bob):
            page.wait_for_selector(".match-status >> text=active")
        match_id = ann.locator(".match-id").inner_text()
        assert bob.locator(".match-id").inner_text() == match_id
        options = stored_options(server, match_id)
        armies = options["armies"]
        assert (armies["a"]["name"], armies["b"]["name"]) == ("Elves", "Orcs")
        assert [len(armies[seat]["units"]) for seat in "ab"] == [3, 3]
        assert options["last_turn"] == 4
        assert not errors, errors
    finally:
        shot(bob, "sns-quick-pair-bob")
        ann.context.close()
        bob.context.close()


HOLD_CANCEL_JS = """() => {
  // the Cancel's request held back until the test lets it go: the pairing wins the race
  const request = warband.conn.request.bind(warband.conn);
  window.letCancelGo = null;
  warband.conn.request = (type, fields) => type !== 'cancel_seek' ? request(type, fields)
    : new Promise((go) => { window.letCancelGo = go; }).then(() => request(type, fields));
}"""


def test_a_seek_paired_while_being_cancelled_still_opens_its_match(browser, server):
    """A Cancel that loses the race with a pairing (the server answers no_such_seek):
    the player is seated in the match, so the page opens it rather than leave them
    in the lobby of a match they never hear of."""
    errors: list[str] = []
    ann, bob = (new_page(browser, server, errors) for _ in range(2))
    try:
        for page, name in ((ann, "Ann"), (bob, "Bob")):
            sign_in_as_guest(page, name)
        ann.click("#quick-pair")
        ann.wait_for_selector("#seek-status .seeking")
        ann.evaluate(HOLD_CANCEL_JS)
        ann.click("#seek-status button[data-action=cancel-seek]")
        ann.wait_for_function("() => window.letCancelGo !== null")
        bob.click("#quick-pair")  # paired with Ann's seek, still waiting on the server
        for page in (ann, bob):
            page.wait_for_selector(".match-status >> text=active")
        assert ann.locator(".match-id").inner_text() == bob.locator(".match-id").inner_text()
        ann.evaluate("() => window.letCancelGo()")  # (no_such_seek: nothing more to say)
        ann.wait_for_timeout(300)
        assert ann.locator(".match-status >> text=active").count() == 1
        assert not errors, errors
    finally:
        ann.context.close()
        bob.context.close()
