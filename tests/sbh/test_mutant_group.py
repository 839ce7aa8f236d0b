"""A Mutant in a group mutates on the group's roll (seed 001, Special Abilities,
Mutant: "Model mutates on '6' roll if 2+ successes are rolled. Mutant counts as
Transfixed during the mutation turn"; seed 002, Group Activation: the group's
roll "will be the activation for them figures this turn")."""

from __future__ import annotations

from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types


def ordered(dice, rolls):
    """The Captain orders the Elf and the Mutant (in contact, within Long)."""
    state = battle(fig("a1", "Captain", 3, 3, (5, 5), rules=["Leader"]),
                   fig("a2", "Elf", 3, 3, (5, 8)), fig("a3", "Mutant", 3, 2, (6, 8),
                                                        rules=["Mutant"]),
                   fig("a4", "Elf", 3, 3, (12, 12)), fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(*rolls)
    return act(state, "a", "group_order", dice, group=["a2", "a3"], dice=len(rolls))


def test_a_six_with_two_successes_mutates_the_mutant_and_the_others_act(dice):
    state, events = ordered(dice, (6, 4))
    assert first(events, "mutated").data["figure"] == "a3"
    assert state.figures["a3"].transfixed
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.options[0].params["figure"] == ["a2"]  # (the Mutant's turn is spent)
    state, _ = act(state, "a", "group_next", dice, figure="a2")
    state, _ = act(state, "a", "step", dice, to=h(5, 9))
    state, events = act(state, "a", "step", dice, to=h(5, 10))
    assert "group_ended" in types(events)


def test_one_success_or_no_six_is_no_mutation(dice):
    for rolls in ((6, 1), (5, 4)):
        _, events = ordered(dice, rolls)
        assert "mutated" not in types(events), rolls
