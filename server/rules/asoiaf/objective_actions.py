"""Objective cards' actions (seed 004, OBJECTIVE CARDS and ACTIVATING A MODEL):
"A model who controls an objective can, during its activation, use the action
associated with the card attached to the objective"; "A model controlling an
objective may also access the specific action granted by the objective".

The actions are data (objectives.toml), run by the effects this module knows:
gain_coins, restore_wounds and draw_agenda (drawn by its own hidden event,
secret_events.py); a `modify_roll` on the model itself lasting its activation
(Watchtower, kept in `State.roll_bonuses`); and the condition effects and will
tests of command abilities (command_abilities.py) on the model itself or on
1 friendly or enemy model its player chooses (Sept Shrine, War Horn). A card
whose action needs another effect is not offered (asoiaf.md). Each
objective's action is used at most once per activation (our reading). Rule
module: reads state.py, never imports system.py."""

from __future__ import annotations

from collections.abc import Mapping

from server.rules.asoiaf import command_abilities, equipment
from server.rules.asoiaf.cards.vocabulary import (
    DrawAgenda,
    GainCoins,
    RestoreWounds,
)
from server.rules.asoiaf.objectives import card_at
from server.rules.asoiaf.state import State, replace

OBJECTIVE_CARDS = "seed 004, OBJECTIVE CARDS"
# the key of the chosen model in the command, by whose side it is on
CHOICE_KEY = {"friendly": "friend", "enemy": "target"}


def _supported(effect) -> bool:
    if isinstance(effect, (GainCoins, DrawAgenda)):
        return True
    if isinstance(effect, RestoreWounds):
        return effect.target.who == "self"
    return command_abilities.supported([effect])


def choice(state: State, field, uid: str, square, pack) -> tuple[str, list[str], bool]:
    """The model the action lets its player choose: (the command's key, the
    models that fit, whether one must be chosen). A chosen model is required
    when every effect touches it ("1 enemy model in short range must pass"),
    optional when the action also does something else (Sept Shrine: "This model
    and 1 friendly model in short range")."""
    action = pack.objectives[card_at(state, square)].action
    chooser = command_abilities.chooser(action.effects)
    if chooser is None:
        return "", [], False
    model = state.model(uid)
    fits = [o.uid for o in state.models
            if command_abilities.fits(state, field, model, o, chooser.target, pack)]
    required = all(getattr(e, "target", None) is not None
                   and e.target.who in (*command_abilities.CHOOSERS, "chosen")
                   for e in action.effects)
    return CHOICE_KEY[chooser.target.who], fits, required


def usable(state: State, field, uid: str, pack) -> list[tuple[int, int]]:
    """The objectives under the model whose card's action it can use now."""
    model = state.model(uid)
    out = []
    for x, y, name in state.objective_cards:
        action = pack.objectives[name].action
        cost = action.cost
        if (x, y) in model.squares and (x, y) not in state.objectives_used \
                and model.ap >= (action.ap or 0) \
                and state.purses[model.seat].covers(cost.gold, cost.silver, cost.copper) \
                and action.effects and all(_supported(e) for e in action.effects):
            _, fits, required = choice(state, field, uid, (x, y), pack)
            if fits or not required:
                out.append((x, y))
    return out


def draws(state: State, square, objective_cards: Mapping) -> int:
    """How many agenda cards the action at `square` draws."""
    action = objective_cards[card_at(state, square)].action
    return sum(e.cards for e in action.effects if isinstance(e, DrawAgenda))


def use(state: State, uid: str, square, pack, wounds: Mapping, chosen: str, dice) -> State:
    """Spend the action's AP and coins and apply its effects in order (but
    draw_agenda). `wounds` maps card name to its starting wounds; `chosen` is the
    model its player chose ("" when none); `dice` roll or replay the will tests
    (command_abilities.Recorded)."""
    model = state.model(uid)
    action = pack.objectives[card_at(state, square)].action
    cost = action.cost
    purse = state.purses[model.seat].spend(cost.gold, cost.silver, cost.copper)
    state = replace(state.with_model(replace(model, ap=model.ap - (action.ap or 0))),
                    purses={**state.purses, model.seat: purse})
    for effect in action.effects:
        model = state.model(uid)
        if isinstance(effect, GainCoins):
            purse = state.purses[model.seat]
            purse = replace(purse, **{effect.coin: getattr(purse, effect.coin) + effect.amount})
            state = replace(state, purses={**state.purses, model.seat: purse})
        elif isinstance(effect, RestoreWounds):
            most = wounds[model.card] + equipment.extra_wounds(pack, model)
            state = state.with_model(replace(model, wounds_left=min(
                most, model.wounds_left + effect.wounds)))
        elif not isinstance(effect, DrawAgenda):
            state = command_abilities.apply_effects(state, pack, uid, chosen, [effect], dice)
    return replace(state, objectives_used=state.objectives_used | {tuple(square)})
