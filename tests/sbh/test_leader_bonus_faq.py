"""The Leader bonus and other Leaders (seed 000, FREQUENTLY ASKED QUESTIONS:
"Does the Leader bonus count on himself? Does the Leader bonus count on other
Leaders? -- No to both questions."; LEADER (P))."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first


def test_a_leader_gets_no_bonus_from_another_leader(dice):
    """seed 000, FREQUENTLY ASKED QUESTIONS: the Leader bonus does not count on
    other Leaders: a Q4 Leader next to another Leader still needs 4+."""
    state = battle(fig("a1", "Captain", 4, 3, (5, 5), rules=["Leader"]),
                   fig("a2", "Sergeant", 4, 3, (5, 8), rules=["Leader"]),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(3)
    state, events = act(state, "a", "activate", dice, figure="a2", dice=1)
    ev = first(events, "activated")
    assert ev.data["target"] == 4
    assert ev.data["successes"] == 0


def test_a_non_leader_beside_two_leaders_still_gets_plus_one(dice):
    """seed 000, LEADER (P): a friend within Long of a Leader rolls at +1 (not
    cumulative), even when the Leaders themselves get nothing from each other."""
    state = battle(fig("a1", "Captain", 4, 3, (5, 5), rules=["Leader"]),
                   fig("a2", "Sergeant", 4, 3, (5, 8), rules=["Leader"]),
                   fig("a3", "Soldier", 4, 3, (5, 10)),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(3)
    state, events = act(state, "a", "activate", dice, figure="a3", dice=1)
    ev = first(events, "activated")
    assert ev.data["target"] == 3
    assert ev.data["successes"] == 1
