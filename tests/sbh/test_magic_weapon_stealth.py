"""Magic weapons against Stealth: seed 000, STEALTH ('the model may not be
targeted by any ranged attack, unless the ranged attack is performed with a
magic weapon or is a spell. In other words, attacks with magic weapons and
spells used as ranged attacks may always target a model with Stealth'); the
Quest's magic javelins are such a weapon (seed 000, MAGIC ITEMS TABLE)."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first

JAVELINS = {"name": "magic javelins", "javelins": 2}


def _quest(*figures, **extra):
    state = battle(*figures, scenario="quest_for_a_magic_item", **extra)
    state.magic_item = dict(JAVELINS)
    state.treasure_carrier = "a1"
    return state


def _shots(state):
    return [s for s in SYSTEM.prompt(state).decisions[0].options if s.type == "shoot"]


def test_a_magic_javelin_targets_a_stealthy_model_against_cover(dice):
    """seed 000, STEALTH: 'attacks with magic weapons ... may always target a
    model with Stealth' -- the carrier's own bow may not (the same passage)."""
    state = _quest(fig("a1", "Elf", 3, 3, (5, 5), rules=["Shooter (Long)"]),
                   fig("b1", "Goblin Scout", 4, 2, (8, 5), rules=["Stealth"]),
                   terrain={(9, 4): "boulder"})
    assert state.board.against_cover(state.figures["b1"].pos)
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    [throw] = _shots(state)
    assert throw.args == {"javelin": True} and throw.params["target"] == ["b1"]
    with pytest.raises(RulesError):
        act(state, "a", "shoot", dice, target="b1", aimed=False)  # the bow
    dice.fix(5, 2)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False, javelin=True)
    assert first(events, "shot").data["javelin"] is True


@pytest.mark.parametrize("foe, throws", [({"transfixed_by": "a9"}, False),
                                         ({"fallen": True}, True)])
def test_a_magic_weapon_is_not_a_spell_in_melee(dice, foe, throws):
    """seed 000, NO SHOOTING IN OR OUT OF MELEE: 'If the shooter is in melee with
    only a fallen foe, the shooter can fire'; the spell-casters' exception for
    transfixed foes (RESTRICTIONS IN SPELL CASTING) does not carry over to a
    magic javelin."""
    state = _quest(fig("a1", "Elf", 3, 3, (5, 5)),
                   fig("b1", "Goblin Scout", 4, 2, (8, 5), rules=["Stealth"], points=60),
                   fig("b2", "Orc", 4, 3, (5, 4), **foe),
                   fig("a9", "Mage", 3, 1, (20, 20), rules=["Magic-User"]),
                   terrain={(9, 4): "boulder"})
    assert state.board.against_cover(state.figures["b1"].pos)
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    thrown = [t for s in _shots(state) for t in s.params["target"]]
    assert ("b1" in thrown) is throws and (thrown != []) is throws
