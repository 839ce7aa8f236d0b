"""A unit's cost in gold from its kit: seed 003, UNIT COSTS.

"The Base cost of a figure is 5 gold (1 Hit, 1 Attack)", then each ability and
piece of equipment at its row. What the rows leave open, and how it is read, is
in docs/rules/sns.md ("Army building"); the rules here are:

- a weapon costs its row: short 1H weapons are "+0 ... (get one free if unit has
  no other HTH weapons, otherwise cost +1)", where a HTH weapon is one of the
  sword/axe/staff row (a polearm fights in the Polearm phase and a bow at range,
  so neither takes the short weapon's freedom away);
- a ranged weapon costs "Ranged attack up to 7"" (+2) under 7 inches and "7" or
  over" (+3) from 7 inches (a crossbow, 7", is +3: the Orc Bolter's 9); the
  "Thrown weapons" those rows exclude are the HTH weapons also thrown (dagger,
  knife, axe, ball & chain, spear), whose throw costs nothing more;
- a magestaff "in the form of a weapon" ("hammer (magestaff)") is 2 + 1;
- "A | B" (the book's "A or B") must cost the same whichever is chosen.

    >>> price_kit(["Infantry", "Shield", "Sword"]).gold
    7
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from server.rules.kernel import RulesError
from server.rules.sns.army.catalog import COSTS, Ability, Catalog, CostRow, Item, Weapon, load

RANGED_THRESHOLD = 7  # inches: "up to 7"" vs "7" or over" (read: 7 is "or over")
CATEGORY_ROWS = {"hth": "HTH weapon", "polearm_1h": "1H polearm", "polearm_2h": "2H polearm"}


@dataclass(frozen=True, slots=True)
class Line:
    """One item of the bill: what it is, its gold, and which row priced it."""

    item: str
    gold: int
    how: str


@dataclass(frozen=True, slots=True)
class Priced:
    gold: int
    lines: tuple[Line, ...]


def price_kit(kit: Sequence[str], catalog: Catalog | None = None, *,
              base: bool = True) -> Priced:
    """The unit's gold and its bill. `base`: add the figure's own 5 gold (a hero's
    equipment priced on its own does not)."""
    catalog = catalog or load()
    groups = [[catalog.item(choice) for choice in text.split("|")] for text in kit]
    lines = [Line("Figure", catalog.rows["Figure"].cost, catalog.rows["Figure"].printed)] \
        if base else []
    free_short = [True]  # the one free short weapon, until it is used
    for index, group in enumerate(groups):
        others = [g for i, g in enumerate(groups) if i != index]
        has_hth = any(all(_is_hth(item, catalog) for item in g) for g in others)
        priced = [_price_item(item, catalog, has_hth, list(free_short)) for item in group]
        golds = {gold for gold, _, _ in priced}
        if len(golds) > 1:
            shown = " or ".join(f"{item.text} {gold}"
                                for item, (gold, _, _) in zip(group, priced, strict=True))
            raise RulesError("uneven_choice", f"{kit[index]}: the choices cost different "
                             f"gold ({shown}); a choice must not change a unit's price.", COSTS)
        gold, how, used_free = priced[0]
        if used_free:
            free_short[0] = False
        lines.append(Line(kit[index].strip(), gold, how))
    return Priced(sum(line.gold for line in lines), tuple(lines))


def price_unit(name: str, catalog: Catalog | None = None) -> Priced:
    """A sample unit (or the special hero) priced from its kit."""
    catalog = catalog or load()
    return price_kit(catalog.unit(name).kit, catalog)


def _is_hth(item: Item, catalog: Catalog) -> bool:
    if isinstance(item.entry, Weapon):
        return item.entry.category == "hth"
    return item.entry.name == "Magestaff" and item.param is not None \
        and catalog.weapons[item.param].category == "hth"


def _price_item(item: Item, catalog: Catalog, has_hth: bool,
                free_short: list[bool]) -> tuple[int, str, bool]:
    """(gold, which row priced it, whether it took the free short weapon)."""
    entry = item.entry
    if isinstance(entry, CostRow):
        if entry.name == "Magestaff" and item.param is not None:
            return entry.cost + 1, f"{entry.printed}: in the form of a weapon", False
        return entry.cost * item.level, _times(entry.printed, item.level), False
    if isinstance(entry, Ability):
        gold = (entry.cost + _priced_as(entry.priced_as, catalog)) * item.level
        return gold, _times(f"{entry.name}: {entry.reading}", item.level), False
    if entry.priced_as:
        return _priced_as(entry.priced_as, catalog), f"{entry.name}: priced as " \
            f"{', '.join(entry.priced_as)}", False
    if entry.category == "short":
        if free_short[0] and not has_hth:
            return 0, "short weapon: one free, the unit has no other HTH weapon", True
        return 1, "short weapon: +1, the unit has another HTH weapon or short weapon", False
    if entry.category == "ranged":
        row = catalog.rows["Ranged attack under 7 inches" if entry.range < RANGED_THRESHOLD
                           else "Ranged attack 7 inches or over"]
        return row.cost, f'{entry.name} ({entry.range}"): {row.printed}', False
    if entry.category == "natural":
        return 0, f"{entry.name}: a creature's own attack, no row", False
    row = catalog.rows[CATEGORY_ROWS[entry.category]]
    return row.cost, f"{entry.name}: {row.printed}", False


def _priced_as(texts: Sequence[str], catalog: Catalog) -> int:
    return price_kit(list(texts), catalog, base=False).gold if texts else 0


def _times(how: str, level: int) -> str:
    return f"{how} (x{level})" if level > 1 else how
