"""The game round (seed 004, THE GAME ROUND and ACTIVATING A MODEL): whose turn
it is, copper spent to activate, passing, a player out of copper or models, and
the end phase. Pure functions from State to State; system.py turns them into
events."""

from __future__ import annotations

from collections.abc import Callable

from server.rules.asoiaf import conditions, lasting, once_per
from server.rules.asoiaf.state import STARTING_AP, Condition, Phase, State, other, replace

ROUND = "seed 004, THE GAME ROUND"
ACTIVATING = "seed 004, ACTIVATING A MODEL"
ACTIVATION_COPPER = 1  # "To activate a model, the player must spend [1 copper]"
PASS_COPPER = 2        # "The player spends 2 [copper] and thus passes"


# Whether a seat has a free square to place a late model on (the battlefield's
# business: system.py passes it in; late_deployment.py)
Room = Callable[[State, str], bool]


def no_room(state: State, seat: str) -> bool:
    return False


def can_activate(state: State, seat: str, room: Room = no_room) -> bool:
    """"They must do this if they have any models left that haven't been
    activated this round, and if they have [copper] available"; in the 1st
    round placing a model that did not fit is an activation too, if there is room."""
    left = bool(state.unactivated(seat)) or (bool(state.waiting_to_place(seat))
                                             and room(state, seat))
    return left and state.purses[seat].copper >= ACTIVATION_COPPER


def can_pass(state: State, seat: str) -> bool:
    """"If a player has less models left to activate than their opponent, they
    can choose to pass" for 2 copper; right after a pass the opponent "can't
    pass at this moment"."""
    return (state.passed != other(seat)
            and state.purses[seat].copper >= PASS_COPPER
            and state.left_to_activate(seat) < state.left_to_activate(other(seat)))


def activate(state: State, uid: str) -> State:
    """Spend the copper and give the model its 2 AP (1 fewer when routed)."""
    model = state.model(uid)
    purse = state.purses[model.seat].spend(copper=ACTIVATION_COPPER)
    ap = conditions.activation_ap(model, STARTING_AP)
    state = state.with_model(replace(model, activated=True).with_ap(ap))
    return replace(state, purses={**state.purses, model.seat: purse},
                   active_model=uid, passed="",
                   began_routed=Condition.ROUTED in model.conditions,
                   corpse_tried=(), corpse_open=())  # (a killed model's last turn's)


def pass_turn(state: State, seat: str) -> State:
    purse = state.purses[seat].spend(copper=PASS_COPPER)
    state = replace(state, purses={**state.purses, seat: purse}, passed=seat)
    return replace(state, to_act=other(seat))


def next_turn(state: State, room: Room = no_room) -> State:
    """After an activation: the opponent's turn if they can activate; else the
    same player goes on ("Their opponent can activate all models left ... one
    after another"); if neither can, the round is over (to_act "")."""
    done = state.to_act
    state = replace(state, active_model="")
    for seat in (other(done), done):
        if can_activate(state, seat, room):
            return replace(state, to_act=seat)
    return replace(state, to_act="")


def most_copper(state: State) -> str:
    """The seat holding the most copper, "" on a tie ("The player holding the
    most [copper] scores 1 VP": a tie has no player holding the most)."""
    a, b = (state.purses[seat].copper for seat in ("a", "b"))
    return "" if a == b else ("a" if a > b else "b")


def end_phase(state: State, vp_gained: dict[str, int]) -> State:
    """Score the VP the end phase gives, then end the game after the last round,
    or return the copper spent, pass the 1st player token and begin a new round."""
    vp = {seat: state.vp[seat] + vp_gained.get(seat, 0) for seat in state.vp}
    state = replace(state, vp=vp)
    if state.round >= state.rounds:
        return replace(state, phase=Phase.OVER, to_act="")
    models = tuple(replace(m, activated=False, ap=0) for m in state.models)
    purses = {seat: replace(p, copper=state.starting_copper[seat])
              for seat, p in state.purses.items()}
    token = other(state.first_player)
    state = lasting.forget(once_per.forget(state, "round"), "round")
    return replace(state, models=models, purses=purses,
                   first_player=token, to_act=token, round=state.round + 1, passed="",
                   active_model="", end_phase_begun=False)
