"""Coins spent in attacks and defences (seed 004, ATTACK MODES and ABILITIES):
an attack mode's "Spend X", its improvements ("For 1 copper this model can roll
1 extra die"), a defence ability's cost and improvements, and aftermath costs.
Which choices a player can afford, what they cost, and what they do to a roll.

Gold and silver are "spent for good"; copper spent here is gone for the round
like copper spent to activate (rounds.end_phase returns it).

An improvement or defence ability may also do things beside its roll
(`bought_effects`: a condition, wounds dealt or restored, hits, coins, VP, a change
lasting beyond the attack, a will test, on the attacker, the defender, itself
or models its player picks: applied by bought_effects.py as the roll is made);
one using another effect is
refused at load (`unbought`, `defence_unsupported`: the pack checker), one
with a requirement this module cannot judge is not offered."""

from __future__ import annotations

from itertools import combinations

from server.rules.asoiaf import lasting
from server.rules.asoiaf.cards.schema import Coins, Improvement
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealHits,
    DealWounds,
    ExtraDice,
    GainCoins,
    ModifyRoll,
    ModifyValue,
    RemoveCondition,
    RestoreWounds,
    ScoreVP,
    WillTest,
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
    """Extra dice, or a die modifier for this roll, on this model's `roll`
    (a modifier lasting longer is a bought effect: it counts from now on)."""
    return isinstance(effect, ROLL_EFFECTS) and effect.roll in (roll, "any") \
        and effect.target.who == "self" \
        and (isinstance(effect, ExtraDice) or effect.until in THIS_ACTION)


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


def roll_effect(effect, roll: str) -> bool:
    """An effect the roll itself applies: extra dice and die modifiers on this
    model's `roll` ("attack" or "defence"; "any" too), a change of its own card
    value for that roll ("attack_value", "attack_dice"; "defence"), and for an
    attack a modifier of the defender's defence roll or value."""
    return _own_roll(effect, roll) or _own_value(effect, roll) \
        or (roll == "attack" and _on_defender(effect))


# what an improvement or defence ability may do beside its roll, and at whom
BOUGHT = (ApplyCondition, RemoveCondition, DealWounds, DealHits, RestoreWounds, ModifyRoll,
          ModifyValue)
IN_THE_ATTACK = ("self", "attacker", "defender")
CHOOSERS = ("friendly", "enemy")  # (picks.py's: models its player picks)


def _picked(effect) -> bool:
    """Aimed at 1 or `count` models its player picks (picks.is_pick)."""
    return effect.target.who in CHOOSERS and bool(effect.target.count)


def bought_effect(effect, tested: bool = False) -> bool:
    """An effect bought with the roll that bought_effects.py applies as the
    roll is made: coins and VP for its player; a condition given or taken,
    wounds dealt (no defence roll) or restored, hits dealt (a defence die
    each, rolled with the roll's event), a change lasting beyond this roll
    (lasting.py, or the activation's State.roll_bonuses) and a will test (its
    die rolled with the roll's event), on the attacker, the defender, the
    model itself or models its player picks (`tested`: inside a will test, on
    those or the model tested, "chosen")."""
    return _unbought_one(effect, "attack", tested) is None


def roll_effects_only(effects, roll: str) -> bool:
    """Whether the roll (`roll_effect`) or bought_effects.py applies every effect."""
    return unbought(effects, roll) is None


def unbought(effects, roll: str) -> str | None:
    """Why the roll or bought_effects.py does not apply every effect (None: they do)."""
    if not effects:
        return "it has no effect"
    for effect in effects:
        if roll_effect(effect, roll):
            continue
        reason = _unbought_one(effect, roll, False)
        if reason:
            return reason
    return None


def _unbought_one(effect, roll: str, tested: bool) -> str | None:
    if isinstance(effect, GainCoins | ScoreVP):
        return None
    tag, aim = effect.__struct_config__.tag, getattr(effect, "target", None)
    if not isinstance(effect, (*BOUGHT, WillTest)):
        return (f"a '{tag}' effect is none the {roll} roll applies (it applies extra dice "
                f"and changes to its own {roll} roll or value"
                + (", or the defender's defence" if roll == "attack" else "")
                + "; beside it conditions, wounds dealt or restored, hits, lasting changes "
                "and will tests on 'self', the attacker, the defender or picked models, "
                "coins and VP)")
    if isinstance(effect, WillTest) and tested:
        return f"a will test bought with the {roll} roll holds no will test"
    aims = ("the model tested ('chosen'), " if tested else "") + "'self', the attacker, " \
        "the defender" + ("" if tested else " or 1 or more friendly or enemy models picked")
    if not (aim.who in IN_THE_ATTACK or (tested and aim.who == "chosen")
            or (not tested and _picked(effect))):
        why = "every model its words fit ('count' 0)" \
            if aim.who in CHOOSERS and not tested else f"'{aim.who}'"
        inside = " inside a will test (no new pick once the die is rolled)" if tested else ""
        return (f"a '{tag}' effect bought with the {roll} roll{inside} aims at {why}; it "
                f"aims at {aims}")
    if isinstance(effect, ModifyRoll | ModifyValue) and lasting.unstored(effect):
        return lasting.unstored(effect)
    if isinstance(effect, WillTest):
        return next((r for r in (_unbought_one(e, roll, True)
                                 for e in effect.on_success + effect.on_failure) if r), None)
    return None


def defends(ability, words: set[str]) -> bool:
    """A `defence` ability of a shape step 4 uses, its requirements among `words`."""
    return ability.timing == "defence" and defence_unsupported(ability) is None \
        and requirements_met(ability.requires, words)


def defence_unsupported(ability) -> str | None:
    """Why a `defence` ability is never offered at attack step 4 (None: it can
    be; attack_sequence.defence_choices): its effects, or each of its
    improvements (its effects then may be none), are the defence roll's."""
    if ability.improvements:
        found = [unbought(imp.effects, "defence") for imp in ability.improvements]
        if ability.effects:
            found.insert(0, unbought(ability.effects, "defence"))
        return next((r for r in found if r), None)
    return unbought(ability.effects, "defence")


def bought_effects(effects, roll: str) -> list:
    """The effects of an improvement or defence ability its roll does not apply."""
    return [e for e in effects if not roll_effect(e, roll)]


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
