"""A warband list built in the browser from the server's roster catalog: pick
profiles and counts, read each model's price and the total from the server,
see every violation with its reason (`check_list`), fix it, and commit the
list through the match's secret submit_list. The other seat sees only that a
list came in until both are in; then the list is revealed as built."""

from __future__ import annotations

from tests.web.pages import click_option_button, new_page, shot, sign_in_as_guest

BOSS = "Orc Boss/Subcommander"
WARRIOR = "Orc Warrior (Shield And Sword Or Spear)"


def add(page, search: str, profile: str) -> None:
    page.fill(".builder-search", search)
    page.click(f".builder-profile[data-profile='{profile}'] button[data-action=add]")


def row(page, profile: str, action: str) -> None:
    page.click(f".builder-row[data-profile='{profile}'] button[data-action={action}]")


def verdict(page, text: str) -> str:
    """Wait until the server's verdict shows `text` in the total line; return it."""
    page.wait_for_selector(f".builder-total >> text={text}")
    return page.locator(".builder-total").inner_text()


def test_build_a_list_see_the_servers_reasons_fix_it_and_submit_it(browser, server):
    errors: list[str] = []
    ann, bob = new_page(browser, server, errors), new_page(browser, server, errors)
    try:
        sign_in_as_guest(ann, "Ann")
        ann.select_option("#create-form select[name=points]", "200")
        ann.click("#create-form button[type=submit]")
        match_id = ann.wait_for_selector(".match-id").inner_text()
        sign_in_as_guest(bob, "Bob")
        bob.wait_for_selector(f"tr[data-match='{match_id}'] button[data-join]").click()

        ann.click(".prompt .option[data-type=submit_list] button[data-action=build-list]")
        ann.wait_for_selector(".builder")
        ann.select_option(".builder-roster", "")  # every roster
        add(ann, "orc boss", BOSS)
        add(ann, "troll", "Troll")
        add(ann, "orc warrior", WARRIOR)
        assert verdict(ann, "Total 124 / 200") == ("Total 124 / 200 points · Personalities "
                                                   "101 points")
        problems = ann.locator(".builder-problems li").all_inner_texts()
        assert problems == ["Personalities cost 101 points; at most one third of 200 (66) may "
                            "be spent on them. (seed 000, BUILDING A WARBAND)"]
        assert ann.locator("button[data-action=submit-built]").is_disabled()
        assert ann.locator(f".builder-row[data-profile='{WARRIOR}'] .points").inner_text() \
            == "× 23 pts"
        for _ in range(6):
            row(ann, WARRIOR, "more")
        assert verdict(ann, "Total 262 / 200").startswith("Total 262")
        codes = ann.eval_on_selector_all(".builder-problems li", "l => l.map(e => e.dataset.code)")
        assert codes == ["over_points_limit", "too_many_personalities"]
        shot(ann, "15-builder-problems")

        row(ann, "Troll", "less")  # gone: Personalities are now 60 of 200
        for _ in range(3):
            row(ann, WARRIOR, "less")
        assert verdict(ann, "Total 152 / 200") == ("Total 152 / 200 points · Personalities "
                                                   "60 points")
        ann.wait_for_selector(".builder-ok >> text=The server accepts this list.")
        assert ann.locator(f".builder-row[data-profile='{WARRIOR}'] .n").inner_text() == "4"
        ann.fill(".builder-name", "Troll hunters")  # checked again after the renaming:
        ann.wait_for_selector(".builder-total >> text=Total 152")
        shot(ann, "16-builder-valid")
        ann.click("button[data-action=submit-built]")
        ann.wait_for_selector(".builder", state="detached")
        ann.wait_for_selector(".log li[data-type=list_submitted]")
        bob.wait_for_selector(".log li[data-type=list_submitted]")
        assert "Troll hunters" not in bob.locator(".log").inner_text()  # secret until both

        click_option_button(bob, "submit_list", "button[data-action=submit-list]")
        for page in (ann, bob):
            page.wait_for_selector(".log li[data-type=lists_revealed]")
            roster = page.locator(".roster").inner_text()
            assert "Troll hunters" in roster and "Orc Boss" in roster
            assert roster.count("Orc Warrior") >= 4
        assert errors == []
    finally:
        shot(ann, "last-builder")
        ann.context.close()
        bob.context.close()
