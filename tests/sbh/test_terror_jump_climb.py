"""Terror when a model jumps, climbs or jumps down into contact (seed 000,
TERROR (P); JUMPING AND LEAPING; LINEAR OBSTACLES)."""

from __future__ import annotations

from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types

CHASM = {(6, 5): "chasm", (7, 5): "chasm", (8, 5): "chasm"}


def jump_at_vampire():
    return battle(fig("a1", "Halfling", 4, 2, (5, 5)),
                  fig("b1", "Vampire", 3, 4, (10, 5), rules=["Terror"]),
                  fig("b2", "Vampire", 3, 4, (20, 20), rules=["Terror"]), terrain=CHASM)


def test_a_jump_into_contact_with_a_terror_model_tests_first(dice):
    """seed 000, TERROR (P): 'Any model wishing to enter melee with a
    Terror-inspiring foe must pass a Quality roll on a die ... If the roll
    fails, the model may perform another action of the player's choice but it
    may not move in contact with the terrorizing model. In other words, the
    action is NOT wasted'. The landing hex (9,5) touches the vampire."""
    dice.fix(4, 2)  # activation (Q4, one die): a success; the Terror test: a 2 fails
    state, _ = act(jump_at_vampire(), "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "jump", dice, to=h(9, 5), running_start=False)
    assert first(events, "terror_tested").data["passed"] is False
    assert "jumped" not in types(events)
    assert state.figures["a1"].pos[:2] == (5, 5) and state.activation.actions == 1
    options = {o.type: o for o in SYSTEM.prompt(state).decisions[0].options}
    assert "jump" not in options or h(9, 5) not in options["jump"].params["to"]


def test_a_jump_into_contact_passes_the_terror_test_before_the_jump_roll(dice):
    """seed 000, TERROR (P): the Quality roll to enter melee with a
    Terror-inspiring foe; JUMPING AND LEAPING: 'A character can jump his normal
    movement distance with a Quality roll.'"""
    dice.fix(4, 5, 4)  # activation; the Terror test passes (5); the jump roll (4)
    state, _ = act(jump_at_vampire(), "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "jump", dice, to=h(9, 5), running_start=False)
    kinds = types(events)
    assert kinds.index("terror_tested") < kinds.index("jumped")
    assert first(events, "jumped").data["dice"] == [4]
    assert state.figures["a1"].pos[:2] == (9, 5)
    assert state.figures["a1"].terror_immune_to == ("Vampire",)


def test_a_terror_model_climbing_into_contact_charges(dice):
    """seed 000, TERROR (P): 'When a Terror-inspiring model charges (i.e., in the
    moment the player declares the intention to move in melee contact ...), the
    charged model must immediately make a Morale check. The check is performed
    BEFORE the Terror-inspiring model is actually moved.' LINEAR OBSTACLES: the
    climb is 'passing a Quality roll on a single die'. The climb then goes
    ahead."""
    state = battle(fig("a1", "Vampire", 3, 4, (5, 5), rules=["Terror"]),
                   fig("b1", "Halfling", 4, 2, (7, 5)),
                   fig("b2", "Halfling", 4, 2, (20, 20)),
                   edges=[((5, 5), (6, 5), "tall_wall")])
    dice.fix(3)        # the vampire's activation (Q3, one die)
    dice.fix(5, 5, 6)  # the halfling's morale test: no failures
    dice.fix(4)        # the climb roll (Q3): over the wall
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "climb", dice, to=h(6, 5))
    kinds = types(events)
    assert first(events, "morale_tested").data["figure"] == "b1"
    assert kinds.index("morale_tested") < kinds.index("climb_rolled") < kinds.index("moved")
    assert state.figures["a1"].pos[:2] == (6, 5)
    assert state.figures["b1"].terror_immune_to == ("Vampire",)


def test_a_climb_into_contact_with_a_terror_model_tests_before_climbing(dice):
    """seed 000, TERROR (P): 'If the roll fails, the model may perform another
    action of the player's choice but it may not move in contact with the
    terrorizing model'; the climb roll is not made."""
    state = battle(fig("a1", "Halfling", 4, 2, (5, 5)),
                   fig("b1", "Vampire", 3, 4, (7, 5), rules=["Terror"]),
                   fig("b2", "Vampire", 3, 4, (20, 20), rules=["Terror"]),
                   edges=[((5, 5), (6, 5), "tall_wall")])
    dice.fix(4, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "climb", dice, to=h(6, 5))
    assert first(events, "terror_tested").data["passed"] is False
    assert "climb_rolled" not in types(events)
    assert state.figures["a1"].pos[:2] == (5, 5) and state.activation.actions == 1


def test_jumping_down_a_cliff_next_to_a_terror_model_tests(dice):
    """seed 000, TERROR (P): the Quality roll to enter melee with a
    Terror-inspiring foe; JUMPING AND LEAPING: jumps 'from a greater height use
    the "falling damage" rules' (one die for a Short drop)."""
    state = battle(fig("a1", "Halfling", 4, 2, (5, 5)),
                   fig("b1", "Vampire", 3, 4, (7, 5), rules=["Terror"]),
                   fig("b2", "Vampire", 3, 4, (20, 20), rules=["Terror"]),
                   edges=[((5, 5), (6, 5), "cliff_short")])
    dice.fix(4, 5, 6)  # activation; the Terror test passes; falling damage: a success
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "jump_down", dice, to=h(6, 5))
    kinds = types(events)
    assert kinds.index("terror_tested") < kinds.index("jumped_down")
    assert state.figures["a1"].pos[:2] == (6, 5)
