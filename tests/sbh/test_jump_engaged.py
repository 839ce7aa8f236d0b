"""No jumping out of a melee (seed 000, LEAVING MELEE COMBAT: "disengaging from an
active opponent is risky. The model receives one "Free Hack" attack from each
adjacent opponent at the moment of breaking contact"; JUMPING AND LEAPING). A
figure in contact with an active enemy must disengage first, as before jumping
down a cliff (docs/rules/sbh.md)."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, h, types


def at_the_chasm(*enemies):
    return battle(fig("a1", "Elf", 3, 3, (5, 5)), *enemies,
                  fig("b9", "Orc", 4, 3, (20, 20)),
                  terrain={(6, 5): "chasm"})


def jump_offered(state) -> bool:
    return any(o.type == "jump" for o in SYSTEM.prompt(state).decisions[0].options)


def test_a_figure_in_contact_with_an_active_enemy_may_not_jump(dice):
    """seed 000, LEAVING MELEE COMBAT: a jump across the chasm would break contact
    without the free hacks: not offered, and the command is refused."""
    dice.fix(3)
    state, _ = act(at_the_chasm(fig("b1", "Orc", 4, 3, (4, 5))), "a", "activate", dice,
                   figure="a1", dice=1)
    assert not jump_offered(state)
    with pytest.raises(RulesError) as refused:
        act(state, "a", "jump", dice, to=h(7, 5), running_start=False)
    assert refused.value.code == "illegal_command"
    assert "LEAVING MELEE COMBAT" in refused.value.passage


def test_a_fallen_or_transfixed_neighbour_does_not_stop_the_jump(dice):
    """seed 000, LEAVING MELEE COMBAT: only an *active* opponent makes leaving
    risky ("disengaging from an active opponent"): next to a fallen Orc and a
    transfixed one, the Elf jumps the chasm."""
    dice.fix(3)
    state, _ = act(at_the_chasm(fig("b1", "Orc", 4, 3, (4, 5), fallen=True),
                                fig("b2", "Orc", 4, 3, (5, 4), transfixed_by="b9")),
                   "a", "activate", dice, figure="a1", dice=1)
    assert jump_offered(state)
    dice.fix(6)  # the jump roll (Quality 3): a success
    state, events = act(state, "a", "jump", dice, to=h(7, 5), running_start=False)
    assert "jumped" in types(events)
    assert state.figures["a1"].pos[:2] == (7, 5)


def test_an_unengaged_figure_still_jumps(dice):
    """seed 000, JUMPING AND LEAPING (unchanged): with no enemy in contact the
    jump is offered as before."""
    dice.fix(3)
    state, _ = act(at_the_chasm(), "a", "activate", dice, figure="a1", dice=1)
    assert jump_offered(state)
