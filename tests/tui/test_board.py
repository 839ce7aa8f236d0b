"""Board rendering: the odd-r offset layout, terrain glyphs, figure labels and
states, the cursor and the offered hexes, and the window around the cursor."""

from __future__ import annotations

from clients.tui.board import BoardModel, axial, label, offset
from clients.tui.board_window import fit, render_board, scroll, step


def fig(fig_id: str, pos, **state) -> dict:
    seat = fig_id[0]
    return {"id": fig_id, "seat": seat, "name": f"Orc Warrior (Shield {fig_id})", "points": 23,
            "quality": 4, "combat": 3, "wounds": 0, "rules": [], "pos": pos, "status": "ready",
            "fallen": False, "transfixed": False, "activated": False, "out_of_power": False,
            "out_of_missiles": False, **state}


def view(figures=(), terrain=(), edges=(), size=4) -> dict:
    return {"board": {"width": size, "height": size, "terrain": list(terrain),
                      "edges": list(edges)}, "figures": list(figures)}


def test_offset_and_axial_are_inverse_on_odd_r_rows():
    for col in range(6):
        for row in range(6):
            assert offset(axial(col, row)) == (col, row)
    assert axial(3, 5) == (1, 5)  # column 3, row 5: q = 3 - 5 // 2


def test_an_empty_board_is_staggered_rows_of_dots():
    text = render_board(BoardModel.from_view(view(size=3))).plain
    assert text.split("\n") == [" .   .   .  ", "   .   .   .  ", " .   .   .  "]


def test_terrain_figures_cursor_and_highlights():
    model = BoardModel.from_view(view(
        figures=[fig("a1", [0, 0]), fig("b10", [1, 1], fallen=True), fig("b2", None)],
        terrain=[[1, 0, "woods"], [-1, 2, "deep_water"], [2, 2, "hill"], [3, 0, "building"]],
        edges=[[[0, 3], [1, 3], "low_wall"]]))
    text = render_board(model, cursor=(0, 0), highlights=[(2, 0), (0, 1)]).plain
    assert text.split("\n") == [
        "[a1] w  (. ) #  ",      # row 0: cursor on a1, woods, an offered hex, a building
        "  (. ) bA  .   .  ",    # row 1 (shifted): an offered hex, b10 (label bA)
        " W   .   .   h  ",      # row 2: deep water at column 0, a hill at column 3
        "   .   .|  .|  .  ",    # row 3: the two hexes either side of a low wall
    ]
    assert label("b10") == "bA" and label("a3") == "a3"


def test_states_in_words_and_in_style():
    model = BoardModel.from_view(view(figures=[
        fig("a1", [0, 0], activated=True), fig("b1", [1, 0], fallen=True, transfixed=True),
        fig("b2", [3, 3]), fig("b3", None, status="dead")]))
    a1, b1, b2, b3 = (model.figures[i] for i in ("a1", "b1", "b2", "b3"))
    assert model.states(a1) == ["engaged", "activated"]
    assert model.states(b1) == ["fallen", "transfixed", "engaged"]
    assert model.states(b2) == [] and model.states(b3) == ["dead"]
    rendered = render_board(model)
    styles = {str(span.style) for span in rendered.spans}
    assert any("strike" in s and "red" in s for s in styles), "fallen: struck through"
    assert any("underline" in s and "cyan" in s for s in styles), "engaged: underlined"
    assert "a1 Orc Warrior Q4+ C3 (engaged, activated)" in model.describe((0, 0))
    assert model.describe((0, 0)).startswith("[0, 0] (col 0, row 0) open ground")


def test_the_window_follows_the_cursor():
    model = BoardModel.from_view(view(size=24))
    assert fit(model, 42, 10) == (10, 10)
    origin = (0, 0)
    cursor = axial(15, 12)
    origin = scroll(origin, cursor, (10, 10), model)
    assert origin == (6, 3)
    text = render_board(model, cursor=cursor, origin=origin, cols=10, rows=10).plain
    lines = text.split("\n")
    assert len(lines) == 10 and "[" in lines[-1] and lines[-1].index("[") == 4 * 9
    assert scroll(origin, axial(0, 0), (10, 10), model) == (0, 0)
    assert scroll((20, 20), None, (10, 10), model) == (14, 14), "kept inside the board"


def test_arrow_steps_keep_the_column_and_stop_at_the_edge():
    model = BoardModel.from_view(view(size=4))
    h = axial(1, 1)
    assert offset(step(model, h, "down")) == (1, 2)
    assert offset(step(model, h, "up")) == (1, 0)
    assert offset(step(model, h, "left")) == (0, 1)
    assert offset(step(model, axial(3, 3), "right")) == (3, 3)
