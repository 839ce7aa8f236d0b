"""Dashing after coming into contact other than by a move or a step (seed 000,
DASHING: "The model receives +1 to his Combat score (in hand-to-hand combat
only) if he attacks in the same turn he comes in contact with an enemy."): a
jump across a chasm, a jump down a cliff, and a dismount all bring a figure
into contact as a move does."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first, h
from tests.sbh.test_mounted import KNIGHT


def attack_modifiers(state, dice, target: str) -> list[str]:
    dice.fix(2, 2)
    _, events = act(state, "a", "attack", dice, target=target, power=False)
    return first(events, "melee").data["modifiers"][0]


def test_a_jump_that_lands_in_contact_gives_dashing(dice):
    """seed 000, DASHING; JUMPING AND LEAPING: the knight jumps the chasm to a hex
    touching b1 and attacks it: +1."""
    state = battle(fig("a1", "Knight", 3, 3, (5, 5), rules=["Dashing"]),
                   fig("b1", "Man", 3, 3, (8, 5)), terrain={(6, 5): "chasm"})
    dice.fix(3, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    dice.fix(6)  # the jump roll: a success
    state, events = act(state, "a", "jump", dice, to=h(7, 5), running_start=False)
    assert first(events, "jumped").data["contact"] is True
    assert state.figures["a1"].contacted_this_turn
    assert "dashing +1" in attack_modifiers(state, dice, "b1")


def test_a_jump_landing_away_from_enemies_is_no_contact(dice):
    """seed 000, DASHING: no enemy next to the landing hex, no contact."""
    state = battle(fig("a1", "Knight", 3, 3, (5, 5), rules=["Dashing"]),
                   fig("b1", "Man", 3, 3, (20, 20)), terrain={(6, 5): "chasm"})
    dice.fix(3, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    dice.fix(6)
    state, events = act(state, "a", "jump", dice, to=h(7, 5), running_start=False)
    assert "contact" not in first(events, "jumped").data
    assert not state.figures["a1"].contacted_this_turn


def test_a_jump_down_a_cliff_into_contact_is_contact(dice):
    """seed 000, DASHING; JUMPING AND LEAPING ("jumps from a greater height use
    the falling damage rules"): the knight jumps down next to b1 and comes into
    contact (this turn it lies fallen, two actions to stand, so the +1 it has
    earned is seldom used: the flag is what this checks)."""
    state = battle(fig("a1", "Knight", 3, 3, (6, 5), rules=["Dashing"]),
                   fig("b1", "Man", 3, 3, (8, 5)),
                   edges=[((6, 5), (7, 5), "cliff_long")])
    dice.fix(3, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    dice.fix(5, 5, 6)  # falling damage from Long: three successes, unharmed
    state, events = act(state, "a", "jump_down", dice, to=h(7, 5))
    assert first(events, "jumped_down").data["contact"] is True
    knight = state.figures["a1"]
    assert knight.contacted_this_turn and knight.fallen and knight.stand_up_cost == 2


def test_a_dismount_next_to_an_enemy_gives_dashing(dice):
    """seed 000, DASHING; MOUNTED ("place the carried figure anywhere adjacent to
    the mount's base"): the squire dismounts next to b1 (it touched no one
    aboard) and attacks with +1."""
    state = battle(fig("a1", "Knight", 3, 4, (9, 5), rules=KNIGHT),
                   fig("a2", "Squire", 4, 2, (0, 0), rules=["Dashing"], carried_by="a1"),
                   fig("b1", "Orc", 4, 3, (11, 5)))
    state.figures["a2"].pos = None  # aboard
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a2", dice=2)
    state, events = act(state, "a", "dismount", dice, to=h(10, 5))
    assert first(events, "dismounted").data["contact"] is True
    assert "dashing +1" in attack_modifiers(state, dice, "b1")
