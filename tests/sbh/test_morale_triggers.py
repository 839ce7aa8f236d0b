"""One kill, several reasons to test morale: each is its own check (seed 000,
WHEN TO MAKE MORALE CHECKS).

"Gruesome deaths: When a gruesome kill happens, all friendly models within 1x
Long distance from the kill must make a Morale check." "Loss of a Leader: All
models in a warband must make a Morale check when a friendly model with the
Leader special rule is killed." "The Dead outnumber the living: All models in a
warband must make a Morale check when the warband has more dead models than it
has living." The book lists them apart and merges none (docs/rules/sbh.md,
"Morale": one check per trigger), rolled in that order.
"""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig


def checks_rolled(events) -> list[tuple[str, str]]:
    return [(e.data["figure"], e.data["reason"]) for e in events if e.type == "morale_tested"]


def test_a_leader_killed_gruesomely_makes_a_witness_test_twice(dice):
    """WHEN TO MAKE MORALE CHECKS: the goblin 5 hexes from the kill tests for the
    gruesome death and again for the loss of its Leader; the goblins beyond Long
    test for the Leader only."""
    state = battle(fig("a1", "Troll", 3, 6, (5, 5)),
                   fig("b1", "Goblin Chief", 4, 1, (6, 5), rules=["Leader"]),
                   fig("b2", "Goblin", 4, 1, (6, 10)), fig("b3", "Goblin", 4, 1, (20, 20)),
                   fig("b4", "Goblin", 4, 1, (21, 20)))
    dice.fix(3, 6, 1)  # the Troll activates; 6+6 = 12 against 1+1 = 2: tripled
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(*[6] * 12)  # four tests, all passed
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert checks_rolled(events) == [("b2", "gruesome kill"), ("b2", "loss of a Leader"),
                                    ("b3", "loss of a Leader"), ("b4", "loss of a Leader")]


def test_a_leader_whose_death_leaves_more_dead_than_living_means_two_checks(dice):
    """WHEN TO MAKE MORALE CHECKS: the Chief's death is a loss of a Leader and
    leaves two dead of three (a goblin died before): the last goblin tests for
    each."""
    state = battle(fig("a1", "Troll", 3, 3, (5, 5)),
                   fig("b1", "Goblin Chief", 4, 1, (6, 5), rules=["Leader"]),
                   fig("b2", "Goblin", 4, 1, (20, 20)),
                   fig("b3", "Goblin", 4, 1, (1, 1), status="dead", pos=None))
    dice.fix(3, 6, 3)  # the Troll activates; 3+6 = 9 against 3+1 = 4: a kill
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(*[6] * 6)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert checks_rolled(events) == [("b2", "loss of a Leader"),
                                    ("b2", "the dead outnumber the living")]
    assert state.dead_outnumber_tested == ("b",)
