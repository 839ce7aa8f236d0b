"""The roster in as much detail as the side panel has room for (full, the list
packed, a line a seat); the lists of a match that ended before they were
revealed, from its replay; the board window panned across a 48-hex table at 80
columns, with the part shown in words."""

from __future__ import annotations

from textual.app import App, ComposeResult

from clients.tui.board import BoardModel, axial
from clients.tui.match import MatchModel
from clients.tui.roster import full, grouped, roster, summary
from clients.tui.widgets import BoardView, where
from tests.tui.test_board import fig, view


def model_with_figures() -> MatchModel:
    model = MatchModel("m1", spectator=True, players={"a": "Ann", "b": "Bob"})
    figures = [fig("a1", [0, 0], name="Elf Wizard (Dagger)"),
               fig("a2", [1, 0], name="Wood Elf Warrior (Sword)"),
               fig("a3", None, name="Wood Elf Warrior (Sword)", status="dead"),
               fig("b1", [3, 3], name="Troll", fallen=True),
               fig("b2", None, name="Goblin (Spear)", status="fled")]
    model.take({"type": "view", "view": view(figures=figures)})
    model.lists = {"a": {"name": "Elves", "models": [{"points": 40}, {"points": 20},
                                                     {"points": 20}]},
                   "b": {"name": "Goblins", "models": [{"points": 50}, {"points": 10}]}}
    return model


def test_the_roster_full_packed_a_line_a_seat_or_one_line():
    model = model_with_figures()
    whole = full(model).plain
    assert "Seat a: Ann · Elves, 80 pts\na1 Elf Wizard" in whole
    assert "a3 Wood Elf Warrior" in whole and "Q4+ C3 dead" in whole
    assert "b1 Troll" in whole and "fallen" in whole and "[..]=cursor" in whole, "legend"
    assert grouped(model).plain.split("\n") == [
        "Seat a: Ann · Elves, 80 pts", "a1 Elf Wizard · a2-a3 Wood Elf Warrior", "dead a3",
        "Seat b: Bob · Goblins, 60 pts", "b1 Troll · b2 Goblin", "fallen b1 · fled b2"]
    assert summary(model).plain.split("\n") == [
        "Seat a: Ann · Elves, 80 pts: 2 of 3 left", "Seat b: Bob · Goblins, 60 pts: 1 of 2 left",
        "f: every figure"]

    def count(text):
        return len(text.plain.split("\n"))

    assert roster(model, 100, count).plain == whole
    assert "a1 Elf Wizard" in roster(model, 11, count).plain, "full without the legend"
    assert roster(model, 6, count).plain == grouped(model).plain
    assert roster(model, 3, count).plain == summary(model).plain
    assert roster(model, 1, count).plain == "a: Ann 2/3 · b: Bob 1/2 · f: figures"
    assert roster(model, 0, count, least=1).plain == roster(model, 1, count).plain
    assert roster(model, -2, count, least=0).plain == "", "the choices come first"


def test_the_lists_of_a_match_that_ended_before_they_were_revealed_come_from_its_replay():
    model = MatchModel("m2", spectator=True, players={"a": "Ann", "b": "Bob"})
    replay = {"events": [
        {"seq": 1, "event": {"type": "list_submitted", "data": {
            "seat": "a", "list": {"name": "Elves", "models": [
                {"name": "Elf Wizard (Dagger)", "points": 40, "quality": 2, "combat": 2}]}}}},
        {"seq": 2, "event": {"type": "game_ended", "data": {"winner": "b"}}}]}
    model.take_final(None, replay)
    assert model.lists["a"]["name"] == "Elves"
    lines = full(model).plain.split("\n")
    assert lines[0] == "Seat a: Ann · Elves, 40 pts" and lines[2] == "Seat b: Bob"
    assert lines[1].startswith("a1 Elf Wizard ") and lines[1].endswith(" Q2+ C2")


class BoardApp(App):
    def __init__(self, model: MatchModel) -> None:
        super().__init__()
        self.model = model

    def compose(self) -> ComposeResult:
        yield BoardView(self.model)


async def test_a_48_hex_table_pans_sideways_at_80_columns_and_says_which_part_shows():
    model = MatchModel("m3", spectator=True)
    model.take({"type": "view", "view": view(figures=[fig("b1", [40, 2])], size=48)})
    model.cursor = axial(0, 0)
    app = BoardApp(model)
    async with app.run_test(size=(80, 24)):
        board = app.query_one(BoardView)

        def shown() -> str:
            return board.render().plain.split("\n")[-1]

        assert board.window == (19, 23)
        assert shown().startswith("  cols 1-19/48 >    rows 1-23/48 v  </>: pan  z: zoom")
        assert "b1" not in board.render().plain
        board.pan(1, 0)  # (three quarters of the window: 14 columns)
        assert shown().startswith("< cols 15-33/48 >")
        board.pan(1, 0)
        board.pan(1, 0)
        assert shown().startswith("< cols 30-48/48  ")  # the right edge: no more '>'
        assert "b1" in board.render().plain
        board.pan(0, 1)
        assert "^ rows 18-40/48 v" in shown()
        model.cursor = axial(1, 0)  # the cursor moves: the window goes back to it
        assert shown().startswith("  cols 1-19/48 >    rows 1-23/48 v")
        board.compact = True
        assert shown().startswith("  cols 1-26/48 >") and "z: zoom" not in shown()


def test_the_part_shown_fits_its_width():
    board = BoardModel.from_view(view(size=48))
    assert where((10, 0), (20, 48), board, 80, False) == \
        "< cols 11-30/48 >  </>: pan  z: zoom out"
    assert where((10, 0), (20, 48), board, 20, True) == "< cols 11-30/48 >"
    assert where((0, 5), (48, 20), board, 80, True) == "^ rows 6-25/48 v"
