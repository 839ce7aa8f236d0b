"""Special attacks of SAMPLE UNITS (seed 003): the Dragon's fire breath and the
Goblin Powder Keg's bomb, with scripted dice."""

from dataclasses import replace

from server.rules.sns import specials
from server.rules.sns.evolve import Stepper
from tests.sns.table import events_of, table


def test_fire_breath_attacks_every_unit_in_a_four_inch_cone_three_times_a_battle(dice):
    """Dragon: "Fire breath (Range = 4" affects all units in 30 degree cone. Attack
    roll +2. Useable 3x per day)"."""
    state = table(("a1", "Dragon", 100, 200), ("b1", "Orc", 100, 150, 180),
                  ("b2", "Orc", 160, 150, 180), phase="ranged")
    assert [o.type for o in specials.options(state, state.figure("a1"))] == ["breathe"]
    step = Stepper(state)
    # b1 only (b2 is outside the cone): 9 + 2 - 1 (ranged) - 1 (heavy armour) - 1
    # (shield) - 1 (large v small) = 7, a hit; damage 1 - 1 (heavy armour): stunned
    dice.fix(9, 1)
    specials.breathe(step, "a1", 0, dice)
    attack = events_of(step.events, "attacked")[0]
    assert attack["target"] == "b1" and [2, "Fire breath: Attack roll +2"] in attack["modifiers"]
    assert attack["hit"] and attack["result"] == "stunned"
    assert step.state.figure("a1").breaths == 1 and step.state.figure("a1").attacks_made == 1
    spent = table(replace(step.state.figure("a1"), breaths=3, attacks_made=0),
                  ("b1", "Orc", 100, 150, 180), phase="ranged")
    assert specials.options(spent, spent.figure("a1")) == []


def test_the_powder_keg_blows_up_everything_within_an_inch_and_itself(dice):
    """Goblin Powder Keg: "Bomb strapped to back (1" Radius, Attack roll +2)"."""
    state = table(("a1", "Goblin Powder Keg", 100, 100), ("b1", "Dwarf", 100, 85, 180),
                  ("b2", "Dwarf", 100, 300 // 2), phase="ranged")
    step = Stepper(state)
    dice.fix(12, 12)  # b1 (touching) hit, killed; b2 is 3.5" away
    specials.detonate(step, "a1", dice)
    assert step.state.figure("a1").dead and step.state.figure("b1").dead
    assert [a["target"] for a in events_of(step.events, "attacked")] == ["b1"]
