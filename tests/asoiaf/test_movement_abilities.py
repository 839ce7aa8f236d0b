"""Abilities that change a move (seed 004, ABILITIES: +1 SQUARE and movement
abilities; the core pack's REBEL KING, DESTINED TO DESTROY and DARING DASH), on the
open bottom rows of the Learn to Play battlefield. Dice scripted."""

from server.rules.asoiaf.state import Model
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, options, play

FAR = Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))


def squares_of(option):
    return {tuple(sq) for sq in option.params["square"]}


def test_rebel_king_moves_plus_1_square_in_every_move_action():
    """seed 004, ABILITIES: REBEL KING "This model moves +1 square when performing a
    move action" (+1 SQUARE); MOVEMENT: a move action is 3 squares."""
    robert = mid_round((Model("a1", "Robert Baratheon", "a", 4, square=(1, 11), ap=2,
                              activated=True), FAR))
    warden = mid_round((Model("a1", "Baratheon Warden", "a", 2, square=(1, 11), ap=2,
                              activated=True), FAR))
    [move] = options(robert, "move")
    assert (5, 11) in squares_of(move) and (6, 11) not in squares_of(move)
    assert (5, 11) not in squares_of(options(warden, "move")[0])


def test_destined_to_destroy_adds_2_squares_to_a_charge_at_a_hero_for_a_copper():
    """seed 004, ABILITIES: DESTINED TO DESTROY "move up to +2 squares when charging
    enemy heroes or champions" (its cost, 1 copper, ours); not against a soldier."""
    state = mid_round((Model("a1", "Robert Baratheon", "a", 4, square=(1, 11), ap=2,
                             activated=True),
                       Model("b1", "Jon Arryn", "b", 3, square=(8, 11)),
                       Model("b2", "Baratheon Warden", "b", 2, square=(8, 9))))
    charges = options(state, "charge")
    dash = [o for o in charges if o.args.get("ability") == "Destined to Destroy"]
    assert dash and all(o.params["target"] == ["b1"] for o in dash)
    plain = next(o for o in charges if "ability" not in o.args and "b1" in o.params["target"])
    assert (7, 11) in squares_of(dash[0]) and (7, 11) not in squares_of(plain)
    command = Command("a", "charge", {"mode": 0, "target": "b1", "square": [7, 11],
                                      "improvements": [], "ability": "Destined to Destroy"})
    state, events = play(state, command, 1, 1, 1)
    assert events[0].data["spent"] == {"gold": 0, "silver": 0, "copper": 1}
    assert state.purses["a"].copper == 10 and state.model("a1").square == (7, 11)


def test_daring_dash_lets_an_engaged_model_move_its_full_3_squares_for_3_copper():
    """seed 004, ABILITIES: DARING DASH "3 copper before a move action: enemies do not
    make this model engaged during it"; MOVEMENT: an engaged model moves only 1
    square, and a model entering contact stops."""
    state = mid_round((Model("a1", "Davos Seaworth", "a", 3, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)), FAR))
    plain, dash = options(state, "move")
    assert dash.args == {"ability": "Daring Dash"}
    assert (6, 11) in squares_of(dash) and (5, 11) not in squares_of(plain)
    state, [moved] = play(state, Command("a", "move", {"square": [6, 11],
                                                       "ability": "Daring Dash"}))
    assert moved.data["spent"]["copper"] == 3 and state.purses["a"].copper == 8
    assert state.model("a1").square == (6, 11) and state.model("a1").ap == 1
