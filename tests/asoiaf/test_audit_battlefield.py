"""Audit (issue 31), written from seed 004 and not from the code: THE BATTLEFIELD
(square types, LoS, walls, doors, windows, short range, contact), the MOVE ACTION
(3 squares, friends, stopping on becoming engaged, engaged models moving 1,
diagonals past BLOCKED squares) and LARGE MODEL MOVEMENT. Small boards rebuilt
from the text, and the packaged Learn to Play and Village Skirmish maps through
the kernel face. Each test quotes its passage."""

from server.rules.asoiaf.scenarios import packaged_scenarios
from server.rules.asoiaf.state import Model
from server.rules.board.square import Square, SquareBoard, within_short_range
from tests.asoiaf.conftest import mid_round, options, run

S = Square
W = "Baratheon Warden"
VILLAGE = packaged_scenarios()["village_skirmish"].battlefield


def moves(state):
    found = options(state, "move")
    return {tuple(sq) for sq in found[0].params["square"]} if found else set()


def active(square, *others, card=W, scenario="learn_to_play", large=False):
    models = (Model("a1", card, "a", 2, square=square, ap=2, activated=True, large=large),
              *others)
    return mid_round(models, scenario=scenario)


def enemy(uid, square, card=W):
    return Model(uid, card, "b", 2, square=square)


def test_the_four_square_types_stand_and_see_as_the_table_says():
    """THE BATTLEFIELD table: "Stand in this square? Yes Yes No No / See through this
    square? Yes No Yes No" for OPEN, OPEN X, BLOCKED, BLOCKED X."""
    board = SquareBoard.from_rows(["..", ".x", ".o", ".#"])
    assert [board.standable(S(1, y)) for y in range(4)] == [True, True, False, False]
    row = SquareBoard.from_rows(["...", ".x.", ".o.", ".#."])
    assert [row.line_of_sight(S(0, y), S(2, y)) for y in range(4)] == [True, False, True, False]


def test_an_x_square_blocks_sight_after_it_not_to_it():
    """"a cross (X) means that the square blocks LoS after it, but not to it. A model
    standing on this square can also be seen and attacked"."""
    board = SquareBoard.from_rows(["..x.."])
    assert board.line_of_sight(S(0, 0), S(2, 0)) and not board.line_of_sight(S(0, 0), S(4, 0))


def test_models_friend_or_foe_block_sight():
    """"Blocking elements when determining LoS are: a model, friendly or enemy"."""
    board = SquareBoard.from_rows(["....."])
    assert not board.line_of_sight(S(0, 0), S(4, 0), [S(2, 0)])


def test_short_range_is_three_squares_regardless_of_sight():
    """SHORT RANGE: "any square up to 3 squares away from a respective model or
    element, regardless of LoS"."""
    assert within_short_range([S(0, 0)], [S(3, 3)]) and not within_short_range([S(0, 0)], [S(4, 0)])


def test_no_step_between_two_blocked_squares_on_a_diagonal():
    """MOVE ACTION: "This Targaryen Honor Guard can't move between these two rocks";
    "A model can move diagonally around a BLOCKED square if the other diagonal
    square is OPEN"."""
    board = SquareBoard.from_rows([".#", "#."])
    assert not board.step_allowed(S(0, 0), S(1, 1))
    one_rock = SquareBoard.from_rows([".#", ".."])
    assert one_rock.step_allowed(S(0, 0), S(1, 1))
    assert one_rock.diagonal_passages(S(0, 0), S(1, 1)) == [S(0, 1)]


def test_a_wall_works_like_a_blocked_square_for_diagonals():
    """"Moving around a wall works the same way. The wall functions as a BLOCKED
    square but any opening allows diagonal movement": a wall on one side of the
    diagonal leaves the other way; walls on both ways shut it."""
    one = SquareBoard.from_rows(["..", ".."], walls=[(S(0, 0), S(1, 0))])
    assert one.step_allowed(S(0, 0), S(1, 1))
    assert one.diagonal_passages(S(0, 0), S(1, 1)) == [S(0, 1)]
    corner = SquareBoard.from_rows(["..", ".."], walls=[(S(0, 0), S(1, 0)), (S(0, 0), S(0, 1))])
    assert not corner.step_allowed(S(0, 0), S(1, 1))
    straight = SquareBoard.from_rows(["..", ".."], walls=[(S(0, 0), S(1, 0)),
                                                          (S(0, 1), S(1, 1))])
    assert not straight.step_allowed(S(0, 0), S(1, 1))  # no crossing a wall's line


def test_the_angle_of_a_wall_blocks_sight_like_a_blocked_corner():
    """WALLS: "The angle of a wall is treated like the corner of a BLOCKED square for
    all rules": the inside corner of the Village cabin (1, 3) and the square
    diagonally outside it (0, 2) neither see each other nor are in contact."""
    assert not VILLAGE.line_of_sight(S(1, 3), S(0, 2))
    assert not VILLAGE.in_contact([S(1, 3)], [S(0, 2)])


