"""Motivation cards' triggers, waiting (seed 004, MOTIVATIONS CARDS): each
hero's card, its Alive side and its Deceased side, and which of their "may
spend" triggers wait for their player when a hero kills, captures, is killed or
plunders. The cards are data (data/packs/core/motivations.toml).

"At the beginning of the game, motivation cards are used on their "Alive" side
and can only score on that side. Right before a hero would be killed, flip their
motivation card to the "Deceased" side. This side is used immediately and allows
the controlling player to score VP even if the hero was removed from play."
Robert's: "When he kills an enemy champion, he may spend 1 [gold] to score 1 VP."

A trigger met waits in `State.pending` (seat, hero uid, ability name) for its
player, who uses or declines it (motivations.py); `State.fallen` remembers the
squares a Deceased hero stood on and the model that killed it. Queueing
resolves nothing, so whatever kills (an attack's step 9, an ability's wounds:
hits.py) reads this module, and motivations.py, which deals wounds, sits above
it. Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from collections.abc import Mapping

from server.rules.asoiaf.cards.vocabulary import DrawAgenda
from server.rules.asoiaf.motivation_shapes import offered as _offered
from server.rules.asoiaf.state import State, replace


def card_of(model_card, motivations: Mapping):
    """A hero's motivation card (both versions of a mounted hero share it)."""
    if model_card.type != "hero":
        return None
    return motivations.get(model_card.character)


def draws(ability) -> int:
    """The agenda cards the motivation draws (its player's, hidden: system.py
    sends them in events only that seat sees)."""
    return sum(e.cards for e in ability.effects if isinstance(e, DrawAgenda))


def affordable(state: State, seat: str, ability) -> bool:
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
                    and affordable(state, attacker.seat, ability):
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
    fell = (uid, tuple(tuple(sq) for sq in squares), killer)
    state = replace(state, fallen=state.fallen + (fell,))
    waiting = [(model.seat, uid, a.name) for a in dead.deceased
               if a.trigger == "killed" and _offered(a) and affordable(state, model.seat, a)]
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
                       and affordable(state, seat, a))
    return replace(state, pending=tuple(waiting))


def ability_of(state: State, uid: str, name: str, cards: Mapping, motivations: Mapping):
    card = card_of(cards[state.model(uid).card], motivations)
    side = card.deceased if uid in state.deceased else card.alive
    return next(a for a in side if a.name == name)


def killer(state: State, uid: str) -> str:
    """The model that killed Deceased hero `uid` ("" for none; "" too for an
    Alive side's hero, which has not fallen)."""
    return fallen(state, uid)[1]


def fallen(state: State, uid: str):
    """(squares, killer) of a Deceased hero; ((), "") when it never stood anywhere."""
    return next(((squares, killer) for dead, squares, killer in state.fallen if dead == uid),
                ((), ""))


def flip_killed_off_the_battlefield(before: State, after: State, cards: Mapping,
                                    motivations: Mapping) -> State:
    """The heroes `after` has killed that `before` had not (late_deployment's
    models never placed): their Deceased side, standing nowhere."""
    for model in after.models:
        if model.removed == "killed" and not before.model(model.uid).removed:
            after = deceased_side(after, model.uid, cards, motivations)
    return after
