"""A shot at a fallen model (seed 000, FALLEN MODELS: "If a fallen model is doubled
in combat, its opponent has scored a gruesome kill"; RESOLVING RANGED ATTACKS: "FOR
more information and examples on combat results, see the comments in the melee
section -- the effects of ranged attacks are the same"; RANGED COMBAT MODIFIERS:
"Target is Fallen: no modifier"). Reading in docs/rules/sbh.md, "Ranged combat"."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first

ARCHER = ["Shooter (Long)"]


def archer_and_fallen_orc(dice):
    state = battle(fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER),
                   fig("b1", "Orc", 4, 3, (8, 5), fallen=True),
                   fig("b2", "Orc", 4, 3, (22, 22)))  # beyond Long: no morale test
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    return state


def test_a_shot_that_doubles_a_fallen_target_is_a_gruesome_kill(dice):
    """seed 000, FALLEN MODELS: 3+6 = 9 against 3+1 = 4 doubles the fallen orc (no
    +2, no triple): a gruesome kill, as in melee."""
    state = archer_and_fallen_orc(dice)
    dice.fix(6, 1)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    shot = first(events, "shot").data
    assert shot["modifiers"] == [[], []] and shot["totals"] == [9, 4]
    assert shot["result"] == "gruesome"
    assert first(events, "killed").data == {"figure": "b1", "gruesome": True, "by": "a1"}


def test_a_shot_that_beats_a_fallen_target_by_one_does_not_kill(dice):
    """seed 000, RANGED COMBAT MODIFIERS: 'Target is Fallen: no modifier' -- the
    melee's Lethal blow at a fallen foe is not a shot's: 3+5 = 8 against 3+4 = 7
    is a recoil (odd die), the fallen orc is not killed."""
    state = archer_and_fallen_orc(dice)
    dice.fix(5, 4)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert first(events, "shot").data["result"] == "recoil"
    assert state.figures["b1"].status == "ready"
