"""Killing and capturing (seed 004, ATTACK SEQUENCE step 9 and CAPTURED
CHAMPIONS AND HEROES): removing a model, the capture token, freeing a captive
when its captor dies, and the end phase's most-captives VP."""

from __future__ import annotations

from server.rules.asoiaf import conditions
from server.rules.asoiaf.state import SEATS, State, other, replace

CAPTURED = "seed 004, CAPTURED CHAMPIONS AND HEROES"


def may_capture(state: State, attacker_uid: str, model_type: str, large: bool,
                kind: str) -> bool:
    """"Champions and heroes that have lost all [wounds] because of a close combat
    attack can either be killed or captured"; "Large models cannot be captured";
    "A model may only have 1 [capture token] at any given moment". A captor
    left with no wounds dies at the end of this action, so it captures nobody
    (our reading)."""
    attacker = state.model(attacker_uid)
    return (kind == "close" and model_type in ("hero", "champion") and not large
            and not attacker.captive and attacker.wounds_left > 0 and not attacker.removed)


def kill(state: State, uid: str) -> State:
    """Remove the model, its tokens discarded; "When a model with [a capture
    token] is killed, before surging forth, place their captured champion or
    hero on the model's square, not activated and with 1 [wound] left"."""
    model = state.model(uid)
    square = model.square
    state = state.with_model(replace(conditions.on_removal(model), wounds_left=0,
                                     square=None, removed="killed", captive=""))
    for chooser, nemesis, vp in state.nemeses:  # seed 004, NEMESIS: "killing a nemesis"
        if nemesis == uid:
            seat = state.model(chooser).seat
            state = replace(state, vp={**state.vp, seat: state.vp[seat] + vp})
    if model.captive:
        freed = state.model(model.captive)
        state = state.with_model(replace(freed, square=square, removed="", wounds_left=1,
                                         activated=False, ap=0))
    return state


def capture(state: State, captor_uid: str, uid: str) -> State:
    """"The captured model remains alive with 1 [wound] left but is removed from
    the battlefield ... Place a [capture token] on the model that captured"."""
    model = state.model(uid)
    # step 9: the tokens "attached to models that are removed from the battlefield
    # are discarded for the rest of the game" — its equipment too: a freed captive
    # comes back without it (asoiaf.md, Audit)
    state = state.with_model(replace(conditions.on_removal(model), wounds_left=1,
                                     square=None, removed="captured", equipment="",
                                     was_captured=True))
    captor = state.model(captor_uid)
    return state.with_model(replace(captor, captive=uid))


def captives_held(state: State, seat: str) -> int:
    """Enemy models the seat's models hold captive now."""
    return sum(1 for m in state.models_of(seat) if m.captive and not m.removed)


def most_captives(state: State) -> str:
    """The seat holding the most captives ("During the end phase, the player with
    the most captured enemy models scores 1 VP"), "" on a tie: none holds the most."""
    a, b = (captives_held(state, seat) for seat in SEATS)
    if a == b:
        return ""
    return SEATS[0] if a > b else other(SEATS[0])
