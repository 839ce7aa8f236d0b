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
Only triggers whose effects are all `score_vp` are offered (asoiaf.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from server.rules.asoiaf.cards.vocabulary import ScoreVP
from server.rules.asoiaf.state import State

MOTIVATIONS = "seed 004, MOTIVATIONS CARDS"


def card_of(model_card, motivations: Mapping):
    """A hero's motivation card (both versions of a mounted hero share it)."""
    if model_card.type != "hero":
        return None
    return motivations.get(model_card.character)


def _scores_only(ability) -> bool:
    return bool(ability.effects) and all(isinstance(e, ScoreVP) for e in ability.effects)


def _affordable(state: State, seat: str, ability) -> bool:
    c = ability.cost
    return state.purses[seat].covers(gold=c.gold, silver=c.silver, copper=c.copper)


def after_removal(state: State, attacker_uid: str, target_uid: str, removal: str,
                  cards: Mapping, motivations: Mapping) -> State:
    """The triggers an attack that removed its target meets: the attacker's Alive
    side on "kills_enemy" / "captures_enemy", then the target's Deceased side
    on "killed" ("Right before a hero would be killed, flip")."""
    attacker, target = state.model(attacker_uid), state.model(target_uid)
    target_type = cards[target.card].type
    waiting = list(state.pending)
    alive = card_of(cards[attacker.card], motivations)
    # a captured hero cannot fulfil its motivation; the attacker is on the table here
    if alive and attacker.uid not in state.deceased:
        trigger = "kills_enemy" if removal == "killed" else "captures_enemy"
        for ability in alive.alive:
            if ability.trigger == trigger and _scores_only(ability) \
                    and (not ability.trigger_types or target_type in ability.trigger_types) \
                    and _affordable(state, attacker.seat, ability):
                waiting.append((attacker.seat, attacker.uid, ability.name))
    state = replace(state, pending=tuple(waiting))
    return deceased_side(state, target_uid, cards, motivations) if removal == "killed" else state


def deceased_side(state: State, uid: str, cards: Mapping, motivations: Mapping) -> State:
    """A hero killed in an attack (its target, or a model its step 9 kills: an
    attacker an aftermath left with no wounds) flips to its Deceased side and
    offers its "killed" triggers."""
    model = state.model(uid)
    dead = card_of(cards[model.card], motivations)
    if not dead or uid in state.deceased:
        return state
    waiting = [(model.seat, uid, a.name) for a in dead.deceased
               if a.trigger == "killed" and _scores_only(a) and _affordable(state, model.seat, a)]
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
                       if a.trigger == "interacts_plunder" and _scores_only(a)
                       and _affordable(state, seat, a))
    return replace(state, pending=tuple(waiting))


def ability_of(state: State, uid: str, name: str, cards: Mapping, motivations: Mapping):
    card = card_of(cards[state.model(uid).card], motivations)
    side = card.deceased if uid in state.deceased else card.alive
    return next(a for a in side if a.name == name)


def resolve(state: State, use: bool, cards: Mapping, motivations: Mapping) -> State:
    """The first waiting trigger, used (its coins spent, its VP scored) or
    declined; a trigger no longer affordable when its turn comes scores nothing."""
    seat, uid, name = state.pending[0]
    state = replace(state, pending=state.pending[1:])
    ability = ability_of(state, uid, name, cards, motivations)
    if not use or not _affordable(state, seat, ability):
        return state
    c = ability.cost
    purse = state.purses[seat].spend(gold=c.gold, silver=c.silver, copper=c.copper)
    vp = sum(e.vp for e in ability.effects)
    return replace(state, purses={**state.purses, seat: purse},
                   vp={**state.vp, seat: state.vp[seat] + vp})
