"""What an S&S army is built from and the verdict on one (army/builder.py: the
`catalog` and `check_list` requests): the sample units as printed (seed 003,
SAMPLE UNITS), the kit of a unit of one's own priced by its row (seed 003, UNIT
COSTS), a list priced figure by figure against the scenario's gold and rules
(seed 003, BASIC SCENARIO)."""

import tomllib

import pytest

from server.rules.kernel import RulesError
from server.rules.sns.army.builder import builder_catalog, check_list
from server.rules.sns.army.catalog import DATA
from server.rules.sns.army.check import check_army
from server.rules.sns.system import SYSTEM


def toml(name):
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


def test_the_catalog_lists_every_sample_unit_as_printed_with_the_gold_charged():
    """seed 003, SAMPLE UNITS: every unit of units.toml and the special hero, its
    printed cost, notes, kit, printed choices ("hammer or axe") and types; `cost`
    is what the checker charges (a misprint's computed gold, with the reason)."""
    samples = {s["name"]: s for s in builder_catalog()["samples"]}
    assert len(samples) == len(toml("units.toml")["unit"]) + 1
    dwarf = samples["Dwarf"]
    assert dwarf == {"name": "Dwarf", "army": "Dwarves", "printed_cost": 11, "cost": 11,
                     "notes": "Infantry, shield, heavy armor, hammer or axe, veteran",
                     "kit": ["Infantry", "Shield", "Heavy armor", "Hammer | Axe", "Veteran"],
                     "choices": [["Hammer", "Axe"]], "types": ["Dwarf"], "crew": 0,
                     "misprint": None}
    scout = samples["Goblin Scout"]  # misprints.toml: printed 5, charged 6
    assert (scout["printed_cost"], scout["cost"]) == (5, 6)
    assert "short weapon free only" in scout["misprint"]
    assert samples["Elwylin the Elf Lord on Griffon"]["cost"] == 49
    assert samples["Catapult"]["crew"] == 3


def test_the_catalog_prices_the_kit_of_a_unit_of_ones_own_from_the_cost_rows():
    """seed 003, UNIT COSTS: "+2 Heavy armor", "+1 1H or 2H HTH weapons: Sword",
    "+3 Ranged attack 7" or over" (a longbow, 10"), "+1 Spell known" (bought
    again and again), a short weapon free alone; abilities with no row at the rows
    they are priced as (Claws: a damage bonus, +2). Not offered: the figure's own
    5 gold, the rows a weapon is bought through, what only the example hero has."""
    items = {i["name"]: i for i in builder_catalog()["items"]}
    assert items["Heavy armor"] == {"name": "Heavy armor", "group": "armour", "cost": 2,
                                    "printed": "+2 Heavy armor", "stacks": False,
                                    "detail": None}
    assert (items["Sword"]["group"], items["Sword"]["cost"]) == ("weapon", 1)
    assert (items["Longbow"]["cost"], items["Longbow"]["range"]) == (3, 10)
    assert items["Dagger"]["cost"] == 0 and "one free" in items["Dagger"]["printed"]
    assert items["Spell known"]["stacks"] and items["Spell known"]["cost"] == 1
    assert items["Claws"]["cost"] == 2 and items["Infantry"]["group"] == "type"
    assert items["Magical bonus"]["detail"] == \
        "the roll it adds to: attack, damage or save vs spell"
    for absent in ("Figure", "HTH weapon", "Ranged attack 7 inches or over", "Bane"):
        assert absent not in items
    assert {"Dwarf", "Elf", "Orc"} <= set(builder_catalog()["unit_types"])


def test_the_system_catalog_carries_the_builder_beside_the_ready_made_armies():
    """seed 003, BASIC SCENARIO ("500 Gold to a side"), SAMPLE UNITS and UNIT COSTS:
    the lobby's catalog holds the scenario beside what an army is built from."""
    catalog = SYSTEM.catalog({})
    assert catalog["scenarios"] == [{"key": "basic", "name": "Basic scenario", "gold": 500}]
    assert catalog["samples"] and catalog["items"] and catalog["max_types"] == 4


