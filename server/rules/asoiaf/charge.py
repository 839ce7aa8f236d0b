"""The charge action (seed 004, CHARGE ACTION): "A charge combines a [move 1]
and an ATTACK 1 action, in that order. To declare a charge, a model must be
unengaged and have LoS to its target model. The charging model must perform 1
[move] action towards its target and, if they become engaged with the target,
1 ATTACK 1 action against this target using a [close combat] attack mode"."""

from __future__ import annotations

from dataclasses import replace

from server.rules.asoiaf import movement
from server.rules.asoiaf.attack_sequence import attack_specs
from server.rules.asoiaf.state import State
from server.rules.asoiaf.targets import attack_targets
from server.rules.board.square import Square

CHARGE = "seed 004, CHARGE ACTION"
CHARGE_MOVE_AP = movement.MOVE_AP


def _distance(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def targets(state: State, field, uid: str) -> list[str]:
    """Enemies the model may charge: it is unengaged and sees them (other models
    block sight, as for a ranged attack; a large model's four squares all count)."""
    return attack_targets(state, field, uid, "ranged")


def squares(state: State, field, uid: str, target_uid: str) -> list[Square]:
    """The move's possible ends: a move action's destinations that end nearer
    the target than the model started ("towards its target", our reading:
    counted in squares, diagonals as 1)."""
    start = state.model(uid).square
    goal = state.model(target_uid).square
    return [sq for sq in movement.move_destinations(state, field, uid)
            if _distance(sq, goal) < _distance(start, goal)]


def reaches(state: State, field, uid: str, target_uid: str) -> bool:
    """"if they become engaged with the target": in contact with it after the move."""
    model, target = state.model(uid), state.model(target_uid)
    return field.in_contact(model.squares, target.squares)


def moved(state: State, uid: str, square, ap: int, purse) -> State:
    """The charge's move: the model on its new square, the whole charge's AP and
    coins paid now ("Spend all required coins" comes before resolving, step 4)."""
    model = state.model(uid)
    state = state.with_model(replace(model, square=tuple(square), ap=model.ap - ap))
    return replace(state, purses={**state.purses, model.seat: purse})


def specs(state: State, pack, field, uid: str) -> list:
    """The charge commands: one a close combat attack mode and target, with the
    squares the move may end on and the improvements the attacker can afford
    ("They declare whether they spend coins ... for the move action and the
    attack action", step 3)."""
    found = []
    modes = pack.models[state.model(uid).card].attacks
    for target in targets(state, field, uid):
        ends = [list(sq) for sq in squares(state, field, uid, target)]
        if not ends:
            continue
        for index, mode in enumerate(modes):
            if mode.kind != "close":
                continue
            for spec in attack_specs(state, pack, field, uid, index, [target], "charge",
                                     CHARGE_MOVE_AP):
                found.append(replace(spec, params={**spec.params, "square": ends}))
    return found
