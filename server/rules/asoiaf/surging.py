"""Step 10 of the attack sequence, surging forth (seed 004, ATTACK SEQUENCE: "An
unengaged attacker may surge forth 1 square into a square previously occupied by
the model killed by the current attack action"; LARGE MODEL MOVEMENT). Rule
module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import attack, movement
from server.rules.asoiaf.state import PendingAttack, State, replace
from server.rules.board.square import Square


def surge_squares(state: State, field, pending: PendingAttack) -> list[Square]:
    """Step 10: "An unengaged attacker may surge forth 1 square into a square
    previously occupied by the model killed by the current attack action"; a
    captured model leaves its square as a killed one does, and a mounted model
    whose mount died the squares its infantry model does not stand on (our
    readings). "A large model may reorient after surging forth, if possible": a
    large attacker's options are the top-left squares of its new four."""
    attacker = state.model(pending.attacker)
    if not pending.vacated or attacker.removed:
        return []
    engaged = movement.is_engaged(state, field, pending.attacker)
    if attacker.large:
        return [] if engaged else _large_surge(state, field, attacker, pending.vacated)
    found = (attack.surge_square(state, pending.attacker, square, engaged)
             for square in pending.vacated)
    return [Square(*square) for square in found if square]


def _large_surge(state: State, field, attacker, vacated) -> list[Square]:
    """One of its four squares steps 1 square into a vacated square (as LARGE
    MODEL MOVEMENT: "choose one of the four squares ... move it"), then the model
    reorients onto any four free squares around it it can legally occupy."""
    own = set(attacker.squares)
    others = {sq for m in state.models if m.on_battlefield and m.uid != attacker.uid
              for sq in m.squares}
    board = field.movement
    anchors = set()
    for square in map(lambda sq: Square(*sq), vacated):
        if square in others or not any(square in board.reachable(cell, 1, others)
                                       for cell in own):
            continue
        for dx in (0, -1):
            for dy in (0, -1):
                anchor = Square(square[0] + dx, square[1] + dy)
                if board.can_place_large(anchor, others):
                    anchors.add(anchor)
    return sorted(anchors)


def surged(state: State, d: dict) -> State:
    if d.get("square"):
        model = state.model(state.attack.attacker)
        state = state.with_model(replace(model, square=tuple(d["square"])))
    return replace(state, attack=None)
