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


def test_the_tail_sweeps_only_the_rear_and_claws_are_a_weapon():
    """Dragon: "Third attack: Tail sweep(Rear 90 degrees only)"; Troll: "Claws
    (Damage roll +1)" (its claws, not bare hands)."""
    from server.rules.sns import combat
    from server.rules.sns.attacks import damage_modifiers
    state = table(("a1", "Dragon", 100, 100), ("b1", "Orc", 100, 125, 0),
                  ("b2", "Orc", 100, 75, 180), ("b3", "Troll", 200, 100))
    assert combat.melee_attack(state, "a1", "b1", "hth").weapon == "Tail sweep"
    assert combat.melee_attack(state, "a1", "b2", "hth").weapon == "Bite"
    claws = combat.melee_attack(state, "b3", "a1", "hth")
    assert claws.weapon == "Claws"
    assert (1, "Special bonus: +1 to damage roll") in damage_modifiers(state, claws)


def test_enlarge_adds_a_hit_while_it_lasts(dice):
    """Enlarge: "Unit becomes large (Move +4", Hits +1, & Attack roll +2) for 4 turns"."""
    from server.rules.kernel import Event
    from server.rules.sns import casting
    from server.rules.sns.attacks import Attack, attack_modifiers
    from server.rules.sns.evolve import evolve
    state = table(("a1", "Wizard", 100, 200), ("a2", "Swordsman", 130, 200),
                  ("b1", "Orc", 130, 190, 180), phase="ranged", hands=(("a1", ("Enlarge",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Enlarge", {"target": "a2"}, dice)
    big = step.state.figure("a2")
    assert big.hits == 2
    rows = attack_modifiers(step.state, Attack("a2", "b1", "hth", "Sword"))
    assert (2, "Enlarge: Attack roll +2") in rows
    assert (-1, "Large unit attacks vs Small figures") in rows
    after = step.state
    for turn in range(1, 5):
        after = evolve(after, Event("turn_ended", {"turn": turn}))
    assert after.figure("a2").hits == 1 and after.figure("a2").effects == ()


def test_a_catapult_shoots_only_with_its_three_crew():
    """OTHER UNITS: "Catapult ... requires 3 crew"."""
    from server.rules.sns import combat
    crew = [(f"a{i}", "Siege Crewmember", 100 + dx, 200 + dy)
            for i, (dx, dy) in enumerate(((-10, 0), (10, 0), (0, 10)), start=2)]
    state = table(("a1", "Catapult", 100, 200), *crew, ("b1", "Orc", 100, 40, 180),
                  phase="ranged")
    assert combat.ranged_targets(state, state.figure("a1"))
    short = table(("a1", "Catapult", 100, 200), *crew[:2], ("b1", "Orc", 100, 40, 180),
                  phase="ranged")
    assert combat.ranged_targets(short, short.figure("a1")) == []
