"""Audit of seed 003 (Swords & Sorcery), MORALE (triggers), MORALE CHECK RESULT
TABLE and its modifiers, routing, RALLY CHECK and its modifiers, written from
the book with scripted dice (docs/rules/sns.md, "Audit")."""

import pytest

from server.rules.sns import morale, movement
from server.rules.sns.evolve import Stepper
from tests.sns.table import events_of, figure, table

FAR = ("b9", "Monk", 340, 20, 180)  # an enemy far off (no trigger, no modifier)


def checks(state, dice, *rolls) -> dict[str, dict]:
    step = Stepper(state)
    morale.morale_phase(step, dice.fix(*rolls))
    return {e["figure"]: e for e in events_of(step.events, "morale_checked")}


def mods(state, uid="a1") -> dict[str, int]:
    return {t: v for v, t in morale.modifiers(state, state.figure(uid))}


@pytest.mark.parametrize(("roll", "routs"), [(1, True), (4, True), (5, False), (12, False)])
def test_one_to_four_routs(dice, roll, routs):
    """MORALE CHECK RESULT TABLE: "1-4 Unit routs next turn", "5-12 Unit continues to
    fight" ("If the unit has been attacked this turn"; a Swordsman, no modifier)."""
    state = table(figure("a1", "Swordsman", 100, 200, attacked=True), FAR, phase="morale")
    checked = checks(state, dice, roll)["a1"]
    assert checked["triggers"] == ["attacked this turn"] and checked["modifiers"] == []
    assert checked["routs"] is routs


def test_no_trigger_no_check(dice):
    """"Units must check morale under the following circumstances": none here."""
    state = table(("a1", "Swordsman", 100, 200), FAR, phase="morale")
    assert checks(state, dice) == {}


@pytest.mark.parametrize(("friend_x", "checks_"), [(200, True), (211, False)])
def test_a_friend_killed_within_ten_inches(dice, friend_x, checks_):
    """"If a friendly unit within 10" has been killed, immobilized, or is routing":
    a friend killed 10" away (rim to rim) calls for a check; 10.1" does not."""
    state = table(("a1", "Swordsman", 100, 200),
                  figure("a2", "Swordsman", friend_x, 200, dead=True, attacked=True), FAR,
                  phase="morale")
    got = checks(state, dice, *((9,) if checks_ else ()))
    assert ("a1" in got) is checks_


def test_a_friend_immobilized_nearby(dice):
    """"... killed, immobilized, or is routing": a friend held by a net."""
    state = table(("a1", "Swordsman", 100, 200),
                  figure("a2", "Swordsman", 150, 200, immobilized=1), FAR, phase="morale")
    assert "a1" in checks(state, dice, 9)


def test_a_far_superior_enemy_within_ten_inches(dice):
    """"If a far superior enemy unit is within 10"": a Knight (14 gold) near a
    Goblin (6)."""
    state = table(("a1", "Goblin", 100, 200), ("b1", "Knight", 100, 120, 180), phase="morale")
    assert "a far superior enemy unit within 10\"" in checks(state, dice, 9)["a1"]["triggers"]


def test_heavily_outnumbered_triggers_and_takes_one_off(dice):
    """"If heavily outnumbered"; "-1 Unit making check is heavily outnumbered"."""
    state = table(("a1", "Swordsman", 100, 200), ("b1", "Swordsman", 100, 150, 180),
                  ("b2", "Swordsman", 130, 150, 180), phase="morale")
    checked = checks(state, dice, 9)["a1"]
    assert "heavily outnumbered" in checked["triggers"]
    assert [-1, "Unit making check is heavily outnumbered"] in checked["modifiers"]


@pytest.mark.parametrize(("gap_units", "fears"), [(40, True), (41, False)])
def test_cause_fear_within_four_inches(dice, gap_units, fears):
    """Cost table: "Cause Fear: Enemy units within 4" must check morale"; MORALE: "A
    Fear unit ability may require a morale check" (a Skeleton 4" off, then 4.1")."""
    state = table(("a1", "Swordsman", 100, 200), ("b1", "Skeleton", 100, 190 - gap_units, 180),
                  phase="morale")
    got = checks(state, dice, *((9,) if fears else ()))
    assert ("Fear" in got.get("a1", {}).get("triggers", [])) is fears


@pytest.mark.parametrize(("unit", "row", "value"), [
    ("Dwarf", "Unit making check is veteran, elite, heroic, or a monster", 2),
    ("Goblin", "Unit making check is a noncombatant, untrained, green, or cowardly", -2),
    ("Siege Crewmember", "Unit making check is a noncombatant, untrained, green, or cowardly",
     -2),
    ("Skeleton", "Unit making check is undead", 4),
    ("Barbarian", "Unit making check is berserk", 2),
])
def test_the_checking_units_own_modifiers(unit, row, value):
    """MORALE CHECK MODIFIERS: "+2 ... veteran, elite, heroic, or a monster", "-2 ...
    noncombatant, untrained, green, or cowardly", "+4 ... undead", "+2 ... berserk"."""
    assert mods(table(("a1", unit, 100, 200), FAR))[row] == value


