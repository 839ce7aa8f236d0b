"""A Song of Ice & Fire's warband picker in the lobby, in Debian's Chromium: Ann
creates a match with a ready-made warband of her choosing, Bob joins it choosing
his; both are the warbands the match is played with (its setup and the models on
its roster), not the size's defaults; a private match's joiner by invite code
chooses too; and the create forms list the server's scenarios."""

from __future__ import annotations

from server.store.store import unpack
from tests.web.pages import new_page, shot, sign_in_as_guest

ANN_WARBAND = "baratheon-small-arryn"  # "The Eyrie Answers": Jon Arryn, Davos Seaworth...
BOB_WARBAND = "targaryen-small-highgarden"  # "Roses for the King": Olenna Tyrell...


def test_each_player_chooses_their_warband_and_the_match_uses_it(browser, server):
    """seed 004, BUILDING YOUR ARMY (the ready-made warbands of the scenario's size);
    docs/protocol.md: create_match's `warbands`, join's `warband`."""
    errors: list[str] = []
    ann, bob = (new_page(browser, server, errors) for _ in range(2))
    try:
        sign_in_as_guest(ann, "Ann")
        # a larger scenario offers its size's warbands; back to a small one
        ann.select_option("#asoiaf-form select[name=scenario]", "kingsroad_battle")
        ann.wait_for_selector("#asoiaf-form select[name=warband] "
                              "option[value=baratheon-large-trident]", state="attached")
        ann.select_option("#asoiaf-form select[name=scenario]", "village_skirmish")
        ann.wait_for_selector(f"#asoiaf-form select[name=warband] option[value={ANN_WARBAND}]",
                              state="attached")
        ann.select_option("#asoiaf-form select[name=warband]", ANN_WARBAND)
        detail = ann.locator("#asoiaf-warband-detail")
        ann.wait_for_function("k => document.querySelector('#asoiaf-warband-detail')"
                              ".dataset.warband === k", arg=ANN_WARBAND)
        # its models and cost in words, the option named in words
        assert "Jon Arryn with Lucky Charm" in detail.inner_text()
        assert "Vale Archer ×4" in detail.inner_text()
        assert "costs 2 gold, 4 silver, 10 copper of 2 gold, 4 silver, 12 copper" \
            in detail.inner_text()
        assert "The Eyrie Answers (Baratheon)" in ann.locator(
            f"#asoiaf-form option[value={ANN_WARBAND}]").inner_text()
        ann.click("#asoiaf-form button[type=submit]")
        ann.wait_for_selector(".match-status >> text=open")
        match_id = ann.locator(".match-id").inner_text()

        sign_in_as_guest(bob, "Bob")
        bob.click(f"tr[data-match='{match_id}'] button[data-join]")
        panel = bob.wait_for_selector(f"#asoiaf-join[data-match='{match_id}']")
        assert "Village Skirmish" in panel.inner_text()
        bob.wait_for_selector(f"#asoiaf-join option[value={BOB_WARBAND}]", state="attached")
        bob.select_option("#asoiaf-join select[name=warband]", BOB_WARBAND)
        assert "Olenna Tyrell" in bob.locator("#asoiaf-join-detail").inner_text()
        bob.click("#asoiaf-join button[type=submit]")
        for page in (ann, bob):
            page.wait_for_selector(".board svg.asoiaf-board")
            page.wait_for_selector(".roster [data-roster]")

        row = server.run(server.server.store.match(match_id))
        assert unpack(row["setup"])["options"]["warbands"] == {"a": ANN_WARBAND,
                                                                "b": BOB_WARBAND}
        roster = bob.locator(".roster").inner_text()
        for name in ("Jon Arryn", "Davos Seaworth", "Olenna Tyrell", "Randyll Tarly"):
            assert name in roster, name
        assert "Robert Baratheon" not in roster  # (a default warband's hero)
        assert not errors, errors
    finally:
        shot(ann, "asoiaf-picker-ann")
        shot(bob, "asoiaf-picker-bob")
        ann.context.close()
        bob.context.close()


def test_joining_a_private_match_by_invite_code_chooses_a_warband(browser, server):
    """seed 004, BUILDING YOUR ARMY (the joiner's warband, of the scenario's size):
    an invite code opens the same choice as the open list's Join (docs/protocol.md:
    list_open's `invite_code`, join's `warband`)."""
    errors: list[str] = []
    ann, bob = (new_page(browser, server, errors) for _ in range(2))
    try:
        sign_in_as_guest(ann, "Ann")
        ann.select_option("#asoiaf-form select[name=scenario]", "village_skirmish")
        ann.wait_for_selector(f"#asoiaf-form select[name=warband] option[value={ANN_WARBAND}]",
                              state="attached")
        ann.check("#asoiaf-form input[name=private]")
        ann.click("#asoiaf-form button[type=submit]")
        code = ann.wait_for_selector("code.invite").inner_text()
        match_id = ann.locator(".match-id").inner_text()

        sign_in_as_guest(bob, "Bob")
        bob.fill("#invite-form input[name=code]", code.lower())
        bob.click("#invite-form button[type=submit]")
        panel = bob.wait_for_selector(f"#asoiaf-join[data-match='{match_id}']")
        assert "Village Skirmish" in panel.inner_text()
        bob.wait_for_selector(f"#asoiaf-join option[value={BOB_WARBAND}]", state="attached")
        bob.select_option("#asoiaf-join select[name=warband]", BOB_WARBAND)
        bob.click("#asoiaf-join button[type=submit]")
        bob.wait_for_selector(".board svg.asoiaf-board")
        row = server.run(server.server.store.match(match_id))
        assert unpack(row["setup"])["options"]["warbands"]["b"] == BOB_WARBAND
        assert not errors, errors
    finally:
        shot(bob, "asoiaf-invite-bob")
        ann.context.close()
        bob.context.close()


def test_the_lobby_offers_the_servers_scenarios(browser, server):
    """docs/protocol.md, `catalog`'s `scenarios` and S&S's `layouts`: every create form
    lists what the server offers, in its words (seed 000, SCENARIOS; seed 004's
    scenarios with their size; seed 003, TERRAIN's table layouts)."""
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        sign_in_as_guest(page, "Ann")
        page.wait_for_selector("#create-form option[value=quest_for_a_magic_item]",
                               state="attached")
        page.wait_for_selector("#sns-form option[value=river_crossing]", state="attached")
        texts = page.evaluate("""() => Object.fromEntries(['create-form', 'asoiaf-form',
          'sns-form'].map((id) => [id, [...document.querySelectorAll(
            `#${id} select[name=scenario] option, #${id} select[name=layout] option`)]
            .map((o) => [o.value, o.textContent])]))""")
        assert texts["create-form"][0] == ["all_out_battle", "All-Out Battle"]
        assert ["random", "Random (one die, once both lists are in)"] in texts["create-form"]
        assert texts["asoiaf-form"][1] == [
            "village_skirmish", "Village Skirmish (small: 2 gold, 4 silver, 12 copper; 5 rounds)"]
        assert [key for key, _ in texts["asoiaf-form"]] == [
            "learn_to_play", "village_skirmish", "river_ford", "kingsroad_battle"]
        assert texts["sns-form"][0] == ["wood_and_boulder",
                                        "A wood and a boulder (the default table)"]
        assert len(texts["sns-form"]) == 6  # (the server's layouts, not two of them)
        # the first scenario's warbands are loaded once the scenarios are in
        page.wait_for_selector("#asoiaf-form select[name=warband] option[value]",
                               state="attached")
        assert not errors, errors
    finally:
        shot(page, "lobby-scenarios")
        page.context.close()

