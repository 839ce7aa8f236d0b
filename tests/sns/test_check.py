"""The Swords & Sorcery army list checker against the basic scenario (seed 003,
BASIC SCENARIO: "500 Gold to a side / Each side has one Commander / No dragons in
the basic scenario"): each broken rule is refused with its message, nothing else."""

from server.rules.sns.army.check import check_army


def army(*entries, name="Under the Mountain"):
    return {"name": name, "units": [e if isinstance(e, dict) else {"unit": e}
                                    for e in entries]}


def codes(found):
    return [v.code for v in found]


def test_a_legal_army_is_priced_and_nothing_refused():
    """seed 003, BASIC SCENARIO and SAMPLE UNITS: a Clanlord (14) and ten Dwarves (11)."""
    priced, found = check_army(army("Dwarf Clanlord", *["Dwarf"] * 10))
    assert found == []
    assert priced["gold"] == 124
    assert priced["units"][0] == {"name": "Dwarf Clanlord", "cost": 14, "kit": [
        "Infantry", "Heavy armor", "Veteran", "Shield", "Sword", "Commander"], "types": ["Dwarf"]}
    assert priced["units"][1]["kit"][3] == "Hammer"  # "hammer or axe": the first


def test_an_army_over_500_gold_is_refused():
    """seed 003, BASIC SCENARIO: "500 Gold to a side". 14 + 44 x 11 = 498 fits;
    one Goblin more (6) is 504."""
    _, found = check_army(army("Dwarf Clanlord", *["Dwarf"] * 44))
    assert found == []
    priced, found = check_army(army("Dwarf Clanlord", *["Dwarf"] * 44, "Goblin"))
    assert priced == {}
    assert codes(found) == ["over_gold"]
    assert found[0].message == "The army costs 504 gold; the basic scenario allows 500 a side."


def test_an_army_without_a_commander_is_refused():
    """seed 003, BASIC SCENARIO: "Each side has one Commander"."""
    _, found = check_army(army("Dwarf Hero", "Dwarf"))
    assert codes(found) == ["no_commander"]
    assert "needs a Commander" in found[0].message


def test_an_army_with_two_commanders_is_refused():
    """seed 003, BASIC SCENARIO: "Each side has one Commander" (one, not two)."""
    _, found = check_army(army("Kings Champion", "Knight", "Elf Lord"))
    assert codes(found) == ["too_many_commanders"]
    assert found[0].message == ("The army has 2 Commanders (Kings Champion, Elf Lord); "
                                "each side has exactly 1.")
    assert found[0].model == 2


def test_a_dragon_is_refused():
    """seed 003, BASIC SCENARIO: "No dragons in the basic scenario"."""
    _, found = check_army(army("Necromancer", "Dragon"))
    assert codes(found) == ["forbidden_unit"]
    assert found[0].message == "Dragon: no dragons in the basic scenario."
    assert found[0].model == 1
    _, found = check_army(army("Necromancer", {"name": "Wyrm", "kit": ["Dragon", "Flying"]}))
    assert codes(found) == ["forbidden_unit"]


def test_the_special_hero_commands_an_army():
    """seed 003, EXAMPLE OF A SPECIAL HERO (49 gold, Commander) and BASIC SCENARIO."""
    priced, found = check_army(army("Elwylin the Elf Lord on Griffon", *["Elf"] * 10))
    assert found == []
    assert priced["gold"] == 49 + 110


def test_every_broken_rule_is_listed_not_only_the_first():
    """seed 003, BASIC SCENARIO: over the gold, no Commander, and a dragon at once;
    a figure's own problems with the list's."""
    _, found = check_army(army(*["Dragon"] * 14))
    assert codes(found) == ["over_gold", "no_commander"] + ["forbidden_unit"] * 14
    _, found = check_army(army("Dragon", {"name": "Odd", "kit": ["Weak", "Strong"]}))
    assert codes(found) == ["strength_conflict", "no_commander", "forbidden_unit"]