@pytest.mark.parametrize(("friend", "row", "value"), [
    ("Musician", "Friendly Musician within 10\"", 1),
    ("Goblin Sergeant", "Friendly Leader within 10\"", 1),
    ("Goblin General", "Friendly Commander within 10\"", 2),
    ("Standard bearer", "Friendly Standard within 10\"", 1),
])
def test_friends_within_ten_inches(friend, row, value):
    """"+1 Friendly Musician within 10"", "+1 Friendly Leader within 10"", "+2 Friendly
    Commander within 10"", "+1 Friendly Standard within 10"" (and not beyond 10")."""
    near = mods(table(("a1", "Swordsman", 100, 200), ("a2", friend, 200, 200), FAR))
    assert near[row] == value
    far = mods(table(("a1", "Swordsman", 100, 200), ("a2", friend, 211, 200), FAR))
    assert row not in far


def test_a_commander_counts_plus_two_not_as_a_leader_too():
    """"+1 Friendly Leader", "+2 Friendly Commander": a Commander gives its +2 only."""
    got = mods(table(("a1", "Swordsman", 100, 200), ("a2", "Goblin General", 150, 200), FAR))
    assert sum(got.values()) == 2


def test_facing_a_unit_with_more_than_one_hit():
    """"-1 Facing a unit with more than one hit" (the Ogre: "hits = 2")."""
    got = mods(table(("a1", "Swordsman", 100, 200), ("b1", "Ogre", 100, 130, 180)))
    assert got["Facing a unit with more than one hit"] == -1


def test_modifiers_add_up_on_the_roll(dice):
    """"All modifications are cumulative": a Goblin (cowardly -2) rolling 6 is 4: it
    routs; with a Goblin General near (+2) the 6 holds."""
    alone = table(figure("a1", "Goblin", 100, 200, attacked=True), FAR, phase="morale")
    assert checks(alone, dice, 6)["a1"]["routs"] is True
    led = table(figure("a1", "Goblin", 100, 200, attacked=True), ("a2", "Goblin General",
                                                                  150, 200), FAR,
                phase="morale")
    assert checks(led, dice, 6)["a1"]["routs"] is False


def test_a_routing_unit_moves_off_at_full_speed_avoiding_enemies():
    """"A routing unit will attempt to move off the table at full speed avoiding enemy
    units": a Swordsman 3" from the south edge, enemies to the north, leaves the
    table with its 4"."""
    state = table(figure("a1", "Swordsman", 180, 205, routing=True),
                  ("b1", "Swordsman", 180, 100, 180))
    path, fled = movement.flight(state, state.figure("a1"))
    assert fled and path[-1][1] == 235


def rally(dice, roll, *, leader="Goblin Sergeant", routed="Swordsman", x=180):
    state = table(("a1", leader, 100, 200), figure("a2", routed, x, 200, routing=True), FAR,
                  phase="rally")
    step = Stepper(state)
    morale.rally_phase(step, dice.fix(roll) if roll else dice)
    return events_of(step.events, "rallied")


@pytest.mark.parametrize(("roll", "rallied"), [(1, True), (6, True), (7, False)])
def test_a_rally_succeeds_on_one_to_six(dice, roll, rallied):
    """RALLY CHECK: "A rally attempt is successful on a roll of 1-6 on D12"."""
    assert (rally(dice, roll)[0]["rallied"] == ["a2"]) is rallied


def test_a_commander_and_a_veteran_add_one_each(dice):
    """RALLY CHECK MODIFIERS: "+1 Commander", "+1 Unit being rallied is veteran,
    elite, heroic" (read as widening "1-6": docs/rules/sns.md, "Rally"): 7 rallies
    for a Commander, 8 a veteran for a Commander, 9 nothing."""
    assert rally(dice, 7, leader="Goblin General")[0]["rallied"] == ["a2"]
    assert rally(dice, 8, leader="Goblin General", routed="Dwarf")[0]["rallied"] == ["a2"]
    assert rally(dice, 9, leader="Goblin General", routed="Dwarf")[0]["rallied"] == []


def test_the_whip_adds_one_to_the_rally(dice):
    """"-1 Whip (Attack in Pole arm phase, +1 to Rally Roll)": the Orc Taskmaster
    (leader, whip) rallies on a 7."""
    assert rally(dice, 7, leader="Orc Taskmaster")[0]["rallied"] == ["a2"]


def test_rally_reaches_eight_inches_with_one_roll_for_all(dice):
    """"A leader unit may try to rally routing units within 8""; "Roll once for all
    units in range": one die for two routing friends, none for one 8.1" away."""
    state = table(("a1", "Goblin Sergeant", 100, 200),
                  figure("a2", "Swordsman", 190, 200, routing=True),
                  figure("a3", "Swordsman", 100, 120, routing=True),
                  figure("a4", "Swordsman", 9, 200, routing=True), FAR, phase="rally")
    step = Stepper(state)
    morale.rally_phase(step, dice.fix(3))
    (event,) = events_of(step.events, "rallied")
    assert sorted(event["tried"]) == ["a2", "a3"] and sorted(event["rallied"]) == ["a2", "a3"]


def test_a_friend_petrified_nearby_is_a_friend_killed(dice):
    """Petrify: "Target becomes a terrain obstacle (statue) permanently" (it counts as
    killed: docs/rules/sns.md "Petrify"); MORALE: "If a friendly unit within 10" has
    been killed": its neighbour checks."""
    from server.rules.sns import casting
    state = table(("a1", "Wizard", 100, 200), ("b1", "Orc", 100, 160, 180),
                  ("b2", "Orc", 200, 160, 180), phase="ranged", hands=(("a1", ("Petrify",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Petrify", {"target": "b1"}, dice.fix(2))
    assert step.state.figure("b1").dead
    checked = checks(step.state, dice, 9)
    assert "a friendly unit within 10\" killed, immobilized, or routing" in \
        checked["b2"]["triggers"]
