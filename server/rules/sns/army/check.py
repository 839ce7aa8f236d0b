"""The army list checker: a list against a scenario's rules (seed 003, BASIC
SCENARIO: "500 Gold to a side / Each side has one Commander / No dragons in the
basic scenario"), every problem listed with a sentence a player understands.

A list is `{"name": ..., "units": [entry, ...]}`, one entry a figure: a sample unit
`{"unit": "Dwarf"}` (or the special hero by its name), or a unit of the player's
own `{"name": "Shield maiden", "kit": ["Infantry", "Shield", "Sword"]}` (which may
say what it is, `"types": ["Demon"]`, for the banes of "+1 Bonus vs units of a
certain type"; a sample's types are the catalog's). Either
may state `"cost"`, which must be what the builder charges. A sample printed with
a choice ("sword or axe") takes `"choices": ["Axe"]`, one per choice in order (by
default the first printed); the priced list holds the kit as chosen.

`check_army` returns the list priced (`{"name", "units": [{"name", "kit", "cost"}],
"gold"}`) and its violations, the priced list empty when there are any: every
problem of every entry, and, once every entry could be read and priced, every
problem of the whole list.
"""

from __future__ import annotations

import re
from collections import Counter

from server.rules.kernel import RulesError
from server.rules.sns.army.catalog import COSTS, SAMPLES, Ability, Catalog, Scenario, Weapon, load
from server.rules.sns.army.pricing import price_kit
from server.rules.violations import Violation

BASIC = "seed 003, BASIC SCENARIO"
# A unit of one's own may say what it is ("+1 Bonus vs units of a certain type"):
# a few words, free, as the book prices what a unit can do, not what it is.
MAX_TYPES = 4
TYPE_WORD = re.compile(r"[A-Za-z][A-Za-z' -]{0,29}")
SPELLS = "seed 003, SPELLS"
CREW = "seed 003, SAMPLE UNITS, OTHER UNITS (Catapult: requires 3 crew; Ballista: 2)"


def check_army(army, scenario: Scenario | None = None,
               catalog: Catalog | None = None) -> tuple[dict, list[Violation]]:
    units, found = judge_army(army, scenario, catalog)
    if found:
        return {}, found
    name = army.get("name", "")
    return {"name": name if isinstance(name, str) else "",
            "units": [{"name": u["name"], "kit": u["kit"], "cost": u["cost"],
                       "types": u["types"]} for u in units],
            "gold": sum(u["cost"] for u in units)}, []


def judge_army(army, scenario: Scenario | None = None, catalog: Catalog | None = None
               ) -> tuple[list[dict | None], list[Violation]]:
    """Each figure of the list read and priced (read_entry; None for one that
    cannot be, [] for a list that is none) and every problem of the list."""
    catalog = catalog or load()
    scenario = scenario or catalog.scenarios["basic"]
    if not isinstance(army, dict) or not isinstance(army.get("units"), list) \
            or not army["units"]:
        return [], [Violation("bad_army", "An army list is {'name': ..., 'units': [...]} "
                              "with at least one figure.", BASIC)]
    units, found = [], []
    for index, entry in enumerate(army["units"]):
        unit, problems = read_entry(entry, index, catalog)
        found += problems
        units.append(unit)
    if None not in units:  # the whole-list rules count every figure
        found += _army_problems(units, scenario, catalog)
    return units, found


def read_entry(entry, index: int, catalog: Catalog) -> tuple[dict | None, list[Violation]]:
    """One figure of a list read and priced ({"name", "kit", "cost", "types", ...}), or
    None when it cannot be; and its own problems (not the whole list's)."""
    def bad(message: str, code: str = "bad_unit", passage: str = SAMPLES):
        return None, [Violation(code, f"Figure {index + 1}: {message}", passage, index)]

    if not isinstance(entry, dict):
        return bad("each figure is a map: a sample unit {'unit': ...} or your own "
                   "{'name': ..., 'kit': [...]}.")
    own = "unit" not in entry
    try:
        if own:
            name, kit = entry.get("name"), entry.get("kit")
            if not isinstance(name, str) or not name.strip():
                return bad("give your unit a name.")
            if not isinstance(kit, list) or not all(isinstance(k, str) for k in kit):
                return bad("kit is a list of abilities and equipment, such as "
                           "['Infantry', 'Shield', 'Sword'].", passage=COSTS)
            name = name.strip()
            types = entry.get("types", [])
            if not (isinstance(types, list) and len(types) <= MAX_TYPES and all(
                    isinstance(t, str) and TYPE_WORD.fullmatch(t.strip()) for t in types)):
                return bad("types is a short list of what your unit is, in words, such as "
                           "['Demon'] or ['Elf', 'Giant'].")
            types = [t.strip() for t in types]
        else:
            sample = catalog.unit(entry["unit"])
            price_kit(sample.kit, catalog)  # (a printed choice must not change the price)
            name, kit = sample.name, _choose(sample.kit, entry.get("choices"), catalog)
            types = list(sample.types)
        priced = price_kit(kit, catalog)
    except RulesError as error:
        return bad(error.message, error.code, error.passage)
    items = [catalog.item(choice) for text in kit for choice in text.split("|")]
    problems = [Violation(code, f"{name}: {message}", passage, index)
                for code, message, passage in _kit_problems(kit, items, own)]
    claimed = entry.get("cost")
    if claimed is not None and (type(claimed) is not int or claimed != priced.gold):
        problems.append(Violation("wrong_cost", f"{name} costs {priced.gold} gold, not "
                                  f"{claimed}.", COSTS, index))
    names = {item.name for item in items}
    crew = catalog.unit(name).crew if not own else 0
    return {"name": name, "kit": kit, "cost": priced.gold, "names": names,
            "crew": crew, "types": types}, problems


