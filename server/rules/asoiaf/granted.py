"""Actions another model's ability grants (seed 004, ABILITY 0, the WISE WORDS
example): "Robert succeeds his test and may perform 1 [move] immediately. If he
does not, he forfeits this action. Robert may perform this action even if he has
already activated. He does not activate by performing this action."

The grant waits in `State.granted` (uid, action) for the player who controls the
model ("you retain control of your model, choose their move"): `granted_move`
to one of its move destinations, spending no AP, or `forfeit_action`. Only a
granted move is offered (command_abilities.supported). Rule module: reads
state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import movement
from server.rules.asoiaf.state import State, replace
from server.rules.kernel import CommandSpec, Decision, Event

GRANTED = "seed 004, ABILITY 0 (WISE WORDS)"


def decision(state: State, field) -> Decision:
    uid, _ = state.granted
    model = state.model(uid)
    reach = movement.move_destinations(state, field, uid) if model.on_battlefield else []
    options = [CommandSpec("granted_move", args={"model": uid},
                           params={"square": [list(sq) for sq in reach]})] if reach else []
    return Decision(model.seat, f"{model.card} may move now, or forfeit the move.",
                    (*options, CommandSpec("forfeit_action")))


def event(state: State, args: dict) -> Event:
    square = list(args["square"]) if "square" in args else None
    return Event("granted_move", {"model": state.granted[0], "square": square})


def moved(state: State, d: dict) -> State:
    """The model stands on the square chosen (no AP spent, not activated)."""
    state = replace(state, granted=())
    if d["square"] is None:
        return state
    model = state.model(d["model"])
    return state.with_model(replace(model, square=tuple(d["square"])))
