"""Command abilities that give, take or test for conditions (seed 004,
ABILITIES: "are command abilities. They are actions unique to specific units.
Only an active model can use command abilities"): how a model gains a shaken
or routed token in play (LOYALLY REBELLIOUS: "force 1 enemy model in short range
to become [shaken]. Then, that enemy must pass 1 [will] test or become
[routed]"), and loses one.

Offered when every effect is one `supported` knows, its model meets its
`requires` where it stands (requirements.py) and its `once_per` limit is not
used up (once_per.py); an ABILITY 0 is the activation's free action (WISE
WORDS), an activation ability is offered before the model's first action
(DRAGON'S BLOOD); others stay inert (docs/rules/asoiaf.md, "What is left").
The will dice are rolled in decide and replayed in evolve from the event."""

from __future__ import annotations

import itertools

import msgspec

from server.rules.asoiaf import (
    charge_terrain,
    coins,
    conditions,
    equipment,
    equipment_uses,
    hits,
    lasting,
    mounts,
    once_per,
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
from server.rules.asoiaf.movement import is_engaged
from server.rules.asoiaf.state import Condition, State, replace
from server.rules.board.square import within_short_range
from server.rules.kernel import CommandSpec, Event

COMMAND = "seed 004, ABILITIES (command abilities)"
CHOOSERS = ("enemy", "friendly")
# the actions an ability may grant (granted.py offers each; seed 004, LIST OF
# ACTIONS): a charge terrain action is not among them yet
GRANTABLE = ("move", "attack", "charge", "interact", "idle")


class Recorded:
    """Dice that remember what they rolled (decide), or give back what was
    recorded (evolve), so the event holds the faces."""

    def __init__(self, dice=None, faces=()):
        self.dice, self.faces, self.given = dice, list(faces), 0

    def roll(self, count: int, sides: int = 10) -> tuple[int, ...]:
        if self.dice is not None:
            rolled = self.dice.roll(count, sides)
            self.faces += rolled
            return rolled
        rolled = tuple(self.faces[self.given:self.given + count])
        self.given += count
        return rolled


def supported(effects) -> bool:
    """Whether the engine knows every effect: conditions, will tests, wounds
    dealt or restored and hits (hits.py) on 1 model (or on every friendly or
    enemy model the words fit: `count` 0), a modifier on the model's
    own rolls lasting its activation, an action granted to the chosen model
    (WISE WORDS; GRANTABLE, granted.py), coins its player gains (DOWAGER'S
    RESOURCES) and agenda cards it draws (not inside a will test: the cards
    are drawn in events as it is used, secret_events.ability_draws)."""
    for effect in effects:
        if isinstance(effect, WillTest):  # (cards drawn only as the ability is used)
            inside = effect.on_success + effect.on_failure
            if not supported(inside) or any(isinstance(e, DrawAgenda) for e in inside):
                return False
        elif isinstance(effect, ModifyRoll | ModifyValue):
            if not lasting.stored(effect):  # (maximum wounds are not kept: lasting.VALUES)
                return False
        elif isinstance(effect, GrantAction):
            if effect.action not in GRANTABLE or effect.free:
                return False
        elif isinstance(effect, MoveModel):  # a picked model's move waits (granted.py)
            if effect.target.who not in (*CHOOSERS, "chosen") \
                    or sum(isinstance(e, MoveModel | GrantAction) for e in effects) > 1:
                return False
        elif isinstance(effect, GainCoins | ScoreVP | DrawAgenda):  # its player's: no target
            continue
        elif not isinstance(effect, ApplyCondition | RemoveCondition | DealWounds | DealHits
                            | RestoreWounds):
            return False
        if effect.target.who not in (*CHOOSERS, "chosen", "self", "trigger_model"):
            return False
        if effect.target.count != 1 and not many(effect):
            return False
    # the models picked are picked once: every effect picking asks the same count
    return len({e.target.count for e in effects if getattr(e, "target", None) is not None
                and e.target.who in CHOOSERS and e.target.count}) <= 1


def many(effect) -> bool:
    """Several friendly or enemy models (`count` 2 or more, picked; 0, every such
    model): a token, wounds, hits, wounds back or a lasting change for each (not
    a will test nor a grant: one at a time)."""
    return effect.target.who in CHOOSERS and effect.target.count != 1 \
        and not isinstance(effect, WillTest | GrantAction)


def chooser(effects):
    """The effect whose target the player picks ("1 enemy model in short range",
    or `count` of them); later "chosen" effects mean the model(s) picked."""
    return next((e for e in effects
                 if getattr(e, "target", None) is not None and e.target.who in CHOOSERS
                 and e.target.count), None)


def pick_params(targets: list[str], picker) -> dict:
    """The params picking `targets`' models: `target` (one model), or `targets`
    (each set of `count` of them; all of them when there are no more)."""
    if picker.target.count == 1 or not targets:
        return {"target" if picker.target.count == 1 else "targets": targets}
    size = min(picker.target.count, len(targets))
    return {"targets": [list(c) for c in itertools.combinations(targets, size)]}


def picked(args: dict):
    """The model (or models: a list) an ability's command picked, or None."""
    return args.get("target") or args.get("targets")


def fits(state: State, field, model, other, target, pack) -> bool:
    """Whether `other` is a model `model`'s ability may aim at with `target`
    (its who, within, types and state)."""
    if not other.on_battlefield or other.uid == model.uid:
        return False
    if (other.seat == model.seat) != (target.who == "friendly"):
        return False
    if target.types and pack.models[other.card].type not in target.types:
        return False
    mine, theirs = list(model.squares), list(other.squares)
    if target.within == "short_range" and not within_short_range(mine, theirs):
        return False
    if target.within == "contact" and not field.in_contact(mine, theirs):
        return False
    if target.within == "los" and not equipment_uses.sees_all(pack, model):
        blockers = [sq for m in state.models
                    if m.on_battlefield and m.uid not in (model.uid, other.uid)
                    for sq in m.squares]
        if not field.sees(mine, theirs, blockers):
            return False
    return all(_in_state(state, field, other, word) for word in target.state)


def _in_state(state: State, field, model, word: str) -> bool:
    checks = {"engaged": lambda: is_engaged(state, field, model.uid),
              "unengaged": lambda: not is_engaged(state, field, model.uid),
              "shaken": lambda: Condition.SHAKEN in model.conditions,
              "routed": lambda: Condition.ROUTED in model.conditions,
              "activated": lambda: model.activated,
              "not_activated": lambda: not model.activated}
    return checks[word]()


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
    if ability.timing == "activation":
        return state.fresh and not ability.ap
    return ability.timing == "command"


def specs(state: State, pack, field, uid: str) -> list[CommandSpec]:
    model = state.model(uid)
    found = []
    for name in pack.models[model.card].abilities:
        ability = pack.abilities[name]
        if (not _offered_now(state, ability, model) or ap_cost(state, ability) > model.ap
                or not once_per.available(state, uid, ability)
                or not requirements.met(state, pack, field, uid, ability.requires)
                or not supported(ability.effects)
                or not coins.affordable(state.purses[model.seat], ability.cost)):
            continue
        picker = chooser(ability.effects)
        if picker is None:
            found.append(CommandSpec("ability", label=name, args={"ability": name}))
            continue
        targets = [o.uid for o in state.models
                   if fits(state, field, model, o, picker.target, pack)]
        if targets:
            found.append(CommandSpec("ability", label=name, args={"ability": name},
                                     params=pick_params(targets, picker)))
    return found


def event(state: State, pack, args: dict, dice) -> Event:
    """Resolve once to roll the will dice; the event keeps them for evolve."""
    recorded = Recorded(dice)
    resolve(state, pack, state.active_model, args["ability"], picked(args), recorded)
    return Event("ability_used", {"model": state.active_model, "target": picked(args),
                                  "ability": args["ability"], "will_faces": recorded.faces})


def used(state: State, pack, d: dict) -> State:
    return resolve(state, pack, d["model"], d["ability"], d["target"],
                   Recorded(faces=d["will_faces"]))


def resolve(state: State, pack, uid: str, name: str, target: str | None, dice) -> State:
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


def apply_effects(state: State, pack, uid: str, chosen: str | None, effects, dice,
                  trigger_model: str | None = None) -> State:
    """Each effect on the model it names: "self" `uid`, "trigger_model" the
    trigger's model when given (else `chosen`), any other the picked `chosen`."""
    for effect in effects:
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
        who = uid if effect.target.who == "self" else chosen
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
        elif isinstance(effect, GrantAction):  # granted.py: its player moves it or not
            state = replace(state, granted=(who, effect.action))
        elif isinstance(effect, MoveModel):  # a picked model's move, to a square asked next
            state = replace(state, granted=(who, "move", effect.squares, effect.direction,
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
            state = apply_effects(state, pack, uid, chosen,
                                  effect.on_success if passed else effect.on_failure, dice,
                                  trigger_model)
    return state


def will_abilities_wait(state: State, pack, uid: str) -> State:
    """The model's will abilities that "passing a will test" allows, each waiting
    for its player (will_abilities.py)."""
    model = state.model(uid)
    waiting = []
    for name in pack.models[model.card].abilities:
        ability = pack.abilities[name]
        if ability.timing == "will" and ability.requires == ["will_test_passed"] \
                and supported(ability.effects) \
                and not any(isinstance(e, WillTest | DealHits) for e in ability.effects) \
                and once_per.available(state, uid, ability) \
                and coins.affordable(state.purses[model.seat], ability.cost):
            waiting.append((model.seat, uid, name))
    return replace(state, will_triggers=state.will_triggers + tuple(waiting))
