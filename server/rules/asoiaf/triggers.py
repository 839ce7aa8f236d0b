"""Special trigger abilities set off by a friendly model spending coins (seed
004, ABILITIES: "are special trigger abilities. Each of these has a specific
condition of when it can be used written on its effect. These abilities never
activate a model using the ability or a model targeted by the ability"; "This
model can use their DOWAGER'S RESOURCES special ability as soon as a friendly
model in short range has spent [silver]. This model's player must announce the
use of this ability right after the action spending is resolved. This wouldn't
end the model's activation nor activate this model. They must spend 4 [copper]
to make the model perform 1 [will] test that, if successful, gives 1 [silver]
back").

After each event that left a seat with fewer coins of a trigger's
`trigger_coin`, the model that spent them (`spender`) sets off every
`friendly_spent_coin` ability of another friendly model within its
`trigger_within`, that the engine can apply, that its player can pay and
whose `once_per` limit is not used up; each waits in `State.triggers` (seat,
uid, ability, the spender) and is offered once the action is resolved (the
attack in progress first: "right after the action spending is resolved"), as
`trigger_ability` or `decline_trigger_ability`. The other trigger words
belong to motivations (motivations.py) and agendas (agendas.py). Rule module:
reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    coins,
    command_abilities,
    model_triggers,
    once_per,
    picks,
    requirements,
)
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import Phase, replace
from server.rules.kernel import CommandSpec, Decision, Event

TRIGGER = "seed 004, ABILITIES (special trigger abilities: DOWAGER'S RESOURCES)"

# the event field naming the model whose action spent the coins
_SPENDER_FIELD = {"attack_rolled": "attacker", "defended": "target", "charged": "model",
                  "moved": "model", "ability_used": "model", "objective_used": "model",
                  "wounds_ability_used": "model", "motivation_used": "hero",
                  "end_phase_ability_used": "model", "trigger_ability_used": "model",
                  "equipment_used": "model", "start_ability_used": "model"}


def spender(before, event) -> str:
    """The uid of the model whose action spent coins in `event` ("" if none)."""
    d = event.data
    if event.type in _SPENDER_FIELD:
        return d.get(_SPENDER_FIELD[event.type]) or ""
    if event.type == "will_ability_used" and before.will_triggers:
        return before.will_triggers[0][1]
    if event.type == "aftermath_used" and before.attack:
        pending = before.attack
        return pending.attacker if pending.step == "attacker_aftermath" else pending.target
    return ""


def after_event(before, after, event, pack, field):
    """Queue the triggers `event` set off: the coins spent, then a model card's
    other triggers (model_triggers.py)."""
    if after.phase == Phase.OVER:
        return after
    after = _coin_triggers(before, after, event, pack, field)
    found = model_triggers.detect(before, after, event, pack, field)
    return replace(after, triggers=after.triggers + found) if found else after


def _coin_triggers(before, after, event, pack, field):
    uid = spender(before, event)
    if not uid:
        return after
    spent_by = after.model(uid)
    seat = spent_by.seat
    spent = {coin for coin in ("gold", "silver", "copper")
             if getattr(after.purses[seat], coin) < getattr(before.purses[seat], coin)}
    if not spent:
        return after
    waiting = []
    for model in after.models_of(seat):
        if model.uid == uid or not model.on_battlefield:
            continue
        for name in pack.models[model.card].abilities:
            ability = pack.abilities[name]
            if (ability.timing == "trigger" and ability.trigger == "friendly_spent_coin"
                    and (ability.trigger_coin is None or ability.trigger_coin in spent)
                    and requirements.met(after, pack, field, model.uid, ability.requires)
                    and unsupported(ability) is None
                    and once_per.available(after, model.uid, ability)
                    and coins.affordable(after.purses[seat], ability.cost)
                    and model_triggers.in_reach(field, model, spent_by,
                                                ability.trigger_within)):
                waiting.append((seat, model.uid, name, uid))
    if not waiting:
        return after
    return replace(after, triggers=after.triggers + tuple(waiting))


def unsupported(ability) -> str | None:
    """Why a model card's `trigger` ability is never offered (None: it can be):
    a `friendly_spent_coin` one applies the command abilities' effects, the
    others are model_triggers.py's."""
    if ability.trigger == "friendly_spent_coin":
        return command_abilities.unsupported(ability.effects)
    return model_triggers.unsupported(ability)


# what happened, for the question (the model with the ability, the trigger model)
_HAPPENED = {"friendly_spent_coin": "{other} spent coins", "kills_enemy": "{own} killed {other}",
             "captures_enemy": "{own} captured {other}", "killed": "{own} is killed",
             "enters_square": "{other} came near {own}",
             "interacts_plunder": "{own} took a plunder token",
             "spent_last_copper": "your last copper is spent"}


def decision(state, pack, field) -> Decision:
    seat, uid, name, spent_by = state.triggers[0]
    ability = pack.abilities[name]
    options, params = [], {}
    if ability.trigger == "friendly_spent_coin":
        usable = state.model(uid).on_battlefield and state.model(spent_by).on_battlefield \
            and coins.affordable(state.purses[seat], ability.cost) \
            and once_per.available(state, uid, ability)
    else:
        usable = model_triggers.still_usable(state, pack, field, seat, uid, name, spent_by)
        params = picks.params(model_triggers.targets(state, pack, field, uid, ability),
                              ability.effects)
        moves = model_triggers.squares(state, field, uid, ability, spent_by)
        if moves:
            params["square"] = moves
    if usable:
        options.append(CommandSpec("trigger_ability", label=name, args={"ability": name},
                                   params=params))
    happened = _HAPPENED[ability.trigger].format(
        own=state.model(uid).card, other=state.model(spent_by).card if spent_by else "")
    return Decision(seat, f"{happened}: use {state.model(uid).card}'s {name}?",
                    (*options, CommandSpec("decline_trigger_ability")))


def event(state, pack, args: dict, dice) -> Event:
    """Resolve once to roll the will dice; the event keeps them for evolve."""
    _, uid, name, spent_by = state.triggers[0]
    recorded = Recorded(dice)
    if args.get("ability"):
        _apply(state, pack, uid, name, picks.picked(args, pack.abilities[name].effects),
               spent_by, recorded, args.get("square"))
    data = {"model": uid, "ability": args.get("ability", ""), "trigger_model": spent_by,
            "will_faces": recorded.faces}
    picked = picks.record(args)
    if picked.get("target") or picked.get("picks"):  # the model(s) its player picked
        data.update(picked)
    if args.get("square"):  # the square its player picked
        data["square"] = args["square"]
    return Event("trigger_ability_used", {**data, **command_abilities.drawn(recorded)})


def used(state, pack, d: dict):
    """The first waiting trigger, paid and applied, or declined."""
    _, uid, name, spent_by = state.triggers[0]
    state = replace(state, triggers=state.triggers[1:])
    if not d["ability"]:
        return state
    return _apply(state, pack, uid, name, picks.picked(d, pack.abilities[name].effects),
                  spent_by,
                  Recorded(faces=d["will_faces"]), d.get("square"))


def _apply(state, pack, uid: str, name: str, target, spent_by: str, dice,
           square=None):
    """Pay, then the effects; `trigger_model` targets are the model that spent
    (or set the trigger off), a picked (and "chosen") target the model picked,
    else the trigger model too."""
    ability = pack.abilities[name]
    state = once_per.paid(state, uid, ability)
    return model_triggers.apply(state, pack, uid, target or spent_by, ability.effects, dice,
                                square, spent_by)
