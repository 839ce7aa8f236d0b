"""Motivations used or declined (seed 004, MOTIVATIONS CARDS: "When all
conditions to score motivations are met and the [coin] is spent, the player
scores VP! ... VP gained through motivations are scored immediately"). Which
triggers wait, and the hero's card sides, are motivation_triggers.py's; this
module resolves the first one waiting in `State.pending`, offered to its player
as use or decline. Rule module: reads state.py, never imports system.py.

Triggers are offered whose effects are `score_vp`, `gain_coins`,
`draw_agenda` (the cards drawn in events only its player sees), `remove_condition`
/ `apply_condition` on every friendly or enemy model within reach of the squares
the hero stood on (on a Deceased side `deal_wounds` / `deal_hits` too), on the
hero itself (Alive side) or on the model that killed it (Deceased side, with
`deal_wounds` / `deal_hits` to it), `restore_wounds` of the
hero and its own "free" move (Alive side, `params.square`), a `will_test` and
lasting `modify_*` (lasting.py) of that same model; on the Alive side tokens,
lasting changes, moves and granted actions for friendly or enemy models its
player picks (one pick per target words, picks.py: `target` / `targets`,
`pick_1` ...; a move or grant waits its turn, grant_queue.py); `State.fallen`
remembers those squares and that model. A hero killed
other than in an attack (left off the battlefield after the 1st round) flips too:
it stood nowhere and nobody killed it."""

from __future__ import annotations

from collections.abc import Mapping

from server.rules.asoiaf import (
    command_abilities,
    conditions,
    equipment,
    grant_queue,
    hits,
    lasting,
    model_triggers,
    motivation_shapes,
    objectives,
    picks,
    secret_events,
    terrain_entry,
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
    RestoreWounds,
    ScoreVP,
    WillTest,
)
from server.rules.asoiaf.motivation_shapes import picked as _picked
from server.rules.asoiaf.motivation_triggers import ability_of, affordable, draws, fallen, killer
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import Condition, State, replace
from server.rules.board.square import Square, within_short_range
from server.rules.kernel import Event

MOTIVATIONS = "seed 004, MOTIVATIONS CARDS"


def squares(state: State, pack, field) -> list[list[int]] | None:
    """Where the waiting motivation's "he may move" takes the hero (None when
    it moves nobody): the MOVE ACTION's rules (model_triggers.squares)."""
    _, uid, name = state.pending[0]
    ability = ability_of(state, uid, name, pack.models, pack.motivations)
    return model_triggers.squares(state, field, uid, ability)


def pick_params(state: State, pack, field) -> dict:
    """The picks of the waiting motivation around the hero on its Alive side
    (picks.py's params: `target` / `targets` for one, `pick_1` ... for several),
    each the models its words fit; a pick nobody fits is left out (its effects
    then touch no one), as is every pick of a hero no longer on the table."""
    _, uid, name = state.pending[0]
    ability = ability_of(state, uid, name, pack.models, pack.motivations)
    found = motivation_shapes.pickers(ability)
    hero = state.model(uid)
    if not found or not hero.on_battlefield:
        return {}
    fitting = picks.candidates(state, pack, field, hero, found)
    return {k: v for k, v in picks.params(fitting, found).items() if v}


def _chosen(ability, given: dict):
    """What its player picked, as apply_effects reads it, from a command's args
    or its event: the model (or models) of one pick, `picks.Picks` for several
    (None where a pick had nobody to pick)."""
    found = motivation_shapes.pickers(ability)
    if len(found) <= 1:
        return given.get("target") or given.get("targets")
    names = picks.names(found)
    values = given.get("picks") or [given.get(n) for n in names]
    return picks.Picks(found, values)


def _recorded(ability, given: dict) -> dict:
    """What the event keeps of the picks: `target` (one pick), `picks` (several)."""
    chosen = _chosen(ability, given)
    if isinstance(chosen, picks.Picks):
        return {"picks": chosen.values}
    return {"target": chosen} if chosen else {}


def events(state: State, use: bool, cards: Mapping, motivations: Mapping, pack=None,
           dice=None, square=None, given: dict | None = None) -> list[Event]:
    """A motivation used or declined (the defence dice its hits roll kept in
    the event: `faces`); the agenda cards a used one draws go in events only
    its seat sees (as Maester's Ravens')."""
    seat, uid, name = state.pending[0]
    data = {"hero": uid, "ability": name}
    if use and square:  # where "he may move" took him
        data["square"] = square
    ability = ability_of(state, uid, name, cards, motivations)
    if use:  # the models its player picked
        data.update(_recorded(ability, given or {}))
    if use and any(isinstance(e, DealHits | WillTest | MoveModel) for e in ability.effects):
        recorded = Recorded(dice)  # (its move's terrain dice too)
        resolve(state, use, cards, motivations, pack, recorded, square, given)
        data["faces"] = recorded.faces
    found = [Event("motivation_" + ("used" if use else "declined"), data)]
    if use and affordable(state, seat, ability):
        found += secret_events.drawn(state, seat, draws(ability))
    return found


