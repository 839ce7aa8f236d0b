"""The move action on a match state (seed 004, MOVE ACTION, ENGAGED). No dice."""

from server.rules.asoiaf.battlefield import Battlefield
from server.rules.asoiaf.movement import is_engaged, move, move_destinations
from server.rules.asoiaf.state import Model, Phase, Purse, State
from server.rules.board.square import Square

S = Square


def open_field(width=9, height=9):
    return Battlefield(width, height)


def state_with(*models):
    return State("test", 3, tuple(models), {"a": Purse(0, 0, 12), "b": Purse(0, 0, 12)},
                 {"a": 12, "b": 12}, phase=Phase.ACTIVATIONS)


def warden(uid, seat, square, ap=2):
    return Model(uid, "Baratheon Warden", seat, 1, square=square, ap=ap)


def test_an_unengaged_model_moves_up_to_three_squares():
    """seed 004, MOVE ACTION: "can move up to 3 OPEN squares on the battlefield, 1
    square at a time, in any direction"."""
    state = state_with(warden("a1", "a", (4, 4)))
    reach = move_destinations(state, open_field(), "a1")
    assert S(7, 7) in reach and S(1, 4) in reach and S(8, 4) not in reach
    assert S(4, 4) not in reach
    moved = move(state, "a1", S(7, 7))
    assert moved.model("a1").square == (7, 7) and moved.model("a1").ap == 1


def test_entering_a_square_that_engages_stops_the_move():
    """seed 004, MOVE ACTION: "If at any point during its move a model enters a
    square that makes it engaged, it immediately stops"."""
    state = state_with(warden("a1", "a", (0, 0)), warden("b1", "b", (2, 1)))
    reach = move_destinations(state, open_field(), "a1")
    assert S(1, 0) in reach            # in contact with the enemy: the move ends there
    assert S(3, 0) not in reach        # every 3-step way there enters contact first
    assert S(2, 1) not in reach        # the enemy's own square


def test_an_engaged_model_moves_only_one_square():
    """seed 004, MOVE ACTION: "If a model is engaged, it can only move 1 square
    with its move action"."""
    state = state_with(warden("a1", "a", (4, 4)), warden("b1", "b", (5, 4)))
    assert is_engaged(state, open_field(), "a1")
    reach = move_destinations(state, open_field(), "a1")
    assert reach and all(max(abs(sq.x - 4), abs(sq.y - 4)) == 1 for sq in reach)
