"""The charge terrain action (seed 004, CHARGE TERRAIN ACTION) against the
Village Skirmish cabin's Wooden Door (between (2, 5) inside and (2, 6) outside;
its charge roll: 2 dice, 7+). Dice scripted."""

from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command, Viewer
from tests.asoiaf.conftest import mid_round, options, play

DOOR = 0


def village(square=(2, 9), ap=2, enemy=(12, 0)):
    models = (Model("a1", "Baratheon Warden", "a", 2, square=square, ap=ap, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=enemy))
    return mid_round(models, scenario="village_skirmish")


def charge_options(state):
    return options(state, "charge_terrain")


CHARGE = Command("a", "charge_terrain", {"opening": DOOR, "square": [2, 6]})


def test_a_charge_that_beats_the_doors_value_breaks_it_and_may_surge_through():
    """seed 004, CHARGE TERRAIN ACTION: "If at least 1 die result is equal to or
    higher than the target value ... The terrain element is destroyed, and its
    token flipped. If the terrain is successfully destroyed, the model ... can
    surge forth 1 square"."""
    state = village()
    option = charge_options(state)[0]
    assert option.args == {"opening": DOOR} and [2, 6] in option.params["square"]
    state, events = play(state, CHARGE, 7, 1)
    assert events[0].data["faces"] == [7, 1] and events[0].data["destroyed_into"] == "broken"
    assert state.doors == ((DOOR, "broken"),) and state.model("a1").ap == 0
    decision = SYSTEM.prompt(state).decisions[0]
    assert [o.type for o in decision.options] == ["surge", "hold"]
    assert decision.options[0].params == {"square": [[2, 5]]}
    state, _ = play(state, Command("a", "surge", {"square": [2, 5]}))
    assert state.model("a1").square == (2, 5) and state.surge == ()
    assert SYSTEM.view(state, Viewer(None))["doors"] == [[DOOR, "broken"]]


def test_a_failed_charge_leaves_the_door_shut():
    """seed 004, CHARGE TERRAIN ACTION: success needs "at least 1 die result ...
    equal to or higher than the target value"."""
    state, events = play(village(), CHARGE, 6, 6)
    assert events[0].data["destroyed_into"] == "" and state.doors == ()
    assert state.model("a1").square == (2, 6) and not state.surge


def test_an_engaged_model_or_one_with_1_ap_cannot_charge_terrain():
    """seed 004, CHARGE TERRAIN ACTION: "a model must be unengaged and have LoS to
    its target terrain"; a move and a SPECIAL ATTACK 1."""
    assert charge_options(village(enemy=(3, 9))) == []
    assert charge_options(village(ap=1)) == []
    assert charge_options(village()) != []


def test_a_large_model_charges_the_door_and_surges_through_it():
    """seed 004, LARGE MODEL MOVEMENT: "it only needs a single free OPEN square all
    along the way ... But it must end its move, after being reoriented, in a group
    of four OPEN squares"; CHARGE TERRAIN ACTION: "if they become in contact with
    the target, roll ... the model who performed the charge terrain action can
    surge forth 1 square"; ATTACK SEQUENCE: "A large model may reorient after
    surging forth, if possible"; WALLS: "Large models can't be placed over walls"."""
    models = (Model("a1", "Robert Baratheon (mounted)", "a", 5, square=(2, 8), ap=2,
                    activated=True, large=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(12, 0)))
    state = mid_round(models, scenario="village_skirmish")
    option = charge_options(state)[0]
    assert option.args == {"opening": DOOR} and [2, 6] in option.params["square"]
    state, events = play(state, Command("a", "charge_terrain",
                                        {"opening": DOOR, "square": [2, 6]}), 8, 2)
    assert events[0].data["destroyed_into"] == "broken" and state.model("a1").ap == 0
    decision = SYSTEM.prompt(state).decisions[0]
    # one of its squares steps into (2, 5) inside; it stands on four free squares
    # there, never across the cabin's wall
    assert decision.options[0].params == {"square": [[1, 4], [2, 4]]}
    state, _ = play(state, Command("a", "surge", {"square": [1, 4]}))
    assert state.model("a1").square == (1, 4) and state.surge == ()


def test_a_large_model_out_of_contact_with_the_door_does_not_roll():
    """seed 004, CHARGE TERRAIN ACTION: the roll is made only "if they become in
    contact with the target" (one of its four squares beside the door)."""
    models = (Model("a1", "Robert Baratheon (mounted)", "a", 5, square=(2, 10), ap=2,
                    activated=True, large=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(12, 0)))
    state = mid_round(models, scenario="village_skirmish")
    ends = charge_options(state)[0].params["square"]
    assert [2, 8] in ends  # nearer, but none of its four squares beside the door
    state, events = play(state, Command("a", "charge_terrain",
                                        {"opening": DOOR, "square": [2, 8]}))
    assert events[0].data["faces"] == [] and state.doors == ()
