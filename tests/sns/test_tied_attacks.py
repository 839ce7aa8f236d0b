"""Attacks tied to their weapons (creatures.py; docs/rules/sns.md, "Attacks
tied to their weapons"): seed 003, EXAMPLE OF A SPECIAL HERO, "Griffon Mount:
Beak attack, Claws (second attack) ... Savage (Attack rolls +1)"; SAMPLE UNITS,
Elf maiden on Unicorn "Magic sword +1 ... Second attack (Unicorn horn)" and
Elf Blade master "Second attack (Sword or Dagger)"."""


from server.rules.sns import combat, creatures, turns
from server.rules.sns.attacks import attack_tier
from server.rules.sns.evolve import Stepper
from server.rules.sns.setup import figure_profile
from tests.sns.table import events_of, figure, table

HERO = "Elwylin the Elf Lord on Griffon"
SAVAGE = [1, "Savage (Attack rolls +1)"]
MAGIC = [1, "+X magical weapon bonuses"]
CLAWS = [1, "Special bonus: +1 to damage roll"]


def resolve(state, dice, *rolls):
    step = Stepper(state)
    dice.fix(*rolls)
    turns._resolve_melee(step, dice)
    return events_of(step.events, "attacked")


def test_elwylin_strikes_with_the_rune_sword_then_the_griffon_s_beak_and_claws(dice):
    """"Rune Sword: ... Damage roll +2, Attack roll +1"; "Griffon Mount: Beak
    attack, Claws (second attack) ... Savage (Attack rolls +1)", the griffon
    a figure of its own ("1 Hit, 1 Attack"): three attacks, each with its own
    weapon's rows: the sword's magic on the sword only, the griffon's savagery
    on its beak and claws, Claws' +1 damage on the claws only."""
    state = table(("a1", HERO, 100, 100), ("b1", "Orc", 100, 80, 180),
                  declared=(("a1", "b1", ""),) * 3)
    hero = state.figure("a1")
    assert combat.attacks_per_turn(hero) == 3 and hero.hits == 2
    sword, beak, claws = resolve(state, dice, 12, 1, 12, 1, 12, 1)
    assert [a["weapon"] for a in (sword, beak, claws)] == ["Sword", "Beak", "Claws"]
    assert MAGIC in sword["modifiers"] and [2, "+X magical weapon bonuses"] in \
        sword["damage_modifiers"] and SAVAGE not in sword["modifiers"]
    for attack in (beak, claws):
        assert SAVAGE in attack["modifiers"] and MAGIC not in attack["modifiers"]
        assert all("magical" not in t for _, t in attack["damage_modifiers"])
    assert CLAWS in claws["damage_modifiers"] and CLAWS not in beak["damage_modifiers"]
    assert CLAWS not in sword["damage_modifiers"]


def test_the_elf_maiden_s_second_attack_is_the_unicorn_s_horn(dice):
    """"Magic sword +1 ... Second attack (Unicorn horn)": the sword's +1 on the
    sword, not on the horn, which is the second attack (-1 for it)."""
    state = table(("a1", "Elf maiden on Unicorn", 100, 100), ("b1", "Orc", 100, 80, 180),
                  declared=(("a1", "b1", ""), ("a1", "b1", "")))
    sword, horn = resolve(state, dice, 12, 1, 12, 1)
    assert (sword["weapon"], horn["weapon"]) == ("Sword", "Unicorn horn")
    assert MAGIC in sword["modifiers"] and MAGIC not in horn["modifiers"]
    assert [-1, "Attacker is making additional attacks/per attack"] in horn["modifiers"]


def test_a_maiden_who_cast_has_the_horn_left():
    """"Each figure can make one attack per turn": a spell is her attack, so the
    attack left in hand to hand is the unicorn's horn."""
    state = table(figure("a1", "Elf maiden on Unicorn", 100, 100, 0, attacks_made=1),
                  ("b1", "Orc", 100, 80, 180))
    assert combat.melee_attack(state, "a1", "b1", "hth").weapon == "Unicorn horn"


def test_the_blade_master_s_dagger_strikes_with_the_short_weapons(dice):
    """"Second attack (Sword or Dagger)" with the dagger: its own damage row
    (Dagger -1) and, as "Attacks with normal HTH weapons resolved first" and
    "attacks with 'short' HTH weapons resolved next", after the sword."""
    kit = ("Infantry", "Sword", "Veteran", "Dodge", "No armor", "Additional attack", "Dagger")
    master = figure("a1", "Elf Blade master", 100, 100, kit=kit)
    state = table(master, ("b1", "Orc", 100, 80, 180),
                  declared=(("a1", "b1", ""), ("a1", "b1", "")))
    first = combat.melee_attack(state, "a1", "b1", "hth", [])
    second = combat.melee_attack(state, "a1", "b1", "hth", ["b1"])
    prof = figure_profile(master)
    assert (first.weapon, second.weapon) == ("Sword", "Dagger")
    assert (attack_tier(prof, master, first), attack_tier(prof, master, second)) == (0, 1)
    sword, dagger = resolve(state, dice, 12, 1, 12, 1)
    assert [-1, "Dagger"] in dagger["damage_modifiers"]
    assert all(t != "Dagger" for _, t in sword["damage_modifiers"])


def test_a_second_sword_is_a_sword_too():
    """"Second attack (Sword or Dagger)" as printed first: two swords, both normal
    HTH weapons."""
    state = table(("a1", "Elf Blade master", 100, 100), ("b1", "Orc", 100, 80, 180))
    assert combat.melee_attack(state, "a1", "b1", "hth", ["b1"]).weapon == "Sword"


def test_an_additional_attack_with_no_weapon_after_it_uses_the_figure_s_own():
    """A unit of one's own with "Additional attack" and nothing printed for it
    strikes twice with its weapon."""
    own = figure("a1", "Swordsman", 100, 100, kit=("Infantry", "Additional attack", "Sword"))
    plain = figure("a1", "Swordsman", 100, 100, kit=("Infantry", "Sword", "Additional attack"))
    assert [s.weapon for s in creatures.slots_of(own)] == ["", "Sword"]
    assert [s.weapon for s in creatures.slots_of(plain)] == ["", ""]
    state = table(plain, ("b1", "Orc", 100, 80, 180))
    assert combat.melee_attack(state, "a1", "b1", "hth", ["b1"]).weapon == "Sword"


def test_a_disarmed_rider_and_his_griffon_strike_bare_handed_as_before():
    """"Disarmed: unarmed units Attack roll -2": a disarmed figure makes its
    attacks bare handed, each still counting as one of its attacks."""
    state = table(figure("a1", HERO, 100, 100, disarmed=True), ("b1", "Orc", 100, 80, 180))
    attack = combat.melee_attack(state, "a1", "b1", "hth", ["b1"])
    assert attack.weapon == "Bare hands" and attack.slot == 1
