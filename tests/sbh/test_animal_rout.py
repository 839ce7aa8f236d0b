"""Seed 000, ANIMAL: "Animals automatically rout when the last non-animal model
in their warband is killed." Only that kill routs them (the rout itself:
test_special_rules.py::test_animals_rout_when_the_last_non_animal_dies)."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first, types


def test_an_animal_killed_after_its_master_fled_does_not_rout_the_others(dice):
    """seed 000, ANIMAL: the rout comes when the last non-animal "is killed"; the
    beastmaster fled the table earlier, so killing a wolf is only a wolf's death."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)),
                   fig("b1", "Beastmaster", 4, 1, (1, 1), status="fled", pos=None),
                   fig("b2", "Wolf", 4, 1, (6, 5), rules=["Animal"]),
                   fig("b3", "Wolf", 4, 3, (20, 20), rules=["Animal"]),
                   fig("b4", "Wolf", 4, 3, (20, 16), rules=["Animal"]))
    # activation 3; 3+3 = 6 vs 1+2 = 3: a kill (doubled, not tripled); two lost,
    # two left: the dead do not outnumber the living
    dice.fix(3, 3, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b2", power=False)
    assert first(events, "killed").data["figure"] == "b2"
    assert "fled" not in types(events)
    assert state.figures["b3"].on_table and state.figures["b4"].on_table

