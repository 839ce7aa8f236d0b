"""Overall commander and sub-commanders (seed 000, OPTIONAL: SUB-COMMANDERS)."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.builder import normalize
from server.rules.sbh.commanders import command_radius, first_commander, loss_of_a_leader
from tests.sbh.battle import act, battle, fig, first, types

PASSAGE = "seed 000, OPTIONAL: SUB-COMMANDERS"


def warband(**options):
    """a1 commands; a2 and a3 are sub-commanders; a4 stands 10 hexes from a2
    (beyond Medium 7, within Long 13) and far from everyone else."""
    state = battle(fig("a1", "General", 3, 1, (2, 2), rules=["Leader"]),
                   fig("a2", "Captain", 3, 1, (10, 10), rules=["Leader"]),
                   fig("a3", "Sergeant", 3, 1, (2, 20), rules=["Leader"]),
                   fig("a4", "Spearman", 4, 2, (20, 10)),
                   fig("a5", "Spearman", 4, 2, (20, 11)),
                   fig("b1", "Orc", 4, 4, (11, 10)), active="b", **options)
    state.commanders = {"a": "a1"}
    return state


def test_sub_commanders_lead_at_medium_while_the_commander_lives(dice):
    """seed 000, OPTIONAL: SUB-COMMANDERS:
    'As long as the overall commander is alive and on the battlefield, the
    sub-commanders' leadership range is 1 x Medium.' a4 is 10 hexes from the
    Captain: +1 without the option, none with it."""
    for option, target in ((False, 3), (True, 4)):
        state = warband(sub_commanders=option)
        state.active_seat = "a"
        dice.fix(4)
        state, events = act(state, "a", "activate", dice, figure="a4", dice=1)
        assert first(events, "activated").data["target"] == target, option


def test_a_sub_commanders_death_is_no_loss_of_a_leader(dice):
    """seed 000, OPTIONAL: SUB-COMMANDERS:
    'if a sub-commander is killed before the overall commander, models will
    not have to test morale for his demise.' The Orc kills the Captain (4+4 = 8
    vs 1+3 = 4: doubled, not tripled)."""
    state = warband(sub_commanders=True)
    dice.fix(6)
    state, _ = act(state, "b", "activate", dice, figure="b1", dice=1)
    dice.fix(4, 3)
    state, events = act(state, "b", "attack", dice, target="a2")
    assert "killed" in types(events) and "morale_tested" not in types(events)
    assert not state.pending


def test_the_commanders_death_tests_morale_and_a_sub_commander_takes_over(dice):
    """seed 000, OPTIONAL: SUB-COMMANDERS:
    'When the overall commander dies, one of the sub-commanders (your choice)
    becomes the new overall commander, and his leadership radius is increased
    to 1 x Long ... the warband ... make Morale checks for loss of a Leader
    only when the overall commander dies'. The owner names the new commander
    before the morale tests roll (his radius decides who gets his +1)."""
    state = warband(sub_commanders=True)
    state.figures["b1"].pos = (3, 2, -5)  # next to the General
    dice.fix(6)
    state, _ = act(state, "b", "activate", dice, figure="b1", dice=1)
    dice.fix(4, 3)
    state, events = act(state, "b", "attack", dice, target="a1")
    assert "killed" in types(events)
    assert state.pending[-1]["kind"] == "succession" and state.pending[-1]["seat"] == "a"
    assert state.pending[-2]["kind"] == "morale"
    with pytest.raises(RulesError):
        act(state, "a", "name_commander", dice, figure="a4")  # not a Leader
    dice.fix(*[6, 6, 6] * 4)
    state, events = act(state, "a", "name_commander", dice, figure="a2")
    assert first(events, "commander_named").data == {"seat": "a", "figure": "a2"}
    tested = [e for e in events if e.type == "morale_tested"]
    assert {e.data["figure"] for e in tested} == {"a2", "a3", "a4", "a5"}
    # the new overall commander leads at Long: a4, 10 hexes away, gets his +1
    a4 = next(e for e in tested if e.data["figure"] == "a4")
    assert a4.data["target"] == 3
    assert state.commanders["a"] == "a2"


def test_without_the_option_every_leader_is_a_leader():
    """seed 000, LEADER (P) (the option is off): every Leader commands at Long
    and losing any of them is a loss of a Leader. No dice are rolled."""
    state = warband()
    assert command_radius(state, state.figures["a2"]) == 13
    assert loss_of_a_leader(state, state.figures["a2"])


def test_the_list_names_its_overall_commander():
    """seed 000, OPTIONAL: SUB-COMMANDERS:
    'Choose one of them as the overall
    commander': named in the list, else the first Leader. No dice are rolled."""
    leader = {"name": "Captain", "quality": 3, "combat": 3, "rules": ["Leader"]}
    soldier = {"name": "Soldier", "quality": 4, "combat": 3, "rules": []}
    warband = {"name": "x", "models": [soldier, leader, leader], "commander": 3}
    priced, problems = normalize(warband, 600)  # large warbands, as the passage says
    assert not problems and priced["commander"] == 3
    assert first_commander("a", priced) == "a3"
    del priced["commander"]
    assert first_commander("a", priced) == "a2"  # by default the first Leader
    _, problems = normalize(dict(warband, commander=1), 600)
    assert [p.code for p in problems] == ["bad_commander"]
    assert PASSAGE in problems[0].passage
