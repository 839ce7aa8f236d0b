"""What the tables of seed 003 read from a figure's kit: its type, movement
rate, armour, weapons and special abilities, derived once per kit (the kit
is the priced list's, army/check.py; names are the catalog's, data/*.toml)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from server.rules.board.measured import BASE_RADIUS
from server.rules.sns.army.catalog import Weapon, load

# "Guns & crossbows require a turn to reload" (the blunderbuss is a gun); siege
# artillery "fire once every other turn".
RELOADING = frozenset({"Crossbow", "Arquebus", "Matchlock pistol", "Crossbow pistol",
                       "Blunderbuss", "Catapult shot", "Ballista bolt", "Cannon"})
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
    banes: tuple[tuple[str, int], ...] = ()  # ("Demons", 2): "Attack roll +2 vs Demons"
    item_spells: tuple[str, ...] = ()        # "Cast 1 Fireball per battle"

    def has(self, name: str) -> bool:
        return name in self.abilities

    def level(self, name: str) -> int:
        return self.levels.get(name, 0)

    @property
    def hits(self) -> int:
        """"1 Hit" a figure, plus its extra hits and a mount bought as a figure of
        its own (the Griffon Mount: "a figure of its own, 5 (its hit and its beak
        attack)")."""
        return 1 + self.level("Extra hit") + self.level("Figure")

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
    banes, item_spells = [], []
    for text in kit:
        item = catalog.item(text.split("|")[0])
        if isinstance(item.entry, Weapon):
            weapons.append(item.entry)
        else:
            abilities.add(item.name)
            if item.name == "Bane" and item.param:
                banes.append((item.param, item.level))
            if item.name == "Spell once per battle" and item.param:
                item_spells.append(item.param)
            key = f"{item.name} ({item.param})" if item.name == "Magical bonus" else item.name
            if item.name == "Hard to hit" and (item.param or "").casefold() == "hth":
                key = "Hard to hit (HTH)"  # the Rune Sword's "HTH attack rolls vs this unit"
            levels[key] = levels.get(key, 0) + item.level
            if item.name == "Magestaff" and item.param:
                weapons.append(catalog.weapon(item.param))
        large_shield |= text.strip().casefold() == "large shield"
    by_category: dict[str, Weapon] = {}
    # A weapon for one arc only (the tail) is never the figure's own weapon
    # (creatures.py ties it to its attack); "Fire breath (...) or bite": a
    # dragon bought with the breath bites when it does not breathe.
    weapons = [w for w in weapons if w.arc == "any"]
    if "Fire breath" in abilities and not any(w.category == "natural" for w in weapons):
        weapons.append(catalog.weapon("Bite"))
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
                   by_category.get("natural"), move, radius, large_shield,
                   tuple(banes), tuple(item_spells))


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


# The kit's own kinds a bane may name (seed 003 writes "vs Giants", "vs Demons").
KIT_KINDS = ("Undead", "Large", "Cavalry", "Infantry", "Flying", "Dragon", "Giant", "Monster",
             "Spellcaster", "Archer")


def unit_types(kit: tuple[str, ...], named: tuple[str, ...] = (), notes: str = ""
               ) -> tuple[str, ...]:
    """What a figure is, for "+1 Bonus vs units of a certain type": the people or
    creature its unit is (units.toml `types`, or a player's own unit's) and the
    kinds its kit gives it."""
    prof = profile(tuple(kit), notes)
    found = list(dict.fromkeys(named))
    found += [kind for kind in KIT_KINDS if prof.has(kind) and kind not in found]
    return tuple(found)


def singular(word: str) -> str:
    """"Giants" and "Giant", "Dwarves" and "Dwarf", "Men" and "Man" name one type."""
    word = word.strip().casefold()
    if word.endswith("men"):
        return word[:-3] + "man"
    if word.endswith("ves"):
        return word[:-3] + "f"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def is_type(types: tuple[str, ...], named: str) -> bool:
    return singular(named) in {singular(t) for t in types}
