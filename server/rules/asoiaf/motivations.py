"""Motivations (seed 004, MOTIVATIONS CARDS): each hero's card, its Alive side
and its Deceased side, and the "may spend" triggers that score VP at once.
The cards are data (data/packs/core/motivations.toml). Rule module: reads
state.py, never imports system.py.

"At the beginning of the game, motivation cards are used on their "Alive" side
and can only score on that side. Right before a hero would be killed, flip their
motivation card to the "Deceased" side. This side is used immediately and allows
the controlling player to score VP even if the hero was removed from play."
"When all conditions to score motivations are met and the [coin] is spent, the
player scores VP! ... VP gained through motivations are scored immediately."
Robert's: "When he kills an enemy champion, he may spend 1 [gold] to score 1 VP."

After an attack removes a model (attack_sequence.remove, step 9), the triggers
it meets wait in `State.pending`
(seat, hero uid, ability name), each offered to its player as use or decline.
Triggers are offered whose effects are `score_vp`, `gain_coins`,
`draw_agenda` (the cards drawn in events only its player sees), `remove_condition`
/ `apply_condition` on every friendly or enemy model within reach of the squares
the hero stood on, on the hero itself (Alive side) or on the model that killed it
(Deceased side, with `deal_wounds` / `deal_hits` to it), `restore_wounds` of the
hero and its own "free" move (Alive side, `params.square`), a `will_test` and
lasting `modify_*` (lasting.py) of that same model; `State.fallen` remembers
those squares and that model. A hero killed
other than in an attack (left off the battlefield after the 1st round) flips too:
it stood nowhere and nobody killed it."""

from __future__ import annotations

from collections.abc import Mapping

from server.rules.asoiaf import (
    command_abilities,
    conditions,
    equipment,
    hits,
    lasting,
    objectives,
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
    RemoveCondition,
    RestoreWounds,
    ScoreVP,
    WillTest,
)
from server.rules.asoiaf.state import Condition, State, replace
from server.rules.board.square import Square, within_short_range
from server.rules.kernel import Event

MOTIVATIONS = "seed 004, MOTIVATIONS CARDS"


def card_of(model_card, motivations: Mapping):
    """A hero's motivation card (both versions of a mounted hero share it)."""
    if model_card.type != "hero":
        return None
    return motivations.get(model_card.character)


def _offered(ability) -> bool:
    """Whether the engine knows every effect of the trigger (the module's list),
    with at most one model its player picks."""
    return bool(ability.effects) and all(_known(e, ability.trigger) for e in ability.effects) \
        and sum(_picked(e, ability.trigger) for e in ability.effects) <= 1


def _picked(effect, trigger) -> bool:
    """A token or a lasting change for 1 friendly or enemy model its player picks
    around the hero on its Alive side (`params.target`: `targets`)."""
    t = getattr(effect, "target", None)
    return trigger != "killed" and t is not None and t.who in ("friendly", "enemy") \
        and t.count == 1 and isinstance(effect, ApplyCondition | RemoveCondition
                                        | ModifyRoll | ModifyValue)


def _known(effect, trigger) -> bool:
    """Effects of a motivation: VP, coins and agenda cards for its player; the
    model that killed the hero ("trigger_model", on a Deceased side: wounds or a
    token); the hero itself on its Alive side (wounds back, a token); a token for
    every friendly or enemy model around the hero."""
    if isinstance(effect, ScoreVP | GainCoins | DrawAgenda):
        return True
    mine = "trigger_model" if trigger == "killed" else "self"
    if isinstance(effect, DealWounds | DealHits):
        return effect.target.who == "trigger_model" and trigger == "killed"
    if isinstance(effect, RestoreWounds):
        return effect.target.who == "self" and trigger != "killed"
    if isinstance(effect, ModifyRoll | ModifyValue):  # lasting.py
        return (effect.target.who == mine or _picked(effect, trigger)) \
            and lasting.stored(effect)
    if isinstance(effect, GrantAction):  # "he may perform 1 [action]": granted.py
        return trigger != "killed" and effect.target.who == "self" and not effect.free \
            and effect.action in command_abilities.GRANTABLE
    if isinstance(effect, MoveModel):  # "he may move": the hero, on his Alive side
        return trigger != "killed" and effect.target.who == "self" \
            and effect.direction == "free"
    if isinstance(effect, WillTest):  # the hero (Alive) or its killer (Deceased) tested
        return effect.target.who == mine and all(
            isinstance(e, ScoreVP | GainCoins)
            or (not isinstance(e, WillTest | DrawAgenda) and _known(e, trigger)
                and e.target.who == mine)
            for e in effect.on_success + effect.on_failure)
    if isinstance(effect, RemoveCondition | ApplyCondition):
        t = effect.target
        if t.who == mine or _picked(effect, trigger):
            return True
        return t.who in ("friendly", "enemy") and t.count == 0 and not t.types \
            and not t.state and t.within in ("short_range", "anywhere")
    return False


