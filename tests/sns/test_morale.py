"""MORALE, MORALE CHECK RESULT TABLE and modifiers, RALLY CHECK, routing
(seed 003), with scripted dice."""

from server.rules.sns import morale, movement
from server.rules.sns.evolve import Stepper
from tests.sns.table import events_of, figure, table


def test_an_attacked_figure_checks_and_routs_on_one_to_four(dice):
    """"If the unit has been attacked this turn"; "1-4 Unit routs next turn",
    "5-12 Unit continues to fight"."""
    state = table(figure("a1", "Swordsman", 100, 200, attacked=True),
                  figure("a2", "Swordsman", 300, 200, attacked=True), ("b1", "Orc", 100, 30))
    step = Stepper(state)
    dice.fix(4, 5)
    morale.morale_phase(step, dice)
    assert step.state.figure("a1").routing and not step.state.figure("a2").routing
    assert events_of(step.events, "morale_checked")[0]["triggers"] == ["attacked this turn"]


def test_modifiers_veteran_and_commander_within_ten_inches(dice):
    """"+2 Unit making check is veteran"; "+2 Friendly Commander within 10""."""
    state = table(figure("a1", "Dwarf", 100, 200, attacked=True),
                  ("a2", "Dwarf Clanlord", 150, 200), ("b1", "Orc", 300, 30))
    step = Stepper(state)
    dice.fix(1)
    morale.morale_phase(step, dice)
    checked = events_of(step.events, "morale_checked")[0]
    assert {t for _, t in checked["modifiers"]} == {
        "Unit making check is veteran, elite, heroic, or a monster",
        "Friendly Commander within 10\""}
    assert not checked["routs"]  # 1 + 4 = 5 holds


def test_a_friend_killed_nearby_and_a_far_superior_enemy_call_for_checks(dice):
    """"If a friendly unit within 10" has been killed, immobilized, or is routing";
    "If a far superior enemy unit is within 10"" (twice its gold: docs)."""
    state = table(("a1", "Flagellants", 100, 200), figure("a2", "Swordsman", 150, 200,
                                                          dead=True, attacked=True),
                  ("b1", "Kings Champion", 100, 120, 180))
    found = morale.triggers(state, state.figure("a1"))
    assert found == ["a friendly unit within 10\" killed, immobilized, or routing",
                     "a far superior enemy unit within 10\""]


def test_a_leader_rallies_the_routing_within_eight_inches(dice):
    """RALLY CHECK: "A leader unit may try to rally routing units within 8""; "Roll
    once for all units in range"; success "1-6", the Commander's +1 widening it."""
    state = table(("a1", "Kings Champion", 100, 200), figure("a2", "Swordsman", 150, 200,
                                                             routing=True),
                  figure("a3", "Knight", 180, 200, routing=True),
                  figure("a4", "Swordsman", 300, 200, routing=True))
    step = Stepper(state)
    dice.fix(8)  # 8 <= 6 + 1 (Commander) + 1 (the Knight is veteran); 8 > 7 (Swordsman)
    morale.rally_phase(step, dice)
    rally = events_of(step.events, "rallied")[0]
    assert rally["tried"] == ["a2", "a3"] and rally["rallied"] == ["a3"]
    assert step.state.figure("a2").routing and not step.state.figure("a3").routing


def test_a_routing_figure_runs_for_the_nearest_edge_at_full_speed():
    """"A routing unit will attempt to move off the table at full speed avoiding
    enemy units": 4" a turn toward the south edge, off the table when it reaches it."""
    state = table(figure("a1", "Swordsman", 100, 200, routing=True), ("b1", "Orc", 100, 30))
    path, fled = movement.flight(state, state.figure("a1"))
    assert path[-1] == [100, 235] and fled  # 3.5" to put the rim on the edge (240)
    far = table(figure("a1", "Swordsman", 180, 120, routing=True), ("b1", "Orc", 180, 40))
    path, fled = movement.flight(far, far.figure("a1"))
    assert path[-1] == [180, 160] and not fled
