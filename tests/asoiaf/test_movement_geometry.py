"""Movement geometry (seed 004, MOVE ACTION, LARGE MODEL MOVEMENT, WALLS), each
test a passage rebuilt as a small board."""

from __future__ import annotations

import pytest

from server.rules.asoiaf.battlefield import Battlefield, TerrainZone
from server.rules.board.square import Square, SquareBoard, footprint

S = Square


def test_move_up_to_three_squares_in_any_direction():
    """Seed 004, MOVE ACTION: "can move up to 3 OPEN squares on the battlefield, 1
    square at a time, in any direction ... does not need to take their full
    movement"."""
    board = SquareBoard(9, 9)
    reach = board.reachable(S(4, 4), 3)
    assert reach[S(7, 7)] == 3 and reach[S(4, 4)] == 0 and reach[S(5, 4)] == 1
    assert S(8, 4) not in reach


def test_friends_may_be_passed_through_but_not_enemies():
    """Seed 004, MOVE ACTION: "can only go through empty OPEN squares, unless they are
    occupied by a friendly model"; MODELS: "There can never be two models in the
    same square"."""
    corridor = SquareBoard.from_rows(["#####", ".....", "#####"])
    with_friend = corridor.reachable(S(0, 1), 3, friends=[S(1, 1)])
    assert with_friend[S(2, 1)] == 2 and S(1, 1) not in with_friend
    with_enemy = corridor.reachable(S(0, 1), 3, occupied=[S(1, 1)])
    assert S(2, 1) not in with_enemy


def test_entering_an_engaging_square_stops_the_move():
    """Seed 004, MOVE ACTION: "If at any point during its move a model enters a square
    that makes it engaged, it immediately stops and their move action ends"."""
    board = SquareBoard(7, 1)
    reach = board.reachable(S(0, 0), 3, occupied=[S(3, 0)], stops=[S(2, 0)])
    assert S(2, 0) in reach and S(3, 0) not in reach
    beyond = SquareBoard(7, 3).reachable(S(0, 1), 3, stops=[S(1, 1)])
    assert S(2, 1) in beyond  # reached around the stop square, not through it
    assert beyond[S(2, 1)] == 2


def test_the_honor_guard_cannot_pass_between_two_rocks():
    """Seed 004, MOVE ACTION: "This Targaryen Honor Guard can't move between these two
    rocks. Their squares are BLOCKED and therefore block movement and LoS"."""
    board = SquareBoard.from_rows([".#", "#."])
    assert not board.step_allowed(S(0, 0), S(1, 1))
    assert board.path(S(0, 0), S(1, 1)) is None


def test_diagonal_past_a_rock_through_the_bonfire_takes_the_bonfire():
    """Seed 004, MOVE ACTION: "A model can move diagonally around a BLOCKED square if
    the other diagonal square is OPEN. Each time a model moves diagonally it must
    choose 1 of the 2 squares ... This Targaryen Honor Guard can move diagonally past
    the rock, electing to pass through the bonfire (which is OPEN). Doing so, he
    suffers 1 wound because of the bonfire"."""
    bonfire = TerrainZone("bonfire", frozenset({S(0, 1)}))
    field = Battlefield(2, 2, {S(1, 0): SquareBoard.from_rows([".#"]).kind(S(1, 0))},
                        zones=(bonfire,))
    assert field.movement.diagonal_passages(S(0, 0), S(1, 1)) == [S(0, 1)]
    assert field.terrain_of_step(S(0, 0), S(1, 1), passed=S(0, 1)) == ["bonfire"]
    open_field = Battlefield(2, 2, zones=(bonfire,))
    assert open_field.terrain_of_step(S(0, 0), S(1, 1), passed=S(1, 0)) == []
    with pytest.raises(ValueError, match=r"passes through one of \[\(0, 1\)\]"):
        field.terrain_of_step(S(0, 0), S(1, 1), passed=S(1, 0))  # through the rock
    with pytest.raises(ValueError, match=r"passes through one of \[\]"):
        field.terrain_of_step(S(0, 0), S(1, 1), passed=S(0, 1), occupied=[S(0, 1)])


def test_robert_leaves_the_cabin_through_the_opening_beside_him():
    """Seed 004, MOVE ACTION: "Moving around a wall works the same way. The wall
    functions as a BLOCKED square but any opening allows diagonal movement ...
    Robert can make a move to exit the cabin, despite the wall in front of him,
    because the square on his left is open"."""
    # the cabin's south wall, with an opening at (0, 0)-(0, 1); Robert at (1, 0)
    walls = [(S(1, 0), S(1, 1)), (S(2, 0), S(2, 1))]
    board = SquareBoard.from_rows(["...", "..."], walls=walls)
    robert = S(1, 0)
    assert not board.step_allowed(robert, S(1, 1))
    assert board.step_allowed(robert, S(0, 1))
    assert board.diagonal_passages(robert, S(0, 1)) == [S(0, 0)]
    assert not board.step_allowed(robert, S(2, 1))  # walls close both ways round


