"""Passive abilities that change attack and defence rolls (seed 004, ABILITIES:
"are passive abilities. These are always active"): WARDEN OF THE STAG's
"Friendly heroes engaged with this model gain +1 to their rolls", and any
passive `modify_roll` of a model on the battlefield whose target fits the
rolling model. "A model can only benefit from the same ability (with an
identical name) once at a time. Even passive abilities with the same name
don't accumulate on a model." Passive `modify_value` changes of a card's
defence, will, attack value or attack dice count the same way (`value_change`).
A passive with `requires` counts while its model meets them where it stands
(requirements.standing: "engaged", "infantry", ...; the pack checker refuses a
passive requiring an attack's words: "always active" has no attack of its own).
"""

from __future__ import annotations

from server.rules.asoiaf import equipment, lasting, picks, requirements
from server.rules.asoiaf.battlefield import TERRAINS
from server.rules.asoiaf.cards.vocabulary import (
    ExtraSquares,
    ImmuneToCondition,
    ModifyRoll,
    ModifyValue,
    SeeAll,
)
from server.rules.asoiaf.state import State

PASSIVE = "seed 004, ABILITIES (passive abilities)"


def roll_modifier(state: State, pack, field, uid: str, roll: str) -> int:
    """The sum of the passive modifiers on model `uid`'s `roll` roll, each
    ability name counted once, and of those lasting this activation
    (`State.roll_bonuses`)."""
    passive = _passive_sum(state, pack, field, uid, lambda effect: isinstance(
        effect, ModifyRoll) and effect.roll in (roll, "any"))
    this_activation = sum(by for holder, kind, by in state.roll_bonuses
                          if holder == uid and kind in (roll, "any"))
    return passive + this_activation + lasting.roll_change(state, uid, roll)


def value_change(state: State, pack, field, uid: str, value: str) -> int:
    """The sum of the passive `modify_value` changes of model `uid`'s card
    `value` ("defence", "will", "attack_value", "attack_dice"), each ability
    name counted once; "defence" and the hit number better when lower."""
    passive = _passive_sum(state, pack, field, uid, lambda effect: isinstance(
        effect, ModifyValue) and effect.value == value)
    return passive + lasting.value_change(state, uid, value)


def unsupported(ability) -> str | None:
    """Why a passive ability never counts (None: it does): a `modify_roll` or
    `modify_value` (defence, will, attack value or dice) of the model itself or
    of the friendly or enemy models its words fit (here), an `extra_squares`
    with no `requires` (movement_abilities.passive_extra), an
    `immune_to_condition` requiring at most "infantry" (equipment.immunities),
    a `see_all` requiring at most
    "infantry" (equipment_uses.sees_all)."""
    if not ability.effects:
        return "it has no effect"
    for effect in ability.effects:
        tag = effect.__struct_config__.tag
        if isinstance(effect, ModifyRoll | ModifyValue):
            if effect.target.who not in ("self", "friendly", "enemy"):
                return (f"a passive '{tag}' aims at the model itself ('self') or the "
                        f"'friendly' / 'enemy' models its words fit, not '{effect.target.who}'")
            if isinstance(effect, ModifyValue) and effect.value not in lasting.VALUES:
                return lasting.unstored(effect)
            if isinstance(effect, ModifyValue) and effect.value == "wounds":
                # (lasting.most_wounds reads an equipment token's and lasting changes)
                return ("a passive 'modify_value' of 'wounds' is not counted: a model's "
                        "maximum wounds change by an equipment token (HEIRLOOM ARMOR) or a "
                        "lasting change made by an ability with a moment ('until')")
        elif isinstance(effect, ExtraSquares):
            if ability.requires:
                return "a passive 'extra_squares' counts with no 'requires'; drop them"
        elif isinstance(effect, SeeAll):
            if not set(ability.requires) <= {"infantry"}:
                return "a passive 'see_all' may require 'infantry' and nothing else"
        elif isinstance(effect, ImmuneToCondition):
            if not set(ability.requires) <= {"infantry"}:
                return equipment.IMMUNE_REQUIRES
        else:
            return (f"a '{tag}' effect is none a passive ability has (it has 'modify_roll', "
                    "'modify_value', 'extra_squares', 'immune_to_condition' and 'see_all')")
    return None


def _passive_sum(state: State, pack, field, uid: str, wanted) -> int:
    """The `by` of the first `wanted` effect aimed at model `uid` of each passive
    ability (counted once by name) of a model on the battlefield whose
    requirements are met."""
    model = state.model(uid)
    counted: dict[str, int] = {}
    for source in state.models:
        if not source.on_battlefield:
            continue
        for name in pack.models[source.card].abilities:
            ability = pack.abilities[name]
            if ability.timing != "passive" or name in counted or unsupported(ability) \
                    or not requirements.met(state, pack, field, source.uid, ability.requires):
                continue
            for effect in ability.effects:
                if wanted(effect) and _aims_at(state, pack, field, source, model,
                                               effect.target):
                    counted[name] = effect.by
                    break
    return sum(counted.values())


def _aims_at(state: State, pack, field, source, model, target) -> bool:
    if target.who == "self":
        return source.uid == model.uid
    if target.who in ("friendly", "enemy"):
        return picks.fits(state, field, source, model, target, pack)
    return False


def on_terrain(field, model, terrain: str) -> bool:
    """The model stands on `terrain`: one of its squares (a large model's four)
    lies in such a zone (our reading for a large model half on it)."""
    return any((zone := field.zone_at(sq)) is not None and zone.terrain == terrain
               for sq in model.squares)


def terrain_modifier(pack, field, model, roll: str, words: set[str]) -> int:
    """The modifiers of the terrains the model stands on that have no interact
    mark (seed 004, TERRAINS, HIGH GROUND: "Models on High Ground gain +2 to attack
    rolls against enemies not on High Ground"), each terrain counted once, when
    its requirements are among `words` (attack_sequence.context)."""
    total = 0
    for name in {field.zone_at(sq).terrain for sq in model.squares if field.zone_at(sq)}:
        card = pack.terrains.get(TERRAINS[name].card or "")
        if card is None or card.interact != "none" or not set(card.requires) <= words:
            continue
        total += sum(e.by for e in card.effects
                     if isinstance(e, ModifyRoll) and e.roll in (roll, "any"))
    return total
