"""Objective cards' actions (seed 004, OBJECTIVE CARDS and ACTIVATING A MODEL):
"A model who controls an objective can, during its activation, use the action
associated with the card attached to the objective"; "A model controlling an
objective may also access the specific action granted by the objective".

The actions are data (objectives.toml), run by the effects this module knows:
gain_coins, restore_wounds and draw_agenda (drawn by its own hidden event,
secret_events.py); a `modify_roll` on the model itself lasting its activation
(Watchtower, kept in `State.roll_bonuses`); and the condition effects and will
tests of command abilities (command_abilities.py) on the model itself or on
friendly or enemy models its player picks (Sept Shrine, War Horn; one pick per
target words, picks.py: `pick_params`). A card
whose action needs another effect is refused at load (`unsupported`). Each
objective's action is used at most once per activation (our reading). Rule
module: reads state.py, never imports system.py."""

from __future__ import annotations

from collections.abc import Mapping

from server.rules.asoiaf import command_abilities, lasting, picks
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


def _unsupported(effect) -> str | None:
    if isinstance(effect, (GainCoins, DrawAgenda)):
        return None
    if isinstance(effect, RestoreWounds):
        return None if effect.target.who == "self" else (
            "an objective action's 'restore_wounds' restores the wounds of the model "
            "using it ('self') only")
    return command_abilities.unsupported([effect])


def unsupported(action) -> str | None:
    """Why an objective card's action is never offered (None: it can be)."""
    if not action.effects:
        return "it has no effect"
    return next((r for r in map(_unsupported, action.effects) if r), None)


def pick_params(state: State, field, uid: str, square, pack) -> tuple[dict, bool]:
    """The models the action lets its player pick: (its params, whether it may
    be used). One pick of 1 model is `friend` or `target` by its side (Sept
    Shrine's friend, War Horn's enemy), of `count` models `targets`; several
    picks (effects of different target words) `pick_1`, `pick_2` ... (picks.py).
    A pick is required when every effect touches a picked model ("1 enemy model
    in short range must pass"): the action is not usable while a pick has no
    model to pick. Otherwise (Sept Shrine: "This model and 1 friendly model in
    short range") a pick no model fits is left out and touches nobody."""
    action = pack.objectives[card_at(state, square)].action
    found = picks.candidates(state, pack, field, state.model(uid), action.effects)
    if found is None:
        return {}, True
    required = all(getattr(e, "target", None) is not None
                   and e.target.who in (*picks.CHOOSERS, "chosen")
                   for e in action.effects)
    first = picks.chooser(action.effects)
    if len(found) == 1 and first.target.count == 1:
        params = {CHOICE_KEY[first.target.who]: found[0]}
    else:
        params = picks.params(found, action.effects)
    return {k: v for k, v in params.items() if v}, picks.all_fit(found) or not required


def chosen(action, given: dict):
    """What its player picked, as apply_effects reads it, from a command's args
    or its event (`chosen`, and `picks` for several): a model ("" for none),
    a list of `count` of them, or `picks.Picks` for several picks (None where a
    pick had nobody to pick)."""
    found = picks.pickers(action.effects)
    if len(found) > 1:
        values = given.get("picks") or [given.get(n) for n in picks.names(found)]
        return picks.Picks(action.effects, values)
    if "chosen" in given:
        return given["chosen"]
    return given.get("friend") or given.get("target") or given.get("targets") or ""


def recorded(action, given: dict) -> dict:
    """What the event keeps of the picks: `chosen`, and `picks` for several."""
    picked = chosen(action, given)
    if isinstance(picked, picks.Picks):
        return {"chosen": "", "picks": picked.values}
    return {"chosen": picked}


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
                and unsupported(action) is None \
                and pick_params(state, field, uid, (x, y), pack)[1]:
            out.append((x, y))
    return out


def draws(state: State, square, objective_cards: Mapping) -> int:
    """How many agenda cards the action at `square` draws."""
    action = objective_cards[card_at(state, square)].action
    return sum(e.cards for e in action.effects if isinstance(e, DrawAgenda))


def use(state: State, uid: str, square, pack, wounds: Mapping, given: dict, dice) -> State:
    """Spend the action's AP and coins and apply its effects in order (but
    draw_agenda). `wounds` maps card name to its starting wounds; `given` is the
    command's args or the event's data (its picks: `chosen`); `dice` roll or
    replay the will tests (recorded_dice.Recorded)."""
    model = state.model(uid)
    action = pack.objectives[card_at(state, square)].action
    picked = chosen(action, given)
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
            most = lasting.most_wounds(state, pack, model)
            state = state.with_model(replace(model, wounds_left=min(
                most, model.wounds_left + effect.wounds)))
        elif not isinstance(effect, DrawAgenda):
            state = command_abilities.apply_effects(state, pack, uid, picked, [effect], dice)
    return replace(state, objectives_used=state.objectives_used | {tuple(square)})
