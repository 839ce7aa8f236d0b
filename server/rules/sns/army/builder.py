"""What a player builds an army from, and the verdict on one (the lobby's
`catalog` and `check_list` requests, docs/protocol.md): the sample units as
printed (seed 003, SAMPLE UNITS) with the gold the checker charges, the kit a
unit of one's own may buy priced by its row (seed 003, UNIT COSTS), and a list
priced figure by figure and judged against the scenario (seed 003, BASIC
SCENARIO). Everything comes from data/*.toml through catalog.py and the
pricing and checking modules; nothing is priced here that they do not price."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from server.rules.kernel import RulesError
from server.rules.sns.army.catalog import Ability, Catalog, CostRow, Scenario, Unit, load
from server.rules.sns.army.check import BASIC, MAX_TYPES, judge_army
from server.rules.sns.army.pricing import price_kit

DEFAULT_SCENARIO = "basic"


def scenario_of(options: Mapping[str, Any] | None, catalog: Catalog | None = None
                ) -> tuple[str, Scenario]:
    """The scenario the options name (`scenario`), by default the basic one."""
    catalog = catalog or load()
    key = (options or {}).get("scenario", DEFAULT_SCENARIO)
    if not isinstance(key, str) or key not in catalog.scenarios:
        raise RulesError("invalid_setup", f"There is no scenario {key!r}; choose one of "
                         f"{', '.join(sorted(catalog.scenarios))}.", BASIC)
    return key, catalog.scenarios[key]


@functools.cache
def builder_catalog() -> dict[str, Any]:
    """The builder's part of the catalog: `samples`, `items`, `unit_types`, `max_types`.
    Pricing it all takes ~50 ms, so it is built once and shared: read it, never
    change it (the `catalog` reply only sends it)."""
    catalog = load()
    units = [*catalog.units, catalog.hero.as_unit()]
    return {"samples": [_sample(unit, catalog) for unit in units],
            "items": _items(catalog),
            "unit_types": sorted({t for unit in units for t in unit.types}),
            "max_types": MAX_TYPES}


def _sample(unit: Unit, catalog: Catalog) -> dict[str, Any]:
    misprint = catalog.misprints.get(unit.name)
    return {"name": unit.name, "army": unit.army, "printed_cost": unit.cost,
            "cost": price_kit(unit.kit, catalog).gold, "notes": unit.notes,
            "kit": list(unit.kit),
            "choices": [[o.strip() for o in text.split("|")] for text in unit.kit
                        if "|" in text],
            "types": list(unit.types), "crew": unit.crew,
            "misprint": " ".join(misprint.reason.split()) if misprint else None}


def _items(catalog: Catalog) -> list[dict[str, Any]]:
    """Every piece of kit a unit of one's own may buy, at its gold when bought
    alone (a short weapon is free only while the unit has no other HTH weapon:
    its `printed` says so), one level of what `stacks`."""
    out = []
    for weapon in catalog.weapons.values():
        line = price_kit([weapon.name], catalog, base=False).lines[0]
        out.append({"name": weapon.name, "group": "weapon", "cost": line.gold,
                    "printed": line.how, "stacks": False, "detail": None,
                    "category": weapon.category, "damage": weapon.damage,
                    "hands": weapon.hands, "range": weapon.range, "thrown": weapon.thrown,
                    "notes": weapon.notes})
    rows: list[CostRow | Ability] = [r for r in catalog.rows.values()
                                     if r.group in ("armour", "ability")]
    rows += [a for a in catalog.abilities.values() if a.custom]
    for entry in rows:
        line = price_kit([entry.name], catalog, base=False).lines[0]
        printed = entry.printed if isinstance(entry, CostRow) else entry.effect
        out.append({"name": entry.name, "group": entry.group, "cost": line.gold,
                    "printed": printed, "stacks": entry.stacks,
                    "detail": catalog.detail(entry)})
    return out


def check_list(army: Any, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The list priced figure by figure (`models`, in the list's order; `cost` None
    for a figure that cannot be priced) and judged as a match's setup judges it:
    every problem, `valid` when there is none, the scenario's `gold`, the `total`
    and the gold `left` (None unless every figure is priced)."""
    catalog = load()
    key, scenario = scenario_of(options, catalog)
    units, problems = judge_army(army, scenario, catalog)
    models = []
    for entry, unit in zip(army["units"] if units else (), units, strict=True):
        if unit is None:
            models.append({"name": _entry_name(entry), "kit": None, "cost": None,
                           "types": None})
        else:
            models.append({"name": unit["name"], "kit": unit["kit"], "cost": unit["cost"],
                           "types": unit["types"]})
    known = bool(models) and all(m["cost"] is not None for m in models)
    total = sum(m["cost"] for m in models) if known else None
    return {"valid": not problems, "scenario": key, "gold": scenario.gold, "total": total,
            "left": scenario.gold - total if total is not None else None,
            "models": models, "problems": [p.to_wire() for p in problems]}


def _entry_name(entry: Any) -> str | None:
    if isinstance(entry, dict):
        name = entry.get("unit", entry.get("name"))
        return name if isinstance(name, str) else None
    return None
