"""Square grid geometry for ASOIAF (seed 004, THE BATTLEFIELD and MOVEMENT)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from server.rules.board.square import (
    Square,
    SquareBoard,
    SquareKind,
    distance,
    footprint,
    wall_key,
)

W = H = 10
squares = st.builds(Square, st.integers(0, W - 1), st.integers(0, H - 1))


@st.composite
def boards(draw):
    kinds = draw(st.dictionaries(squares, st.sampled_from(list(SquareKind)), max_size=25))
    walls = set()
    for sq, horizontal in draw(st.lists(st.tuples(squares, st.booleans()), max_size=12)):
        other = Square(sq.x + 1, sq.y) if horizontal else Square(sq.x, sq.y + 1)
        if other.x < W and other.y < H:
            walls.add(wall_key(sq, other))
    return SquareBoard(W, H, kinds, frozenset(walls))


@given(squares, squares, squares)
def test_distance_symmetric_and_triangle(a, b, c):
    assert distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@settings(max_examples=200, deadline=None)
@given(boards(), squares, squares, st.sets(squares, max_size=5))
def test_line_of_sight_is_symmetric(board, a, b, blockers):
    assert board.line_of_sight(a, b, blockers) == board.line_of_sight(b, a, blockers)


@settings(max_examples=80, deadline=None)
@given(boards(), squares, st.integers(0, 4))
def test_reachable_squares_have_legal_shortest_paths(board, start, budget):
    if not board.standable(start):
        return
    reach = board.reachable(start, budget)
    for goal, cost in list(reach.items())[:12]:
        assert cost <= budget
        steps = board.path(start, goal)
        assert len(steps) - 1 == cost
        assert all(board.step_allowed(x, y) for x, y in zip(steps, steps[1:], strict=False))


def test_x_square_blocks_sight_beyond_it_but_not_to_it():
    """seed 004, THE BATTLEFIELD: 'a cross (X) means that the square blocks LoS
    after it, but not to it'."""
    board = SquareBoard.from_rows(["..x.."])
    assert board.line_of_sight(Square(0, 0), Square(2, 0))
    assert not board.line_of_sight(Square(0, 0), Square(4, 0))


def test_blocked_dot_square_does_not_block_sight():
    """seed 004, BLOCKED-dot: 'Models can make ranged attacks through them but
    can't stand on these squares.'"""
    board = SquareBoard.from_rows(["..o.."])
    assert board.line_of_sight(Square(0, 0), Square(4, 0))
    assert not board.standable(Square(2, 0))


def test_archer_and_guards_first_diagram():
    """seed 004, THE BATTLEFIELD example: 'The Archer can trace an uninterrupted
    line ... to the 1st Guard ... If the Archer tries to draw a line to the 2nd
    Guard, the line goes through a X square, in this case a bush. This blocks LoS
    ... The Archer can shoot the 3rd Guard since there are no blocking elements'."""
    board = SquareBoard.from_rows([
        ".......",
        "..x....",  # the bush
        ".......",
        ".......",
    ])
    archer, guard1, guard2, guard3 = Square(0, 3), Square(5, 3), Square(4, 0), Square(6, 1)
    assert board.line_of_sight(archer, guard1, [guard2, guard3])
    assert Square(2, 1) in board.squares_crossed(archer, guard2)
    assert not board.line_of_sight(archer, guard2, [guard1, guard3])
    assert board.line_of_sight(archer, guard3, [guard1, guard2])


def test_archer_and_guards_second_diagram():
    """seed 004, THE BATTLEFIELD example: 'The Archer can't shoot the 1st Guard, as
    they stand behind a tree X that blocks LoS. The 1st Guard also blocks LoS to
    the 2nd Guard.'"""
    board = SquareBoard.from_rows([
        "...#...",  # the tree
        ".......",
    ])
    archer, guard1 = Square(0, 0), Square(5, 0)
    assert not board.line_of_sight(archer, guard1)
    open_board = SquareBoard.from_rows(["......."])
    guard2 = Square(6, 0)
    assert not open_board.line_of_sight(Square(2, 0), guard2, [Square(4, 0)])


