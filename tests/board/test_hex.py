"""Hex geometry: properties over generated boards, plus fixed examples."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from server.rules.board.hex import (
    EdgeFeature,
    Hex,
    HexBoard,
    distance,
    edge_key,
    hex_at,
    line,
    neighbours,
    ring,
    within,
)

coords = st.integers(-12, 12)
hexes = st.builds(hex_at, coords, coords)
SIZE = 12


@st.composite
def boards(draw):
    cells = HexBoard(SIZE, SIZE).hexes()
    blocking = draw(st.sets(st.sampled_from(cells), max_size=25))
    walls = draw(st.lists(st.tuples(st.sampled_from(cells), st.integers(0, 5)), max_size=15))
    edges = {}
    for h, d in walls:
        n = neighbours(h)[d]
        edges[edge_key(h, n)] = EdgeFeature("wall", blocks_sight=True, blocks_move=True)
    costs = {h: 2 for h in draw(st.sets(st.sampled_from(cells), max_size=20))}
    return HexBoard(SIZE, SIZE, frozenset(blocking), frozenset(), edges, costs)


board_hexes = st.sampled_from(HexBoard(SIZE, SIZE).hexes())


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_for_equal(a, b):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_neighbours_are_at_distance_one(h):
    assert len(set(neighbours(h))) == 6
    assert all(distance(h, n) == 1 for n in neighbours(h))


@given(hexes, st.integers(0, 6))
def test_ring_and_area_sizes(h, n):
    assert len(set(ring(h, n))) == (6 * n if n else 1)
    assert all(distance(h, x) == n for x in ring(h, n))
    assert len(set(within(h, n))) == 3 * n * (n + 1) + 1


@given(hexes, hexes, st.sampled_from([1, -1]))
def test_lines_are_contiguous_and_reverse_symmetric(a, b, nudge):
    cells = line(a, b, nudge)
    assert cells[0] == a and cells[-1] == b and len(cells) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(cells, cells[1:], strict=False))
    assert line(b, a, nudge) == cells[::-1]


@settings(max_examples=150, deadline=None)
@given(boards(), board_hexes, board_hexes, st.sets(board_hexes, max_size=6))
def test_line_of_sight_is_symmetric(board, a, b, blockers):
    assert board.line_of_sight(a, b, blockers) == board.line_of_sight(b, a, blockers)


@settings(max_examples=100, deadline=None)
@given(boards(), board_hexes, st.integers(0, 8))
def test_reachable_costs_are_path_costs_within_budget(board, start, budget):
    reach = board.reachable(start, budget)
    for goal, cost in list(reach.items())[:15]:
        assert cost <= budget
        steps, total = board.path(start, goal, budget)
        assert total == cost and steps[0] == start and steps[-1] == goal
        assert sum(board.step_cost(x, y) for x, y in zip(steps, steps[1:], strict=False)) == cost


@settings(max_examples=60, deadline=None)
@given(boards(), board_hexes)
def test_paths_never_cross_walls_or_enter_banned_hexes(board, start):
    banned = set(neighbours(start)[:2])
    for goal in list(board.reachable(start, 6, no_entry=banned))[:10]:
        steps, _ = board.path(start, goal, 6, no_entry=banned)
        assert not banned & set(steps)
        for x, y in zip(steps, steps[1:], strict=False):
            feature = board.edges.get(edge_key(x, y))
            assert feature is None or not feature.blocks_move


@given(hexes, hexes)
def test_directly_away_increases_distance(a, b):
    if a == b:
        return
    for n in HexBoard.directly_away(a, b):
        assert distance(a, n) == distance(a, b) + 1


def test_directly_away_from_an_adjacent_hex_is_the_opposite_hex():
    assert HexBoard.directly_away(hex_at(0, 0), hex_at(1, 0)) == [hex_at(2, 0)]


def test_a_wall_between_blocks_sight_and_movement():
    a, b = hex_at(2, 2), hex_at(3, 2)
    board = HexBoard(8, 8, edges={edge_key(a, b): EdgeFeature("wall", True, True)})
    assert not board.line_of_sight(hex_at(1, 2), hex_at(4, 2))
    assert board.step_cost(a, b) is None
    assert board.path(a, b)[1] > 1  # it must go round


def test_blocking_hex_between_blocks_but_not_at_the_ends():
    board = HexBoard(8, 8, blocking=frozenset({hex_at(3, 2)}))
    assert not board.line_of_sight(hex_at(1, 2), hex_at(5, 2))
    assert board.line_of_sight(hex_at(1, 2), hex_at(3, 2))


def test_offset_layout_round_trips():
    board = HexBoard(6, 5)
    for h in board.hexes():
        assert HexBoard.from_offset(*HexBoard.to_offset(h)) == h
    assert board.edge_distances(HexBoard.from_offset(0, 0)) == {
        "north": 1, "south": 5, "west": 1, "east": 6}
    assert isinstance(board.hexes()[0], Hex)
