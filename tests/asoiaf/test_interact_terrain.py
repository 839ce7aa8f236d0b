"""Interacting with doors, the idle action and the routed token's carry-over
(seed 004, INTERACT 0, 1 or 2; DOORS AND WINDOWS; TERRAINS, WOODEN DOOR and OPEN
DOOR; TERRAIN, the barred door; IDLE ACTION 1; MODEL TOKENS, routed). Village
Skirmish's cabin has a wooden door (opening 0) between (2, 5), inside, and
(2, 6), outside. Dice are scripted where any are rolled."""

import pytest

from server.rules.asoiaf.state import Condition, Model, replace
from server.rules.kernel import Command, RulesError
from tests.asoiaf.conftest import mid_round, options, play, run

W = "Baratheon Warden"


def _state(square, ap=2, doors=(), **more):
    warden = Model("a1", W, "a", 2, square=square, ap=ap, activated=True, **more)
    far = Model("b9", W, "b", 2, square=(12, 0))
    return mid_round((warden, far), scenario="village_skirmish", doors=doors)


def _labels(state):
    return [o.label for o in options(state, "interact_door")]


def test_a_wooden_door_opens_for_1_ap_from_an_adjacent_square_then_closes():
    """WOODEN DOOR "OPEN 1 — Flip this token"; OPEN DOOR "CLOSE 1 — Flip this token";
    DOORS AND WINDOWS "They can be interacted with from any of the adjacent squares":
    from (3, 6), diagonal to the door's outer square, the Warden opens it (1 AP),
    walks in, and closes it behind him."""
    state = _state((3, 6))
    assert _labels(state) == ["Baratheon Warden opens the wooden door"]
    assert not any(o.params["square"] and [2, 5] in o.params["square"]
                   for o in options(state, "move"))  # the closed door stops him
    state, events = run(state, "a", "interact_door", {"opening": 0, "action": "Open"})
    assert events[0].type == "door_used" and events[0].data["into"] == "open"
    assert state.doors == ((0, "open"),) and state.model("a1").ap == 1
    assert [2, 5] in options(state, "move")[0].params["square"]
    state, _ = run(state, "a", "move", {"square": [2, 5]})
    state = replace(state, models=tuple(replace(m, ap=1) if m.uid == "a1" else m
                                        for m in state.models))
    assert _labels(state) == ["Baratheon Warden closes the open door"]
    state, _ = run(state, "a", "interact_door", {"opening": 0, "action": "Close"})
    assert state.doors == ((0, "closed"),) and state.model("a1").ap == 0


def test_a_door_out_of_reach_or_without_ap_is_not_offered():
    """INTERACT: "A model in contact with an element can interact with it"; OPEN 1
    costs 1 AP: two squares away, or with no AP left, no door is offered, and a
    command naming it anyway is refused and changes nothing."""
    assert _labels(_state((2, 8))) == []
    assert _labels(_state((3, 6), ap=0)) == []
    state = _state((2, 8))
    with pytest.raises(RulesError):
        play(state, Command("a", "interact_door", {"opening": 0, "action": "Open"}))


def test_a_barred_door_is_broken_for_2_ap_and_the_model_moves_1_square():
    """TERRAIN: "A model is in a square with a straddling barred door. They can
    choose to spend 2 AP to destroy the barred door. They can then flip the barred
    door terrain to a broken door and move 1 square": from (2, 6), the door on its
    north edge, the Warden breaks it and steps into the cabin."""
    state = _state((2, 6), doors=((0, "barred"),))
    [spec] = options(state, "interact_door")
    assert spec.label == "Baratheon Warden breaks down the barred door"
    assert [2, 6] in spec.params["square"] and [2, 5] in spec.params["square"]
    state, events = run(state, "a", "interact_door",
                        {"opening": 0, "action": "Destroy", "square": [2, 5]})
    assert events[0].data["into"] == "broken" and events[0].data["ap"] == 2
    assert state.doors == ((0, "broken"),)
    assert state.model("a1").square == (2, 5) and state.model("a1").ap == 0


def test_a_barred_door_needs_its_straddling_square_and_2_ap():
    """The barred door: "A model is in a square with a straddling barred door ...
    spend 2 AP": not from (3, 6) beside the door's square, nor with 1 AP; staying
    on its square after breaking it is allowed ("They can then ... move")."""
    assert _labels(_state((3, 6), doors=((0, "barred"),))) == []
    assert _labels(_state((2, 6), ap=1, doors=((0, "barred"),))) == []
    state, _ = run(_state((2, 6), doors=((0, "barred"),)), "a", "interact_door",
                   {"opening": 0, "action": "Destroy", "square": [2, 6]})
    assert state.doors == ((0, "broken"),) and state.model("a1").square == (2, 6)


def test_the_idle_action_costs_1_ap_and_does_nothing():
    """IDLE ACTION 1: "Sometimes a model just needs to stand their ground ... The
    model simply does nothing"; AGENDA CARDS (Raid Their Camp) "at the beginning
    of a friendly soldier model activation ... before announcing their first
    action": idling is an action."""
    state = _state((6, 8))
    [idle] = options(state, "idle")
    assert idle.label == "Baratheon Warden stands idle"
    after, events = run(replace(state, fresh=True), "a", "idle", {"model": "a1"})
    assert events[0].type == "idled"
    assert not after.fresh  # an action: no agenda is played "before ... their first action"
    assert after.model("a1").ap == 1 and after.model("a1").square == (6, 8)
    assert after.active_model == "a1"
    assert options(_state((6, 8), ap=0), "idle") == []


