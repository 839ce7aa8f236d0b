"""An Undead that fails a Morale roll once: it holds in a combat, and flees out
of one (seed 000, UNDEAD; MORALE).

Seed 000, UNDEAD: "Undead never flee from a combat. They have +2 on all Morale
rolls but crumble to dust if they roll two or three failures on a Morale roll.
However, if they have a friendly Standard on the table when they fail a Morale
roll, Undead do not crumble to dust -- they may make fleeing movements towards
the Standard or remain where they are". MORALE: "On one failure, the model must
immediately make one move towards the closest table edge". Reading
(docs/rules/sbh.md, "Morale"): only a combat stops the flight; the Standard
takes the place of the edge on any failure.
"""

from __future__ import annotations

from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, fig, first, types
from tests.sbh.test_standard import UNDEAD, leader_killed


def skeleton_fails_once(dice, *others):
    """The Goblin Leader's death makes the Skeleton (Q4, +2: 2+) test; it rolls
    one failure, and the Goblin far off passes."""
    state = leader_killed(dice, fig("b2", "Skeleton", 4, 2, (6, 12), rules=UNDEAD),
                          fig("b3", "Goblin", 4, 1, (20, 20)), *others)
    dice.fix(1, 5, 6)
    return state


def test_an_undead_out_of_combat_makes_its_one_fleeing_move(dice):
    """seed 000, UNDEAD: 'Undead never flee from a combat' -- the Skeleton is in
    none, so MORALE applies: 'On one failure, the model must immediately make
    one move towards the closest table edge' (a Medium move, 7 hexes)."""
    state = skeleton_fails_once(dice)
    board = state.board
    before = board.nearest_edge(state.figures["b2"].pos)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "morale_tested").data["failures"] == 1
    decision = SYSTEM.prompt(state).decisions[0]  # equal routes: the owner chooses
    assert decision.seat == "b" and [o.type for o in decision.options][0] == "flee"
    dice.fix(6, 6, 6)  # then the Goblin's test
    state, events = act(state, "b", "flee", dice, to=decision.options[0].params["to"][0])
    assert "flee_moved" in types(events)
    assert state.figures["b2"].status == "ready"  # no crumbling on one failure
    assert before - board.nearest_edge(state.figures["b2"].pos) == 7


def test_an_undead_in_contact_holds_on_one_failure(dice):
    """seed 000, UNDEAD: 'Undead never flee from a combat': next to an enemy orc,
    the Skeleton stays where it is."""
    state = skeleton_fails_once(dice, fig("a2", "Orc", 4, 3, (7, 12)))
    dice.fix(6, 6, 6)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert "flee_moved" not in types(events)
    assert state.figures["b2"].pos[:2] == (6, 12) and state.figures["b2"].status == "ready"


def test_with_a_standard_one_failure_goes_towards_it_or_holds(dice):
    """seed 000, UNDEAD: 'if they have a friendly Standard on the table when they
    fail a Morale roll ... they may make fleeing movements towards the Standard
    or remain where they are, as the player sees fit' -- one failure too."""
    state = skeleton_fails_once(
        dice, fig("b4", "Bearer", 4, 1, (10, 12), rules=["Standard Bearer"]))
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b"
    assert [s.type for s in decision.options] == ["rally", "hold", "concede"]
    dice.fix(6, 6, 6, 6, 6, 6)  # then the Goblin's and the Bearer's tests
    state, events = act(state, "b", "hold", dice)
    assert first(events, "rallied_to_standard").data == {"figure": "b2", "standard": "b4",
                                                         "to": None}
    assert state.figures["b2"].pos[:2] == (6, 12)
