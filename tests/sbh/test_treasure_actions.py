"""Who may pick up, give or carry off the treasure or magic item (seed 000,
TREASURE HUNT, QUEST FOR A MAGIC ITEM, and the FAQ 'What can a Transfixed model
do?')."""

from __future__ import annotations

import pytest

from server.rules.board.hex import hex_at
from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first


def options(state) -> set[str]:
    return {s.type for s in SYSTEM.prompt(state).decisions[0].options}


def test_a_transfixed_model_cannot_pick_up_the_treasure(dice):
    """seed 000, FREQUENTLY ASKED QUESTIONS, 'What can a Transfixed model do?': 'The
    model cannot act until he spends two actions to break the spell ... a
    Transfixed model cannot do anything else except try to break free of the
    spell.'"""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5), rules=["Hero"], transfixed_by="b9"),
                   fig("b9", "Mage", 4, 1, (20, 20), rules=["Magic-User"]),
                   scenario="treasure_hunt")
    state.treasure_at = hex_at(6, 5)
    dice.fix(4, 4)  # the Hero's automatic success and two more
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    assert "pick_up" not in options(state)
    with pytest.raises(RulesError, match="transfixed"):
        act(state, "a", "pick_up", dice)
    state.figures["a1"].transfixed_by = None  # (the same model, free)
    assert "pick_up" in options(state)


def test_a_transfixed_carrier_cannot_give_the_magic_item(dice):
    """seed 000, FREQUENTLY ASKED QUESTIONS, 'What can a Transfixed model do?': 'a
    Transfixed model cannot do anything else except try to break free'; QUEST FOR A
    MAGIC ITEM: 'A model may give a magic item to an adjacent model by spending
    one action' -- an action it cannot take while transfixed."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5), transfixed_by="b9"),
                   fig("a2", "Elf", 3, 3, (6, 5)),
                   fig("b9", "Mage", 4, 1, (20, 20), rules=["Magic-User"]),
                   scenario="quest_for_a_magic_item")
    state.treasure_carrier = "a1"
    state.magic_item = {"name": "magic sword"}
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    assert "give_item" not in options(state)
    with pytest.raises(RulesError, match="transfixed"):
        act(state, "a", "give_item", dice, to="a2")


def test_a_fallen_carrier_must_stand_before_leaving_the_table(dice):
    """seed 000, TREASURE HUNT: 'the treasure must be carried off the table, out of
    the player's baseline' -- a move off the table; FALLEN MODELS: a fallen model
    uses its actions to stand up before it moves."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 0), fallen=True),
                   fig("b1", "Orc", 4, 3, (20, 20)), scenario="treasure_hunt")
    state.attacker, state.attacker_edge = "a", "north"
    state.treasure_carrier = "a1"
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    assert "leave_table" not in options(state)
    state, _ = act(state, "a", "stand_up", dice)
    state, events = act(state, "a", "leave_table", dice)
    assert first(events, "treasure_escaped").data["figure"] == "a1"


def test_a_magic_item_that_ran_out_of_power_is_not_picked_up(dice):
    """seed 000, QUEST FOR A MAGIC ITEM: 'If a model is killed, another model may pick
    up the magic item (assuming it didn't run out of power) by spending 2
    actions.'"""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (20, 20)),
                   scenario="quest_for_a_magic_item")
    state.treasure_at = hex_at(6, 5)
    state.magic_item = {"name": "magic sword", "spent": True}
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    assert "pick_up" not in options(state)
    with pytest.raises(RulesError, match="ran out of power"):
        act(state, "a", "pick_up", dice)
