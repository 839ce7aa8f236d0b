"""BASIC SCENARIO's end, AFTER THE BATTLE, MOVEMENT RATES and TERRAIN (seed 003)."""

from dataclasses import replace

from server.rules.kernel import Command, RulesError
from server.rules.sns import movement, victory
from server.rules.sns.evolve import Stepper
from server.rules.sns.turns import end
from tests.sns.table import events_of, figure, run, table


def test_half_the_figures_lost_abandons_the_field():
    """"The first side to lose all its leaders or suffer 50% casualties will
    abandon the field" (fled off the table counts, as do the dying)."""
    state = table(("a1", "Kings Champion", 100, 200), figure("a2", "Swordsman", 150, 200,
                                                             fled=True),
                  ("b1", "Orc Warboss", 100, 30), ("b2", "Orc", 150, 30))
    assert victory.verdict(state, turn_over=False) == (
        "b", "a suffered 50% casualties and abandons the field")


def test_losing_every_leader_abandons_the_field():
    """"lose all its leaders": the Warboss (Commander) and Taskmaster (Leader)."""
    state = table(("a1", "Kings Champion", 100, 200), ("a2", "Swordsman", 150, 200),
                  figure("b1", "Orc Warboss", 100, 30, dead=True), ("b2", "Orc", 150, 30),
                  figure("b3", "Orc Taskmaster", 200, 30, mortal=2), ("b4", "Orc", 250, 30),
                  ("b5", "Orc", 300, 30))
    assert victory.verdict(state, turn_over=False) == (
        "a", "b lost all its leaders and abandons the field")


def test_after_the_battle_each_lost_figure_rolls_its_fate(dice):
    """AFTER THE BATTLE: winners "25% Dead/Missing, 35% Routed, 40% Wounded";
    losers "40% Dead/Missing, 15% Captured, 15% Wounded & Captured, 15% Routed,
    15% Wounded"; "Routed & Wounded units return to their armies"."""
    state = table(figure("a1", "Swordsman", 100, 200, dead=True), ("a2", "Swordsman", 150, 200),
                  figure("b1", "Orc", 100, 30, dead=True), figure("b2", "Orc", 150, 30, fled=True))
    step = Stepper(state)
    dice.fix(30, 41, 90)
    end(step, dice, "a", "b abandons")
    over = events_of(step.events, "game_over")[0]
    assert [(a["figure"], a["fate"], a["returns"]) for a in over["aftermath"]] == [
        ("a1", "routed", True), ("b1", "captured", False), ("b2", "wounded", True)]
    assert over["scores"] == {"a": 18, "b": 7}


def test_doubling_the_move_fatigues_and_fatigue_halves_the_move(dice):
    """"A unit may double its move but it will be fatigued next turn"; "A fatigued
    unit moves at half speed rounded down"; "-1 Attacker fatigued"."""
    state = table(("a1", "Swordsman", 100, 200), ("a2", "Swordsman", 300, 200),
                  ("b1", "Orc", 100, 30, 180), phase="slow_move", acting="a")
    a1 = state.figure("a1")
    assert movement.allowance(state, a1) == 40 and movement.allowance(state, a1, True) == 80
    state, _ = run(state, Command("a", "run", {"figure": "a1", "to": [100, 120], "facing": 0}),
                   dice)
    tired = state.figure("a1")
    assert tired.fatigued == 2
    assert movement.allowance(table(tired, turn=2), tired) == 20  # 4" halved


def test_a_wound_costs_an_inch_of_move_and_heavy_armour_is_slow():
    """MOVEMENT RATES: "4 Typical infantry", "3 Infantry with heavy armor, ...
    Pikes", "10 Horse & Rider", "8 Horse & Rider with heavy armor"; wounds: "Move
    & Attack & Damage rolls -1 per wound"."""
    state = table(figure("a1", "Swordsman", 100, 200, wounds=1), ("a2", "Pikeman", 150, 200),
                  ("a3", "Knight", 200, 200), ("a4", "Flagellants", 250, 200))
    assert [movement.allowance(state, f) for f in state.figures] == [30, 30, 80, 50]