def draws(ability) -> int:
    """The agenda cards the motivation draws (its player's, hidden: system.py
    sends them in events only that seat sees)."""
    return sum(e.cards for e in ability.effects if isinstance(e, DrawAgenda))


def _affordable(state: State, seat: str, ability) -> bool:
    c = ability.cost
    return state.purses[seat].covers(gold=c.gold, silver=c.silver, copper=c.copper)


def after_removal(state: State, attacker_uid: str, target_uid: str, removal: str,
                  cards: Mapping, motivations: Mapping, squares=()) -> State:
    """The triggers an attack that removed its target meets: the attacker's Alive
    side on "kills_enemy" / "captures_enemy", then the target's Deceased side
    on "killed" ("Right before a hero would be killed, flip")."""
    state = alive_triggers(state, attacker_uid, target_uid, removal, cards, motivations)
    if removal != "killed":
        return state
    return deceased_side(state, target_uid, cards, motivations, squares, attacker_uid)


def alive_triggers(state: State, attacker_uid: str, target_uid: str, removal: str,
                   cards: Mapping, motivations: Mapping) -> State:
    """The Alive side's "kills_enemy" / "captures_enemy" triggers of the model
    that removed `target_uid` (by an attack, or an ability's wounds: hits.py)."""
    attacker, target = state.model(attacker_uid), state.model(target_uid)
    target_type = cards[target.card].type
    waiting = list(state.pending)
    alive = card_of(cards[attacker.card], motivations)
    # a captured hero cannot fulfil its motivation, nor a killed one (Deceased side)
    if alive and attacker.uid not in state.deceased and not attacker.removed:
        trigger = "kills_enemy" if removal == "killed" else "captures_enemy"
        for ability in alive.alive:
            if ability.trigger == trigger and _offered(ability) \
                    and (not ability.trigger_types or target_type in ability.trigger_types) \
                    and _affordable(state, attacker.seat, ability):
                waiting.append((attacker.seat, attacker.uid, ability.name))
    return replace(state, pending=tuple(waiting))


def deceased_side(state: State, uid: str, cards: Mapping, motivations: Mapping,
                  squares=(), killer: str = "") -> State:
    """A hero killed (in an attack: its target, or a model its step 9 kills, an
    attacker an aftermath left with no wounds; or left off the battlefield)
    flips to its Deceased side and offers its "killed" triggers. `squares` are
    those it stood on, `killer` the model that killed it ("" for none)."""
    model = state.model(uid)
    dead = card_of(cards[model.card], motivations)
    if not dead or uid in state.deceased:
        return state
    fallen = (uid, tuple(tuple(sq) for sq in squares), killer)
    state = replace(state, fallen=state.fallen + (fallen,))
    waiting = [(model.seat, uid, a.name) for a in dead.deceased
               if a.trigger == "killed" and _offered(a) and _affordable(state, model.seat, a)]
    return replace(state, deceased=state.deceased | {uid}, pending=state.pending + tuple(waiting))


