"""Coins spent in attacks and defences (seed 004, ATTACK MODES and ABILITIES):
an attack mode's "Spend X", its improvements ("For 1 copper this model can roll
1 extra die"), a defence ability's cost and improvements, and aftermath costs.
Which choices a player can afford, what they cost, and what they do to a roll.

Gold and silver are "spent for good"; copper spent here is gone for the round
like copper spent to activate (rounds.end_phase returns it).

Only the effects a roll or an aftermath can apply here are offered; an
improvement or ability using another effect, or a requirement this module
cannot judge, is not offered (docs/rules/asoiaf.md, "What is left")."""

from __future__ import annotations

from itertools import combinations

from server.rules.asoiaf.cards.schema import Coins, Improvement
from server.rules.asoiaf.cards.vocabulary import (
    ExtraDice,
    ModifyRoll,
    ModifyValue,
)
from server.rules.asoiaf.state import Purse

MODES = "seed 004, ATTACK MODES"
ROLL_EFFECTS = (ExtraDice, ModifyRoll)


def total(*costs: Coins) -> Coins:
    return Coins(sum(c.gold for c in costs), sum(c.silver for c in costs),
                 sum(c.copper for c in costs))


def affordable(purse: Purse, cost: Coins) -> bool:
    return purse.covers(cost.gold, cost.silver, cost.copper)


def pay(purse: Purse, cost: Coins) -> Purse:
    return purse.spend(cost.gold, cost.silver, cost.copper)


def as_plain(cost: Coins) -> dict[str, int]:
    return {"gold": cost.gold, "silver": cost.silver, "copper": cost.copper}


def requirements_met(requires, context: set[str]) -> bool:
    """`context` holds the requirement words true right now ("close_combat",
    "engaged", "charging", ...); a word not in it is not met."""
    return all(word in context for word in requires)


# the card values an improvement or defence ability may change for its own roll
OWN_VALUES = {"attack": ("attack_value", "attack_dice"), "defence": ("defence",)}
THIS_ACTION = ("roll", "action")  # a change that lasts no longer than the attack


def _own_roll(effect, roll: str) -> bool:
    return isinstance(effect, ROLL_EFFECTS) and effect.roll in (roll, "any") \
        and effect.target.who == "self"


def _own_value(effect, roll: str) -> bool:
    return isinstance(effect, ModifyValue) and effect.target.who == "self" \
        and effect.value in OWN_VALUES[roll] and effect.until in THIS_ACTION


def _on_defender(effect) -> bool:
    """An attack improvement against the defender's defence roll ("the defender
    gets -1 to its defence rolls") or its defence value, for this attack."""
    if effect.target.who != "defender":
        return False
    if isinstance(effect, ModifyRoll):
        return effect.roll in ("defence", "any") and effect.until in THIS_ACTION
    return isinstance(effect, ModifyValue) and effect.value == "defence" \
        and effect.until in THIS_ACTION


def roll_effects_only(effects, roll: str) -> bool:
    """Effects a roll can apply: extra dice and die modifiers on this model's
    `roll` ("attack" or "defence"; "any" too), a change of its own card value
    for that roll ("attack_value", "attack_dice"; "defence"), and for an attack
    a modifier of the defender's defence roll or value."""
    return bool(effects) and all(
        _own_roll(e, roll) or _own_value(e, roll) or (roll == "attack" and _on_defender(e))
        for e in effects)


def value_change(effects, value: str) -> int:
    """The change of this model's card `value` the effects make for this roll."""
    return sum(e.by for e in effects if isinstance(e, ModifyValue)
               and e.target.who == "self" and e.value == value)


def defender_changes(effects) -> tuple[int, int]:
    """(die modifier, defence value change) the attacker's effects give the
    defender's defence roll."""
    modifier = sum(e.by for e in effects if _on_defender(e) and isinstance(e, ModifyRoll))
    value = sum(e.by for e in effects if _on_defender(e) and isinstance(e, ModifyValue))
    return modifier, value


def improvement_choices(improvements: list[Improvement], in_order: bool, roll: str,
                        purse: Purse, base: Coins, context: set[str]) -> list[list[int]]:
    """Every set of improvements (their indices) the player may buy on top of
    `base`: "Each such improvement can only be used once for each action"; with
    `in_order` only the first k ("a 2nd die for another extra 1, a 3rd die for 2
    more"). The empty set (buy none) comes first when `base` is affordable."""
    usable = [i for i, imp in enumerate(improvements)
              if requirements_met(imp.requires, context)
              and roll_effects_only(imp.effects, roll)]
    if in_order:
        prefix = []
        for i in range(len(improvements)):
            if i not in usable:
                break
            prefix.append(i)
        sets = [prefix[:k] for k in range(len(prefix) + 1)]
    else:
        sets = [list(c) for k in range(len(usable) + 1) for c in combinations(usable, k)]
    return [s for s in sets
            if affordable(purse, total(base, *(improvements[i].cost for i in s)))]


def improvements_cost(improvements: list[Improvement], chosen: list[int]) -> Coins:
    return total(*(improvements[i].cost for i in chosen))


def roll_bonus(effects, roll: str) -> tuple[int, int]:
    """(extra dice, die modifier) that `effects` give this model's `roll`."""
    dice = modifier = 0
    for effect in effects:
        if not _own_roll(effect, roll):
            continue
        if isinstance(effect, ExtraDice):
            dice += effect.dice
        else:
            modifier += effect.by
    return dice, modifier