def test_diagonal_around_a_blocked_square_needs_the_other_square_open():
    """seed 004, MOVEMENT: 'A model can move diagonally around a BLOCKED square if
    the other diagonal square is OPEN' and the Honor Guard 'can't move between
    these two rocks'."""
    one_rock = SquareBoard.from_rows([".#", ".."])
    assert one_rock.step_allowed(Square(0, 0), Square(1, 1))
    two_rocks = SquareBoard.from_rows([".#", "#."])
    assert not two_rocks.step_allowed(Square(0, 0), Square(1, 1))


def test_walls_block_moves_and_sight_but_an_opening_allows_the_diagonal():
    """seed 004, WALLS: 'They block movement, line of sight' and MOVEMENT: 'The
    wall functions as a BLOCKED square but any opening allows diagonal movement'
    (Robert leaving the cabin)."""
    wall = (Square(0, 0), Square(0, 1))
    board = SquareBoard.from_rows(["..", ".."], walls=[wall])
    assert not board.step_allowed(Square(0, 0), Square(0, 1))
    assert board.step_allowed(Square(0, 0), Square(1, 1))  # through the opening at (1, 0)
    assert not board.line_of_sight(Square(0, 0), Square(0, 1))
    closed = SquareBoard.from_rows(["..", ".."], walls=[wall, (Square(0, 0), Square(1, 0))])
    assert not closed.step_allowed(Square(0, 0), Square(1, 1))


def test_large_models_use_four_squares_and_not_over_walls():
    """seed 004, LARGE MODEL MOVEMENT and WALLS: 'must end its move ... in a group
    of four OPEN squares'; 'Large models can't be placed over walls'."""
    board = SquareBoard.from_rows(["....", "....", "...."],
                                  walls=[(Square(2, 0), Square(3, 0))])
    assert footprint(Square(0, 0)) == (Square(0, 0), Square(1, 0), Square(0, 1), Square(1, 1))
    assert board.can_place_large(Square(0, 0))
    assert not board.can_place_large(Square(2, 0))
    assert Square(1, 1) in board.large_destinations(Square(0, 0), 1)
    assert Square(2, 0) not in board.large_destinations(Square(0, 0), 3)


def test_contact_needs_adjacency_and_sight():
    """seed 004, CONTACT: 'Two models in adjacent squares with LoS to each other
    are in contact'; walls block 'being in contact'."""
    board = SquareBoard.from_rows(["..."], walls=[(Square(0, 0), Square(1, 0))])
    assert board.adjacent([Square(0, 0)], [Square(1, 0)])
    assert not board.in_contact([Square(0, 0)], [Square(1, 0)])
    assert board.in_contact([Square(1, 0)], [Square(2, 0)])


def test_tiles_are_seven_by_seven():
    """seed 004, THE BATTLEFIELD: 'tiles, split into 49 squares, in a 7 by 7 grid'."""
    tile = ["......."] * 7
    board = SquareBoard.from_tiles([[tile, tile], [tile, tile]])
    assert (board.width, board.height) == (14, 14)


centres = st.builds(lambda x, y: (2 * x + 1, 2 * y + 1), st.integers(0, 12), st.integers(0, 12))
side_middles = st.one_of(
    st.builds(lambda x, y: (2 * x, 2 * y + 1), st.integers(1, 12), st.integers(0, 12)),
    st.builds(lambda x, y: (2 * x + 1, 2 * y), st.integers(0, 12), st.integers(1, 12)))


@settings(max_examples=400, deadline=None)
@given(centres, st.one_of(centres, side_middles), st.booleans())
def test_squares_on_a_line_are_those_whose_inside_it_enters(p, q, reverse):
    """The column-by-column square search matches its definition: the squares whose
    open inside the segment passes through (board.md, "Line of sight", rule 1)."""
    from server.rules.board.square import _segment_enters_open_box, _squares_on

    if reverse:
        p, q = q, p
    expected = [Square(x, y)
                for x in range(min(p[0], q[0]) // 2, max(p[0], q[0]) // 2 + 1)
                for y in range(min(p[1], q[1]) // 2, max(p[1], q[1]) // 2 + 1)
                if _segment_enters_open_box(p, q, 2 * x, 2 * y, 2 * x + 2, 2 * y + 2)]
    assert _squares_on(p, q) == expected
