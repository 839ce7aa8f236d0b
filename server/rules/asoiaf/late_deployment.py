"""Models that did not fit in their deployment zone (seed 004, PLAYING THE GAME):
"If there isn't enough space left in their deployment zone before the beginning
of the 1st round, the leftover models must be placed during the 1st round. As
its activation, a model that was not deployed can be placed anywhere inside the
player's deployment zone during the 1st round. Placing a model this way requires
spending 1 [copper], just like a regular activation, and the model is activated
for this round. If a model is not on the battlefield before the 1st round's end
phase, it is killed." Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf.rounds import ACTIVATION_COPPER
from server.rules.asoiaf.state import State, replace

PLACING = "seed 004, PLAYING THE GAME (placing during the 1st round)"


def place(state: State, uid: str, square: tuple[int, int]) -> State:
    """The placing is the whole activation (our reading, asoiaf.md): the copper is
    spent, the model stands activated, and the turn passes."""
    model = state.model(uid)
    purse = state.purses[model.seat].spend(copper=ACTIVATION_COPPER)
    state = state.with_model(replace(model, square=tuple(square), activated=True, ap=0))
    return replace(state, purses={**state.purses, model.seat: purse}, passed="",
                   active_model="")


def kill_unplaced(state: State) -> State:
    """Before the 1st round's end phase, every model still off the battlefield
    (and never removed) is killed."""
    if state.round != 1:
        return state
    models = tuple(replace(m, removed="killed") if m.square is None and not m.removed else m
                   for m in state.models)
    return replace(state, models=models)