def test_a_wall_between_adjacent_models_means_no_contact():
    """ENGAGED/UNENGAGED: "This Archer is unengaged. ... the one that is in an
    adjacent square doesn't have LoS with the Archer because of the wall between
    them" — the cabin's east wall between (4, 3) and (5, 3)."""
    assert not VILLAGE.in_contact([S(4, 3)], [S(5, 3)])
    state = active((4, 3), enemy("b1", (5, 3)), card="Stark Archer",
                   scenario="village_skirmish")
    assert not options(state, "attack")  # no sight through the wall, no contact


def test_a_closed_door_stops_models_and_sight():
    """DOORS AND WINDOWS / WOODEN DOOR "OPEN 1: Flip this token": shut, the cabin's
    south door (between (2, 5) and (2, 6)) is part of its wall."""
    assert not VILLAGE.movement.step_allowed(S(2, 5), S(2, 6))
    assert not VILLAGE.line_of_sight(S(2, 5), S(2, 6))


def test_a_move_is_up_to_three_squares_a_diagonal_counting_one():
    """MOVE ACTION: "can move up to 3 OPEN squares on the battlefield, 1 square at a
    time, in any direction ... does not need to take their full movement"."""
    reach = moves(active((3, 11), enemy("b1", (12, 0))))
    assert {(6, 11), (0, 11), (6, 13), (4, 11), (6, 8)} <= reach
    assert (7, 11) not in reach and (3, 7) not in reach


def test_entering_contact_stops_the_move():
    """MOVE ACTION: "If at any point during its move a model enters a square that
    makes it engaged, it immediately stops": along the bottom edge every way past
    the enemy at (5, 12) enters contact, so (6, 13) is out of reach; without the
    enemy it is three squares away."""
    assert (6, 13) in moves(active((3, 13), enemy("b1", (12, 0))))
    blocked = moves(active((3, 13), enemy("b1", (5, 12)), enemy("b2", (12, 0))))
    assert (4, 13) in blocked and (6, 13) not in blocked


def test_an_engaged_model_moves_one_square_then_as_usual_once_free():
    """"If a model is engaged, it can only move 1 square with its move action. If
    this move action makes the model unengaged, it may use a second move action to
    move as usual"."""
    state = active((3, 13), enemy("b1", (4, 13)))
    first = moves(state)
    assert first == {(2, 12), (2, 13), (3, 12), (4, 12)}
    state, _ = run(state, "a", "move", {"square": [2, 12]})
    assert (0, 9) in moves(state)  # 3 squares again


def test_friends_are_passed_through_never_stood_on():
    """MOVE ACTION: "can only go through empty OPEN squares, unless they are occupied
    by a friendly model"; MODELS: "There can never be two models in the same
    square"."""
    friend = Model("a2", W, "a", 2, square=(4, 13))
    reach = moves(active((3, 12), friend, enemy("b1", (12, 0))))
    assert (4, 13) not in reach and (5, 13) in reach


def test_a_bush_square_is_entered_a_rock_is_not():
    """OPEN-X: "a model can move into them"; BLOCKED-X: "block LoS and movement" —
    Learn to Play's bush at (5, 5) and rock at (4, 3)."""
    reach = moves(active((5, 7), enemy("b1", (12, 13))))
    assert (5, 5) in reach
    reach = moves(active((4, 5), enemy("b1", (12, 13))))
    assert (4, 3) not in reach and (4, 2) in reach


def test_a_large_model_is_never_engaged_while_moving():
    """LARGE MODEL MOVEMENT: "Large models are never engaged when they execute a move
    action": Rhaegar mounted, in contact with an enemy, reaches every place he would
    reach with that enemy far away (but the enemy's own square), never 1 square
    only nor stopping on contact."""
    rhaegar = Model("a1", "Rhaegar Targaryen (mounted)", "a", 4, square=(3, 12), ap=2,
                    activated=True, large=True)
    engaged = moves(mid_round((rhaegar, enemy("b1", (5, 13)))))
    free = moves(mid_round((rhaegar, enemy("b1", (12, 0)))))
    clear = {(x, y) for x, y in free
             if (5, 13) not in {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}}
    assert clear <= engaged and (3, 9) in engaged  # 3 squares up


def test_a_large_model_ends_on_four_open_squares():
    """LARGE MODEL MOVEMENT: "it must end its move, after being reoriented, in a group
    of four OPEN squares it can legally occupy": never over Learn to Play's rock
    pair at (6, 6)-(7, 7)."""
    robert = Model("a1", "Robert Baratheon (mounted)", "a", 4, square=(5, 9), ap=2,
                   activated=True, large=True)
    reach = moves(mid_round((robert, enemy("b1", (12, 0)))))
    rocks = {(6, 6), (7, 6), (6, 7), (7, 7), (5, 8)}
    for x, y in reach:
        assert not {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)} & rocks


def test_a_large_model_never_stands_over_a_wall():
    """WALLS: "Large models can't be placed over walls" — Rhaegar mounted beside the
    Village cabin's east wall (between x 4 and 5, rows 3 to 5) ends on no four
    squares split by it."""
    rhaegar = Model("a1", "Rhaegar Targaryen (mounted)", "a", 4, square=(6, 4), ap=2,
                    activated=True, large=True)
    reach = moves(mid_round((rhaegar, enemy("b1", (12, 13))), scenario="village_skirmish"))
    assert reach and (7, 1) in reach
    assert not any(x == 4 and y in (2, 3, 4, 5) for x, y in reach)