def test_a_routed_token_gained_during_the_activation_waits_for_the_next():
    """MODEL TOKENS: "Routed means when the model next activates, even if that is
    next round, it does so with 1 less AP ... When a model with a [routed] token
    finishes their activation, remove the token": a token gained while active is
    kept as that activation ends; the next activation has 1 AP and ends it."""
    state = _state((6, 8), conditions=frozenset({Condition.ROUTED}))  # gained just now
    state, _ = run(state, "a", "end_activation")
    assert Condition.ROUTED in state.model("a1").conditions
    state, _ = run(state, "b", "activate", {"model": "b9"})
    state, _ = run(state, "b", "end_activation")
    state = replace(state, models=tuple(replace(m, activated=False) for m in state.models),
                    to_act="a")
    state, _ = run(state, "a", "activate", {"model": "a1"})
    assert state.model("a1").ap == 1 and state.began_routed
    state, _ = run(state, "a", "end_activation")
    assert Condition.ROUTED not in state.model("a1").conditions


def _at_the_pile(dice_face):
    """River Ford's Big Corpse Pile lies on (18, 9) and (19, 9); the Warden (will
    6) stands beside it on (17, 9) and takes SO MANY DEAD's will test."""
    warden = Model("a1", W, "a", 2, square=(17, 9), ap=2, activated=True)
    state = mid_round((warden, Model("b9", W, "b", 2, square=(12, 0))), scenario="river_ford")
    [spec] = options(state, "interact_corpse_pile")
    assert spec.label == "Baratheon Warden climbs the corpse pile (will test)"
    return state, run(state, "a", "interact_corpse_pile", spec.args, (dice_face,))


def test_a_passed_so_many_dead_opens_the_corpse_pile_to_the_model_for_the_turn():
    """BIG CORPSE PILE: "SO MANY DEAD 0 — Perform 1 [will] test. On a success, all
    Blocked squares on this Corpse Pile count as Open squares for this model until
    the end of the turn": a 6 passes (0 AP); the pile's squares are OPEN for him,
    not for others, crossed but never stood on, and BLOCKED again once his
    activation (his turn) ends."""
    from server.rules.asoiaf.movement import move_destinations, own_field
    from server.rules.asoiaf.system import _field
    from server.rules.board.square import Square, SquareKind

    before, (state, events) = _at_the_pile(6)
    assert events[0].type == "corpse_pile_tested" and events[0].data["passed"]
    assert state.model("a1").ap == 2 and state.corpse_open
    from server.rules.asoiaf.system import SYSTEM
    from server.rules.kernel import Viewer

    assert SYSTEM.view(state, Viewer(seat="b"))["corpse_open"] == [["a1", 5]]
    field = _field(state)
    assert field.kind(Square(18, 9)) == SquareKind.BLOCKED
    assert own_field(state, field, "a1").kind(Square(18, 9)) == SquareKind.OPEN
    assert own_field(state, field, "b9").kind(Square(18, 9)) == SquareKind.BLOCKED
    reach = move_destinations(state, field, "a1")
    assert Square(18, 9) not in reach and Square(19, 9) not in reach
    assert set(move_destinations(before, field, "a1")) <= set(reach)
    assert options(state, "interact_corpse_pile") == []  # tried once this activation
    state, _ = run(state, "a", "end_activation")
    assert state.corpse_open == () and state.corpse_tried == ()


def test_a_failed_so_many_dead_leaves_the_pile_blocked():
    """BIG CORPSE PILE: "On a success" only — a 3 fails the will test of 6; the
    pile stays BLOCKED and is not tried again this activation (our reading of an
    action costing 0 AP)."""
    _, (state, events) = _at_the_pile(3)
    assert not events[0].data["passed"] and state.corpse_open == ()
    assert options(state, "interact_corpse_pile") == []


def test_every_scenario_door_can_be_reached_from_both_deployment_zones():
    """DOORS AND WINDOWS: "They can be interacted with from any of the adjacent
    squares": in every packaged scenario, each door has a square it is
    interacted with from (and, for a barred door, a square its side parts:
    "A model is in a square with a straddling barred door") that a model walks
    to from either deployment zone with the doors as the map places them."""
    from server.rules.asoiaf.scenarios import packaged_scenarios

    doors = 0
    for key, scenario in packaged_scenarios().items():
        field = scenario.battlefield
        for opening in field.openings:
            if opening.kind != "door":
                continue
            doors += 1
            where = opening.side if opening.state == "barred" else field.interact_squares(opening)
            for colour in ("gold", "silver"):
                start = sorted(field.standable_deployment(colour))[0]
                reach = field.movement.reachable(start, field.width * field.height)
                assert set(reach) & set(where), (key, colour, sorted(opening.side))
    assert doors >= 4  # the cabins' wooden doors and the Kingsroad's barred door


def test_lucky_charm_is_asked_before_so_many_dead_and_turns_a_failure_into_a_pass():
    """BIG CORPSE PILE "Perform 1 [will] test"; LUCKY CHARM "Once per game, discard
    this card before rolling any dice for this model. You may change the result of
    1 die to a 10": the test waits for the charm's answer; discarded, the rolled 2
    counts 10 and the pile opens."""
    warden = Model("a1", W, "a", 2, square=(17, 9), ap=2, activated=True,
                   equipment="Lucky Charm")
    state = mid_round((warden, Model("b9", W, "b", 2, square=(12, 0))), scenario="river_ford")
    state, events = run(state, "a", "interact_corpse_pile", {"zone": 5})
    assert [e.type for e in events] == ["will_test_declared"] and not state.corpse_open
    state, events = run(state, "a", "use_equipment", {"equipment": "Lucky Charm"}, (2,))
    assert events[-1].type == "corpse_pile_tested" and events[-1].data["passed"]
    assert state.corpse_open == (("a1", 5),) and "a1" in state.spent_equipment