def test_a_move_goes_around_the_boulder_and_rough_ground_is_half_speed(dice):
    """TERRAIN: "Nonflying units will in general move around obstacles like boulders
    and trees"; "Units on rough or unstable terrain will move at half speed"."""
    state = table(("a1", "Knight", 260, 180), ("b1", "Orc", 30, 30, 180),
                  phase="fast_move", acting="a", layout="wood_and_boulder")
    through = Command("a", "move", {"figure": "a1", "to": [260, 80], "facing": 0})
    try:
        run(state, through, dice)
        raise AssertionError("moved through the boulder")
    except RulesError as error:
        assert error.code == "illegal_command"
    wood = table(("a1", "Swordsman", 95, 160), ("b1", "Orc", 300, 30, 180),
                 phase="slow_move", acting="a", layout="wood_and_boulder")
    area = movement.area(wood, wood.figure("a1"), movement.allowance(wood, wood.figure("a1")))
    assert area.contains((95, 140)) and not area.contains((95, 125))  # 1" in the wood costs 2"


def test_a_path_goes_around_the_boulder_within_the_allowance(dice):
    """TERRAIN: "move around obstacles like boulders and trees": a path of straight
    segments whose total length is within the move (the Knight's 10", 8" in heavy
    armour)."""
    state = table(("a1", "Knight", 262, 160), ("b1", "Orc", 30, 30, 180),
                  phase="fast_move", acting="a", layout="wood_and_boulder")
    straight = movement.area(state, state.figure("a1"), 80)
    assert not straight.contains((295, 103))  # the boulder is in the way
    around = [[262, 160], [295, 143], [295, 103]]  # 3.8" + 4"
    state, events = run(state, Command("a", "move_path", {"figure": "a1", "path": around,
                                                            "facing": 0}),
                        dice.fix(3, 9))  # (then the slow move's roll-off)
    assert (state.figure("a1").x, state.figure("a1").y) == (295, 103)
    assert events_of(events, "moved")[0]["path"] == around


def test_a_scaler_climbs_a_wall_at_an_inch_a_turn(dice):
    """TERRAIN: "Noncavalry units can climb at a rate of 1" turn"; "Only units
    described as "scalers" can climb flat walls": the Goblin Scout over a 3" stone
    wall in three turns; the Goblin may not."""
    from server.rules.sns.climbing import FarSide, may_climb
    from server.rules.sns.evolve import Stepper
    from server.rules.sns.turns import begin_phase
    wall = ("stone wall 1", ((50, 130), (150, 130), (150, 135), (50, 135)), "wall", True, 30)
    state = table(("a1", "Goblin Scout", 100, 141), ("a2", "Goblin", 120, 141),
                  ("b1", "Orc", 300, 30, 180), phase="slow_move", acting="a")
    state = replace(state, layout=replace(state.layout, added=(wall,)))
    assert may_climb(state, state.figure("a1")) and not may_climb(state, state.figure("a2"))
    assert [100, 124] in FarSide(state, state.figure("a1"))
    state, events = run(state, Command("a", "climb", {"figure": "a1", "to": [100, 124]}), dice)
    assert events_of(events, "climb_began")[0]["arrives"] == 4
    assert state.figure("a1").climbing and not state.figure("a1").can_act
    step = Stepper(replace(state, turn=4))
    begin_phase(step, dice.fix(3, 9), "slow_move")
    assert (step.state.figure("a1").x, step.state.figure("a1").y) == (100, 124)


def test_the_quick_bearing_is_the_exact_one():
    """The listed facing toward the nearest enemy is `facing_towards`'s exact
    nearest whole degree (docs/rules/board.md, "Facing")."""
    import random

    from server.rules.board.measured import facing_towards
    rng = random.Random(34)
    for _ in range(60):
        a = (rng.randint(0, 360), rng.randint(0, 240))
        b = (rng.randint(0, 360), rng.randint(0, 240))
        if a != b:
            assert movement.bearing_to(a, b) == facing_towards(a, b).first


def test_chosen_deployment_places_figures_within_six_inches_of_the_own_edge(dice):
    """Set-up (docs/rules/sns.md, "Deployment"): with "deployment": "chosen" both
    sides place their figures in their own 6" strip before the first roll-off."""
    from server.rules.sns.system import SYSTEM
    state = SYSTEM.initial({"options": {"deployment": "chosen"}})
    prompt = SYSTEM.prompt(state)
    assert prompt.seats == ("a", "b")
    place = next(o for o in prompt.for_seat("a").options if o.type == "deploy")
    assert [30, 190] in place.params["to"] and [30, 150] not in place.params["to"]
    state, _ = run(state, Command("a", "deploy", {"figure": place.args["figure"],
                                                   "to": [30, 190], "facing": 45}), dice)
    moved = state.figure(place.args["figure"])
    assert (moved.x, moved.y, moved.facing) == (30, 190, 45)
    state, _ = run(state, Command("a", "end_phase"), dice)
    state, _ = run(state, Command("b", "end_phase"), dice)
    assert SYSTEM.prompt(state).decisions[0].options[0].type == "start"
