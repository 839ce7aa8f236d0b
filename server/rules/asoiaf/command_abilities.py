"""Command abilities that give, take or test for conditions (seed 004,
ABILITIES: "are command abilities. They are actions unique to specific units.
Only an active model can use command abilities"): how a model gains a shaken
or routed token in play (LOYALLY REBELLIOUS: "force 1 enemy model in short range
to become [shaken]. Then, that enemy must pass 1 [will] test or become
[routed]"), and loses one.

Offered when every effect is one command_shapes.supported knows, its model meets its
`requires` where it stands (requirements.py) and its `once_per` limit is not
used up (once_per.py); an ABILITY 0 is the activation's free action (WISE
WORDS), an activation ability is offered before the model's first action
(DRAGON'S BLOOD); the pack checker refuses any other at load (command_shapes.py).
The will dice are rolled in decide and replayed in evolve from the event."""

from __future__ import annotations

import msgspec

from server.rules.asoiaf import (
    charge_terrain,
    coins,
    conditions,
    equipment,
    grant_queue,
    hits,
    lasting,
    mounts,
    once_per,
    picks,
    requirements,
    will_tokens,
)
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealHits,
    DealWounds,
    DrawAgenda,
    GainCoins,
    GrantAction,
    ModifyRoll,
    ModifyValue,
    MoveModel,
    RemoveCondition,
    RestoreWounds,
    ScoreVP,
    WillTest,
)
from server.rules.asoiaf.command_shapes import CHOOSERS as CHOOSERS
from server.rules.asoiaf.command_shapes import GRANTABLE as GRANTABLE
from server.rules.asoiaf.command_shapes import command_unsupported
from server.rules.asoiaf.command_shapes import many as many
from server.rules.asoiaf.command_shapes import supported as supported
from server.rules.asoiaf.command_shapes import unsupported as unsupported
from server.rules.asoiaf.picks import Picks, fits, picked
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import Condition, State, replace
from server.rules.asoiaf.will_waiting import will_abilities_wait
from server.rules.kernel import CommandSpec, Event

COMMAND = "seed 004, ABILITIES (command abilities)"


def ap_cost(state: State, ability) -> int:
    """A command ability's AP; an ABILITY 0 is a free action (seed 004: "The 1st
    time any free action is used during an activation doesn't require spending
    AP ... spending 1 AP for each free action beyond the first"); an activation
    ability costs none."""
    if ability.timing != "command":
        return 0
    return ability.ap or mounts.free_action_ap(state)


def _offered_now(state: State, ability, model) -> bool:
    """A command ability, or an activation ability "as this model activates"
    (before its first action: `State.fresh`)."""
    if ability.timing == "activation":  # (for no AP: command_shapes.command_unsupported)
        return state.fresh
    return ability.timing == "command"


def specs(state: State, pack, field, uid: str) -> list[CommandSpec]:
    model = state.model(uid)
    found = []
    for name in pack.models[model.card].abilities:
        ability = pack.abilities[name]
        if (not _offered_now(state, ability, model) or ap_cost(state, ability) > model.ap
                or not once_per.available(state, uid, ability)
                or not requirements.met(state, pack, field, uid, ability.requires)
                or command_unsupported(ability) is not None
                or not coins.affordable(state.purses[model.seat], ability.cost)):
            continue
        aimed = picks.candidates(state, pack, field, model, ability.effects)
        if picks.all_fit(aimed):  # (a pick with nobody to pick: not offered)
            found.append(CommandSpec("ability", label=name, args={"ability": name},
                                     params=picks.params(aimed, ability.effects)))
    return found


def event(state: State, pack, args: dict, dice) -> Event:
    """Resolve once to roll the will dice; the event keeps them for evolve."""
    recorded = Recorded(dice)
    effects = pack.abilities[args["ability"]].effects
    resolve(state, pack, state.active_model, args["ability"], picked(args, effects), recorded)
    return Event("ability_used", {"model": state.active_model, **picks.record(args),
                                  "ability": args["ability"], "will_faces": recorded.faces,
                                  **drawn(recorded)})


def drawn(recorded: Recorded) -> dict:
    """The event's record of the agenda cards its will tests drew, if any."""
    return {"drawn": recorded.drawn} if recorded.drawn else {}


def used(state: State, pack, d: dict) -> State:
    return resolve(state, pack, d["model"], d["ability"],
                   picked(d, pack.abilities[d["ability"]].effects),
                   Recorded(faces=d["will_faces"]))


def resolve(state: State, pack, uid: str, name: str, target, dice) -> State:
    """Pay the AP and coins, then apply the effects in order; a will test rolls
    1 die for its model ("A model asked to roll [a will test] rolls 1 die")."""
    model = state.model(uid)
    ability = pack.abilities[name]
    purse = coins.pay(state.purses[model.seat], ability.cost)
    state = replace(state.with_model(replace(model, ap=model.ap - ap_cost(state, ability))),
                    purses={**state.purses, model.seat: purse},
                    free_used=state.free_used or (ability.timing == "command"
                                                  and not ability.ap))
    state = once_per.record(state, uid, ability)
    return apply_effects(state, pack, uid, target, ability.effects, dice)


