"""Audit of seed 003 (Swords & Sorcery), TURN SEQUENCE (roll-offs, base contact
and retreat, charge, spears), MOVEMENT RATES, doubling, fatigue and TERRAIN,
written from the book with scripted dice (docs/rules/sns.md, "Audit")."""

from dataclasses import replace

import pytest

from server.rules.board.measured import Point
from server.rules.kernel import Command
from server.rules.sns import combat, movement, options, turns
from server.rules.sns.actions import act
from server.rules.sns.evolve import Stepper
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Layout
from tests.sns.table import events_of, figure, table


@pytest.mark.parametrize(("unit", "inches"), [
    ("Swordsman", 4),           # "4 Typical infantry"
    ("Dwarf", 3),               # "3 Infantry with heavy armor"
    ("Pikeman", 3),             # "3 ... Pikes"
    ("Dwarf Shieldbearer", 3),  # "3 ... Large shield"
    ("Monk", 5),                # "5 Infantry with no armor"
    ("Knight", 8),              # "8 Horse & Rider with heavy armor & barding"
    ("Goblin Wolf Rider", 10),  # "10 Horse & Rider"
    ("Nomad Hussar", 12),       # "12 Horse & Rider with no armor or barding"
    ("Catapult", 2),            # "2 ... Siege engines being towed"
    ("Dragon", 16),             # "Flying (Move = 16)"
])
def test_movement_rates(unit, inches):
    """MOVEMENT RATES, "Speeds are in inches"."""
    assert figure_profile(figure("a1", unit, 100, 100)).move == inches


@pytest.mark.parametrize(("unit", "fast"), [("Knight", True), ("Goblin Wolf Rider", True),
                                            ("Dragon", True), ("Monk", False),
                                            ("Swordsman", False)])
def test_fast_units_move_in_the_first_phase(unit, fast):
    """TURN SEQUENCE: "Cavalry, flying, and fast units (7"+) move first"; "Infantry and
    slow units (6" or less) move next"."""
    state = table(("a1", unit, 180, 200), ("b1", "Monk", 180, 30), phase="fast_move")
    one = state.figure("a1")
    assert movement.may_move(state, one, "fast_move") is fast
    assert movement.may_move(state, one, "slow_move") is not fast


def test_each_wound_takes_an_inch_off_the_move():
    """"2-3 Wounded (Move & Attack & Damage rolls -1 per wound)": a Monk (5") with two
    wounds moves 3"."""
    state = table(figure("a1", "Monk", 100, 100, wounds=2))
    assert movement.allowance(state, state.figure("a1")) == 30


def test_doubling_and_the_fatigue_after_it():
    """"A unit may double its move but it will be fatigued next turn"; "A fatigued
    unit moves at half speed rounded down": a Monk runs 10", then moves 2"."""
    state = table(figure("a1", "Monk", 100, 100))
    assert movement.allowance(state, state.figure("a1"), doubled=True) == 100
    tired = table(figure("a1", "Monk", 100, 100, fatigued=2), turn=2)
    assert movement.allowance(tired, tired.figure("a1")) == 20


def test_a_fatigued_figure_is_offered_no_second_doubling():
    """"A fatigued unit moves at half speed": it is not offered a double move."""
    tired = table(figure("a1", "Monk", 100, 200, fatigued=2), ("b1", "Monk", 100, 20),
                  turn=2, phase="slow_move")
    kinds = {s.type for s in options.figure_options(tired, tired.figure("a1"))}
    assert "move" in kinds and "run" not in kinds


def test_rough_terrain_is_half_speed():
    """TERRAIN: "Units on rough or unstable terrain will move at half speed rounding
    down": a Swordsman (4") in the wood gets 2" there, and 4" on open ground."""
    wood = table(("a1", "Swordsman", 95, 100), layout="wood_and_boulder")
    reach = movement.area(wood, wood.figure("a1"), movement.allowance(wood, wood.figure("a1")))
    assert reach.contains(Point(95, 120)) and not reach.contains(Point(95, 125))
    open_ground = table(("a1", "Swordsman", 95, 100))
    reach = movement.area(open_ground, open_ground.figure("a1"), 40)
    assert reach.contains(Point(95, 140))


def test_obstacles_are_moved_around():
    """"Nonflying units will in general move around obstacles like boulders": no
    straight move through the boulder, nor a stop inside it."""
    state = table(("a1", "Monk", 260, 160), layout="wood_and_boulder")
    reach = movement.area(state, state.figure("a1"), 50)
    assert not reach.contains(Point(260, 120))