def resolve(state: State, use: bool, cards: Mapping, motivations: Mapping,
            pack=None, dice=None, square=None, given: dict | None = None) -> State:
    """The first waiting trigger, used (its coins spent, its effects applied) or
    declined; a trigger no longer affordable when its turn comes does nothing.
    `given`: the command's args or the event's data (its picks)."""
    seat, uid, name = state.pending[0]
    state = replace(state, pending=state.pending[1:])
    ability = ability_of(state, uid, name, cards, motivations)
    if not use or not affordable(state, seat, ability):
        return state
    c = ability.cost
    purse = state.purses[seat].spend(gold=c.gold, silver=c.silver, copper=c.copper)
    state = replace(state, purses={**state.purses, seat: purse})
    chosen = _chosen(ability, given or {})
    for effect in ability.effects:
        if _picked(effect, ability.trigger):  # the models its player picked, if any
            state = _on_picked(state, pack, uid, effect, chosen, dice)
        elif isinstance(effect, ScoreVP):
            state = replace(state, vp={**state.vp, seat: state.vp[seat] + effect.vp})
        elif isinstance(effect, DealWounds | DealHits):
            aimed = [killer(state, uid)] if effect.target.who == "trigger_model" \
                else _around(state, uid, effect.target)
            for hit in aimed:
                state = _wound(state, pack, uid, hit, effect, dice)
        elif isinstance(effect, GainCoins):
            purse = state.purses[seat]
            state = replace(state, purses={**state.purses, seat: replace(
                purse, **{effect.coin: getattr(purse, effect.coin) + effect.amount})})
        elif isinstance(effect, RestoreWounds):
            hero = state.model(uid)
            most = lasting.most_wounds(state, pack, hero) if pack else cards[hero.card].wounds
            state = state.with_model(replace(hero, wounds_left=min(
                most, hero.wounds_left + effect.wounds)))
        elif isinstance(effect, DrawAgenda):
            continue  # drawn in the events that follow (system.py)
        elif isinstance(effect, GrantAction) and ability.trigger == "killed":
            for friend in _around(state, uid, effect.target):  # each in turn
                state = grant_queue.give(state, (friend, effect.action))
        elif isinstance(effect, GrantAction):  # the hero, still on the table
            if state.model(uid).on_battlefield:
                state = grant_queue.give(state, (uid, effect.action))
        elif isinstance(effect, MoveModel):  # nowhere to go: he stays
            if square:
                state = terrain_entry.moved_by_ability(state, pack, uid, square,
                                                       effect.squares, dice)
                state = objectives.reveal_under(state, state.model(uid).squares)
        elif isinstance(effect, ModifyRoll | ModifyValue | WillTest):  # hero or killer
            aim = uid if effect.target.who == "self" else killer(state, uid)
            if aim and state.model(aim).on_battlefield:
                state = command_abilities.apply_effects(state, pack, uid, aim, [effect], dice,
                                                        aim)
        elif effect.target.who in ("self", "trigger_model"):
            state = _condition_on_one(state, uid, effect, pack)
        else:
            state = _condition_around(state, uid, effect)
    return state


def _on_picked(state: State, pack, uid: str, effect, chosen, dice) -> State:
    """A picked effect on the models picked for it still on the table (a move or
    a grant waits its turn: grant_queue.py, as a command ability's)."""
    aimed = chosen.aim(effect) if isinstance(chosen, picks.Picks) else chosen
    aimed = [m for m in (aimed if isinstance(aimed, list) else [aimed])
             if m and state.model(m).on_battlefield]
    if aimed:
        state = command_abilities.apply_effects(state, pack, uid, aimed, [effect], dice)
    return state


def _condition_on_one(state: State, uid: str, effect, pack) -> State:
    """A token for the hero itself (Alive side) or the model that killed it."""
    target = uid if effect.target.who == "self" else fallen(state, uid)[1]
    if not target or not state.model(target).on_battlefield:
        return state
    model = state.model(target)
    token = Condition(effect.condition)
    if isinstance(effect, ApplyCondition):
        immune = equipment.immunities(pack, model) if pack else frozenset()
        return state.with_model(conditions.gain(model, token, immune))
    return state.with_model(conditions.lose(model, token))


def _around(state: State, uid: str, target) -> list[str]:
    """Each model of `target`'s side within reach of the squares the hero stood
    on (Jon Arryn's "friendly models in short range"), in table order."""
    hero = state.model(uid)
    squares, _ = fallen(state, uid)
    found = []
    for model in state.models:
        if not model.on_battlefield or model.uid == uid \
                or (model.seat == hero.seat) != (target.who == "friendly"):
            continue
        if target.within == "short_range" and not (
                squares and within_short_range([Square(*sq) for sq in squares],
                                               list(model.squares))):
            continue
        found.append(model.uid)
    return found


def _condition_around(state: State, uid: str, effect) -> State:
    """A token given or taken for each model `_around` the hero."""
    token = Condition(effect.condition)
    for aimed in _around(state, uid, effect.target):
        model = state.model(aimed)
        model = (conditions.gain(model, token) if isinstance(effect, ApplyCondition)
                 else conditions.lose(model, token))
        state = state.with_model(model)
    return state


def _wound(state: State, pack, uid: str, hit: str, effect, dice) -> State:
    """Olenna's "the model that killed her suffers 1 wound" (no defence roll),
    or hits (a defence die each, as in step 5), for model `hit` (hits.wound:
    a mount dies alone, a hero so killed flips in turn; killed by the hero)."""
    if not hit or not state.model(hit).on_battlefield:
        return state
    wounds = getattr(effect, "wounds", 0)
    if isinstance(effect, DealHits):
        count = hits.hit_count(pack, state.model(hit), effect)
        state, wounds = hits.defend(state, pack, hit, count, dice)
    return hits.wound(state, pack, hit, wounds, by=uid if hit != killer(state, uid) else "")
