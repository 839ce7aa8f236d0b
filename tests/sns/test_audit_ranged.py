"""Audit of seed 003 (Swords & Sorcery), RANGED ATTACKS: the range table, long
range, reloading, siege artillery and the one attack a turn, written from the
book (docs/rules/sns.md, "Audit")."""

import pytest

from server.rules.kernel import Command, Event
from server.rules.sns import combat
from server.rules.sns.actions import act
from server.rules.sns.army.catalog import load
from server.rules.sns.evolve import Stepper, evolve
from tests.sns.table import events_of, figure, table


@pytest.mark.parametrize(("weapon", "inches"), [
    ("Thrown dagger", 2), ("Knife", 2), ("Axe", 2), ("Ball & chain", 2),
    ("Spear", 3), ("Sling", 3), ("Matchlock pistol", 3), ("Crossbow pistol", 3),
    ("Javelin", 4), ("Blunderbuss", 4), ("Short bow", 5), ("Crossbow", 7),
    ("Arquebus", 8), ("Longbow", 10)])
def test_the_range_table(weapon, inches):
    """RANGED ATTACKS, "Range Attack Type": "2 Thrown dagger, Knife, Axe, Ball &
    Chain", "3 Spear, Sling, Matchlock Pistol, Crossbow Pistol", "4 Javelin,
    Blunderbuss", "5 Short bow", "7 Crossbow", "8 Arquebus", "10 Long bow"."""
    entry = load().weapon(weapon)
    assert (entry.range or entry.thrown) == inches


@pytest.mark.parametrize("weapon", ["Catapult shot", "Ballista bolt", "Cannon"])
def test_siege_weapons_reach_fifteen_or_more(weapon):
    """"15+ Catapult, Ballista, Cannon"."""
    assert load().weapon(weapon).range >= 15


@pytest.mark.parametrize(("target_y", "band"), [
    (120, "short"), (119, "long"), (20, "long"), (19, None)])
def test_double_the_listed_range_is_long_range(target_y, band):
    """"Ranges are in inches / Double the listed range is long range": a longbow
    (10") reaches 10" rim to rim, then to 20" at long range, and no further."""
    state = table(("a1", "Yeoman", 180, 230, 0), ("b1", "Monk", 180, target_y, 180),
                  phase="ranged")
    found = {t: b for t, b, _ in combat.ranged_targets(state, state.figure("a1"))}
    assert found.get("b1") == band


def test_a_thrown_spear_reaches_three_inches():
    """"3 Spear": a Skeleton throws its spear 3" (6" at long range)."""
    state = table(("a1", "Skeleton", 100, 200, 0), ("b1", "Monk", 100, 130, 180),
                  phase="ranged")
    assert combat.ranged_targets(state, state.figure("a1")) == [("b1", "long", False)]


def test_a_crossbow_reloads_for_a_turn():
    """"+0 Crossbow bolts, Arquebus (Guns & crossbows require a turn to reload)": the
    Orc Bolter that shot in turn 1 does not shoot in turn 2, and does in turn 3."""
    for turn, shoots in ((2, False), (3, True)):
        state = table(figure("a1", "Orc Bolter", 100, 200, 0, last_shot=1),
                      ("b1", "Monk", 100, 150, 180), phase="ranged", turn=turn)
        assert bool(combat.ranged_targets(state, state.figure("a1"))) is shoots


def test_a_bow_needs_no_reload():
    """Only "Guns & crossbows require a turn to reload": a longbow shoots every turn."""
    state = table(figure("a1", "Yeoman", 100, 200, 0, last_shot=1),
                  ("b1", "Monk", 100, 150, 180), phase="ranged", turn=2)
    assert combat.ranged_targets(state, state.figure("a1"))


def ballista(crew: int, turn: int = 1, last_shot: int = 0):
    """A Ballista at (180, 200) with `crew` of its 2 crew touching it, a Monk 9" off."""
    crew_places = [(190, 200), (170, 200)][:crew]
    return table(figure("a1", "Ballista", 180, 200, 0, last_shot=last_shot),
                 *[("a" + str(i + 2), "Siege Crewmember", x, y, 0)
                   for i, (x, y) in enumerate(crew_places)],
                 ("b1", "Monk", 180, 100, 180), phase="ranged", turn=turn)


def test_siege_artillery_needs_its_crew_and_fires_every_other_turn():
    """"Ballista: Siege artillery, ... requires 2 crew"; "+4 Siege artillery. These
    fire once every other turn"."""
    assert not combat.ranged_targets(ballista(1), ballista(1).figure("a1"))
    assert combat.ranged_targets(ballista(2), ballista(2).figure("a1"))
    fired = ballista(2, turn=2, last_shot=1)
    assert not combat.ranged_targets(fired, fired.figure("a1"))
    later = ballista(2, turn=3, last_shot=1)
    assert combat.ranged_targets(later, later.figure("a1"))


def catapult(target_y: int):
    return table(("a1", "Catapult", 180, 230, 0), ("a2", "Siege Crewmember", 190, 230, 0),
                 ("a3", "Siege Crewmember", 170, 230, 0),
                 ("a4", "Siege Crewmember", 187, 237, 0),
                 ("b1", "Orc", 180, target_y, 180), ("b2", "Orc", 190, target_y, 180),
                 ("b3", "Orc", 200, target_y, 180), phase="ranged")


