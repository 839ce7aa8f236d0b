"""A Cowardly Leader failing a morale check routs his warband, also when the
failure kills him (seed 001, Special Abilities: Coward; seed 000, FALLEN MODELS
AND MORALE).

Seed 001, Coward: "Cowardly Leaders who fail a morale check cause their
warband to rout." Seed 000, FALLEN MODELS AND MORALE: "A Fallen model having
any enemies in contact in the moment he fails a Morale roll is killed. A
Transfixed model failing any Morale roll is killed, even if it had no enemies
in contact." The Troll's gruesome kill of a goblin makes the Leader test.
"""

from __future__ import annotations

import pytest

from tests.sbh.battle import act, battle, fig

COWARD_LEADER = ["Leader", "Coward"]


def gruesome_kill_seen_by(boss, dice):
    """The Troll (Q3 C6) kills the goblin at (6, 5) gruesomely (6+6 against
    1+1); the Boss and a goblin within Long test, another goblin is far off."""
    state = battle(fig("a1", "Troll", 3, 6, (5, 5)), fig("b1", "Goblin", 4, 1, (6, 5)),
                   boss, fig("b3", "Goblin", 4, 1, (10, 10)),
                   fig("b4", "Goblin", 4, 1, (20, 20)))
    dice.fix(3, 6, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(1, 6, 6)  # the Boss (Q4, Coward: 5+): one failure; no one else rolls
    return act(state, "a", "attack", dice, target="b1", power=False)


@pytest.mark.parametrize(("at", "state"), [
    ((5, 6), {"fallen": True}),  # in contact with the Troll
    ((8, 8), {"transfixed_by": "entangle"}),
], ids=["fallen in contact", "transfixed"])
def test_a_cowardly_leader_killed_by_his_failed_check_still_routs_his_warband(
        dice, at, state):
    """seed 001, Coward: 'Cowardly Leaders who fail a morale check cause their
    warband to rout'; seed 000, FALLEN MODELS AND MORALE: the failure kills him.
    His goblins leave the table first, so none is left to test for his loss."""
    boss = fig("b2", "Goblin Boss", 4, 1, at, rules=COWARD_LEADER, **state)
    state, events = gruesome_kill_seen_by(boss, dice)
    assert [(e.type, e.data["figure"]) for e in events if e.type in ("killed", "fled")] == [
        ("killed", "b1"), ("fled", "b3"), ("fled", "b4"), ("killed", "b2")]
    assert {e.data["reason"] for e in events if e.type == "fled"} == {
        "the cowardly Leader's warband routs"}
    assert [e.data["figure"] for e in events if e.type == "morale_tested"] == ["b2"]
    assert state.phase == "over" and state.winner == "a"


def test_a_cowardly_leader_who_survives_his_failed_check_routs_with_his_warband(dice):
    """seed 001, Coward: 'Cowardly Leaders who fail a morale check cause their
    warband to rout' -- standing and out of contact, he leaves with them."""
    boss = fig("b2", "Goblin Boss", 4, 1, (8, 8), rules=COWARD_LEADER)
    state, events = gruesome_kill_seen_by(boss, dice)
    assert [(e.type, e.data["figure"]) for e in events if e.type in ("killed", "fled")] == [
        ("killed", "b1"), ("fled", "b2"), ("fled", "b3"), ("fled", "b4")]
    assert state.phase == "over" and state.winner == "a"
