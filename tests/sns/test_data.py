"""The Swords & Sorcery data files (server/rules/sns/data/*.toml) against the
seed 003 tables they transcribe."""

import pytest

from server.rules.sns.army import catalog as catalog_module
from server.rules.sns.army.catalog import load

CATALOG = load()


def test_the_cost_table_has_every_row():
    """seed 003, UNIT COSTS: the base figure and its 33 rows, each as printed."""
    assert len(CATALOG.rows) == 34
    printed = {row.name: row.printed for row in CATALOG.rows.values()}
    assert printed["Magic resistance"] == "+1 Magic Resistance +1"
    assert all(row.printed.startswith(f"{row.cost:+d} ") for row in CATALOG.rows.values()
               if row.name != "Figure")


def test_every_weapon_of_the_range_table_is_listed_with_its_range():
    """seed 003, RANGED ATTACKS: "2 Thrown dagger, Knife, Axe, Ball & Chain / 3 Spear,
    Sling, Matchlock Pistol, Crossbow Pistol / 4 Javelin, Blunderbuss / 5 Short bow /
    7 Crossbow / 8 Arquebus / 10 Long bow"."""
    ranges = {"Sling": 3, "Matchlock pistol": 3, "Crossbow pistol": 3, "Javelin": 4,
              "Blunderbuss": 4, "Short bow": 5, "Crossbow": 7, "Arquebus": 8, "Longbow": 10}
    assert {n: CATALOG.weapons[n].range for n in ranges} == ranges
    thrown = {"Dagger": 2, "Knife": 2, "Axe": 2, "Ball & chain": 2, "Spear": 3}
    assert {n: CATALOG.weapons[n].thrown for n in thrown} == thrown


def test_damage_modifiers_follow_the_damage_table():
    """seed 003, LIST OF MODIFIERS TO DAMAGE ROLL: "-1 Dagger, Club, Staff", "+1 Pike,
    Halberd, 1-H axe, 2-H sword, 2-H Warhammer", "+2 Battle axe", "+2 Ballista bolts,
    catapult shot"."""
    damage = {"Dagger": -1, "Club": -1, "Staff": -1, "Pike": 1, "Halberd": 1, "Axe": 1,
              "2-H sword": 1, "2-H warhammer": 1, "Battle axe": 2, "Ballista bolt": 2,
              "Catapult shot": 2, "Sword": 0, "Spear": 0, "Crossbow": 0, "Longbow": -1}
    assert {n: CATALOG.weapons[n].damage for n in damage} == damage


def test_every_ability_says_what_it_does_and_why_it_costs_what_it_does():
    """seed 003, SAMPLE UNITS: the special abilities of the lists (Dodge, Savage mount,
    Claws, Bomb, Fire breath ...), each with its effect and its pricing reading."""
    for ability in CATALOG.abilities.values():
        assert ability.effect.strip() and len(ability.reading.split()) >= 6, ability.name


def test_the_basic_scenario():
    """seed 003, BASIC SCENARIO: "500 Gold to a side / Each side has one Commander / No
    dragons in the basic scenario / ... lose all its leaders or suffer 50% casualties"."""
    basic = CATALOG.scenarios["basic"]
    assert (basic.gold, basic.commanders, basic.forbidden) == (500, 1, ("Dragon",))
    assert basic.abandon_casualties_percent == 50 and basic.abandon_when_leaders_lost


def test_a_malformed_data_file_names_itself(monkeypatch, tmp_path):
    """The data is validated on load (msgspec): a wrong type fails naming the file."""
    for path in catalog_module.DATA.glob("*.toml"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    costs = tmp_path / "costs.toml"
    costs.write_text(costs.read_text().replace("cost = 5\n", 'cost = "five"\n', 1))
    monkeypatch.setattr(catalog_module, "DATA", tmp_path)
    catalog_module.load.cache_clear()
    try:
        with pytest.raises(ValueError, match="data/costs.toml is malformed"):
            catalog_module.load()
    finally:
        catalog_module.load.cache_clear()
