"""Audit of seed 003 (Swords & Sorcery), SPELLS and SAVE vs SPELL: the printed
numbers of each spell, the save and its modifiers, durations, and the spells'
effects on the tables, written from the book with scripted dice
(docs/rules/sns.md, "Audit")."""

from dataclasses import replace

import pytest

from server.rules.sns import casting, movement
from server.rules.sns.attacks import Attack, attack_modifiers, damage_modifiers
from server.rules.sns.evolve import Stepper
from server.rules.sns.morale import modifiers as morale_modifiers
from server.rules.sns.setup import figure_profile
from server.rules.sns.spells import save_modifiers, saves, spells
from tests.sns.table import events_of, figure, table


@pytest.mark.parametrize(("name", "numbers"), [
    ("Fireball", {"range": 10, "radius": 2, "attack": 2, "damage": 1}),
    ("Lightning Bolt", {"range": 15, "attack": 0, "damage": 3}),
    ("Cone of Cold", {"range": 8, "cone": True, "attack": 2}),
    ("Poison Gas", {"range": 6, "radius": 4, "attack": 2, "damage": -1}),
    ("Touch of Death", {"damage": 5}),
    ("Slow", {"range": 10, "radius": 5, "turns": 3, "save": True}),
    ("Weakness", {"range": 10, "radius": 5, "turns": 3, "save": True}),
    ("Enlarge", {"range": 5, "turns": 4, "save": False}),
    ("Polymorph", {"range": 10, "save": True}),
    ("Dispell", {"range": 20}),
    ("Petrify", {"range": 5, "save": True}),
    ("Charm", {"range": 5, "save": True}),
    ("Haste", {"range": 5, "turns": 4, "phase": "move"}),
    ("Fly", {"range": 5, "turns": 3, "phase": "move"}),
    ("Shield", {"range": 5, "turns": 3, "phase": "move"}),
    ("Courage", {"around": 8, "turns": 2}),
    ("Blood Rage", {"around": 10, "turns": 3}),
    ("Turn Undead", {"around": 10}),
    ("Heal", {"range": 5, "phase": "rally"}),
    ("Great Heal", {"around": 5, "phase": "rally"}),
    ("Paralyze", {"range": 10, "dice": 3, "save": True}),
    ("Fear", {"around": 10}),
    ("Stone Wall", {"range": 10}), ("Fire Wall", {"range": 10}),
    ("Stone to Mud", {"range": 10}), ("Alter Terrain", {"range": 10, "radius": 5}),
    ("Teleport", {"range": 10}), ("Animate Dead", {"range": 5}),
    ("Ressurrect", {"range": 5, "phase": "rally"}),
])
def test_each_spells_printed_numbers(name, numbers):
    """SPELLS, "Spell Notes": each spell's range, area, bonuses, duration, save and
    phase as printed (e.g. "Lightning Bolt Range = 15" Damage roll +3")."""
    spell = spells()[name]
    for field, value in numbers.items():
        got = getattr(spell, field)
        assert (got.startswith(value) if field == "phase" else got == value), (field, got)


def save_rows(caster: str, target: str) -> dict[str, int]:
    rows = save_modifiers(figure_profile(figure("a1", caster, 0, 0)),
                          figure_profile(figure("b1", target, 0, 0)))
    return {text: value for value, text in rows}


@pytest.mark.parametrize(("roll", "resisted"), [(10, False), (11, True), (12, True)])
def test_the_save_resists_on_eleven_or_twelve(roll, resisted):
    """SAVE vs SPELL: "1-10 The spell takes effect", "11-12 The spell is resisted"."""
    assert saves(roll, []) is resisted


