"""Undead when their Standard is destroyed (seed 000, UNDEAD: "If the Standard
is destroyed ..., all Undead models must make a Morale roll or be destroyed.")."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first
from tests.sbh.test_standard import knight_at_the_standard

UNDEAD = ["Undead"]


def killed(events) -> list[str]:
    return [e.data["figure"] for e in events if e.type == "killed"]


def test_one_failure_destroys_an_undead_when_the_standard_is_destroyed(dice):
    """seed 000, UNDEAD: "must make a Morale roll or be destroyed": a single
    failure is enough (not the two an Undead needs to crumble otherwise)."""
    state = knight_at_the_standard(dice)
    dice.fix(1, 5, 5)  # the Skeleton (2+): one failure
    dice.fix(4, 3, 4)  # the Zombie: no failure
    state, events = act(state, "a", "destroy_standard", dice, bearer="b3")
    tests = {e.data["figure"]: e.data["failures"] for e in events
             if e.type == "morale_tested"}
    assert tests == {"b2": 1, "b4": 0}
    assert killed(events) == ["b2"]
    assert state.figures["b2"].status == "dead"
    assert state.figures["b4"].status == "ready"


def test_undead_passing_the_roll_stay_where_they_are(dice):
    """seed 000, UNDEAD: a passed roll (no failure) leaves the Undead as it was."""
    state = knight_at_the_standard(dice)
    dice.fix(2, 5, 6, 3, 4, 6)
    state, events = act(state, "a", "destroy_standard", dice, bearer="b3")
    assert first(events, "standard_destroyed").data["bearer"] == "b3"
    assert killed(events) == []
    assert {state.figures[f].pos[:2] for f in ("b2", "b4")} == {(15, 5), (15, 9)}


def test_other_morale_rolls_still_need_two_failures_to_crumble(dice):
    """seed 000, UNDEAD (unchanged): "crumble to dust if they roll two or three
    failures on a Morale roll": one failure on another test (loss of a Leader)
    destroys nothing, and the Skeleton, in contact with an orc, does not move
    ("Undead never flee from a combat"; out of combat: test_undead_flight.py)."""
    state = battle(fig("a1", "Troll", 3, 3, (5, 5)),
                   fig("b1", "Goblin Chief", 4, 1, (6, 5), rules=["Leader"]),
                   fig("b2", "Skeleton", 4, 2, (12, 5), rules=UNDEAD),
                   fig("a2", "Orc", 4, 3, (13, 5)),
                   fig("b3", "Goblin", 4, 1, (20, 20)))
    dice.fix(3, 6, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(1, 5, 6)  # the Skeleton: one failure
    dice.fix(6, 6, 6)  # the Goblin
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert killed(events) == ["b1"]
    assert state.figures["b2"].status == "ready" and state.figures["b2"].pos[:2] == (12, 5)
