"""Audit of seed 003 (Swords & Sorcery): the order of the attack phases
(polearm, pikes first, simultaneous, short weapons next), special abilities
of the unit lists, BASIC SCENARIO's end and AFTER THE BATTLE, written from the
book with scripted dice (docs/rules/sns.md, "Audit")."""

from dataclasses import replace

import pytest

from server.rules.kernel import Event
from server.rules.sns import combat, turns, victory
from server.rules.sns.evolve import Stepper, evolve
from tests.sns.table import events_of, figure, table


def melee(state, dice, *rolls):
    step = Stepper(state)
    turns._resolve_melee(step, dice.fix(*rolls))
    return step, events_of(step.events, "attacked")


def test_pikes_attack_first(dice):
    """Polearm Attacks: "Pikes attack first, all other attacks are simultaneous": the
    Pikeman kills the Goblin (spear) before its spear strikes."""
    state = table(("a1", "Pikeman", 100, 100, 0), ("b1", "Goblin", 100, 90, 180),
                  phase="polearm", declared=(("b1", "a1", ""), ("a1", "b1", "")))
    step, attacks = melee(state, dice, 12, 12)
    assert [a["attacker"] for a in attacks] == ["a1"] and step.state.figure("b1").dead


def test_other_attacks_are_simultaneous(dice):
    """"Attacks with normal HTH weapons resolved first and are simultaneous": two
    Swordsmen kill each other in the same step."""
    state = table(("a1", "Swordsman", 100, 100, 0), ("b1", "Swordsman", 100, 90, 180),
                  phase="hth", declared=(("a1", "b1", ""), ("b1", "a1", "")))
    step, attacks = melee(state, dice, 12, 12, 12, 12)
    assert len(attacks) == 2
    assert step.state.figure("a1").dead and step.state.figure("b1").dead


def test_short_weapons_strike_after_normal_weapons(dice):
    """"Unarmed attacks and attacks with 'short' HTH weapons resolved next": the
    Swordsman's sword kills the Pikeman before its short sword strikes."""
    state = table(("a1", "Swordsman", 100, 100, 0), ("b1", "Pikeman", 100, 90, 180),
                  phase="hth", declared=(("b1", "a1", ""), ("a1", "b1", "")))
    step, attacks = melee(state, dice, 12, 12)
    assert [a["attacker"] for a in attacks] == ["a1"] and step.state.figure("b1").dead


def test_bare_hands_strike_with_the_short_weapons(dice):
    """"Unarmed attacks ... resolved next": the Goblin Archer's fists come after the
    Swordsman's sword, which kills it first."""
    state = table(("a1", "Swordsman", 100, 100, 0), ("b1", "Goblin Archer", 100, 90, 180),
                  phase="hth", declared=(("b1", "a1", ""), ("a1", "b1", "")))
    _, attacks = melee(state, dice, 12, 12)
    assert [a["attacker"] for a in attacks] == ["a1"]


def test_the_whip_attacks_in_the_polearm_phase():
    """"-1 Whip (Attack in Pole arm phase, +1 to Rally Roll)": the Orc Taskmaster."""
    state = table(("a1", "Orc Taskmaster", 100, 100, 0), ("b1", "Monk", 100, 90, 180),
                  phase="polearm")
    assert combat.melee_targets(state, state.figure("a1"), "polearm") == ["b1"]
    assert combat.melee_attack(state, "a1", "b1", "polearm").weapon == "Whip"


def test_polearms_need_bases_touching():
    """Polearm Attacks: "The units must have their bases touching"."""
    state = table(("a1", "Pikeman", 100, 100, 0), ("b1", "Monk", 100, 85, 180),
                  phase="polearm")
    assert combat.melee_targets(state, state.figure("a1"), "polearm") == []


def test_immobilized_units_cannot_attack():
    """"+3 Defender immobilized. Immobilized units cannot move or attack"."""
    state = table(figure("a1", "Swordsman", 100, 100, 0, immobilized=1),
                  ("b1", "Monk", 100, 90, 180))
    assert not combat.may_attack(state, state.figure("a1"))