def test_save_modifiers_of_the_defending_unit():
    """"+1 Defending Unit is veteran, heroic, or elite", "+1 ... has shield" (Dwarf);
    "+1 ... is large, giant, monster, or dragon" (Troll); "+2 ... is a spellcaster"
    (Cleric: and its shield)."""
    assert save_rows("Orc Shaman", "Dwarf") == {
        "Defending Unit is veteran, heroic, or elite": 1, "Defending Unit has shield": 1}
    assert save_rows("Orc Shaman", "Troll") == {
        "Defending Unit is large, giant, monster, or dragon": 1}
    assert save_rows("Orc Shaman", "Cleric")["Defending Unit is a spellcaster"] == 2


def test_a_magestaff_makes_the_save_harder():
    """"-1 Caster has a magestaff" (the Wizard's; the Orc Shaman has none)."""
    assert save_rows("Wizard", "Swordsman") == {"Caster has a magestaff": -1,
                                                "Defending Unit has shield": 1}
    assert save_rows("Orc Shaman", "Monk") == {}


def test_weakness_lasts_three_turns(dice):
    """Weakness: "Units in a 5" radius become very weak (Attack rolls -2) for 3
    turns ... Units may save vs magic": cast in turn 1, gone in turn 4."""
    state = table(("a1", "Wizard", 100, 200), ("b1", "Orc", 100, 120, 180),
                  ("a2", "Swordsman", 300, 200), phase="ranged", hands=(("a1", ("Weakness",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Weakness", {"point": [100, 120]}, dice.fix(10))  # 10 - 1 + 1: fails
    weak = step.state.figure("b1")
    assert weak.effects == (("weakened", 3),)
    for turn, applies in ((3, True), (4, False)):
        later = replace(step.state, turn=turn)
        rows = {t: v for v, t in attack_modifiers(later, Attack("b1", "a1", "hth", "Sword"))}
        assert ("Weakness: very weak (Attack rolls -2)" in rows) is applies


def test_enlarge(dice):
    """Enlarge: "Unit becomes large (Move +4", Hits +1, & Attack roll +2) for 4 turns,
    Range = 5"" (no save: a friend)."""
    state = table(("a1", "Wizard", 100, 200), ("a2", "Swordsman", 140, 200),
                  ("b1", "Orc", 300, 30), phase="ranged", hands=(("a1", ("Enlarge",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Enlarge", {"target": "a2"}, dice)
    big = step.state.figure("a2")
    assert big.effects == (("enlarged", 4),) and big.hits == 2
    assert movement.allowance(step.state, big) == 80
    rows = {t: v for v, t in attack_modifiers(step.state, Attack("b1", "a2", "hth", "Sword"))}
    assert rows["Attacking Large units"] == 1
    own = {t: v for v, t in attack_modifiers(step.state, Attack("a2", "b1", "hth", "Sword"))}
    assert own["Enlarge: Attack roll +2"] == 2


def test_shield_is_minus_three_to_be_killed(dice):
    """Shield: "Range = 5" Cast in Move phase. Target is -3 to be killed for 3 turns"."""
    state = table(("a1", "Wizard", 100, 200), ("a2", "Swordsman", 140, 200),
                  ("b1", "Orc", 300, 30), phase="slow_move", hands=(("a1", ("Shield",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Shield", {"target": "a2"}, dice)
    rows = {t: v for v, t in damage_modifiers(step.state, Attack("b1", "a2", "hth", "Sword"))}
    assert rows["Shield spell: target is -3 to be killed"] == -3


def test_fly_gives_twenty_inches(dice):
    """Fly: "Range = 5" Cast in Move phase. Target flying & move = 20" for 3 turns"."""
    state = table(("a1", "Wizard", 100, 200), ("a2", "Swordsman", 140, 200),
                  ("b1", "Orc", 300, 30), phase="slow_move", hands=(("a1", ("Fly",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Fly", {"target": "a2"}, dice)
    flyer = step.state.figure("a2")
    assert movement.allowance(step.state, flyer) == 200 and movement.flies(step.state, flyer)


def test_courage_two_turns_of_attack_and_morale_plus_one(dice):
    """Courage: "Friendly units in 8" get attack roll +1 & morale check +1 for 2
    turns"."""
    state = table(("a1", "Wizard", 100, 200), ("a2", "Swordsman", 170, 200),
                  ("a3", "Swordsman", 300, 200), ("b1", "Orc", 300, 30), phase="ranged",
                  hands=(("a1", ("Courage",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Courage", {}, dice)
    brave = step.state.figure("a2")
    assert brave.effects == (("courage", 2),) and step.state.figure("a3").effects == ()
    assert (1, "Courage: morale check +1") in morale_modifiers(step.state, brave)


def test_lightning_bolt_damage_plus_three(dice):
    """Lightning Bolt: "Range = 15" Damage roll +3": a hit (a 12) on a Swordsman with
    a damage die of 6 is 9: killed."""
    state = table(("a1", "Elf Battlemage", 100, 200), ("b1", "Swordsman", 100, 80, 180),
                  phase="ranged", hands=(("a1", ("Lightning Bolt",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Lightning Bolt", {"target": "b1"}, dice.fix(12, 6))
    hit = events_of(step.events, "attacked")[0]
    assert [3, "Lightning Bolt"] in hit["damage_modifiers"] and hit["result"] == "killed"


def test_cone_of_cold_freezes_on_one_or_two(dice):
    """Cone of Cold: "Attack roll +2, Units immobilized on a roll of 1-2 on D6 for 1
    turn": a hit, a stunning damage roll, then 2 on the D6 holds the Orc this turn."""
    state = table(("a1", "Wizard", 100, 200, 0), ("b1", "Orc", 100, 150, 180),
                  phase="ranged", hands=(("a1", ("Cone of Cold",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Cone of Cold", {"facing": 0}, dice.fix(12, 1, 2))
    hit = events_of(step.events, "attacked")[0]
    assert [2, "Cone of Cold: Attack roll +2"] in hit["modifiers"]
    assert step.state.figure("b1").immobilized == 1


def test_paralyze_holds_for_one_to_three_turns(dice):
    """Paralyze: "Unit immobilized (cannot move or attack) for 1-3 turns, Units may
    save vs magic": a failed save (5), then a 2 on the D3."""
    state = table(("a1", "Orc Shaman", 100, 200), ("b1", "Swordsman", 100, 120, 180),
                  phase="ranged", hands=(("a1", ("Paralyze",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Paralyze", {"target": "b1"}, dice.fix(5, 2))
    assert step.state.figure("b1").immobilized == 2


def test_fear_spell_makes_enemies_within_ten_check_at_minus_one(dice):
    """Fear: "Cast in Morale check phase. All enemy Units within 10" must check morale
    at -1"."""
    from server.rules.sns import morale
    state = table(("a1", "Orc Shaman", 100, 200), ("b1", "Swordsman", 100, 120, 180),
                  ("b2", "Swordsman", 300, 30, 180), phase="ranged",
                  hands=(("a1", ("Fear",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Fear", {}, dice)
    step2 = Stepper(step.state)
    morale.morale_phase(step2, dice.fix(5))
    (check,) = events_of(step2.events, "morale_checked")
    assert check["figure"] == "b1" and [-1, "Fear spell: check morale at -1"] in \
        check["modifiers"] and check["routs"]


def test_an_enlarged_unit_saves_as_a_large_one(dice):
    """Enlarge: "Unit becomes large"; SAVE vs SPELL: "+1 Defending Unit is large": an
    enlarged Swordsman saves from Paralyze on a 9 (9 + 1 shield + 1 large = 11)."""
    state = table(("a1", "Orc Shaman", 100, 200), figure("b1", "Swordsman", 100, 120, 180,
                                                         effects=(("enlarged", 4),)),
                  phase="ranged", hands=(("a1", ("Paralyze",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Paralyze", {"target": "b1"}, dice.fix(9))
    effect = events_of(step.events, "spell_effect")[0]
    assert [1, "Defending Unit is large, giant, monster, or dragon"] in effect["save_modifiers"]
    assert effect["saved"]
