"""Falls from heights and jumping (seed 000, FALLING DAMAGE, JUMPING AND LEAPING)."""

from __future__ import annotations

from server.rules.sbh.system import SYSTEM
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


def slippery_chasm(*figures, slippery):
    return battle(*figures, fig("b1", "Orc", 4, 3, (20, 20)),
                  terrain={(6, 5): "chasm", (7, 5): "chasm", (8, 5): "chasm",
                           slippery: "slippery"})


def test_slippery_take_off_is_tested_before_the_jump(dice):
    """seed 000, JUMPING AND LEAPING: 'Some roofs, moss covered stones, dungeon
    floors, etc. will also count as Slippery ground for Jumping purposes. The
    model will have to test its Quality BEFORE and AFTER making the jump (he
    risks falling at the end of his "running start" and when landing).' The elf
    slips at the take-off (a 2): it falls where it stands, the action spent."""
    state = slippery_chasm(fig("a1", "Elf", 3, 3, (5, 5)), slippery=(5, 5))
    dice.fix(3, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "jump", dice, to=h(9, 5), running_start=False)
    assert first(events, "slip_tested").data["moment"] == "take-off"
    assert "jumped" not in types(events)
    assert state.figures["a1"].pos[:2] == (5, 5) and state.figures["a1"].fallen


def test_slippery_landing_is_tested_after_the_jump_even_for_animals(dice):
    """Same passage; 'MOST four legged animals will automatically pass the
    Quality test unless the terrain is slippery': the wolf rolls its jump (5)
    and then slips on landing (1)."""
    state = slippery_chasm(fig("a1", "Wolf", 3, 3, (5, 5), rules=["Animal"]),
                           slippery=(9, 5))
    dice.fix(3, 5, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "jump", dice, to=h(9, 5), running_start=False)
    assert first(events, "jumped").data["dice"] == [5]
    assert first(events, "slip_tested").data["moment"] == "landing"
    assert state.figures["a1"].pos[:2] == (9, 5) and state.figures["a1"].fallen


def walled(*figures, **options):
    # a tall wall between (5,5) and (6,5)
    return battle(*figures, fig("b1", "Orc", 4, 3, (20, 20)),
                  edges=[((5, 5), (6, 5), "tall_wall")], **options)


def test_climbing_a_tall_wall_takes_a_quality_roll(dice):
    """seed 000, LINEAR OBSTACLES: 'Linear obstacles which are taller than half
    the model's height will require climbing over ... passing a Quality roll on
    a single die to avoid falling.' HEAVY ARMOR: '-2 on climbing rolls'. The
    knight needs 5+ (Q3, -2): a 5 gets him over; a second knight rolls a 4 and
    falls at the foot of the wall."""
    knight = fig("a1", "Knight", 3, 3, (5, 5), rules=["Heavy Armor"])
    dice.fix(3, 3, 5)
    state, _ = act(walled(knight), "a", "activate", dice, figure="a1", dice=2)
    options = {o.type: o for o in SYSTEM.prompt(state).decisions[0].options}
    assert options["climb"].params["to"] == [h(6, 5)]
    assert h(6, 5) not in options["step"].params["to"]  # no walking through the wall
    state, events = act(state, "a", "climb", dice, to=h(6, 5))
    assert first(events, "climb_rolled").data["target"] == 5
    assert state.figures["a1"].pos[:2] == (6, 5) and state.activation.actions == 1
    knight = fig("a1", "Knight", 3, 3, (5, 5), rules=["Heavy Armor"])
    dice.fix(3, 3, 4)
    state, _ = act(walled(knight), "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "climb", dice, to=h(6, 5))
    assert state.figures["a1"].pos[:2] == (5, 5) and state.figures["a1"].fallen
    assert "falling_damage_rolled" not in types(events)  # no higher than himself


def test_climbing_as_an_extra_action_when_the_scenario_says_so(dice):
    """Same passage: 'this may require the expenditure of an extra action' (match
    option climbing = extra_action): two actions, no roll."""
    state = walled(fig("a1", "Elf", 3, 3, (5, 5)), climbing="extra_action")
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    assert "climb" not in {o.type for o in SYSTEM.prompt(state).decisions[0].options}
    dice.fix(3, 3)
    state = walled(fig("a1", "Elf", 3, 3, (5, 5)), climbing="extra_action")
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "climb", dice, to=h(6, 5))
    assert "climb_rolled" not in types(events) and state.figures["a1"].pos[:2] == (6, 5)


def test_jumping_down_a_cliff_uses_falling_damage(dice):
    """seed 000, JUMPING AND LEAPING: 'A model may jump down from a height no
    greater than its own automatically, but jumps from a greater height use the
    "falling damage" rules'; FALLING DAMAGE: 'three dice if Long ... Complete
    success ... two actions to stand up'."""
    state = battle(fig("a1", "Elf", 3, 3, (6, 5)), fig("b1", "Orc", 4, 3, (20, 20)),
                   edges=[((6, 5), (7, 5), "cliff_long")])
    dice.fix(3, 3, 4, 5, 6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "jump_down", dice, to=h(7, 5))
    assert first(events, "falling_damage_rolled").data["dice"] == [4, 5, 6]
    elf = state.figures["a1"]
    assert elf.pos[:2] == (7, 5) and elf.fallen and elf.stand_up_cost == 2


def test_a_hero_may_reroll_a_failed_falling_damage_die(dice):
    """seed 000, HERO (P): 'Once per game, a Hero model can re-roll one die roll,
    be it a Combat or Quality roll'; FALLING DAMAGE is a Quality roll."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)),
                   fig("b1", "Orc Hero", 4, 3, (6, 5), rules=["Hero"]),
                   fig("b2", "Orc", 4, 3, (20, 20)), edges=[((6, 5), (7, 5), "cliff_medium")])
    dice.fix(3, 4, 2)  # 7 vs 5: the Hero falls over the edge...
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    dice.fix(1)  # ...keeping its re-roll for the damage: its automatic success and a 1
    state, _ = act(state, "b", "hero_reroll", dice, reroll=False)
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and "falling" in decision.text, decision.text
    dice.fix(5)
    state, events = act(state, "b", "hero_reroll", dice, die=0)
    assert first(events, "hero_rerolled").data == {"figure": "b1", "old": 1, "new": 5}
    assert first(events, "falling_damage_rolled").data["failures"] == 0
    assert state.figures["b1"].on_table and state.figures["b1"].fallen
