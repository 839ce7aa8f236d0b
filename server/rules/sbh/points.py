"""The point formula of seed 000, "CHARACTER BUILDING FORMULA":

    ((C*5 + Special Abilities) * (7 - Q)) / 2

Two readings make the formula reproduce the rosters (docs/rules/sbh-catalog.md):
halves round up (all 44 profiles whose formula ends in .5 are printed rounded
up, e.g. the Zombie, Q6 C4 Undead, Short Move, Slow: (20 + 3 - 3 - 5) * 1 / 2 =
7.5, printed 8), and a Combat 0 model's "C*5" counts as 1, which
every one of the eight Combat 0 profiles needs (Peasant 1, Child 1, Halfling
Wisewoman 13, the five Combat 0 swarms).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from server.rules.kernel import RulesError
from server.rules.sbh.catalog import Catalog, RuleRef, load

PASSAGE = "seed 000, CHARACTER BUILDING FORMULA"


def exact_points(quality: int, combat: int, rules: Iterable[RuleRef],
                 catalog: Catalog | None = None) -> Fraction:
    catalog = catalog or load()
    if not 2 <= quality <= 6:
        raise RulesError("bad_quality", f"Quality must be 2 to 6 (got {quality}).", PASSAGE)
    if not 0 <= combat <= 10:
        raise RulesError("bad_combat", f"Combat must be 0 to 10 (got {combat}).", PASSAGE)
    costs = sum(catalog.ability(r.table_name).cost for r in rules)
    base = max(combat * 5, 1)  # Combat 0 counts as 1: see the module docstring
    return Fraction((base + costs) * (7 - quality), 2)


def points(quality: int, combat: int, rules: Iterable[RuleRef],
           catalog: Catalog | None = None) -> int:
    """The profile's cost, halves rounded up, never below 1 point."""
    return max(1, math.floor(exact_points(quality, combat, rules, catalog) + Fraction(1, 2)))
