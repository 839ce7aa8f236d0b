"""Line of sight, contact, engagement and short range on the square grid, each
test a passage of seed 004 rebuilt as a small board (the diagrams were images)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from server.rules.board.square import Square, SquareBoard, within_short_range

S = Square


def test_the_battlefield_archer_and_three_guards():
    """Seed 004, THE BATTLEFIELD: "The Archer can trace an uninterrupted line ... to
    the 1st Guard ... If the Archer tries to draw a line to the 2nd Guard, the line
    goes through a X square, in this case a bush. This blocks LoS ... The Archer can
    shoot the 3rd Guard since there are no blocking elements between them." """
    board = SquareBoard.from_rows([
        ".......",
        "..x....",  # the bush
        ".......",
        ".......",
    ])
    archer, guard1, guard2, guard3 = S(0, 3), S(5, 3), S(4, 0), S(6, 1)
    models = [archer, guard1, guard2, guard3]
    assert board.line_of_sight(archer, guard1, models)
    assert not board.line_of_sight(archer, guard2, models)
    assert board.line_of_sight(archer, guard3, models)


def test_the_battlefield_archer_behind_a_tree_and_a_guard_blocking_a_guard():
    """Seed 004, THE BATTLEFIELD: "The Archer can't shoot the 1st Guard, as they stand
    behind a tree X that blocks LoS. The 1st Guard also blocks LoS to the 2nd Guard.
    To shoot them, the Archer will have to move first." """
    board = SquareBoard.from_rows(["...#..."])  # the tree
    archer, guard1, guard2 = S(0, 0), S(5, 0), S(6, 0)
    models = [archer, guard1, guard2]
    assert not board.line_of_sight(archer, guard1, models)
    # from beside the tree the Archer sees the 1st Guard, who hides the 2nd
    moved = S(4, 0)
    assert board.line_of_sight(moved, guard1, models)
    assert not board.line_of_sight(moved, guard2, [guard1])


def test_blocking_elements_a_model_friendly_or_enemy():
    """Seed 004, THE BATTLEFIELD: "Blocking elements when determining LoS are: a model,
    friendly or enemy; a X; a wall"."""
    board = SquareBoard.from_rows(["....."])
    assert board.line_of_sight(S(0, 0), S(4, 0))
    assert not board.line_of_sight(S(0, 0), S(4, 0), [S(2, 0)])


def test_open_x_blocks_after_it_but_not_to_it():
    """Seed 004, OPEN-X: "block LoS through them, but a model can move into them ...
    A model in an OPEN-X may be the target of a close combat or ranged attack" and
    "a cross (X) means that the square blocks LoS after it, but not to it"."""
    board = SquareBoard.from_rows(["..x.."])
    assert board.standable(S(2, 0))
    assert board.line_of_sight(S(0, 0), S(2, 0))
    assert board.line_of_sight(S(2, 0), S(4, 0))  # and out of it
    assert not board.line_of_sight(S(0, 0), S(4, 0))
    assert board.in_contact([S(1, 0)], [S(2, 0)])


def test_blocked_dot_lets_ranged_attacks_through():
    """Seed 004, BLOCKED-dot: "a moat, a deep river ... Models can make ranged attacks
    through them but can't stand on these squares"."""
    board = SquareBoard.from_rows(["..o.."])
    assert board.line_of_sight(S(0, 0), S(4, 0))
    assert not board.standable(S(2, 0))


def test_blocked_x_blocks_sight_and_movement_and_the_2x2_tree():
    """Seed 004, BLOCKED-X: "block LoS and movement"; "This 2x2 square large tree ...
    makes the area BLOCKED-X and thus blocks LoS and movement"."""
    board = SquareBoard.from_rows(["......", "..##..", "..##..", "......"])
    assert not board.line_of_sight(S(0, 1), S(5, 2))
    assert not board.standable(S(3, 2))
    assert board.reachable(S(0, 1), 3).get(S(4, 1)) is None  # the way round is 4 steps
    assert board.reachable(S(0, 1), 4)[S(4, 1)] == 4


def test_sight_has_no_range_limit():
    """Seed 004, LINE OF SIGHT: "There is no limit to the range of sight except for
    blocking elements"."""
    board = SquareBoard(40, 40)
    assert board.line_of_sight(S(0, 0), S(39, 17))


