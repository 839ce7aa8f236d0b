"""The army-building data of seed 003, read from `server/rules/sns/data/*.toml`
and validated by the structs below (a malformed file fails loudly at load, naming
the file). The data is the source of truth; this module reads and indexes it.

    >>> catalog = load()
    >>> catalog.unit("Dwarf Clanlord").cost
    14
"""

from __future__ import annotations

import difflib
import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import msgspec

from server.rules.kernel import RulesError

DATA = Path(__file__).resolve().parent.parent / "data"
COSTS = "seed 003, UNIT COSTS"
SAMPLES = "seed 003, SAMPLE UNITS"

WeaponCategory = Literal["short", "hth", "polearm_1h", "polearm_2h", "ranged", "natural"]


class CostRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    cost: int
    printed: str
    aliases: tuple[str, ...] = ()
    stacks: bool = False
    group: Literal["ability", "armour", "figure", "weapons"] = "ability"


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    category: WeaponCategory
    damage: int = 0
    hands: int = 1  # 2: wielded two-handed (the "1H weapon with 2 hands" row is for 1)
    range: int | None = None
    thrown: int | None = None
    aliases: tuple[str, ...] = ()
    priced_as: tuple[str, ...] = ()
    notes: str = ""
    arc: Literal["any", "rear"] = "any"  # "Tail sweep(Rear 90 degrees only)"
    stacks = False  # a weapon is bought once; two swords are two items


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    effect: str
    reading: str
    cost: int = 0
    priced_as: tuple[str, ...] = ()
    stacks: bool = False
    custom: bool = True  # False: only the book's own example has it
    parameter: str | None = None
    aliases: tuple[str, ...] = ()
    group: Literal["ability", "type"] = "ability"


class Unit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    army: str
    name: str
    cost: int
    notes: str
    kit: tuple[str, ...]
    types: tuple[str, ...] = ()  # the people or creature it is ("+2 vs Giants")
    crew: int = 0


class HeroComponent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    cost: int
    notes: str
    kit: tuple[str, ...]


