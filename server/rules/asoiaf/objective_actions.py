"""Objective cards' actions (seed 004, OBJECTIVE CARDS and ACTIVATING A MODEL):
"A model who controls an objective can, during its activation, use the action
associated with the card attached to the objective"; "A model controlling an
objective may also access the specific action granted by the objective".

The actions are data (objectives.toml), run by the effects this module knows:
gain_coins, restore_wounds and remove_condition on the model itself, and
draw_agenda (drawn by its own hidden event, secret_events.py). A card whose
action needs another effect is not offered yet (asoiaf.md). Each objective's
action is used at most once per activation (our reading). Rule module: reads
state.py, never imports system.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from server.rules.asoiaf.cards.vocabulary import (
    DrawAgenda,
    GainCoins,
    RemoveCondition,
    RestoreWounds,
)
from server.rules.asoiaf.objectives import card_at
from server.rules.asoiaf.state import Condition, State

OBJECTIVE_CARDS = "seed 004, OBJECTIVE CARDS"


def _supported(effect) -> bool:
    if isinstance(effect, (GainCoins, DrawAgenda)):
        return True
    if isinstance(effect, (RestoreWounds, RemoveCondition)):
        return effect.target.who == "self"
    return False


def usable(state: State, uid: str, objective_cards: Mapping) -> list[tuple[int, int]]:
    """The objectives under the model whose card's action it can use now."""
    model = state.model(uid)
    out = []
    for x, y, name in state.objective_cards:
        action = objective_cards[name].action
        cost = action.cost
        if (x, y) in model.squares and (x, y) not in state.objectives_used \
                and model.ap >= (action.ap or 0) \
                and state.purses[model.seat].covers(cost.gold, cost.silver, cost.copper) \
                and action.effects and all(_supported(e) for e in action.effects):
            out.append((x, y))
    return out


def draws(state: State, square, objective_cards: Mapping) -> int:
    """How many agenda cards the action at `square` draws."""
    action = objective_cards[card_at(state, square)].action
    return sum(e.cards for e in action.effects if isinstance(e, DrawAgenda))


def use(state: State, uid: str, square, objective_cards: Mapping, wounds: Mapping) -> State:
    """Spend the action's AP and coins and apply its effects (but draw_agenda).
    `wounds` maps card name to its starting wounds."""
    model = state.model(uid)
    action = objective_cards[card_at(state, square)].action
    cost = action.cost
    purse = state.purses[model.seat].spend(cost.gold, cost.silver, cost.copper)
    model = replace(model, ap=model.ap - (action.ap or 0))
    for effect in action.effects:
        if isinstance(effect, GainCoins):
            purse = replace(purse, **{effect.coin: getattr(purse, effect.coin) + effect.amount})
        elif isinstance(effect, RestoreWounds):
            model = replace(model, wounds_left=min(wounds[model.card],
                                                   model.wounds_left + effect.wounds))
        elif isinstance(effect, RemoveCondition):
            model = replace(model, conditions=model.conditions - {Condition(effect.condition)})
    state = state.with_model(model)
    return replace(state, purses={**state.purses, model.seat: purse},
                   objectives_used=state.objectives_used | {tuple(square)})
