"""Abilities used at most once a game, a round or an activation (the card
vocabulary's `once_per`; seed 004's words "Once per game", ABILITIES: a card
says how often it may be used, and "If any card contradicts one of the rules
below, the card always takes precedence").

Every place that offers an ability asks `available`; every place that applies
one calls `record`. The uses are kept in `State.limited_uses` (uid, ability,
per): "activation" ones are forgotten when any activation ends or begins, "round" ones
in the end phase, "game" ones never. A limit counts per model (each model's
card is its own: two models with the ability use it once each). Rule module:
reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import coins
from server.rules.asoiaf.state import State, replace

ONCE = "seed 004, ABILITIES (a card's own limit: once per game, round or activation)"


def available(state: State, uid: str, ability) -> bool:
    """Whether model `uid` may still use `ability` (always, without a limit)."""
    per = getattr(ability, "once_per", None)
    return not per or (uid, ability.name, per) not in state.limited_uses


def record(state: State, uid: str, ability) -> State:
    """Remember a use of a limited ability."""
    per = getattr(ability, "once_per", None)
    if not per or (uid, ability.name, per) in state.limited_uses:
        return state
    return replace(state, limited_uses=state.limited_uses + ((uid, ability.name, per),))


def paid(state: State, uid: str, ability) -> State:
    """An ability used: its coins paid from its model's player's purse, then
    the use recorded (`record`)."""
    seat = state.model(uid).seat
    state = replace(state, purses={**state.purses,
                                   seat: coins.pay(state.purses[seat], ability.cost)})
    return record(state, uid, ability)


def forget(state: State, per: str) -> State:
    """The end of an activation ("activation") or of a round ("round", and the
    activation's with it)."""
    ended = {"activation"} if per == "activation" else {"activation", "round"}
    kept = tuple(use for use in state.limited_uses if use[2] not in ended)
    return state if kept == state.limited_uses else replace(state, limited_uses=kept)
