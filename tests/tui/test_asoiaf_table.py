"""What the terminal shows of an ASOIAF table's hidden and spent things, from a
real view of the engine: the headline's agendas (your own by name, the other's
hidden), the two drawn, the objectives revealed and the plunder taken; a square's
words name a captive and an equipment token spent; a taken token leaves the map."""

from __future__ import annotations

from clients.tui.match import MatchModel
from tests.asoiaf_table_view import seat_a_view


def test_agendas_objectives_plunder_captives_and_spent_equipment_in_words():
    """seed 004, AGENDA CARDS ("kept secret until they are played"), OBJECTIVE CARDS
    (dealt "face down"), PLUNDER TOKENS, CAPTURING and EQUIPMENT TOKENS (once per
    game, then discarded)."""
    view = seat_a_view()
    model = MatchModel("m1", seat="a", system="asoiaf", status="active")
    model.take({"type": "view", "seq": 9, "view": view})
    headline = model.headline()
    own = view["agendas"]["a"][0]
    assert f"your agenda {own}" in headline and "b's agenda hidden" in headline
    assert "drawn (keep one) Thrifty Purse / Raid Their Camp" in headline
    count = len(view["objectives"])
    assert f"objectives 1/{count} revealed (Supply Cache)" in headline
    assert "plunder taken 1/2" in headline

    board = model.board
    taken, left = ((x, y) for x, y, _ in view["battlefield"]["plunder"])
    assert board.glyph(taken) == "." and board.glyph(left) in "$?"
    carrier = next(m for m in view["models"] if m["equipment_spent"])
    assert f"{carrier['equipment']} spent" in board.describe(tuple(carrier["square"]))
    captor = next(m for m in view["models"] if m.get("captive"))
    captive = next(m for m in view["models"] if m["uid"] == captor["captive"])
    assert f"holds {captive['card']} captive" in board.describe(tuple(captor["square"]))
    changed = next(m for m in view["models"] if m["uid"] == view["lasting"][0][0])
    assert "defence +1 until the round ends, -1 to attack rolls this turn" in \
        board.describe(tuple(changed["square"]))