def test_the_angle_of_a_wall_is_a_blocked_corner_for_movement():
    """Seed 004, WALLS: "The angle of a wall is treated like the corner of a BLOCKED
    square for all rules"."""
    room_corner = SquareBoard.from_rows(["..", ".."],
                                        walls=[(S(0, 0), S(1, 0)), (S(0, 0), S(0, 1))])
    assert not room_corner.step_allowed(S(0, 0), S(1, 1))
    # from (1, 0) to (0, 1): one way round is through (0, 0), walled off; the other
    # through (1, 1) is open, so the step is allowed
    assert room_corner.step_allowed(S(1, 0), S(0, 1))


def test_robert_mounted_passes_between_two_trees_and_reorients():
    """Seed 004, LARGE MODEL MOVEMENT: "choose one of the four squares the model
    occupies and move it up to 3 squares ... it only needs a single free OPEN square
    all along the way ... must end its move, after being reoriented, in a group of
    four OPEN squares ... he can pass between the two trees, even as a large model.
    He chooses one of the four squares he occupies and moves four squares" (Rebel
    King's +1)."""
    board = SquareBoard.from_rows([
        "....#.....",
        "....#.....",
        "....#.....",  # a line of trees ...
        "..........",  # ... with a one-square gap
        "....#.....",
        "....#.....",
        "....#.....",
    ])
    robert = S(0, 2)  # occupies (0-1, 2-3)
    beyond = S(5, 2)  # east of the trees: square (1, 3) goes through the gap to (5, 3)
    assert beyond in board.large_destinations(robert, 4)
    assert beyond not in board.large_destinations(robert, 3)
    assert not board.can_place_large(S(3, 3))  # the gap holds no 2x2


def test_the_square_chosen_decides_the_terrain():
    """Seed 004, LARGE MODEL MOVEMENT: "The square chosen determines if the model takes
    terrain effects ... If they didn't go through a bonfire, but the rest of the
    squares occupied by the model did, the model doesn't suffer a wound"."""
    river = TerrainZone("river", frozenset({S(2, 0), S(2, 1), S(2, 2), S(2, 3)}))
    field = Battlefield(6, 4, zones=(river,))
    chosen_path = field.movement.path(S(1, 0), S(3, 0))
    entered = [name for a, b in zip(chosen_path, chosen_path[1:], strict=False)
               for name in field.terrain_of_step(a, b)]
    assert entered == ["river"]


def test_large_models_are_never_placed_over_walls():
    """Seed 004, WALLS: "Large models can't be placed over walls"."""
    board = SquareBoard(4, 4, walls=frozenset({frozenset({S(1, 1), S(2, 1)})}))
    assert not board.can_place_large(S(1, 0))
    assert not board.can_place_large(S(1, 1))
    assert board.can_place_large(S(2, 1))
    assert footprint(S(2, 1)) == (S(2, 1), S(3, 1), S(2, 2), S(3, 2))


def test_away_ends_as_far_as_possible_or_stays():
    """Seed 004, ABILITIES SPECIAL RULES, AWAY: "must end this compulsory move as far
    away as possible from the model who initiated the away action. If for any reason
    there aren't any OPEN squares available, the model is not moved"."""
    field = Battlefield(7, 3)
    assert field.away_squares(S(2, 1), 1, [S(1, 1)]) == [S(3, 0), S(3, 1), S(3, 2)]
    assert field.away_squares(S(2, 1), 2, [S(1, 1)]) == [S(4, 0), S(4, 1), S(4, 2)]
    boxed = Battlefield(3, 1, {S(2, 0): SquareBoard.from_rows(["#"]).kind(S(0, 0))})
    assert boxed.away_squares(S(1, 0), 1, [S(0, 0)]) == [S(1, 0)]


def test_towards_goes_round_obstacles_into_contact():
    """Seed 004, ABILITIES SPECIAL RULES, TOWARDS: "must travel the shortest distance
    to end in contact with the model that initiated the towards movement. This may
    mean going around obstacles or other models"."""
    wall = frozenset({frozenset({S(2, y), S(3, y)}) for y in range(3)})
    field = Battlefield(6, 4, walls=wall)
    initiator = [S(4, 1)]
    # behind the wall: round its end, 3 steps, two squares equally short
    assert field.towards_squares(S(1, 1), 4, initiator) == [S(3, 2), S(4, 2)]
    # too far for the move: as far along a shortest way as it goes
    assert field.towards_squares(S(1, 1), 1, initiator) == [S(1, 2), S(2, 2)]
    # beside the initiator but across the wall is not contact: round the wall's end
    assert field.towards_squares(S(3, 0), 3, [S(2, 1)]) == [S(2, 3), S(3, 3)]
    surrounded = [S(x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)]
    assert field.towards_squares(S(5, 3), 3, [S(1, 1)], occupied=surrounded) == []


def test_friendly_contact_is_not_engagement():
    """Seed 004, ENGAGED: "A model in contact with an enemy model is engaged. A friendly
    model in contact with another friendly model is NOT engaged" (Robert in contact
    with two Baratheon Wardens)."""
    field = Battlefield(4, 3)
    robert, wardens, enemy = S(1, 1), [S(0, 0), S(0, 2)], S(3, 1)
    assert all(field.in_contact([robert], [w]) for w in wardens)
    assert not field.engaged([robert], [[enemy]], blockers=wardens + [enemy])
    assert field.engaged([robert], [[S(2, 1)]])
