"""Ranged combat modifiers (seed 000, RANGED COMBAT MODIFIERS; SPELLS AS RANGED
ATTACKS; CONCENTRATED SHOOTING; MAGIC ITEMS TABLE, magic javelins): what a
shooter adds to its Combat as it sees the target now (`sight`, `ambushes` in
ranged.py), one by one and totalled, and a volley's worst of its shooters'.
"""

from __future__ import annotations

from server.rules.sbh.figures import Figure
from server.rules.sbh.ranged import (
    SPELL_RANGES,
    Sight,
    ambushes,
    band,
    shooter_range,
    sight,
)
from server.rules.sbh.state import SbhState
from server.rules.sbh.terrain import SHORT


def shooter_modifiers(shooter: Figure, target: Figure, seen: Sight, *, multiple: int,
                      spell_power: int = 0, ambush: bool = False) -> tuple[int, list[str]]:
    """Seed 000, RANGED COMBAT MODIFIERS (and SPELLS AS RANGED ATTACKS)."""
    items = modifier_items(shooter, target, seen, multiple=multiple, spell_power=spell_power,
                           ambush=ambush)
    return _totalled(items)


def _totalled(items: list[tuple[str, int, str]]) -> tuple[int, list[str]]:
    """`modifier_items` as a total and its reasons."""
    return sum(value for _, value, _ in items), [why for _, _, why in items]


def modifier_items(shooter: Figure, target: Figure, seen: Sight, *, multiple: int,
                   spell_power: int = 0, ambush: bool = False) -> list[tuple[str, int, str]]:
    """The modifiers one by one as (kind, value, reason): a Concentrated Shooting
    combines them kind by kind (`volley_modifiers`). `ambush`: see
    `ambushes`."""
    items = []
    if spell_power:
        penalty = multiple - 1  # "-1 per stick beyond the first"
    else:
        penalty = {1: 0, 2: 2, 3: 4}[multiple]
    if penalty and shooter.has("Unerring Aim"):
        penalty //= 2  # "halve range penalties"
    if penalty:
        items.append(("range", -penalty, f"{multiple} x range -{penalty}"))
    if seen.cover:
        items.append(("cover", -1, "cover -1"))
    if not spell_power and (target.has("Undead") or target.has("Swarm")):
        items.append(("undead/swarm", -2, "undead/swarm -2"))
    if not spell_power and target.has("Acrobat"):  # seed 001: "Missile attacks are at -1"
        items.append(("acrobat", -1, "acrobat -1"))
    if target.size > 0:
        items.append(("large target", 1, "large target +1"))
    if target.transfixed:
        items.append(("transfixed", 2, "transfixed +2"))
    if shooter.has("Good Shot"):
        items.append(("good shot", 1, "good shot +1"))
    if ambush:
        items.append(("ambush", 1, "ambush +1"))
    return items


def attack_modifier_items(state: SbhState, shooter: Figure, target: Figure,
                          spell_power: int = 0, *, javelin: bool = False,
                          aimed_at: Figure | None = None
                          ) -> tuple[int, list[tuple[str, int, str]]]:
    """The attacker's Combat (the spell's power for a bolt) and its modifiers one
    by one, as the shooter sees the target now. A magic javelin is thrown as
    Shooter (Short) at +1 (seed 000, MAGIC ITEMS TABLE). A stray shot (`evil.py`)
    takes its range, cover and ambush from `aimed_at`, the enemy it was shot at,
    and the rest from the friend it hits."""
    aimed_at = aimed_at or target
    seen = sight(state, shooter, aimed_at)
    base = (SPELL_RANGES[spell_power] if spell_power else SHORT if javelin
            else shooter_range(shooter))
    items = modifier_items(shooter, target, seen, multiple=band(seen.distance, base),
                           spell_power=spell_power, ambush=ambushes(state, shooter, aimed_at))
    if javelin:
        items.append(("magic javelin", 1, "magic javelin +1"))
    return (spell_power or shooter.combat), items


def attack_modifiers(state: SbhState, shooter: Figure, target: Figure,
                     spell_power: int = 0, *, javelin: bool = False,
                     aimed_at: Figure | None = None) -> tuple[int, int, list[str]]:
    """The attacker's Combat, its total modifier and the reasons (see
    attack_modifier_items)."""
    combat, items = attack_modifier_items(state, shooter, target, spell_power,
                                          javelin=javelin, aimed_at=aimed_at)
    return (combat, *_totalled(items))


def volley_modifiers(state: SbhState, shooters: list[str], target, casters=(),
                     power: int = 0) -> tuple[int, int, list]:
    """The worst Combat among the shooters and, kind by kind, the worst modifier
    any of them has, and why (a declared caster shoots a spell: Combat = power,
    the spell's modifiers).

    Seed 000, CONCENTRATED SHOOTING: "If a modifier applies to anyone in the
    group, it applies to the concentrated shooting as well ... if the target
    counts as under cover for one of the shooters, it counts as under cover for
    the concentrated shooting too" and "Just use the worst modifier in the
    group". Read (docs/rules/sbh.md, "Concentrated shooting"): each kind of
    modifier (range band, cover, undead/swarm, ...) at its worst over the
    shooters, a shooter without it counting 0 -- so a penalty of anyone spreads
    to the volley, and a bonus only if every shooter has it (Good Shot, an
    ambush from the woods)."""
    found = [attack_modifier_items(state, state.figures[f], target,
                                          power if f in casters else 0) for f in shooters]
    worst_combat = min(combat for combat, _ in found)
    kinds: dict[str, list[tuple[int, str]]] = {}  # (in the order they are listed)
    for _, items in found:
        for kind, value, why in items:
            kinds.setdefault(kind, []).append((value, why))
    mod, why = 0, []
    for values in kinds.values():
        value, reason = min(values)
        if len(values) < len(found) and value > 0:
            continue  # a bonus some shooter lacks: that shooter's 0 is worse
        mod += value
        why.append(reason)
    return worst_combat, mod, why