def contact(**changes):
    return table(figure("a1", "Monk", 100, 100, 0, **changes), ("b1", "Monk", 100, 90, 180),
                 phase="slow_move")


def test_in_base_contact_a_figure_cannot_move_only_retreat():
    """"Units in base to base contact with enemy units cannot move unless they
    retreat"."""
    state = contact()
    kinds = {s.type for s in options.figure_options(state, state.figure("a1"))}
    assert "retreat" in kinds and not kinds & {"move", "run", "move_path", "run_path"}


@pytest.mark.parametrize(("roll", "succeeds"), [(1, True), (4, True), (5, False), (12, False)])
def test_a_retreat_succeeds_on_one_to_four(dice, roll, succeeds):
    """"A unit may retreat on a roll of 1-4 on D12"."""
    step = Stepper(contact())
    act(step, Command("a", "retreat", {"figure": "a1", "to": [100, 130], "facing": 0}),
        dice.fix(roll))
    assert bool(events_of(step.events, "retreat_failed")) is not succeeds
    assert (step.state.figure("a1").y == 130) is succeeds


def test_retreating_units_cannot_attack_and_a_retreat_is_no_charge(dice):
    """"Retreating units cannot attack"; "+1 Charge (...; cannot be the result of a
    retreat)"."""
    step = Stepper(contact())
    act(step, Command("a", "retreat", {"figure": "a1", "to": [100, 130], "facing": 0}),
        dice.fix(2))
    moved = events_of(step.events, "moved")[0]
    assert moved["retreat"] and not moved.get("charged")
    assert not combat.may_attack(step.state, step.state.figure("a1"))


@pytest.mark.parametrize(("start_y", "charge"), [(120, True), (119, False)])
def test_a_charge_starts_at_least_two_inches_away(start_y, charge):
    """"+1 Charge (Moving into HTH from at least 2" away ...)": rims 2" apart is a
    charge, 1.9" is not."""
    state = table(("a1", "Monk", 100, start_y, 0), ("b1", "Monk", 100, 90, 180))
    assert (movement.charged_at(state, state.figure("a1"), (100, 100)) == ["b1"]) is charge


def test_only_infantry_that_did_not_move_sets_pikes():
    """"Infantry that did not move may set their spears to receive a charge"."""
    still = table(("a1", "Pikeman", 100, 200), ("b1", "Monk", 100, 30), phase="slow_move")
    assert "set_spears" in {s.type for s in options.figure_options(
        still, still.figure("a1"))}
    knight = table(("a1", "Knight", 100, 200), ("b1", "Monk", 100, 30), phase="fast_move")
    assert "set_spears" not in {s.type for s in options.figure_options(
        knight, knight.figure("a1"))}


@pytest.mark.parametrize(("rolls", "first"), [((3, 9), "b"), ((5, 5, 8, 2), "a")])
def test_roll_high_to_go_first(dice, rolls, first):
    """"Roll high to see which player goes first" (a tie rolls again)."""
    step = Stepper(table(("a1", "Monk", 100, 200), ("b1", "Monk", 100, 30)))
    assert turns.roll_off(step, dice.fix(*rolls), "fast_move") == first


def test_a_flyer_that_does_not_engage_cannot_be_attacked_by_nonflyers():
    """"Flyers must declare if they are engaging in HTH (otherwise they cannot be
    attacked by nonflyers)"."""
    dragon = figure("b1", "Dragon", 100, 80, 180)
    aloof = table(("a1", "Monk", 100, 100, 0), dragon)
    assert combat.melee_targets(aloof, aloof.figure("a1"), "hth") == []
    engaged = table(("a1", "Monk", 100, 100, 0), figure("b1", "Dragon", 100, 80, 180,
                                                         charged=("a1",)))
    assert combat.melee_targets(engaged, engaged.figure("a1"), "hth") == ["b1"]


def test_only_scalers_climb_flat_walls_without_ladders():
    """"Only units described as "scalers" can climb flat walls without ropes and
    ladders": the Goblin Scout may climb a Stone Wall, a Swordsman may not."""
    from server.rules.sns import climbing
    wall = ("stone wall", ((90, 80), (130, 80), (130, 85), (90, 85)), "wall", True, 30)
    layout = Layout(360, 240, "open", added=(wall,))
    scout = table(("a1", "Goblin Scout", 110, 91, 0), ("b1", "Monk", 300, 30),
                  phase="slow_move", layout="open")
    scout = replace(scout, layout=layout)
    assert climbing.may_climb(scout, scout.figure("a1"))
    man = scout.with_figure(figure("a1", "Swordsman", 110, 91, 0))
    assert not climbing.may_climb(man, man.figure("a1"))