def after_plunder(state: State, seat: str, cards: Mapping, motivations: Mapping) -> State:
    """Alive-side "interacts_plunder" triggers ("When a friendly model interacts
    with a plunder token"): of the seat's heroes on the battlefield (a captured
    hero "cannot fulfill their motivation"; a killed one is on its Deceased side)."""
    waiting = list(state.pending)
    for hero in state.models_of(seat):
        card = card_of(cards[hero.card], motivations)
        if not card or not hero.on_battlefield or hero.uid in state.deceased:
            continue
        waiting.extend((seat, hero.uid, a.name) for a in card.alive
                       if a.trigger == "interacts_plunder" and _offered(a)
                       and _affordable(state, seat, a))
    return replace(state, pending=tuple(waiting))


def ability_of(state: State, uid: str, name: str, cards: Mapping, motivations: Mapping):
    card = card_of(cards[state.model(uid).card], motivations)
    side = card.deceased if uid in state.deceased else card.alive
    return next(a for a in side if a.name == name)


def squares(state: State, pack, field) -> list[list[int]] | None:
    """Where the waiting motivation's "he may move" takes the hero (None when
    it moves nobody): the MOVE ACTION's rules (model_triggers.squares)."""
    from server.rules.asoiaf import model_triggers  # (it reads the triggers' rules)

    _, uid, name = state.pending[0]
    ability = ability_of(state, uid, name, pack.models, pack.motivations)
    return model_triggers.squares(state, field, uid, ability)


def targets(state: State, pack, field) -> list[str] | None:
    """The models the waiting motivation may pick around the hero on its Alive
    side (None when it picks none): those its target words fit."""
    _, uid, name = state.pending[0]
    ability = ability_of(state, uid, name, pack.models, pack.motivations)
    picker = next((e for e in ability.effects if _picked(e, ability.trigger)), None)
    hero = state.model(uid)
    if picker is None or not hero.on_battlefield:
        return None
    return [o.uid for o in state.models
            if command_abilities.fits(state, field, hero, o, picker.target, pack)]


def events(state: State, use: bool, cards: Mapping, motivations: Mapping, pack=None,
           dice=None, square=None, target: str | None = None) -> list[Event]:
    """A motivation used or declined (the defence dice its hits roll kept in
    the event: `faces`); the agenda cards a used one draws go in events only
    its seat sees (as Maester's Ravens')."""
    seat, uid, name = state.pending[0]
    data = {"hero": uid, "ability": name}
    if use and square:  # where "he may move" took him
        data["square"] = square
    if use and target:  # the model its player picked
        data["target"] = target
    ability = ability_of(state, uid, name, cards, motivations)
    if use and any(isinstance(e, DealHits | WillTest | MoveModel) for e in ability.effects):
        recorded = command_abilities.Recorded(dice)  # (its move's terrain dice too)
        resolve(state, use, cards, motivations, pack, recorded, square, target)
        data["faces"] = recorded.faces
    found = [Event("motivation_" + ("used" if use else "declined"), data)]
    if use and _affordable(state, seat, ability):
        from server.rules.asoiaf import secret_events  # (it imports the rules it hides)

        found += secret_events.drawn(state, seat, draws(ability))
    return found


