"""The charge action (seed 004, CHARGE ACTION), dice scripted."""

from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, play


def field(robert=(1, 11), warden=(4, 11), more=()):
    models = (Model("a1", "Robert Baratheon", "a", 4, square=robert, ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=warden),
              Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))) + tuple(more)
    return mid_round(models)


def charges(state, target="b1"):
    return [o for o in SYSTEM.prompt(state).decisions[0].options
            if o.type == "charge" and o.args.get("mode") == 0 and target in o.params["target"]]


def test_a_charge_moves_towards_the_target_then_attacks_it():
    """seed 004, CHARGE ACTION: "A charge combines a [move 1] and an ATTACK 1 action,
    in that order ... The charging model must perform 1 [move] action towards its
    target and, if they become engaged with the target, 1 ATTACK 1 action against
    this target using a [close combat] attack mode"."""
    state = field()
    spec = charges(state)[0]
    assert [3, 11] in spec.params["square"] and [0, 11] not in spec.params["square"]
    command = Command("a", "charge", {"mode": 0, "target": "b1", "square": [3, 11],
                                      "improvements": []})
    state, events = play(state, command, 9, 9, 1, 1, 1)
    assert [e.type for e in events] == ["charged", "attack_rolled", "defended"]
    assert events[1].data["charging"] and state.model("b1").removed == "killed"
    assert state.model("a1").ap == 0


def test_a_charge_that_does_not_reach_its_target_ends_after_the_move():
    """seed 004, CHARGE ACTION: the attack follows only "if they become engaged with
    the target"; the charge's AP are spent as it is declared (our reading of
    "CHARGE ACTION 2" and "Spend all required coins" before resolving)."""
    state = field(robert=(1, 13), warden=(8, 13))
    command = Command("a", "charge", {"mode": 0, "target": "b1", "square": [4, 13],
                                      "improvements": []})
    state, events = play(state, command)
    assert [e.type for e in events] == ["charged"]
    assert state.model("a1").square == (4, 13) and state.model("a1").ap == 0


def test_an_engaged_model_or_one_with_1_ap_cannot_charge():
    """seed 004, CHARGE ACTION: "To declare a charge, a model must be unengaged and
    have LoS to its target model"; it is a move and an attack (1 AP each)."""
    engaged = field(more=(Model("b3", "Baratheon Warden", "b", 2, square=(1, 12)),))
    assert charges(engaged) == []
    state = field()
    tired = state.with_model(Model("a1", "Robert Baratheon", "a", 4, square=(1, 11), ap=1,
                                   activated=True))
    assert charges(tired) == []
