"""The scenario objects on the terminal board (docs/rules/sbh.md, "What the view
shows of them"): treasure tokens, the treasure and its carrier, the Place of
Power and the features to nominate it from, altars, and Ambush markers, whose
contents the owner's board shows and nobody else's can."""

from __future__ import annotations

from clients.tui.board import BoardModel, legend
from clients.tui.board_window import render_board
from tests.tui.test_board import fig, view


def objects_view(**objects) -> dict:
    return {**view(figures=[fig("a1", [0, 0]), fig("b3", None)], size=5,
                   terrain=[[2, 2, "woods"], [3, 2, "woods"]]),
            "options": {"scenario": "treasure_hunt", "spellcasting_altars": [[4, 0]]},
            "markers": [], "tokens": [], "treasure": None, "place_of_power": [], **objects}


def test_tokens_the_treasure_its_carrier_altars_and_the_place_of_power():
    model = BoardModel.from_view(objects_view(
        tokens=[[1, 0], [2, 1]], treasure={"at": [3, 0], "carrier": None},
        place_of_power=[[2, 2], [3, 2]]))
    rows = render_board(model).plain.split("\n")
    assert rows[0] == " a1  $?  .   $$  ^^ "
    assert rows[1] == "   .   .   $?  .   .  "
    assert rows[2] == " .   .   .   w*  w* "  # row 2: q = col - 1, the two woods hexes
    assert "the Place of Power" in model.describe((3, 2))
    assert model.describe((1, 0)).endswith("; a treasure token")
    assert "the treasure" in model.describe((3, 0)) and "altar" in model.describe((4, 0))
    carried = BoardModel.from_view(objects_view(treasure={"at": None, "carrier": "a1"}))
    assert "carries the treasure" in carried.states(carried.figures["a1"])
    assert carried.treasure is None
    assert "$?=treasure token" in legend() and "x*=Place of Power" in legend()


def test_features_to_nominate_carry_their_number():
    model = BoardModel.from_view(objects_view(features=[
        {"kind": "woods", "hexes": [[2, 2], [3, 2]]}]))
    assert render_board(model).plain.split("\n")[2] == " .   .   .   w1  w1 "
    assert model.describe((2, 2)).endswith("; feature 1 (to nominate)")


def test_ambush_markers_show_their_contents_only_on_the_owners_board():
    owner = BoardModel.from_view(objects_view(markers=[
        {"marker": "m1", "at": [1, 1], "hides": "b3"},
        {"marker": "m2", "at": [2, 1], "hides": "dummy"}]))
    other = BoardModel.from_view(objects_view(markers=[
        {"marker": "m1", "at": [1, 1]}, {"marker": "m2", "at": [2, 1]}]))
    assert render_board(owner).plain.split("\n")[1] == "   .   ?3  ?-  .   .  "
    assert render_board(other).plain.split("\n")[1] == "   .   ??  ??  .   .  "
    assert owner.describe((1, 1)).endswith("ambush marker m1 (hides b3)")
    assert other.describe((1, 1)).endswith("ambush marker m1")
    assert other.describe((2, 1)).endswith("ambush marker m2")
