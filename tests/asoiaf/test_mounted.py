"""Mounted characters (seed 004, MOUNTED CHARACTERS): dismounting as a free
action, and only the mount dying at 0 wounds. Dice scripted."""

from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, options, play, run, send

RHAEGAR = "Rhaegar Targaryen (mounted)"
KILL = (9, 9, 9, 1, 1, 1)  # Robert's Warhammer: 3 hits, 3 failed defences


def mounted_target(wounds=1):
    """Robert on foot at (4, 5), in contact with mounted Rhaegar on (2, 3)-(3, 4)."""
    return mid_round((Model("a1", "Robert Baratheon", "a", 4, square=(4, 5), ap=2,
                            activated=True),
                      Model("b1", RHAEGAR, "b", wounds, square=(2, 3), large=True,
                            conditions=frozenset({Condition.ROUTED})),
                      Model("b2", "Targaryen Honor Guard", "b", 2, square=(12, 12))),
                     copper=(10, 10))


def test_at_0_wounds_only_the_mount_dies_and_its_player_places_the_rider():
    """seed 004, MOUNTED CHARACTERS: "If the mounted model's wounds are reduced to
    0, only the mount dies. The model does not perish ... place the infantry model
    on any square previously occupied by the mounted version. The infantry model is
    placed without any wounds or condition tokens and before any enemy model
    surges forth"."""
    state, _ = run(mounted_target(), "a", "attack", {"mode": 0, "target": "b1",
                                                     "improvements": []}, KILL)
    decision = SYSTEM.prompt(state).decisions[0]
    [option] = decision.options
    assert decision.seat == "b" and option.type == "dismount"
    assert sorted(option.params["square"]) == [[2, 3], [2, 4], [3, 3], [3, 4]]
    state, [event] = run(state, "b", "dismount", {"model": "b1", "square": [2, 3]})
    assert event.type == "dismounted"
    rider = state.model("b1")
    assert (rider.card, rider.large, rider.square) == ("Rhaegar Targaryen", False, (2, 3))
    assert rider.wounds_left == 4 and rider.conditions == frozenset()  # the card's 4
    assert rider.removed == "" and not state.deceased and not state.pending  # no kill
    # Robert, unengaged now? no: the rider at (2, 3) is not in contact with (4, 5), so
    # he may surge into a square the mount left and he touches
    [surge] = options(state, "surge")
    assert surge.params["square"] == [[3, 4]]


def test_the_rider_is_placed_before_the_attacker_surges_and_can_keep_it_engaged():
    """seed 004, MOUNTED CHARACTERS: "before any enemy model surges forth";
    ATTACK SEQUENCE step 10: "An unengaged attacker may surge forth": a rider placed
    in contact with the attacker leaves it engaged, so it may not surge."""
    state, _ = run(mounted_target(), "a", "attack", {"mode": 0, "target": "b1",
                                                     "improvements": []}, KILL)
    state = send(state, "b", "dismount", {"model": "b1", "square": [3, 4]})
    assert state.attack is None and SYSTEM.prompt(state).decisions[0].seat == "a"


def test_a_mounted_model_may_dismount_as_its_free_action_and_never_remount():
    """seed 004, MOUNTED CHARACTERS: "They can choose to dismount and become infantry
    as a free action at any point during their activation ... without any wounds or
    condition tokens"; "they can't get back on their mount"; ABILITIES: "The 1st
    time any free action is used during an activation doesn't require spending AP"."""
    state = mid_round((Model("a1", RHAEGAR, "a", 2, square=(4, 4), ap=2, activated=True,
                             large=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 12))))
    [option] = options(state, "dismount")
    assert option.args == {"model": "a1"}
    state, [event] = play(state, Command("a", "dismount", {"model": "a1", "square": [5, 5]}))
    assert event.data["ap"] == 0 and state.free_used
    rider = state.model("a1")
    assert (rider.card, rider.square, rider.wounds_left, rider.ap) == (
        "Rhaegar Targaryen", (5, 5), 4, 2)
    assert options(state, "dismount") == []  # an infantry card has no mount
    state = send(state, "a", "end_activation")
    assert not state.free_used


def test_a_second_free_action_costs_1_ap():
    """seed 004, ABILITIES: "A model may perform other free actions during their
    activation by spending 1 AP for each free action beyond the first"."""
    state = mid_round((Model("a1", RHAEGAR, "a", 2, square=(4, 4), ap=1, activated=True,
                             large=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 12))),
                      free_used=True)
    state, [event] = play(state, Command("a", "dismount", {"model": "a1", "square": [4, 4]}))
    assert event.data["ap"] == 1 and state.model("a1").ap == 0
    broke = mid_round((Model("a1", RHAEGAR, "a", 2, square=(4, 4), ap=0, activated=True,
                             large=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 12))),
                      free_used=True)
    assert options(broke, "dismount") == []