def test_siege_engines_need_their_crew():
    """seed 003, SAMPLE UNITS: "Catapult ... requires 3 crew", "Ballista ... requires 2
    crew"."""
    _, found = check_army(army("Shogun", "Catapult", "Siege Crewmember", "Siege Crewmember"))
    assert codes(found) == ["missing_crew"]
    assert "need 3 Siege Crewmembers" in found[0].message
    _, found = check_army(army("Shogun", "Catapult", *["Siege Crewmember"] * 3))
    assert found == []


def test_a_unit_of_ones_own_is_priced_and_its_stated_cost_checked():
    """seed 003, UNIT COSTS: a Shield maiden (Infantry, Shield, Sword) is 7 gold."""
    own = {"name": "Shield maiden", "kit": ["Infantry", "Shield", "Sword"], "cost": 7}
    priced, found = check_army(army("Goblin General", own))
    assert found == []
    assert priced["units"][1]["cost"] == 7
    _, found = check_army(army("Goblin General", dict(own, cost=6)))
    assert codes(found) == ["wrong_cost"]
    assert found[0].message == "Shield maiden costs 7 gold, not 6."


def test_kits_that_cannot_go_together_are_refused():
    """seed 003, UNIT COSTS and SPELLS ("each spellcaster draws a number of cards
    equal to the number of spells they know")."""
    cases = {
        "spells_without_caster": ["Spell known x2"],
        "caster_without_spells": ["Spellcaster"],
        "magestaff_without_caster": ["Magestaff"],
        "armour_conflict": ["No armor", "Heavy armor"],
        "strength_conflict": ["Weak", "Strong"],
        "duplicate_item": ["Veteran", "Hero"],  # one row: "Veteran, elite, hero"
        "choose_one": ["Sword | Axe"],
        "not_for_custom": ["Sword", "Bane (Orcs) +3"],
    }
    for code, kit in cases.items():
        _, found = check_army(army("Orc Warboss", {"name": "Odd", "kit": kit}))
        assert codes(found) == [code], (code, found)
        assert found[0].message.startswith("Odd: ") and found[0].model == 1


def test_unreadable_entries_are_refused_with_close_matches():
    """seed 003, SAMPLE UNITS and UNIT COSTS: misspelt names, malformed entries."""
    _, found = check_army({"units": [{"unit": "Dwarf Clanlord"}, {"unit": "Dwarf Gunnar"},
                                     {"name": "Ogre pal", "kit": ["Maull"]}, {"unit": "axb"},
                                     {"kit": ["Sword"]}, 7]})
    assert codes(found) == ["unknown_unit", "unknown_item", "unknown_unit", "bad_unit",
                            "bad_unit"]
    assert "Did you mean: Dwarf Gunner," in found[0].message
    assert "Did you mean: Maul?" in found[1].message
    assert found[0].message.startswith("Figure 2: ")
    _, found = check_army({"units": []})
    assert codes(found) == ["bad_army"]
    _, found = check_army(army("Dwarf Clanlord", {"name": "Odd", "kit": ["Shield x2"]}))
    assert codes(found) == ["bad_level"]


def test_a_sample_units_printed_choices_are_made_in_the_list():
    """seed 003, SAMPLE UNITS: "Dwarf: ... hammer or axe", "Elf Blade master: ...
    Second attack (Sword or Dagger)": the choice is recorded and never changes the
    price; by default the first printed."""
    priced, found = check_army(army("Dwarf Clanlord", {"unit": "Dwarf", "choices": ["axe"]},
                                    "Dwarf", {"unit": "Elf Blade master",
                                              "choices": ["Dagger"]}))
    assert found == []
    kits = [u["kit"] for u in priced["units"][1:]]
    assert kits[0][3] == "Axe" and kits[1][3] == "Hammer" and kits[2][-1] == "Dagger"
    assert [u["cost"] for u in priced["units"][1:]] == [11, 11, 12]
    for wrong in (["Spear"], ["Axe", "Axe"], "Axe"):
        _, found = check_army(army("Dwarf Clanlord", {"unit": "Dwarf", "choices": wrong}))
        assert codes(found) == ["bad_choice"], wrong
    assert "'Spear' is not one of Hammer or Axe." in check_army(army(
        "Dwarf Clanlord", {"unit": "Dwarf", "choices": ["Spear"]}))[1][0].message
