"""The commands offered to the seat whose turn it is during the activations
(seed 004, THE GAME ROUND, ACTIVATING A MODEL): activate, place a late model or
pass; then the active model's actions (move, objective action, plunder, attack,
charge, charge terrain, command abilities, interacting with a door,
the idle action), an agenda's play at the beginning
of its activation and the free action it owes. Rule module: reads state.py,
never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    agenda_plays,
    attack_sequence,
    charge,
    charge_terrain,
    command_abilities,
    corpse_pile,
    equipment_uses,
    interact_terrain,
    mounts,
    movement,
    movement_abilities,
    objective_actions,
    objectives,
    placement,
    plunder,
    rounds,
)
from server.rules.asoiaf.battlefield import Battlefield
from server.rules.asoiaf.state import State
from server.rules.asoiaf.targets import attack_targets
from server.rules.kernel import CommandSpec


def between_activations(state: State, field: Battlefield, seat: str) -> list[CommandSpec]:
    options = []
    if state.unactivated(seat):
        options.append(CommandSpec("activate", params={
            "model": [m.uid for m in state.unactivated(seat)]}))
    for waiting in state.waiting_to_place(seat):  # seed 004: "during the 1st round"
        free = [list(sq) for sq in placement.spots(state, field, seat, waiting.uid)]
        if free:
            options.append(CommandSpec("place", args={"model": waiting.uid},
                                       params={"square": free}))
    if rounds.can_pass(state, seat):
        options.append(CommandSpec("pass"))
    return options


def active_model(state: State, pack, field: Battlefield) -> list[CommandSpec]:
    """The active model's actions; while an agenda's free action is owed, only
    that action (when it is still possible)."""
    uid = state.active_model
    model = state.model(uid)
    options = [CommandSpec("end_activation")]
    if model.ap >= movement.MOVE_AP:
        options += movement_abilities.move_specs(state, pack, field, uid)
    for x, y in objective_actions.usable(state, field, uid, pack):
        params, _ = objective_actions.pick_params(state, field, uid, (x, y), pack)
        options.append(CommandSpec("use_objective", label=objectives.card_at(state, (x, y)),
                                   args={"square": [x, y]}, params=params))
    if mounts.may_dismount(state, pack, uid):  # seed 004, MOUNTED CHARACTERS
        options.append(CommandSpec("dismount", args={"model": uid},
                                   params={"square": mounts.squares(model)}))
    tokens = plunder.within_reach(state, field, uid) if model.ap >= plunder.INTERACT_AP else []
    if tokens:  # seed 004, PLUNDER TOKENS
        options.append(CommandSpec("interact", label="plunder",
                                   params={"square": [list(sq) for sq in tokens]}))
    # INTERACT: doors within reach (open, close, break down a barred door)
    options += interact_terrain.door_specs(state, pack.terrains, field, uid)
    options += corpse_pile.specs(state, pack, field, uid)  # SO MANY DEAD 0
    for index, mode in enumerate(pack.models[model.card].attacks):
        targets = attack_targets(state, field, uid, mode.kind,
                                 equipment_uses.sees_all(pack, model))
        if targets:
            options += attack_sequence.attack_specs(state, pack, field, uid, index, targets)
    options += charge.specs(state, pack, field, uid)
    options += charge_terrain.specs(state, pack.terrains, field, uid)
    options += command_abilities.specs(state, pack, field, uid)
    options += interact_terrain.idle_spec(state, uid)  # IDLE ACTION 1
    # HEALING BALM: "when this model activates ... as a free action"
    options += equipment_uses.activation_specs(state, pack, uid, mounts.free_action_ap(state))
    if state.free_action:  # an agenda's free action: "immediately performs"
        return [o for o in options if o.type == state.free_action] or options
    possible = {o.type: True for o in options}
    type_ = pack.models[model.card].type
    options.extend(CommandSpec("play_agenda", label=name, args={"agenda": name})
                   for name in agenda_plays.playable(state, model.seat, pack.agendas,
                                                     type_, possible))
    return options