class Hero(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    cost: int
    component: tuple[HeroComponent, ...]
    types: tuple[str, ...] = ()

    def as_unit(self) -> Unit:
        """The hero as one unit: every component's kit (the first includes the figure)."""
        kit = tuple(item for part in self.component for item in part.kit)
        notes = "; ".join(f"{part.name}: {part.notes}" for part in self.component)
        return Unit("Heroes", self.name, self.cost, notes, kit, self.types)


class Misprint(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    unit: str
    printed: int
    computed: int
    reason: str
    add: tuple[str, ...] = ()  # with these items added and
    remove: tuple[str, ...] = ()  # these removed, the kit prices at the printed cost


class Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    gold: int
    commanders: int
    forbidden: tuple[str, ...]
    abandon_casualties_percent: int
    abandon_when_leaders_lost: bool


Entry = CostRow | Weapon | Ability

# "Spell known x4", "Giant +2", "Magestaff (Hammer)", "Bane (Demons) +2"
_ITEM = re.compile(r"^(?P<name>[^()]+?)\s*(?:\((?P<param>[^()]*)\))?"
                   r"(?:\s+[x+]\s*(?P<level>\d+))?$")


@dataclass(frozen=True, slots=True)
class Item:
    """One entry of a kit, read: its catalog entry, parameter and level."""

    text: str
    entry: Entry
    param: str | None = None
    level: int = 1

    @property
    def name(self) -> str:
        return self.entry.name


class Catalog:
    def __init__(self, rows: list[CostRow], weapons: list[Weapon], abilities: list[Ability],
                 units: list[Unit], hero: Hero, misprints: list[Misprint],
                 scenarios: dict[str, Scenario]):
        self.rows = {r.name: r for r in rows}
        self.weapons = {w.name: w for w in weapons}
        self.abilities = {a.name: a for a in abilities}
        self.units = units
        self.hero = hero
        self.misprints = {m.unit: m for m in misprints}
        self.scenarios = scenarios
        self._entries: dict[str, Entry] = {}
        for entry in [*rows, *weapons, *abilities]:
            for name in (entry.name, *entry.aliases):
                folded = name.casefold()
                if folded in self._entries:
                    raise ValueError(f"the name {name!r} is given twice in data/")
                self._entries[folded] = entry
        self._units = {u.name.casefold(): u for u in [*units, hero.as_unit()]}

    def entry(self, name: str) -> Entry:
        """A cost row, weapon or ability by name or alias, any case."""
        found = self._entries.get(name.strip().casefold())
        if found is None:
            names = [e.name for e in {id(e): e for e in self._entries.values()}.values()]
            close = difflib.get_close_matches(name, names, n=4, cutoff=0.6)
            hint = f" Did you mean: {', '.join(close)}?" if close else ""
            raise RulesError("unknown_item", f"There is no ability or equipment called "
                             f"{name!r}.{hint}", COSTS)
        return found

    def item(self, text: str) -> Item:
        """Read one kit entry ("Spell known x4", "Magestaff (Hammer)") and check it."""
        match = _ITEM.match(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise RulesError("bad_item", f"Cannot read {text!r}: write an ability or piece "
                             "of equipment, optionally with (a detail) and a level like x2 "
                             "or +2.", COSTS)
        entry = self.entry(match["name"])
        param = match["param"].strip() if match["param"] else None
        level = int(match["level"]) if match["level"] else 1
        if level < 1 or (level > 1 and not entry.stacks):
            raise RulesError("bad_level", f"{entry.name} is bought once; {text!r} asks for "
                             f"{level}.", COSTS)
        takes = self.detail(entry)
        if param is not None and takes is None:
            raise RulesError("bad_item", f"{entry.name} takes no detail in brackets "
                             f"(got {text!r}).", COSTS)
        if param is not None and entry.name == "Magestaff":
            param = self.weapon(param).name
        return Item(text.strip(), entry, param, level)

    @staticmethod
    def detail(entry: Entry) -> str | None:
        """What an entry takes in brackets, in words, or None ("Magestaff (Hammer)":
        a magestaff "in the form of a weapon")."""
        if isinstance(entry, Ability):
            return entry.parameter
        return "the weapon it is" if entry.name == "Magestaff" else None

    def weapon(self, name: str) -> Weapon:
        entry = self.entry(name)
        if not isinstance(entry, Weapon):
            raise RulesError("bad_item", f"{entry.name} is not a weapon.", COSTS)
        return entry

    def unit(self, name: str) -> Unit:
        """A sample unit (or the special hero) by its printed name, any case."""
        found = self._units.get(str(name).strip().casefold())
        if found is None:
            close = difflib.get_close_matches(str(name), [u.name for u in self._units.values()],
                                              n=4, cutoff=0.6)
            hint = f" Did you mean: {', '.join(close)}?" if close else ""
            raise RulesError("unknown_unit", f"There is no sample unit called {name!r}.{hint}",
                             SAMPLES)
        return found


def _read(name: str) -> dict:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


def _convert(name: str, raw, kind):
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as error:
        raise ValueError(f"data/{name} is malformed: {error}") from None


@functools.cache
def load() -> Catalog:
    scenarios = _convert("scenario.toml", _read("scenario.toml"), dict[str, Scenario])
    return Catalog(
        _convert("costs.toml", _read("costs.toml")["row"], list[CostRow]),
        _convert("weapons.toml", _read("weapons.toml")["weapon"], list[Weapon]),
        _convert("abilities.toml", _read("abilities.toml")["ability"], list[Ability]),
        _convert("units.toml", _read("units.toml")["unit"], list[Unit]),
        _convert("hero.toml", _read("hero.toml")["hero"], Hero),
        _convert("misprints.toml", _read("misprints.toml").get("misprint", []),
                 list[Misprint]),
        scenarios)