def test_a_catapult_cannot_shoot_nearer_than_five_inches():
    """Catapult: "range = 5-20"": a target 4.9" away (rim to rim) is too near, one
    5" away is not."""
    near = catapult(171)  # rims 4.9" apart
    assert "b1" not in [t for t, _, _ in combat.ranged_targets(near, near.figure("a1"))]
    far = catapult(170)
    assert "b1" in [t for t, _, _ in combat.ranged_targets(far, far.figure("a1"))]


def test_a_catapult_shot_affects_all_units_in_one_inch(dice):
    """Catapult: "affects all units in a one inch radius": the Orc beside the target
    is attacked too (its base reaches within 1" of the target's centre), the one
    beyond it is not; the stone is still one shot."""
    state = catapult(100)
    step = Stepper(state)
    act(step, Command("a", "shoot", {"figure": "a1", "target": "b1"}), dice.fix(1, 1))
    attacks = events_of(step.events, "attacked")
    assert [a["target"] for a in attacks] == ["b1", "b2"]
    assert attacks[1]["area"] == "Catapult shot" and "area" not in attacks[0]
    assert step.state.figure("a1").attacks_made == 1 and step.state.figure("a1").last_shot == 1


def test_a_figure_in_base_contact_does_not_shoot():
    """HTH: "The units must have their bases touching": a bowman touching an enemy
    fights it hand to hand and shoots no one."""
    state = table(("a1", "Yeoman", 100, 200, 0), ("b1", "Monk", 100, 190, 180),
                  ("b2", "Monk", 100, 120, 180), phase="ranged")
    assert combat.ranged_targets(state, state.figure("a1")) == []


def test_one_attack_a_turn_a_bowman_that_shot_does_not_fight(dice):
    """ATTACK RESOLUTION: "Each figure can make one attack per turn against another
    figure in range": after its shot the Yeoman has no melee target."""
    state = table(("a1", "Yeoman", 100, 200, 0), ("b1", "Monk", 100, 150, 180),
                  phase="ranged")
    attack = combat.Attack("a1", "b1", "ranged", "Longbow")
    state = evolve(state, Event("attacked", combat.roll_attack(state, attack, dice.fix(2))))
    moved = state.with_figure(figure("b1", "Monk", 100, 190, 180))
    assert not combat.may_attack(moved, moved.figure("a1"))
    assert combat.melee_targets(moved, moved.figure("a1"), "hth") == []


def test_siege_engines_reach_as_printed_and_no_further():
    """"Catapult ... range = 5-20"", "Ballista ... affects all units out to 15"": the
    printed reach is all of it (docs/rules/sns.md, "Audit"): no long range beyond."""
    far = catapult(19)  # rims 20.1" apart
    assert "b1" not in [t for t, _, _ in combat.ranged_targets(far, far.figure("a1"))]
    at_twenty = catapult(20)
    assert ("b1", "short", False) in combat.ranged_targets(at_twenty, at_twenty.figure("a1"))
    state = ballista(2)
    beyond = state.with_figure(figure("b1", "Monk", 180, 39, 180))  # 15.1"
    assert combat.ranged_targets(beyond, beyond.figure("a1")) == []
    at_fifteen = state.with_figure(figure("b1", "Monk", 180, 40, 180))
    assert combat.ranged_targets(at_fifteen, at_fifteen.figure("a1")) == [("b1", "short", False)]


def test_a_ballista_bolt_strikes_every_unit_on_its_line_out_to_fifteen_inches(dice):
    """Ballista: "affects all units out to 15"": the bolt aimed at the Orc 9" off
    goes on and strikes the Orc behind it (13"), not one beyond 15" nor one beside
    the line."""
    state = table(("a1", "Ballista", 180, 200, 0), ("a2", "Siege Crewmember", 190, 200, 0),
                  ("a3", "Siege Crewmember", 170, 200, 0), ("b1", "Orc", 180, 100, 180),
                  ("b2", "Orc", 180, 60, 180), ("b3", "Orc", 180, 30, 180),
                  ("b4", "Orc", 200, 80, 180), phase="ranged")
    step = Stepper(state)
    act(step, Command("a", "shoot", {"figure": "a1", "target": "b1"}), dice.fix(1, 1))
    attacks = events_of(step.events, "attacked")
    assert [a["target"] for a in attacks] == ["b1", "b2"]
    assert attacks[1]["area"] == "Ballista bolt"


def test_a_blunderbuss_is_a_gun_and_reloads():
    """"Guns & crossbows require a turn to reload": the Gnome's blunderbuss, fired in
    turn 1, fires again in turn 3."""
    for turn, shoots in ((2, False), (3, True)):
        state = table(figure("a1", "Gnome", 100, 200, 0, last_shot=1),
                      ("b1", "Monk", 100, 170, 180), phase="ranged", turn=turn)
        assert bool(combat.ranged_targets(state, state.figure("a1"))) is shoots
