"""Objective cards' actions (seed 004, OBJECTIVE CARDS and ACTIVATING A MODEL):
"A model who controls an objective can, during its activation, use the action
associated with the card attached to the objective"; "A model controlling an
objective may also access the specific action granted by the objective".

The actions are data (objectives.toml), run by the effects this module knows:
gain_coins, restore_wounds and remove_condition on the model itself,
remove_condition on 1 friendly model in short range (chosen by its player), and
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
from server.rules.board.square import within_short_range

OBJECTIVE_CARDS = "seed 004, OBJECTIVE CARDS"


def _supported(effect) -> bool:
    if isinstance(effect, (GainCoins, DrawAgenda)):
        return True
    if isinstance(effect, (RestoreWounds, RemoveCondition)):
        return effect.target.who == "self" or _on_a_friend(effect)
    return False


def _on_a_friend(effect) -> bool:
    """"1 friendly model in short range" (Sept Shrine's second effect)."""
    if not isinstance(effect, RemoveCondition):
        return False
    t = effect.target
    return t.who == "friendly" and t.within == "short_range" and t.count == 1


def friends_for(state: State, uid: str, square, objective_cards: Mapping) -> list[str]:
    """The friendly models the action may also touch: "in short range", "any square
    up to 3 squares away ... regardless of LoS"; [] when it touches none."""
    action = objective_cards[card_at(state, square)].action
    if not any(_on_a_friend(e) for e in action.effects):
        return []
    model = state.model(uid)
    return [m.uid for m in state.models_of(model.seat) if m.on_battlefield and m.uid != uid
            and within_short_range(model.squares, m.squares)]


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


def use(state: State, uid: str, square, objective_cards: Mapping, wounds: Mapping,
        friend: str = "") -> State:
    """Spend the action's AP and coins and apply its effects (but draw_agenda).
    `wounds` maps card name to its starting wounds; `friend` is the friendly
    model chosen for a friend's effect ("" when none was in range)."""
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
        elif isinstance(effect, RemoveCondition) and effect.target.who == "self":
            model = replace(model, conditions=model.conditions - {Condition(effect.condition)})
    state = state.with_model(model)
    for effect in action.effects:
        if friend and _on_a_friend(effect):
            other = state.model(friend)
            state = state.with_model(replace(other, conditions=other.conditions
                                             - {Condition(effect.condition)}))
    return replace(state, purses={**state.purses, model.seat: purse},
                   objectives_used=state.objectives_used | {tuple(square)})
