"""Actions another model's ability grants (seed 004, ABILITY 0, the WISE WORDS
example): "Robert succeeds his test and may perform 1 [move] immediately. If he
does not, he forfeits this action. Robert may perform this action even if he has
already activated. He does not activate by performing this action."

The grant waits in `State.granted` (uid, action) for the player who controls the
model ("you retain control of your model, choose their move, and roll for their
attacks if necessary"): `granted_move` to one of its move destinations, or
`granted_attack` with one of its attack modes (targets and improvements as an
attack's, its coins paid as usual; the attack sequence then runs with that
model as the attacker), `granted_charge` (a charge's options: its move and its
attack, no AP), `granted_charge_terrain` (a door it sees: CHARGE TERRAIN
ACTION, its surge asked of its player), `granted_interact` (a plunder token it
can reach: LIST OF ACTIONS, INTERACT) or `granted_idle` (IDLE ACTION: "The
model simply does nothing"), spending no AP; or `forfeit_action`. The actions
granted are command_abilities.GRANTABLE; several wait one after the other
(grant_queue.py). A grant made during an attack (an aftermath)
waits until the attack is over: the granted action is the next thing done, as
"immediately" as the attack sequence allows (our reading). Rule module: reads
state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    attack_sequence,
    charge,
    charge_terrain,
    forced_moves,
    grant_queue,
    movement,
    plunder,
    terrain_entry,
)
from server.rules.asoiaf.state import MOST_AP, State, replace
from server.rules.asoiaf.targets import attack_targets
from server.rules.kernel import CommandSpec, Decision, Event

GRANTED = "seed 004, ABILITY 0 (WISE WORDS)"


def decision(state: State, pack, field) -> Decision:
    if len(state.granted) > 2:  # an ability's move of a picked model
        return _picked_move(state, field)
    uid, action = state.granted
    model = state.model(uid)
    options: list[CommandSpec] = []
    if not model.on_battlefield:
        pass  # (killed since the grant: it can only forfeit)
    elif action == "attack":
        options = attack_specs(state, pack, field, uid)
    elif action == "charge":
        able = state.with_model(replace(model, ap=MOST_AP))  # (the AP are not spent)
        options = [replace(spec, type="granted_charge")
                   for spec in charge.specs(able, pack, field, uid)]
    elif action == "charge_terrain":  # a door it sees (charge_terrain.py), no AP
        able = state.with_model(replace(model, ap=MOST_AP))
        options = [replace(spec, type="granted_charge_terrain")
                   for spec in charge_terrain.specs(able, pack.terrains, field, uid)]
    elif action == "interact":
        tokens = plunder.within_reach(state, field, uid)
        options = [CommandSpec("granted_interact", label="plunder",
                               params={"square": [list(sq) for sq in tokens]})] if tokens else []
    elif action == "idle":
        options = [CommandSpec("granted_idle", args={"model": uid})]
    else:
        reach = movement.move_destinations(state, field, uid)
        options = [CommandSpec("granted_move", args={"model": uid},
                               params={"square": [list(sq) for sq in reach]})] if reach else []
    words = {"attack": "attack", "charge": "charge", "charge_terrain": "charge a door",
             "interact": "interact with a plunder token",
             "idle": "stand its ground (idle)"}.get(action, "move")
    return Decision(model.seat, f"{model.card} may {words} now, or forfeit the action.",
                    (*options, CommandSpec("forfeit_action")))


def _picked_move(state: State, field) -> Decision:
    """An ability's `move_model` of the model its player picked (State.granted:
    uid, "move", squares, direction, the ability's model): "free", its player
    moves it up to `squares` by the MOVE ACTION's rules or not; AWAY / TOWARDS
    the ability's model, compulsory, the ability's player picking among the
    squares that tie (forced_moves.py), the model not moved when none is left."""
    uid, _, squares, direction, initiator = state.granted
    model = state.model(uid)
    if not model.on_battlefield:
        reach = []
    elif direction == "free":
        reach = movement.move_squares(state, field, uid, squares)
    else:
        reach = forced_moves.squares(state, field, uid, initiator, squares, direction)
    options = [CommandSpec("granted_move", args={"model": uid}, params={"square": reach})] \
        if reach else []
    if direction == "free":
        return Decision(model.seat, f"{model.card} may move up to {squares} squares, or "
                        "stay.", (*options, CommandSpec("forfeit_action")))
    seat = state.model(initiator).seat
    return Decision(seat, f"{model.card} must move {direction} from "
                    f"{state.model(initiator).card}: choose the square.",
                    tuple(options) or (CommandSpec("forfeit_action"),))


def attack_specs(state: State, pack, field, uid: str) -> list[CommandSpec]:
    """The granted attack's options: each attack mode against its targets, its
    AP not counted (the action is given, not paid: seed 004, "He does not
    activate by performing this action")."""
    model = state.model(uid)
    if not model.on_battlefield:
        return []
    able = state.with_model(replace(model, ap=MOST_AP))  # (the AP are not spent)
    found = []
    for index, mode in enumerate(pack.models[model.card].attacks):
        targets = attack_targets(able, field, uid, mode.kind)
        if targets:
            found += attack_sequence.attack_specs(able, pack, field, uid, index, targets,
                                                  "granted_attack")
    return found


def event(state: State, pack, field, args: dict, dice, idle: bool = False) -> Event:
    """A granted move, a granted idle action (`idle`) or a forfeited action (the
    square is then None); the move's terrain on entry as a move action's
    (terrain_entry.py)."""
    uid = state.granted[0]
    if "square" not in args:
        return Event("granted_move", {"model": uid, "square": None,
                                      **({"idle": True} if idle else {})})
    budget, stops = movement.move_limits(state, field, uid)
    if len(state.granted) > 2:  # an ability's move: up to its squares
        budget = state.granted[2]
    return Event("granted_move", {"model": uid, "square": list(args["square"]),
                                  **terrain_entry.event_data(state, pack, field, uid,
                                                             args["square"], budget, stops,
                                                             dice)})


def moved(state: State, pack, field, d: dict) -> State:
    """The model stands on the square chosen (no AP spent, not activated),
    unless a terrain on its way stopped it."""
    state = grant_queue.done(state)
    if d["square"] is None:
        return state
    model = state.model(d["model"])
    state = state.with_model(replace(model, square=tuple(d["square"])))
    return terrain_entry.replayed(state, pack, field, d["model"], d)
