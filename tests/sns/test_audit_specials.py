"""Audit of seed 003 (Swords & Sorcery): EXAMPLE OF A SPECIAL HERO's magic items,
the special abilities of the unit lists, and the spells with dice of their own
(Polymorph, Blood Rage, Dispell), written from the book with scripted dice
(docs/rules/sns.md, "Audit")."""

from server.rules.sns import casting, combat, movement
from server.rules.sns.attacks import Attack, attack_modifiers
from server.rules.sns.evolve import Stepper
from server.rules.sns.setup import figure_profile
from server.rules.sns.spells import save_modifiers
from tests.sns.table import events_of, figure, table

HERO = "Elwylin the Elf Lord on Griffon"


def rows_against_hero(kind: str, weapon: str) -> dict[str, int]:
    state = table(("a1", "Yeoman", 100, 200, 0), ("b1", HERO, 100, 100, 180))
    return {t: v for v, t in attack_modifiers(state, Attack("a1", "b1", kind, weapon))}


def test_the_rune_swords_minus_one_is_for_hth_attacks_only():
    """Rune Sword: "HTH attack rolls vs this unit at -1"; Spellbane: "attack rolls vs
    this unit at -1": a bowman's arrow on Elwylin is -1 for the Spellbane alone, a
    blow in hand to hand -1 for each."""
    shot = rows_against_hero("ranged", "Longbow")
    assert shot["Attack rolls vs this unit at -1 (magic item)"] == -1
    assert "HTH attack rolls vs this unit at -1 (magic item)" not in shot
    blow = rows_against_hero("hth", "Dagger")
    assert blow["Attack rolls vs this unit at -1 (magic item)"] == -1
    assert blow["HTH attack rolls vs this unit at -1 (magic item)"] == -1


def test_spellbanes_magic_resistance_plus_three():
    """Spellbane: "Shield, Magic resistance +3"; SAVE vs SPELL: "+X Defending Unit has
    magic resistance +X", "+1 Defending Unit has shield"."""
    wizard = figure_profile(figure("a1", "Wizard", 0, 0))
    rows = {t: v for v, t in save_modifiers(wizard, figure_profile(figure("b1", HERO, 0, 0)))}
    assert rows["Magic resistance +X (magic item)"] == 3
    assert rows["Defending Unit has shield"] == 1


