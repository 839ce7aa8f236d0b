"""Large (2x2) models in the engine (seed 004, MODELS, LARGE MODEL MOVEMENT,
ENGAGED, CAPTURED CHAMPIONS AND HEROES) on Learn to Play: a 2x2 large tree at
(6, 6)-(7, 7), the gold zone rows 0 to 2, the silver zone rows 11 to 13."""

from server.rules.asoiaf import movement
from server.rules.asoiaf.scenarios import load_scenarios
from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.asoiaf.targets import attack_targets
from server.rules.dice import ScriptedDice
from server.rules.kernel import SPECTATOR, Command
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, run

FIELD = load_scenarios()["learn_to_play"].battlefield
ROBERT = "Robert Baratheon (mounted)"


def table(*models, active="a1"):
    return mid_round(models, copper=(10, 10), active=active)


def test_a_large_model_stands_on_four_mutually_adjacent_squares():
    """seed 004, MODELS: "A large model occupies a larger square of 4 mutually
    adjacent squares ... There can never be two models in the same square"."""
    state = table(Model("a1", ROBERT, "a", 4, square=(2, 3), large=True))
    for square in ((2, 3), (3, 3), (2, 4), (3, 4)):
        assert state.at(square).uid == "a1"
    assert state.at((4, 3)) is None
    view = SYSTEM.view(state, SPECTATOR)["models"][0]
    assert view["large"] and view["squares"] == [[2, 3], [3, 3], [2, 4], [3, 4]]


def test_a_large_model_moves_3_squares_from_any_of_its_four_and_reorients():
    """seed 004, LARGE MODEL MOVEMENT: "choose one of the four squares the model
    occupies and move it up to 3 squares. The large model can reorient in any
    fashion upon arrival, as long as every square is unoccupied"."""
    state = table(Model("a1", ROBERT, "a", 4, square=(2, 3), ap=2, activated=True, large=True),
                  Model("b1", "Baratheon Warden", "b", 2, square=(3, 7)))
    reach = movement.move_destinations(state, FIELD, "a1")
    assert (6, 3) in reach  # its right squares (3, y) move 3 to (6, y)
    assert (2, 0) in reach and (5, 5) not in reach  # (6, 6) is the large tree
    assert all(sq not in reach for sq in ((2, 6), (3, 6), (2, 7)))  # b1 stands on (3, 7)
    state, _ = step(state, "a", "move", {"square": [6, 3]})
    assert state.model("a1").square == (6, 3) and state.model("a1").ap == 1


def test_a_large_model_is_never_engaged_when_it_moves():
    """seed 004, LARGE MODEL MOVEMENT: "Large models are never engaged when they
    execute a move action": in contact, it still moves its full 3 squares."""
    state = table(Model("a1", ROBERT, "a", 4, square=(2, 3), ap=2, activated=True, large=True),
                  Model("b1", "Baratheon Warden", "b", 2, square=(4, 3)))
    assert movement.is_engaged(state, FIELD, "a1")
    assert (2, 0) in movement.move_destinations(state, FIELD, "a1")  # 3 squares up


def test_a_model_in_contact_with_any_of_the_four_squares_is_engaged_and_attackable():
    """seed 004, ENGAGED: "A model in contact with an enemy model is engaged"; a
    close combat attack "can only be used against an engaged enemy"."""
    state = table(Model("a1", "Baratheon Warden", "a", 2, square=(4, 5), ap=2, activated=True),
                  Model("b1", ROBERT, "b", 4, square=(2, 3), large=True))
    assert movement.is_engaged(state, FIELD, "a1") and movement.is_engaged(state, FIELD, "b1")
    assert "b1" in attack_targets(state, FIELD, "a1", "close")


def test_a_large_model_cannot_be_captured():
    """seed 004, CAPTURED CHAMPIONS AND HEROES: "Large models cannot be captured":
    a large hero losing its last wound to a close attack is not captured — its
    attacker is not asked to choose (step 9); a mounted one loses its mount
    (MOUNTED CHARACTERS) — where an infantry hero is captured if chosen."""
    state = table(Model("a1", "Robert Baratheon", "a", 4, square=(4, 5), ap=2, activated=True),
                  Model("b1", "Rhaegar Targaryen (mounted)", "b", 1, square=(2, 3), large=True),
                  Model("b2", "Targaryen Honor Guard", "b", 2, square=(12, 12)))
    kill = (9, 9, 9, 1, 1, 1)  # 3 hits, 3 failed defences
    after = attack(state, "b1", kill, removal="captured")
    assert after.model("b1").removed == "" and after.model("a1").captive == ""
    on_foot = state.with_model(Model("b1", "Rhaegar Targaryen", "b", 1, square=(3, 4)))
    assert attack(on_foot, "b1", kill, removal="captured").model("b1").removed == "captured"


def test_a_large_model_deploys_on_four_free_squares_of_its_zone():
    """seed 004, PLAYING THE GAME: models are placed "in their deployment zone";
    MODELS: a large model occupies 4 squares, so all four must be in the zone and
    free; WALLS: "Large models can't be placed over walls"."""
    state = table(Model("a1", "Baratheon Warden", "a", 2, square=(1, 0)),
                  Model("a2", ROBERT, "a", 4, large=True))
    spots = SYSTEM._spots(state, "a", "a2")
    assert (2, 0) in spots and (0, 0) not in spots and (1, 1) in spots
    assert all(y <= 1 for _, y in spots)  # row 2 is the zone's last: no room below


def step(state, seat, type_, args):
    events = SYSTEM.decide(state, Command(seat, type_, args), ScriptedDice())
    for event in events:
        state = SYSTEM.evolve(state, event)
    return state, events


def test_a_large_attacker_surges_1_square_into_the_dead_models_square_and_reorients():
    """seed 004, ATTACK SEQUENCE step 10: "An unengaged attacker may surge forth 1
    square into a square previously occupied by the model killed by the current
    attack action. A large model may reorient after surging forth, if possible"."""
    state = table(Model("a1", ROBERT, "a", 4, square=(2, 3), ap=2, activated=True,
                        large=True),
                  Model("b1", "Baratheon Warden", "b", 2, square=(4, 4)),
                  Model("b2", "Baratheon Warden", "b", 2, square=(12, 12)))
    state, _ = run(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                   (9, 9, 9, 1, 1, 1))
    assert state.model("b1").removed == "killed"
    [surge] = [o for o in SYSTEM.prompt(state).decisions[0].options if o.type == "surge"]
    anchors = [tuple(sq) for sq in surge.params["square"]]
    assert anchors and (4, 4) in anchors
    assert all((4, 4) in {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)} for x, y in anchors)
    state, _ = run(state, "a", "surge", {"square": [4, 4]})
    assert state.model("a1").square == (4, 4) and state.attack is None
