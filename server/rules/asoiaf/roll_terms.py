"""What the attack roll and the defence roll of an attack are (seed 004, ATTACK
SEQUENCE, steps 3 and 5): how many dice, the value each die must reach, the
modifier added to each die's result and whether the roller is shaken. The
attack sequence rolls with these terms (attack_sequence.roll_attack_event,
roll_defence_event) and the odds count with the same (odds.py), so the two
cannot disagree on a modifier.

Counted for the attack: the improvements bought (their dice, modifiers and
value changes, and what they do beside the roll before it: bought_effects.py),
passives and lasting changes (`passives.value_change`, `roll_modifier`: with the
activation's `State.roll_bonuses`), the terrain the attacker stands on (HIGH
GROUND: `passives.terrain_modifier`), its equipment token (`equipment.
roll_modifier`) and its shaken token. For the defence: the defence abilities
used, the attacker's improvements against it (`PendingAttack.defender_changes`),
passives and lasting changes, its equipment token and its shaken token.
Rule module: reads state.py and the rule modules, never imports system.py."""

from __future__ import annotations

from dataclasses import dataclass

from server.rules.asoiaf import (
    bought_effects,
    coins,
    equipment,
    passives,
    requirements,
)
from server.rules.asoiaf.state import Condition, PendingAttack, State


@dataclass(frozen=True)
class RollTerms:
    """One roll of the attack sequence, before its dice are rolled."""
    dice: int  # the attack's dice; for a defence, the dice rolled beside one per hit
    value: int  # the attack value (hit on it or above) or the defence value
    modifier: int  # added to every die result (a natural 10 keeps its 10)
    shaken: bool  # the roller's shaken token: -2 to every die (conditions.results)


def context(state: State, pack, field, uid: str, kind: str, charging: bool = False,
            target_uid: str = "") -> set[str]:
    """The requirement words true for model `uid` in this attack (coins.requirements_met)."""
    model = state.model(uid)
    words = {"close_combat" if kind == "close" else "ranged"}
    if charging:
        words.add("charging")
    words |= requirements.standing(state, pack, field, uid)
    if target_uid and pack.models[state.model(target_uid).card].type != "soldier":
        words.add("target_hero_or_champion")
    if target_uid and passives.on_terrain(field, model, "high_ground") \
            and not passives.on_terrain(field, state.model(target_uid), "high_ground"):
        words.add("on_high_ground")  # seed 004, HIGH GROUND: "against enemies not on"
    return words


def attack_roll(state: State, pack, field, uid: str, index: int, target_uid: str,
                chosen: list[int], charging: bool = False,
                dice=None, picked: list | None = None) -> tuple[State, RollTerms]:
    """Step 3's roll of model `uid`'s attack mode `index` with the improvements
    `chosen`: the state their effects beside the roll leave (the roll sees it;
    their hits and will tests rolled with `dice`, none for the odds without a
    will test; `picked`: the models picked, one value a pick), and its terms."""
    mode = pack.models[state.model(uid).card].attacks[index]
    effects = [e for i in chosen for e in mode.improvements[i].effects]
    state = bought_effects.apply(state, pack, uid, uid, target_uid, effects, "attack", dice,
                                 picked)
    model = state.model(uid)
    extra, modifier = coins.roll_bonus(effects, "attack")
    extra += coins.value_change(effects, "attack_dice") \
        + passives.value_change(state, pack, field, uid, "attack_dice")
    value = mode.value + coins.value_change(effects, "attack_value") \
        + passives.value_change(state, pack, field, uid, "attack_value")
    modifier += passives.roll_modifier(state, pack, field, uid, "attack")
    words = context(state, pack, field, uid, mode.kind, charging, target_uid)
    modifier += passives.terrain_modifier(pack, field, model, "attack", words)
    modifier += equipment.roll_modifier(pack, model, "attack", words)
    return state, RollTerms(mode.dice + extra, value, modifier,
                            Condition.SHAKEN in model.conditions)


def defence_effects(pack, used: list) -> list:
    """The effects of the defence abilities used, with their improvements chosen."""
    return [e for name, chosen in used
            for e in pack.abilities[name].effects
            + [x for i in chosen for x in pack.abilities[name].improvements[i].effects]]


def defence_roll(state: State, pack, field, used: list,
                 dice=None, picked: list | None = None) -> tuple[State, RollTerms]:
    """Step 5's roll of the attack waiting in `state.attack`, with the defence
    abilities `used` ([[name, [improvement indices]], ...]): the state their
    effects beside the roll leave, and its terms (`dice`: beside one per hit;
    `picked`: the models picked)."""
    pending: PendingAttack = state.attack
    effects = defence_effects(pack, used)
    state = bought_effects.apply(state, pack, pending.target, pending.attacker,
                                 pending.target, effects, "defence", dice, picked)
    target = state.model(pending.target)
    extra, modifier = coins.roll_bonus(effects, "defence")
    against, worse = pending.defender_changes  # the attacker's improvements
    modifier += against + passives.roll_modifier(state, pack, field, target.uid, "defence")
    defence = pack.models[target.card].defence + worse + coins.value_change(effects, "defence") \
        + passives.value_change(state, pack, field, target.uid, "defence")
    modifier += equipment.roll_modifier(pack, target, "defence",
                                        context(state, pack, field, target.uid, pending.kind))
    return state, RollTerms(extra, defence, modifier, Condition.SHAKEN in target.conditions)
