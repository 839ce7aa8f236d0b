"""The S&S army builder in the browser (issue 34), in Debian's Chromium: Ann
opens "Build an army…" beside seat a's army in the S&S create form, adds sample
units (found by name, a printed choice picked: the Dwarf's "hammer or axe") and a
unit of her own designed from the kit items, sees each figure's price and the
total against the scenario's gold as the server answers (seed 003, UNIT COSTS;
BASIC SCENARIO: "500 Gold to a side / Each side has one Commander"), may use the
army only once the server accepts it, and plays it against the bot: the match
starts with exactly those figures in seat a."""

from __future__ import annotations

from tests.web.pages import new_page, shot, sign_in_as_guest


def add_sample(page, name: str, choice: str | None = None) -> None:
    page.fill(".sns-builder .builder-search", name)
    row = page.locator(f".sns-samples tr[data-sample='{name}']")
    if choice:
        row.locator("select.sample-choice").select_option(choice)
    row.locator("button[data-action=add-sample]").click()


def verdict_text(page) -> str:
    page.wait_for_function("() => !document.querySelector('.sns-builder .builder-total')"
                           ".textContent.includes('Checking')")
    return page.locator(".sns-builder .builder-total").inner_text()


def test_an_army_built_in_the_browser_is_played_against_the_bot(browser, server):
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        sign_in_as_guest(page, "Ann")
        page.wait_for_selector("#sns-form select[name=army_a] option[value=medieval-men]",
                               state="attached")
        page.click("#sns-form button[data-build=a]")
        page.wait_for_selector(".sns-builder .sns-samples tr[data-sample]")
        use = page.locator(".sns-builder button[data-action=use]")
        assert use.is_disabled()

        # a Dwarf with the axe alone: priced, but no Commander, so not usable yet
        add_sample(page, "Dwarf", "Axe")
        assert "Total 11 / 500 gold · 489 left · 1 figures" in verdict_text(page)
        assert page.locator(".builder-problems li[data-code=no_commander]").count() == 1
        assert use.is_disabled()
        page.locator(".builder-row button[data-action=more]").click()  # two Dwarves
        add_sample(page, "Dwarf Clanlord")
        assert "Total 36 / 500 gold · 464 left · 3 figures" in verdict_text(page)
        assert page.locator(".builder-ok").inner_text() == "The server accepts this army."

        # a unit of one's own: a figure (5) with a shield (1) and a sword (1)
        page.click(".sns-design summary")
        page.fill(".design-name", "Shield maiden")
        for item in ("Shield", "Sword"):
            page.select_option(".design-item", item)
            page.click("button[data-action=add-item]")
        page.wait_for_selector(".sns-draft-price >> text=This unit: 7 gold a figure")
        page.click("button[data-action=add-own]")
        assert "Total 43 / 500 gold · 457 left · 4 figures" in verdict_text(page)
        rows = page.locator(".sns-builder .builder-row").all_inner_texts()
        assert any("Shield maiden" in r and "× 7 gold" in r for r in rows), rows
        assert any("Dwarf (Axe)" in r and "× 11 gold" in r for r in rows), rows
        page.fill(".sns-builder .builder-name", "Hold of Ann")
        verdict_text(page)
        page.wait_for_selector(".sns-builder button[data-action=use]:not([disabled])")
        shot(page, "sns-builder")
        page.click(".sns-builder button[data-action=use]")
        assert page.locator(".sns-builder").count() == 0
        assert page.locator("#sns-form select[name=army_a] option:checked").inner_text() == \
            "Built: Hold of Ann (4 figures)"

        # opened again, the builder starts from the seat's built army; a ready-made
        # army may be a start too (here only looked at, then closed unused)
        page.click("#sns-form button[data-build=a]")
        assert "Total 43 / 500 gold" in verdict_text(page)
        page.select_option(".sns-builder .builder-preset", "orc-skirmish")
        assert "Total 32 / 500 gold · 468 left · 3 figures" in verdict_text(page)
        page.click(".sns-builder button[data-action=close]")
        assert page.locator("#sns-form select[name=army_a] option:checked").inner_text() == \
            "Built: Hold of Ann (4 figures)"

        page.select_option("#sns-form select[name=army_b]", "orc-skirmish")
        page.click("#sns-vs-bot")
        page.wait_for_selector(".board svg.sns-board g.figure")
        page.wait_for_selector("ul.sns-roster li[data-figure=a4]")
        mine = page.locator("ul.sns-roster li[data-figure^=a]").all_inner_texts()
        assert [line.split(":")[0] for line in mine] == [
            "Dwarf 1 (11 gold)", "Dwarf 2 (11 gold)", "Dwarf Clanlord (14 gold)",
            "Shield maiden (7 gold)"], mine
        assert "Hold of Ann" in page.locator(".sns-roster").first.evaluate(
            "ul => ul.previousElementSibling.textContent")
        assert page.locator(".board g.figure[data-seat=b]").count() == 3
        assert not errors, errors
    finally:
        shot(page, "sns-builder-last")
        page.context.close()
