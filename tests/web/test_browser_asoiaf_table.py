"""What an ASOIAF side panel and board show of the table's hidden and spent things,
from a real view of the engine (window.warbandLib, no match played): a seat's own
agenda by name and the other's hidden, the two agendas drawn, the objective cards
face down and revealed, the plunder tokens taken (gone from the board), a captive
an equipment token spent or not, and changes lasting beyond their ability."""

from __future__ import annotations

from tests.asoiaf_table_view import seat_a_view
from tests.web.pages import new_page, shot, sign_in_as_guest

DRAW_JS = """(view) => {
  document.body.innerHTML = '<div class="roster" id="roster"></div>'
    + '<div class="board" id="board"></div>';
  const names = new Map(view.models.map((m) => [m.uid, m.card]));
  document.getElementById('roster').innerHTML = warbandLib.asoiafRosterHtml(view, names,
    (seat) => `Seat ${seat}`);
  const board = new warbandLib.AsoiafBoard(document.getElementById('board'), {
    onSquare: () => {}, onModel: () => {}});
  board.render(view, {squares: new Set(), models: new Set(), chosen: new Set(),
    active: null, names});
}"""


def test_agendas_objectives_plunder_captives_and_spent_equipment(browser, server):
    """seed 004, AGENDA CARDS ("kept secret until they are played"), OBJECTIVE CARDS
    (dealt "face down"), PLUNDER TOKENS, CAPTURING and EQUIPMENT TOKENS (once per
    game, then discarded): each is drawn as the view gives it."""
    view = seat_a_view()
    errors: list[str] = []
    page = new_page(browser, server, errors)
    try:
        sign_in_as_guest(page, "Ann")
        page.evaluate(DRAW_JS, view)
        roster = page.locator("#roster")
        own = view["agendas"]["a"][0]
        assert page.locator("[data-agendas=a]").inner_text() == f"Agenda: {own}"
        assert page.locator("[data-agendas=b]").inner_text() == "Agenda: hidden"
        assert "Your agendas drawn (keep one): Thrifty Purse, Raid Their Camp" \
            in roster.inner_text()
        objectives = len(view["objectives"])
        assert page.locator(".objective-count").inner_text() == \
            f"1 of {objectives} revealed, {objectives - 1} face down"
        assert "Supply Cache" in page.locator(".objectives-revealed").inner_text()
        assert page.locator(".plunder-count").inner_text().startswith(
            "Plunder tokens taken: 1 of 2")
        carrier = next(m for m in view["models"] if m["equipment_spent"])
        line = page.locator(f"[data-roster='{carrier['uid']}']")
        assert f"{carrier['equipment']} (spent)" in line.inner_text()
        assert line.get_attribute("data-equipment") == "spent"
        captor = next(m for m in view["models"] if m.get("captive"))
        captive = next(m for m in view["models"] if m["uid"] == captor["captive"])
        assert f"holds {captive['card']} captive" in \
            page.locator(f"[data-roster='{captor['uid']}']").inner_text()
        changed = page.locator(f"[data-roster='{view['lasting'][0][0]}']").inner_text()
        assert "defence +1 until the round ends, -1 to attack rolls this turn" in changed
        # the board: the token taken is gone, the other still there; the captor marked
        assert page.locator("#board .plunder").count() == 1
        assert "captor" in page.locator(f"#board [data-model='{captor['uid']}']") \
            .get_attribute("data-states")
        assert page.locator("#board .objective").count() == objectives
        title = page.locator(f"#board [data-model='{carrier['uid']}'] title").text_content()
        assert title.endswith(f", {carrier['equipment']} (spent)")
        assert not errors, errors
    finally:
        shot(page, "asoiaf-table-things")
        page.context.close()
