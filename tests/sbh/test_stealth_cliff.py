"""Stealth against a cliff (seed 000, STEALTH: "As long as the model is adjacent to
any scenic feature that counts as cover, the model may not be targeted by any ranged
attack"; COVER: "partially obscured by a scenic item"). Reading in docs/rules/sbh.md,
"Movement" (cliffs): a cliff's face is cover for a figure at its foot, not for one
on its top, which the drop below it hides from nobody."""

from __future__ import annotations

from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig

ARCHER = ["Shooter (Long)"]
CLIFF = [((8, 5), (9, 5), "cliff_short")]  # (8, 5) is the top, (9, 5) the foot


def shoot_targets(dice, sneak_at):
    state = battle(fig("a1", "Archer", 3, 3, (15, 5), rules=ARCHER),
                   fig("b1", "Sneak", 4, 2, sneak_at, rules=["Stealth"]), edges=CLIFF)
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    specs = [s for s in SYSTEM.prompt(state).decisions[0].options if s.type == "shoot"]
    return specs[0].params["target"] if specs else []


def test_a_stealthy_model_at_the_foot_of_a_cliff_cannot_be_shot(dice):
    """seed 000, STEALTH: the cliff's face, taller than a figure, is a scenic
    feature that counts as cover for the Sneak standing against it."""
    assert shoot_targets(dice, (9, 5)) == []


def test_a_stealthy_model_on_a_cliff_top_can_be_shot(dice):
    """seed 000, STEALTH and COVER: a drop below the Sneak obscures nothing of it;
    on the top, touching no other scenic item, it is a valid target."""
    assert shoot_targets(dice, (8, 5)) == ["b1"]