def _choose(kit: tuple[str, ...], choices, catalog: Catalog) -> list[str]:
    """A sample's kit with each "A | B" resolved: `choices` names one option per
    choice in the kit's order; without it, each choice is its first option, as
    printed ("sword or axe": sword)."""
    groups = [i for i, text in enumerate(kit) if "|" in text]
    if choices is None:
        choices = [kit[i].split("|")[0].strip() for i in groups]
    if not isinstance(choices, list) or len(choices) != len(groups) \
            or not all(isinstance(c, str) for c in choices):
        offered = "; ".join(kit[i].replace("|", "or") for i in groups) or "none"
        raise RulesError("bad_choice", f"give one choice for each of the unit's choices "
                         f"({offered}), in order.", SAMPLES)
    resolved = list(kit)
    for i, choice in zip(groups, choices, strict=True):
        options = [option.strip() for option in kit[i].split("|")]
        wanted = catalog.item(choice).name
        picked = [o for o in options if catalog.item(o).name == wanted]
        if not picked:
            raise RulesError("bad_choice", f"{choice!r} is not one of "
                             f"{' or '.join(options)}.", SAMPLES)
        resolved[i] = picked[0]
    return resolved


def _kit_problems(kit: list[str], items, own: bool):
    """Abilities and equipment that cannot go together on one figure."""
    names = [item.name for item in items]
    if own and any("|" in text for text in kit):
        yield "choose_one", "choose one of the alternatives (A | B) for your own unit.", COSTS
    for item in items:
        if own and isinstance(item.entry, Ability) and not item.entry.custom:
            yield ("not_for_custom", f"{item.name} is not for sale: the book has it only in "
                   "its example hero and never prices it.", COSTS)
    stackable = {item.name for item in items  # two swords are two weapons
                 if item.entry.stacks or isinstance(item.entry, Weapon)}
    for repeated in sorted(n for n, k in Counter(names).items() if k > 1 and n not in stackable):
        yield "duplicate_item", f"has {repeated} more than once.", COSTS
    if "Spell known" in names and "Spellcaster" not in names:
        yield "spells_without_caster", "only a Spellcaster knows spells.", SPELLS
    if "Spellcaster" in names and "Spell known" not in names:
        yield ("caster_without_spells", "a Spellcaster draws as many spell cards as the "
               "spells it knows, so it needs at least one (Spell known x1).", SPELLS)
    if "Magestaff" in names and "Spellcaster" not in names:
        yield ("magestaff_without_caster", "a Magestaff helps a Spellcaster cast; this unit "
               "is not one.", COSTS)
    if "No armor" in names and "Heavy armor" in names:
        yield "armour_conflict", "cannot have both No armor and Heavy armor.", COSTS
    if "Weak" in names and "Strong" in names:
        yield "strength_conflict", "cannot be both Weak and Strong.", COSTS


def _army_problems(units: list[dict], scenario: Scenario, catalog: Catalog) -> list[Violation]:
    found = []
    gold = sum(u["cost"] for u in units)
    if gold > scenario.gold:
        found.append(Violation("over_gold", f"The army costs {gold} gold; the "
                               f"{scenario.name.lower()} allows {scenario.gold} a side.",
                               BASIC))
    commanders = [i for i, u in enumerate(units) if "Commander" in u["names"]]
    if len(commanders) < scenario.commanders:
        found.append(Violation("no_commander", f"The army needs a Commander: the "
                               f"{scenario.name.lower()} gives each side one.", BASIC))
    elif len(commanders) > scenario.commanders:
        names = ", ".join(units[i]["name"] for i in commanders)
        found.append(Violation("too_many_commanders", f"The army has {len(commanders)} "
                               f"Commanders ({names}); each side has exactly "
                               f"{scenario.commanders}.", BASIC, commanders[1]))
    for index, unit in enumerate(units):
        for forbidden in scenario.forbidden:
            if forbidden in unit["names"]:
                found.append(Violation("forbidden_unit", f"{unit['name']}: no "
                                       f"{forbidden.lower()}s in the "
                                       f"{scenario.name.lower()}.", BASIC, index))
    needed = sum(u["crew"] for u in units)
    crew = sum("Siege crew" in u["names"] for u in units)
    if crew < needed:
        found.append(Violation("missing_crew", f"The army's siege engines need {needed} "
                               f"Siege Crewmembers to serve them; it has {crew}.", CREW))
    return found