def test_regenerate_removes_one_wound_a_turn():
    """"+2 Regenerate: Unit removes one wound per turn in Rally phase" (Troll)."""
    state = table(figure("a1", "Troll", 100, 100, wounds=2))
    state = evolve(state, Event("turn_ended", {"turn": 1}))
    assert state.figure("a1").wounds == 1


def test_a_commander_is_a_leader_for_the_rally(dice):
    """RALLY CHECK: "A leader unit may try to rally"; "+1 Commander": the Commander
    rallies too, with its +1."""
    from server.rules.sns import morale
    from server.rules.sns.setup import figure_profile
    general = figure("a1", "Goblin General", 100, 100)
    assert figure_profile(general).leader
    state = table(general, figure("a2", "Swordsman", 150, 100, routing=True), phase="rally")
    step = Stepper(state)
    morale.rally_phase(step, dice.fix(7))
    assert events_of(step.events, "rallied")[0]["rallied"] == ["a2"]


def side(n: int, lost: int, seat: str = "a"):
    return [figure(f"{seat}{i}", "Swordsman", 40 + 30 * i, 200 if seat == "a" else 40,
                   dead=i < lost) for i in range(n)]


@pytest.mark.parametrize(("lost", "abandons"), [(1, False), (2, True)])
def test_fifty_percent_casualties_abandon_the_field(lost, abandons):
    """BASIC SCENARIO: "The first side to lose all its leaders or suffer 50%
    casualties will abandon the field": 2 of 4 is 50%."""
    state = table(*side(4, lost), *side(4, 0, "b"))
    assert (victory.abandons(state, "a") is not None) is abandons
    if abandons:
        assert victory.verdict(state, False)[0] == "b"


def test_losing_all_its_leaders_abandons_the_field():
    """"The first side to lose all its leaders ... will abandon the field"."""
    state = table(figure("a0", "Goblin General", 40, 200, dead=True), *side(4, 0)[1:],
                  *side(4, 0, "b"))
    assert victory.abandons(state, "a") == "lost all its leaders"


@pytest.mark.parametrize(("roll", "fate"), [(25, "dead/missing"), (26, "routed"),
                                            (60, "routed"), (61, "wounded"),
                                            (100, "wounded")])
def test_the_winners_casualties(dice, roll, fate):
    """AFTER THE BATTLE: "The winners battlefield casualties include: 25% Dead/Missing,
    35% Routed, 40% Wounded"."""
    state = table(*side(4, 1), *side(4, 0, "b"))
    (rolled,) = victory.aftermath(state, "a", dice.fix(roll))
    assert rolled["fate"] == fate and rolled["returns"] is (fate != "dead/missing")


@pytest.mark.parametrize(("roll", "fate", "returns"), [
    (40, "dead/missing", False), (41, "captured", False), (55, "captured", False),
    (56, "wounded & captured", False), (70, "wounded & captured", False),
    (71, "routed", True), (85, "routed", True), (86, "wounded", True)])
def test_the_losers_casualties(dice, roll, fate, returns):
    """"The losers battlefield casualties include: 40% Dead/Missing, 15% Captured, 15%
    Wounded & Captured, 15% Routed, 15% Wounded"; "Routed & Wounded units return to
    their armies after the battle"."""
    state = table(*side(4, 1), *side(4, 0, "b"))
    (rolled,) = victory.aftermath(state, "b", dice.fix(roll))
    assert rolled["fate"] == fate and rolled["returns"] is returns


def test_fled_and_dying_figures_are_casualties():
    """"casualties": a figure routed off the table and one mortally wounded count."""
    state = table(*side(4, 0), *side(4, 0, "b"))
    state = state.with_figure(replace(state.figure("a0"), fled=True))
    state = state.with_figure(replace(state.figure("a1"), mortal=2))
    assert {f.uid for f in victory.lost(state, "a")} == {"a0", "a1"}
