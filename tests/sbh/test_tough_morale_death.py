"""A Tough model transfixed when it fails a Morale roll dies: that death is not a
kill result (seed 000, TOUGH (P): "When it receives a normal kill result, the
model is just wounded"; FALLEN MODELS AND MORALE: "A Transfixed model failing any
Morale roll is killed"; docs/rules/sbh.md, "Tough")."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first


def test_a_transfixed_tough_model_failing_morale_dies(dice):
    """The Troll's gruesome kill of the goblin at (6, 5) (6+6 against 1+1) makes
    the transfixed Tough Ogre within Long test: one failure kills it (three
    goblins far off keep the living more than the dead)."""
    state = battle(fig("a1", "Troll", 3, 6, (5, 5)), fig("b1", "Goblin", 4, 1, (6, 5)),
                   fig("b2", "Ogre", 4, 4, (8, 8), rules=["Tough"], transfixed_by="entangle"),
                   *(fig(f"b{i}", "Goblin", 4, 1, (20, 16 + i)) for i in range(4, 7)))
    dice.fix(3, 6, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(1, 6, 6)  # the Ogre's Morale roll (4+): one failure
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "morale_tested").data["figure"] == "b2"
    assert state.figures["b2"].status == "dead" and state.figures["b2"].wounds == 0