def test_walls_block_sight_even_through_a_joint_or_an_angle():
    """Seed 004, WALLS: "They block movement, line of sight, being engaged, being in
    contact ... The angle of a wall is treated like the corner of a BLOCKED square for
    all rules". A line that meets a straight wall exactly at the joint of two of its
    pieces, or the angle of a room, is blocked; past a wall's free end it is not."""
    straight = [(S(0, 0), S(1, 0)), (S(0, 1), S(1, 1))]  # a wall east of column 0
    board = SquareBoard.from_rows(["...", "..."], walls=straight)
    assert not board.line_of_sight(S(0, 0), S(1, 1))
    assert not board.line_of_sight(S(1, 0), S(0, 1))
    angle = [(S(0, 0), S(1, 0)), (S(0, 0), S(0, 1))]  # the corner of a room at (0, 0)
    room = SquareBoard.from_rows(["..", ".."], walls=angle)
    assert not room.line_of_sight(S(0, 0), S(1, 1))
    assert not room.in_contact([S(0, 0)], [S(1, 1)])
    free_end = SquareBoard.from_rows(["..", ".."], walls=[(S(0, 0), S(1, 0))])
    assert free_end.line_of_sight(S(0, 0), S(1, 1))


def test_contact_is_adjacent_with_sight():
    """Seed 004, COMMON GAME TERMS: "CONTACT: Two models in adjacent squares with LoS
    to each other are in contact" and ADJACENT: "orthogonal or diagonal touching
    squares"."""
    board = SquareBoard.from_rows(["...", "..."])
    assert board.in_contact([S(0, 0)], [S(1, 1)])
    assert not board.in_contact([S(0, 0)], [S(2, 0)])


def test_engaged_and_unengaged_archer_with_a_wall():
    """Seed 004, ENGAGED/UNENGAGED: "These 2 models are engaged. They are in adjacent
    squares and share a LoS" and "This Archer is unengaged. One Guard is not in an
    adjacent square, and the one that is in an adjacent square doesn't have LoS with
    the Archer because of the wall between them"."""
    board = SquareBoard.from_rows(["....", "...."], walls=[(S(1, 0), S(2, 0))])
    assert board.in_contact([S(0, 0)], [S(1, 0)])
    archer, near_guard, far_guard = S(1, 0), S(2, 0), S(3, 1)
    assert board.adjacent([archer], [near_guard])
    assert not board.in_contact([archer], [near_guard])
    assert not board.adjacent([archer], [far_guard])


def test_a_large_model_sees_from_any_of_its_squares():
    """Seed 004, THE BATTLEFIELD: "trace an imaginary line between the dot/X of the 2
    squares in which the models sit"; a large model sits in four."""
    board = SquareBoard.from_rows(["....", "#...", "...."])
    large = [S(0, 0), S(1, 0), S(0, 1), S(1, 1)]
    target = S(0, 2)
    assert not board.line_of_sight(S(0, 0), target)  # behind the rock
    assert board.sees(large, [target])


def test_short_range_is_three_squares_regardless_of_sight():
    """Seed 004, SHORT RANGE: "any square up to 3 squares away from a respective model
    or element, regardless of LoS"."""
    assert within_short_range([S(0, 0)], [S(3, 2)])
    assert not within_short_range([S(0, 0)], [S(4, 0)])
    walled = SquareBoard.from_rows(["....", "...."], walls=[(S(0, 0), S(1, 0))])
    assert not walled.line_of_sight(S(0, 0), S(1, 0))
    assert within_short_range([S(0, 0)], [S(1, 0)])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1), st.booleans()), max_size=4),
       st.booleans())
def test_sight_past_a_wall_corner_is_the_diagonal_step(wall_specs, other_diagonal):
    """Seed 004, WALLS: "The angle of a wall is treated like the corner of a BLOCKED
    square for all rules": between two diagonal squares, walls stop sight (and so
    contact) exactly when they stop the diagonal step."""
    walls = []
    for x, y, east in wall_specs:
        other = S(x + 1, y) if east else S(x, y + 1)
        if other.x <= 1 and other.y <= 1:
            walls.append((S(x, y), other))
    board = SquareBoard.from_rows(["..", ".."], walls=walls)
    a, b = (S(1, 0), S(0, 1)) if other_diagonal else (S(0, 0), S(1, 1))
    assert board.line_of_sight(a, b) == board.step_allowed(a, b)
    assert board.in_contact([a], [b]) == board.step_allowed(a, b)
