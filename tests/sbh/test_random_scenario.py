"""The scenario rolled after the lists: seed 000, BASIC SCENARIOS: "If you do not have
a GM, you may determine what scenario will be fought rolling one die on the Scenarios
table after players have designed their warbands", and BASIC SCENARIOS TABLE (ROLL
ONE DIE): "1) All-Out Battle 2) Ambush 3) Treasure Hunt 4) Place of Power 5) On
Difficult Ground 6) Quest for a Magic Item". Match option scenario = "random"."""

from __future__ import annotations

import pytest

from server.rules.kernel import Command, RulesError, Viewer
from server.rules.runner import apply_command, rebuild
from server.rules.sbh.options import validate_setup
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import types
from tests.sbh.test_games import WARBANDS

SETUP = {"board_size": 24, "options": {"scenario": "random", "points_limit": 400}}


def submit_both(dice, setup=SETUP):
    state = SYSTEM.initial(setup)
    events = []
    for seat in ("a", "b"):
        state, applied = apply_command(
            SYSTEM, state, Command(seat, "submit_list", {"list": WARBANDS[seat], "salt": ""}),
            dice)
        events += [a.event for a in applied]
    return state, events


@pytest.mark.parametrize("die,scenario", [(1, "all_out_battle"), (3, "treasure_hunt"),
                                          (6, "quest_for_a_magic_item")])
def test_one_die_on_the_table_once_both_lists_are_in(dice, die, scenario):
    dice.fix(die, 5, 2)  # the scenario, then the roll-off for attacker and defender
    state, events = submit_both(dice)
    assert types(events) == ["list_submitted", "list_submitted", "scenario_rolled",
                             "lists_revealed", "roles_rolled"]
    rolled = events[2]
    assert rolled.data == {"dice": [die], "scenario": scenario}
    assert state.options["scenario"] == scenario
    assert SYSTEM.view(state, Viewer(seat=None))["options"]["scenario"] == scenario
    assert rebuild(SYSTEM, SETUP, events).options == state.options  # decided by its event
    assert SETUP["options"]["scenario"] == "random"  # (the setup itself is untouched)


def test_not_rolled_before_both_lists(dice):
    """"after players have designed their warbands": one list in, nothing rolled."""
    state = SYSTEM.initial(SETUP)
    state, applied = apply_command(
        SYSTEM, state, Command("a", "submit_list", {"list": WARBANDS["a"], "salt": ""}), dice)
    assert types([a.event for a in applied]) == ["list_submitted"]
    assert SYSTEM.view(state, Viewer(seat="b"))["options"]["scenario"] == "random"


def test_a_rolled_scenario_plays_as_if_chosen(dice):
    """A 4 gives Place of Power: the set-up then has the scenario's own step (the
    place nominated after the terrain), as when the option names it."""
    dice.fix(4, 5, 2)
    state, _ = submit_both(dice)
    state, _ = apply_command(SYSTEM, state, Command("a", "choose_role", {"role": "attacker"}),
                             dice)
    woods = [[q, 2, "woods"] for q in range(4)]
    hill = [[q, 12, "hill"] for q in range(4)]
    dice.fix(3)  # who nominates the Place of Power (1-3: a)
    state, applied = apply_command(SYSTEM, state, Command("b", "lay_terrain",
                                                     {"terrain": woods + hill, "edges": []}),
                             dice)
    assert "place_nominator_rolled" in types(a.event for a in applied)
    assert state.phase == "scenario"


def test_only_known_scenarios_or_random():
    validate_setup({"options": {"scenario": "random"}})
    with pytest.raises(RulesError) as refused:
        validate_setup({"options": {"scenario": "surprise"}})
    assert "random (rolled once both lists are in)" in refused.value.message