def _on_every(state: State, pack, uid: str, effect, dice) -> State:
    """`effect` on every model its target words fit now (`count` 0), in table
    order, each as if picked."""
    field = charge_terrain.field_now(state)
    model = state.model(uid)
    aimed = [o.uid for o in state.models if fits(state, field, model, o, effect.target, pack)]
    one = msgspec.structs.replace(effect, target=msgspec.structs.replace(effect.target,
                                                                          count=1))
    for other in aimed:
        state = apply_effects(state, pack, uid, other, [one], dice)
    return state


def apply_effects(state: State, pack, uid: str, chosen, effects, dice,
                  trigger_model: str | None = None) -> State:
    """Each effect on the model it names: "self" `uid`, "trigger_model" the
    trigger's model when given (else `chosen`), any other the picked `chosen`
    (a model, a list of them, or for an ability of several picks `Picks`: each
    effect its own pick's, picks.py)."""
    for effect in effects:
        aimed = chosen.aim(effect) if isinstance(chosen, Picks) else chosen
        if isinstance(effect, DrawAgenda):  # drawn in events (secret_events.ability_draws)
            continue
        if isinstance(effect, ScoreVP):  # its player scores them now
            seat = state.model(uid).seat
            state = replace(state, vp={**state.vp, seat: state.vp[seat] + effect.vp})
            continue
        if isinstance(effect, GainCoins):  # "gives 1 [silver] back": to its player
            seat = state.model(uid).seat
            purse = state.purses[seat]
            state = replace(state, purses={**state.purses, seat: replace(
                purse, **{effect.coin: getattr(purse, effect.coin) + effect.amount})})
            continue
        if effect.target.who in CHOOSERS and effect.target.count == 0:
            state = _on_every(state, pack, uid, effect, dice)  # as it resolves
            continue
        who = uid if effect.target.who == "self" else aimed
        if isinstance(who, list):  # several models picked: each in turn
            for one in who:
                state = apply_effects(state, pack, uid, one, [effect], dice, trigger_model)
            continue
        if effect.target.who == "trigger_model" and trigger_model:
            who = trigger_model
        if not who:  # an optional choice left empty: nobody was in range
            continue
        model = state.model(who)
        if isinstance(effect, ApplyCondition):
            model = conditions.gain(model, Condition(effect.condition),
                                    equipment.immunities(pack, model))
            state = state.with_model(model)
        elif isinstance(effect, RemoveCondition):
            state = state.with_model(conditions.lose(model, Condition(effect.condition)))
        elif isinstance(effect, ModifyRoll) and effect.until == "activation":
            state = replace(state, roll_bonuses=state.roll_bonuses
                            + ((who, effect.roll, effect.by),))
        elif isinstance(effect, ModifyRoll | ModifyValue):  # a turn, a round, the game
            state = lasting.add(state, who, effect)
        elif isinstance(effect, GrantAction) and effect.free:  # its own next action
            state = replace(state, free_action=effect.action)  # (agenda_plays.py)
        elif isinstance(effect, GrantAction):  # granted.py: its player moves it or not
            state = grant_queue.give(state, (who, effect.action))
        elif isinstance(effect, MoveModel):  # a picked model's move, to a square asked next
            state = grant_queue.give(state, (who, "move", effect.squares, effect.direction,
                                             uid))
        elif isinstance(effect, DealWounds):
            state = hits.wound(state, pack, who, effect.wounds, by=uid)
        elif isinstance(effect, DealHits):  # a defence die per hit, as in step 5
            state, unblocked = hits.defend(state, pack, who,
                                           hits.hit_count(pack, model, effect), dice)
            state = hits.wound(state, pack, who, unblocked, by=uid)
        elif isinstance(effect, RestoreWounds):
            state = hits.restore(state, pack, who, effect.wounds)
        elif not isinstance(effect, WillTest):  # (`supported` keeps any other out)
            raise TypeError(f"apply_effects has no rule for {type(effect).__name__}")
        else:
            # LUCKY CHARM / BLINDING POWDER discarded for it (will_tokens.py)
            state, _, passed = will_tokens.roll(state, pack, dice, model)
            state = state.with_model(conditions.after_roll(model))
            if passed:  # seed 004, ABILITIES: BRAVADO "after passing a will test"
                state = will_abilities_wait(state, pack, model.uid)
            branch = effect.on_success if passed else effect.on_failure
            if isinstance(dice, Recorded):  # its cards, drawn in the events that follow
                dice.drawn += sum(e.cards for e in branch if isinstance(e, DrawAgenda))
            state = apply_effects(state, pack, uid, aimed, branch, dice, trigger_model)
    return state