def resolve(state: State, use: bool, cards: Mapping, motivations: Mapping,
            pack=None, dice=None, square=None, target: str | None = None) -> State:
    """The first waiting trigger, used (its coins spent, its effects applied) or
    declined; a trigger no longer affordable when its turn comes does nothing."""
    seat, uid, name = state.pending[0]
    state = replace(state, pending=state.pending[1:])
    ability = ability_of(state, uid, name, cards, motivations)
    if not use or not _affordable(state, seat, ability):
        return state
    c = ability.cost
    purse = state.purses[seat].spend(gold=c.gold, silver=c.silver, copper=c.copper)
    state = replace(state, purses={**state.purses, seat: purse})
    for effect in ability.effects:
        if isinstance(effect, ScoreVP):
            state = replace(state, vp={**state.vp, seat: state.vp[seat] + effect.vp})
        elif isinstance(effect, DealWounds):
            state = _wound_killer(state, uid, effect.wounds, pack)
        elif isinstance(effect, DealHits):  # a defence die per hit, as in step 5
            hit = killer(state, uid)
            if hit and state.model(hit).on_battlefield:
                count = hits.hit_count(pack, state.model(hit), effect)
                state, unblocked = hits.defend(state, pack, hit, count, dice)
                state = _wound_killer(state, uid, unblocked, pack)
        elif isinstance(effect, GainCoins):
            purse = state.purses[seat]
            state = replace(state, purses={**state.purses, seat: replace(
                purse, **{effect.coin: getattr(purse, effect.coin) + effect.amount})})
        elif isinstance(effect, RestoreWounds):
            hero = state.model(uid)
            most = cards[hero.card].wounds + (equipment.extra_wounds(pack, hero) if pack else 0)
            state = state.with_model(replace(hero, wounds_left=min(
                most, hero.wounds_left + effect.wounds)))
        elif isinstance(effect, DrawAgenda):
            continue  # drawn in the events that follow (system.py)
        elif isinstance(effect, GrantAction):  # the hero, still on the table
            if state.model(uid).on_battlefield:
                state = replace(state, granted=(uid, effect.action))
        elif isinstance(effect, MoveModel):  # nowhere to go: he stays
            if square:
                state = terrain_entry.moved_by_ability(state, pack, uid, square,
                                                       effect.squares, dice)
                state = objectives.reveal_under(state, state.model(uid).squares)
        elif _picked(effect, ability.trigger):  # the model its player picked, if any
            if target and state.model(target).on_battlefield:
                state = command_abilities.apply_effects(state, pack, uid, target, [effect],
                                                        dice)
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


def _condition_on_one(state: State, uid: str, effect, pack) -> State:
    """A token for the hero itself (Alive side) or the model that killed it."""
    target = uid if effect.target.who == "self" else _fallen(state, uid)[1]
    if not target or not state.model(target).on_battlefield:
        return state
    model = state.model(target)
    token = Condition(effect.condition)
    if isinstance(effect, ApplyCondition):
        immune = equipment.immunities(pack, model) if pack else frozenset()
        return state.with_model(conditions.gain(model, token, immune))
    return state.with_model(conditions.lose(model, token))


def killer(state: State, uid: str) -> str:
    """The model that killed Deceased hero `uid` ("" for none; "" too for an
    Alive side's hero, which has not fallen)."""
    return _fallen(state, uid)[1]


def _fallen(state: State, uid: str):
    """(squares, killer) of a Deceased hero; ((), "") when it never stood anywhere."""
    return next(((squares, killer) for dead, squares, killer in state.fallen if dead == uid),
                ((), ""))


def _condition_around(state: State, uid: str, effect) -> State:
    """Jon Arryn's "friendly models in short range lose their shaken token": each
    model of that side within reach of the squares the hero stood on."""
    hero = state.model(uid)
    squares, _ = _fallen(state, uid)
    target = effect.target
    for model in state.models:
        if not model.on_battlefield or model.uid == uid \
                or (model.seat == hero.seat) != (target.who == "friendly"):
            continue
        if target.within == "short_range" and not (
                squares and within_short_range([Square(*sq) for sq in squares],
                                               list(model.squares))):
            continue
        token = Condition(effect.condition)
        model = (conditions.gain(model, token) if isinstance(effect, ApplyCondition)
                 else conditions.lose(model, token))
        state = state.with_model(model)
    return state


def _wound_killer(state: State, uid: str, wounds: int, pack) -> State:
    """Olenna's "the model that killed her suffers 1 wound": no defence roll
    (hits.wound: a mount dies alone, a hero so killed flips in turn)."""
    hit = killer(state, uid)
    return hits.wound(state, pack, hit, wounds) if hit else state


def flip_killed_off_the_battlefield(before: State, after: State, cards: Mapping,
                                    motivations: Mapping) -> State:
    """The heroes `after` has killed that `before` had not (late_deployment's
    models never placed): their Deceased side, standing nowhere."""
    for model in after.models:
        if model.removed == "killed" and not before.model(model.uid).removed:
            after = deceased_side(after, model.uid, cards, motivations)
    return after
