"""Falls from heights and jumping (seed 000, FALLING DAMAGE, JUMPING AND LEAPING)."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first, h, types


def cliff_fight(**extra):
    # the orc stands on the cliff top (6,5); the bottom is (7,5), away from the elf
    return battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                  fig("b2", "Orc", 4, 3, (20, 20)), edges=[((6, 5), (7, 5), "cliff_medium")],
                  **extra)


def test_knocked_down_at_a_cliff_edge_falls_and_takes_damage(dice):
    """seed 000, FALLEN MODELS: 'it DOES represent a fall when a model is ...
    fighting on the edge of a cliff. In that case, a fall is literally a fall...
    and the model takes falling damage'; FALLING DAMAGE: 'two dice if Medium'."""
    dice.fix(3, 4, 2, 5, 6)  # 7 vs 5: fall; damage roll on two dice: both succeed
    state, _ = act(cliff_fight(), "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "fell_from_height").data["to"] == [7, 5]
    orc = state.figures["b1"]
    assert orc.pos[:2] == (7, 5) and orc.fallen and orc.stand_up_cost == 2


def test_any_failure_on_the_falling_roll_puts_the_model_out_of_action(dice):
    """seed 000, FALLING DAMAGE: 'On any failure, the model is out of action.'"""
    dice.fix(3, 4, 2, 5, 1)
    state, _ = act(cliff_fight(), "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert state.figures["b1"].status == "dead"


def test_recoiling_at_the_cliff_edge_falls(dice):
    """seed 000, NO SPACE TO RECOIL: 'A model recoiling on the edge of a cliff or
    other similar scenic feature falls and takes falling damage.'"""
    dice.fix(3, 5, 2, 6, 6)  # 8 vs 5: recoil -> over the cliff; damage: two successes
    state, _ = act(cliff_fight(), "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert "fell_from_height" in types(events)
    assert state.pending == []  # no recoil choice: the cliff decided


def test_flying_models_take_no_falling_damage(dice):
    """seed 000, FLYING: 'A flying model takes no special damage when he falls'."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)),
                   fig("b1", "Harpy", 4, 3, (6, 5), rules=["Flying"]),
                   edges=[((6, 5), (7, 5), "cliff_long")])
    dice.fix(3, 4, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert "falling_damage_rolled" not in types(events)


def chasm(*figures):
    return battle(*figures, fig("b1", "Orc", 4, 3, (20, 20)),
                  terrain={(6, 5): "chasm", (7, 5): "chasm", (8, 5): "chasm"})


def test_successful_jump_clears_the_chasm(dice):
    """seed 000, JUMPING AND LEAPING: 'A character can jump his normal movement
    distance with a Quality roll.'"""
    dice.fix(3, 3)
    state, _ = act(chasm(fig("a1", "Elf", 3, 3, (5, 5))), "a", "activate", dice,
                   figure="a1", dice=1)
    state, events = act(state, "a", "jump", dice, to=h(9, 5), running_start=False)
    assert state.figures["a1"].pos[:2] == (9, 5)


def test_failed_jump_is_one_category_shorter_and_falls_in(dice):
    """seed 000, JUMPING AND LEAPING: 'If he doesn't make the roll, he jumps one
    move category less (... Short becomes a one-base-width). If the jump is not
    enough to clear the distance, the model falls'."""
    dice.fix(3, 2, 6)  # the jump roll fails; a Short-mover reaches one hex; the fall: 6
    state, _ = act(chasm(fig("a1", "Dwarf", 3, 3, (5, 5), rules=["Short Move"])), "a",
                   "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "jump", dice, to=h(9, 5), running_start=False)
    assert first(events, "jumped").data["fell_short"] is True
    assert state.figures["a1"].pos[:2] == (6, 5) and state.figures["a1"].fallen


def test_running_start_and_heavy_armor_modify_the_jump_roll(dice):
    """seed 000, JUMPING AND LEAPING: 'The roll is at +1 if he spends one movement
    action to perform a running start, and -2 if he is wearing Heavy Armor.'"""
    dice.fix(3, 3, 4)
    state, _ = act(chasm(fig("a1", "Knight", 3, 3, (5, 5), rules=["Heavy Armor"])), "a",
                   "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "jump", dice, to=h(9, 5), running_start=True)
    assert first(events, "jumped").data["target"] == 3 + 2 - 1
