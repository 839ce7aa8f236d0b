"""Aftermath abilities (seed 004, ATTACK SEQUENCE: "7. If the attacker's attack
mode has an aftermath, it can be used now. Spend the required coin cost, if any.
8. If the defender has an aftermath ability, it can be used now"; ABILITIES
SPECIAL RULES, AFTERMATH): which can be used, and what using one does.

An aftermath is offered when its requirements are met, its `once_per` limit is
not used up, its cost is affordable and every effect is one this module applies,
aimed at the attacker, the defender or the model itself ("self"):
`deal_wounds` (no defence roll; a model left with none is removed at step 9),
`apply_condition`, `remove_condition`, `restore_wounds` (never beyond the card's
wounds), `gain_coins` and `score_vp` (its player's), and a `will_test` whose
conditions, coins and VP are aimed at the model it tests or at the model itself
(its die rolled
when the aftermath is used: the event keeps it; LUCKY CHARM and BLINDING POWDER
are asked first, will_tokens.py). Rule module: reads state.py, never imports
system.py."""

from __future__ import annotations

from server.rules.asoiaf import coins, command_abilities, equipment, once_per
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealWounds,
    GainCoins,
    RemoveCondition,
    RestoreWounds,
    ScoreVP,
    WillTest,
)
from server.rules.asoiaf.state import State, replace

AFTERMATH = "seed 004, ATTACK SEQUENCE steps 7-8 (aftermaths)"
TARGETS = ("self", "attacker", "defender")
_AIMED = (DealWounds, ApplyCondition, RemoveCondition, RestoreWounds)


def known(effects, tested: str = "") -> bool:
    """Whether this module applies every effect (`tested`: inside a will test,
    the model it tests; its effects aim at that model or "self")."""
    if not effects:
        return False
    for effect in effects:
        if isinstance(effect, GainCoins | ScoreVP):
            continue
        if not isinstance(effect, (*_AIMED, WillTest)) or effect.target.who not in TARGETS:
            return False
        if tested and (effect.target.who not in (tested, "self")
                       or isinstance(effect, DealWounds | RestoreWounds)):
            return False  # (a will test's effects are command_abilities.apply_effects')
        if isinstance(effect, WillTest) and (
                tested or not all(known([e], effect.target.who)
                                  for e in effect.on_success + effect.on_failure)):
            return False
    return True


def usable(state: State, pack, owner, found, words: set[str]) -> list:
    """The aftermaths among `found` model `owner` may use now."""
    return [a for a in found
            if coins.requirements_met(a.requires, words)
            and once_per.available(state, owner.uid, a)
            and coins.affordable(state.purses[owner.seat], a.cost)
            and known(a.effects)]


def tested(pending, owner_uid: str, ability) -> list[str]:
    """The models the aftermath's will tests make roll (will_tokens.py asks first)."""
    picks = {"self": owner_uid, "attacker": pending.attacker, "defender": pending.target}
    return [picks[e.target.who] for e in ability.effects if isinstance(e, WillTest)]


def apply(state: State, pack, pending, owner_uid: str, ability, dice) -> State:
    """Pay, then each effect on the model it names; `dice` roll or replay the
    will tests (command_abilities.Recorded)."""
    owner = state.model(owner_uid)
    purse = coins.pay(state.purses[owner.seat], ability.cost)
    state = once_per.record(replace(state, purses={**state.purses, owner.seat: purse}),
                            owner_uid, ability)
    picks = {"self": owner_uid, "attacker": pending.attacker, "defender": pending.target}
    for effect in ability.effects:
        target = getattr(effect, "target", None)
        uid = picks[target.who] if target is not None else owner_uid
        model = state.model(uid)
        if isinstance(effect, DealWounds):
            state = state.with_model(replace(
                model, wounds_left=max(0, model.wounds_left - effect.wounds)))
        elif isinstance(effect, RestoreWounds):
            most = pack.models[model.card].wounds + equipment.extra_wounds(pack, model)
            state = state.with_model(replace(
                model, wounds_left=min(most, model.wounds_left + effect.wounds)))
        else:  # conditions, coins, VP and will tests: as a command ability applies them
            state = command_abilities.apply_effects(state, pack, owner_uid, uid, [effect],
                                                    dice)
    return state
