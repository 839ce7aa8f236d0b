"""What the tables of seed 003 read from a figure's kit: its type, movement
rate, armour, weapons and special abilities, derived once per kit (the kit
is the priced list's, army/check.py; names are the catalog's, data/*.toml)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from server.rules.board.measured import BASE_RADIUS
from server.rules.sns.army.catalog import Weapon, load

RELOADING = frozenset({"Crossbow", "Arquebus", "Matchlock pistol", "Crossbow pistol",
                       "Catapult shot", "Ballista bolt", "Cannon"})
KNOCKS_DOWN = frozenset({"Mace", "Hammer", "2-H warhammer"})  # "always also knock down"
SWORDS = frozenset({"Sword", "Short sword", "2-H sword"})      # "any type of sword"
AXES = frozenset({"Axe", "Battle axe"})                        # "any type of axe"
FLAILS = frozenset({"Flail", "Ball & chain"})
PICKS = frozenset({"Pick", "Morning star"})
POLEARM_PHASE = frozenset({"polearm_1h", "polearm_2h"})
_MOVE_NOTE = re.compile(r"Move\s*=\s*(\d+)")


@dataclass(frozen=True)
class Profile:
    abilities: frozenset[str]
    levels: dict
    hth: Weapon | None        # normal HTH weapon (sword, axe, mace ...)
    short: Weapon | None      # "'short' HTH weapons" (dagger, short sword)
    polearm: Weapon | None    # pike, spear, halberd, lance, trident; the whip
    ranged: Weapon | None     # its missile weapon, or a HTH weapon it can throw
    natural: Weapon | None    # beak, horn, bite
    move: int                 # inches
    radius: int               # base radius, units
    large_shield: bool
    tail: bool = False        # the Dragon's "Tail sweep(Rear 90 degrees only)"

    def has(self, name: str) -> bool:
        return name in self.abilities

    def level(self, name: str) -> int:
        return self.levels.get(name, 0)

    @property
    def infantry(self) -> bool:
        return not (self.has("Cavalry") or self.has("Flying") or self.has("Large")
                    or self.has("Siege artillery"))

    @property
    def fast(self) -> bool:
        """seed 003: "Cavalry, flying, and fast units (7"+) move first"."""
        return self.move >= 7

    @property
    def leader(self) -> bool:
        return self.has("Leader") or self.has("Commander")

    @property
    def veteran(self) -> bool:
        return self.has("Veteran")

    @property
    def armour(self) -> str:
        return "heavy" if self.has("Heavy armor") else "none" if self.has("No armor") else "light"

    def melee_weapon(self, phase: str) -> Weapon | None:
        if phase == "polearm":
            return self.polearm
        return self.hth or self.natural or self.short


@functools.cache
def profile(kit: tuple[str, ...], notes: str = "") -> Profile:
    catalog = load()
    abilities, levels, weapons = set(), {}, []
    large_shield = False
    for text in kit:
        item = catalog.item(text.split("|")[0])
        if isinstance(item.entry, Weapon):
            weapons.append(item.entry)
        else:
            abilities.add(item.name)
            key = f"{item.name} ({item.param})" if item.name == "Magical bonus" else item.name
            levels[key] = levels.get(key, 0) + item.level
            if item.name == "Magestaff" and item.param:
                weapons.append(catalog.weapon(item.param))
        large_shield |= text.strip().casefold() == "large shield"
    by_category: dict[str, Weapon] = {}
    tail = any(w.name == "Tail sweep" for w in weapons)
    weapons = [w for w in weapons if w.name != "Tail sweep"]
    for weapon in weapons:
        category = "polearm" if weapon.category in POLEARM_PHASE or weapon.name == "Whip" \
            else weapon.category
        by_category.setdefault(category, weapon)
    ranged = by_category.get("ranged") or next(
        (w for w in weapons if w.thrown and w.category != "polearm_2h"), None)
    move = _move(abilities, by_category, large_shield, notes)
    radius = BASE_RADIUS["dragon" if "Dragon" in abilities else
                         "large" if "Large" in abilities else
                         "cavalry" if "Cavalry" in abilities or "Flying" in abilities
                         else "infantry"]
    return Profile(frozenset(abilities), levels, by_category.get("hth"),
                   by_category.get("short"), by_category.get("polearm"), ranged,
                   by_category.get("natural"), move, radius, large_shield, tail)


def _move(abilities: set, weapons: dict, large_shield: bool, notes: str) -> int:
    """seed 003, MOVEMENT RATES (docs/rules/sns.md, "Movement rates")."""
    printed = _MOVE_NOTE.search(notes)
    if printed:
        return int(printed[1])
    if "Flying" in abilities:
        return 12
    if "Siege artillery" in abilities or "Supplies" in abilities:
        return 2  # "Supply Wagons, Siege engines being towed"
    if "Cavalry" in abilities:  # "Horse & Rider" 10; heavy armour 8; no armour 12
        return 8 if "Heavy armor" in abilities else 12 if "No armor" in abilities else 10
    if ("Heavy armor" in abilities or large_shield
            or getattr(weapons.get("polearm"), "category", "") == "polearm_2h"):
        return 3  # "Infantry with heavy armor, Slow units, Pikes, Large shield"
    if "No armor" in abilities:
        return 5  # "Infantry with no armor, Fast units"
    return 4  # "Typical infantry"