def test_spellbane_saves_elwylin_from_a_paralysis(dice):
    """A 7 is 7 + 3 (Spellbane) + 1 (hero) + 1 (shield) + 1 (monster) - 1 (magestaff)
    = 12: "11-12 The spell is resisted"."""
    state = table(("a1", "Wizard", 100, 200), ("b1", HERO, 100, 110, 180), phase="ranged",
                  hands=(("a1", ("Paralyze",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Paralyze", {"target": "b1"}, dice.fix(7))
    assert events_of(step.events, "spell_effect")[0]["saved"]
    assert step.state.figure("b1").immobilized == 0


def test_a_magestaff_adds_one_to_an_attack_spell(dice):
    """"+1 Attacker is a Spellcaster casting an attack spell with a Magestaff" (the
    Wizard's Lightning Bolt)."""
    state = table(("a1", "Wizard", 100, 200), ("b1", "Orc", 100, 100, 180), phase="ranged",
                  hands=(("a1", ("Lightning Bolt",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Lightning Bolt", {"target": "b1"}, dice.fix(2))
    hit = events_of(step.events, "attacked")[0]
    assert [1, "Attacker is a Spellcaster casting an attack spell with a Magestaff"] in \
        hit["modifiers"]


def test_polymorph_leaves_the_unit_helpless_for_1d6_turns(dice):
    """Polymorph: "Unit becomes helpless for 1D6 turns, Range = 10", Unit may save vs
    magic": a failed save (2), then 5 on the D6: held to the end of turn 5."""
    state = table(("a1", "Orc Shaman", 100, 200), ("b1", "Swordsman", 100, 120, 180),
                  phase="ranged", hands=(("a1", ("Polymorph",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Polymorph", {"target": "b1"}, dice.fix(2, 5))
    helpless = step.state.figure("b1")
    assert helpless.immobilized == 5
    assert not combat.may_attack(step.state, helpless)
    assert not movement.may_move(step.state, helpless, "slow_move")


def test_blood_rage_sends_2d6_friends_berserk(dice):
    """Blood Rage: "2D6 Friendly units within 10" go berserk for 3 turns": a 1 and a 1
    are two, the nearest two friends (the caster among them: docs "Targets")."""
    state = table(("a1", "Orc Shaman", 100, 200), ("a2", "Orc", 120, 200),
                  ("a3", "Orc", 160, 200), ("b1", "Orc", 300, 30), phase="ranged",
                  hands=(("a1", ("Blood Rage",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Blood Rage", {}, dice.fix(1, 1))
    raging = [f.uid for f in step.state.figures if ("berserk", 3) in f.effects]
    assert raging == ["a1", "a2"]
    rows = {t: v for v, t in attack_modifiers(step.state, Attack("a2", "b1", "hth", "Sword"))}
    assert rows["Attacker berserk (Battle Frenzy) HTH (Blood Rage)"] == 1


def test_dispell_negates_a_paralysis(dice):
    """Dispell: "Negates a spell that lasts X turns, Range = 20""; Paralyze "for 1-3
    turns" is such a spell."""
    state = table(("a1", "Orc Shaman", 100, 200), ("b1", "Swordsman", 100, 120, 180),
                  ("b2", "Orc Shaman", 300, 100, 180), phase="ranged",
                  hands=(("a1", ("Paralyze",)), ("b2", ("Dispell",))))
    step = Stepper(state)
    casting.cast(step, "a1", "Paralyze", {"target": "b1"}, dice.fix(1, 3))
    assert step.state.figure("b1").immobilized == 3
    casting.cast(step, "b2", "Dispell", {"target": "b1"}, dice)
    assert combat.may_attack(step.state, step.state.figure("b1"))


def test_savage_mount_is_the_riders_and_savage_the_griffons():
    """"+1 Attacker riding on Savage Mount in HTH" (Elf maiden on Unicorn, on all her
    attacks); Griffon Mount "Savage (Attack rolls +1)" on the griffon's own."""
    state = table(("a1", "Elf maiden on Unicorn", 100, 100, 0), ("b1", "Monk", 100, 84, 180))
    rows = {t: v for v, t in attack_modifiers(
        state, combat.melee_attack(state, "a1", "b1", "hth"))}
    assert rows["Attacker riding on Savage Mount in HTH"] == 1
    assert rows["+X magical weapon bonuses"] == 1  # "Magic sword +1"


def test_dodge_is_minus_one_to_be_hit_at_range_too():
    """"-1 Defenders have Dodge ability" (Elf Blade master), any attack."""
    state = table(("a1", "Yeoman", 100, 200, 0), ("b1", "Elf Blade master", 100, 100, 180))
    rows = {t: v for v, t in attack_modifiers(state, Attack("a1", "b1", "ranged", "Longbow"))}
    assert rows["Defenders have Dodge ability"] == -1


def test_the_dragons_tough_hide_x_3_is_three_times_each_row():
    """Dragon: "Tough Hide x 3": three times "-1 Defender has Tough hide" (attack) as
    three times "-1 Defending unit has tough hide" (damage), each hide priced "+2
    Tough hide" for the two -1s (docs/rules/sns.md, "A -1 to be hit")."""
    state = table(("a1", "Swordsman", 100, 100, 0), ("b1", "Dragon", 100, 80, 180),
                  figure("b2", "Troll", 130, 85, 180))
    rows = {t: v for v, t in attack_modifiers(state, Attack("a1", "b1", "hth", "Sword"))}
    assert rows["Defender has Tough hide"] == -3
    troll = {t: v for v, t in attack_modifiers(state, Attack("a1", "b2", "hth", "Sword"))}
    assert troll["Defender has Tough hide"] == -1


def test_a_figure_in_a_blood_rage_is_a_berserk_defender(dice):
    """Blood Rage: "Friendly units within 10" go berserk"; "+1 Berserk Defender": the
    raging Orc is easier to hit."""
    state = table(("a1", "Orc Shaman", 100, 200), ("a2", "Orc", 120, 200),
                  ("b1", "Swordsman", 120, 190, 180), phase="ranged",
                  hands=(("a1", ("Blood Rage",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Blood Rage", {}, dice.fix(1, 1))
    rows = {t: v for v, t in attack_modifiers(step.state, Attack("b1", "a2", "hth", "Sword"))}
    assert rows["Berserk Defender"] == 1