def test_check_list_prices_each_figure_and_the_gold_left():
    """seed 003, BASIC SCENARIO ("500 Gold to a side / Each side has one
    Commander") and UNIT COSTS: a Clanlord (14), a Dwarf with the axe (11) and a
    shield maiden of one's own (5 + shield 1 + sword 1 = 7)."""
    army = {"name": "Hold", "units": [
        {"unit": "Dwarf Clanlord"}, {"unit": "Dwarf", "choices": ["Axe"]},
        {"name": "Shield maiden", "kit": ["Infantry", "Shield", "Sword"], "types": ["Man"]}]}
    verdict = SYSTEM.check_list(army, {})
    assert verdict == {"valid": True, "scenario": "basic", "gold": 500, "total": 32,
                       "left": 468, "problems": [], "models": [
                           {"name": "Dwarf Clanlord", "cost": 14, "types": ["Dwarf"],
                            "kit": ["Infantry", "Heavy armor", "Veteran", "Shield", "Sword",
                                    "Commander"]},
                           {"name": "Dwarf", "cost": 11, "types": ["Dwarf"],
                            "kit": ["Infantry", "Shield", "Heavy armor", "Axe", "Veteran"]},
                           {"name": "Shield maiden", "cost": 7, "types": ["Man"],
                            "kit": ["Infantry", "Shield", "Sword"]}]}


def test_check_list_names_every_problem_as_the_setup_would_and_prices_what_it_can():
    """seed 003, SAMPLE UNITS and BASIC SCENARIO: a figure that cannot be read
    (an unknown sample unit): the problems are check_army's, in its order; the
    readable figures are priced, the total is unknown."""
    army = {"units": [{"unit": "Dwarf"}, {"unit": "Dwarff"}]}
    verdict = check_list(army)
    _, found = check_army(army)
    assert verdict["problems"] == [v.to_wire() for v in found]
    assert [(p["code"], p["model"]) for p in verdict["problems"]] == [("unknown_unit", 1)]
    assert "Did you mean: Dwarf," in verdict["problems"][0]["message"]
    assert [m["cost"] for m in verdict["models"]] == [11, None]
    assert verdict["models"][1]["name"] == "Dwarff"
    assert (verdict["valid"], verdict["total"], verdict["left"]) == (False, None, None)
    lone = check_list({"units": [{"unit": "Dwarf"}]})
    assert [p["code"] for p in lone["problems"]] == ["no_commander"]
    assert lone["total"] == 11 and lone["left"] == 489


def test_check_list_over_the_gold_says_so_and_shows_the_gold_left_below_zero():
    """seed 003, BASIC SCENARIO: "500 Gold to a side": 14 + 44 x 11 + a Goblin (6)."""
    verdict = check_list({"units": [{"unit": "Dwarf Clanlord"}, *[{"unit": "Dwarf"}] * 44,
                                    {"unit": "Goblin"}]})
    assert [p["code"] for p in verdict["problems"]] == ["over_gold"]
    assert verdict["total"] == 504 and verdict["left"] == -4


@pytest.mark.parametrize("army", [None, "Dwarves", {"units": []}, {"units": "Dwarf"}])
def test_a_malformed_list_is_a_problem_not_an_error(army):
    """seed 003, BASIC SCENARIO: a side is a list of figures; anything else is
    judged (`bad_army`), not refused."""
    verdict = check_list(army)
    assert not verdict["valid"] and verdict["models"] == []
    assert [p["code"] for p in verdict["problems"]] == ["bad_army"]


def test_an_unknown_scenario_is_refused_with_its_reason():
    """seed 003, BASIC SCENARIO is the one scenario: another is refused by name."""
    with pytest.raises(RulesError) as refused:
        check_list({"units": [{"unit": "Dwarf"}]}, {"scenario": "siege"})
    assert refused.value.code == "invalid_setup"
    assert "There is no scenario 'siege'; choose one of basic." in refused.value.message


def test_every_kit_item_costs_what_the_checker_charges_for_it():
    """seed 003, UNIT COSTS: "The Base cost of a figure is 5 gold", "+3 Commander",
    then the item at its row: a unit of one's own with a Commander and any one item
    of the catalog's is priced by check_list at 5 + 3 + the item's `cost`, and at
    5 + 3 + three times it when the item `stacks` and is bought x3."""
    for item in builder_catalog()["items"]:
        kits = [([item["name"]], 1)] + ([([f"{item['name']} x3"], 3)] if item["stacks"] else [])
        for kit, times in kits:
            verdict = check_list({"units": [{"name": "Mine", "kit": ["Commander", *kit]}]})
            assert verdict["models"][0]["cost"] == 8 + times * item["cost"], (kit, verdict)


def test_every_ready_made_army_is_accepted_and_priced_as_the_setup_prices_it():
    """seed 003, BASIC SCENARIO: the lobby's ready-made armies (data/armies.toml)
    pass check_list, their total the gold check_army charges."""
    from server.rules.sns.army.ready import ready_armies
    for army in ready_armies().values():
        verdict = check_list(army.army_list())
        priced, _ = check_army(army.army_list())
        assert verdict["valid"] and verdict["total"] == priced["gold"] <= 500, army.key
