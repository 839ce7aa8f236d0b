"""Who an attack mode may target (seed 004, ATTACK MODES): close combat "can
only be used against an engaged enemy" (in contact); ranged: the attacker "must
be unengaged and have line of sight to their target", other models blocking
sight. A large model's four squares all count. Rule module: reads state.py,
never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import movement
from server.rules.asoiaf.battlefield import Battlefield
from server.rules.asoiaf.state import State


def attack_targets(state: State, field: Battlefield, uid: str, kind: str,
                   sees_all: bool = False) -> list[str]:
    """`sees_all`: the model "has LoS to all other models" (GLASS CANDLE)."""
    model = state.model(uid)
    enemies = [m for m in state.models if m.seat != model.seat and m.on_battlefield]
    others = [sq for m in state.models if m.on_battlefield for sq in m.squares]
    here = model.squares
    if kind == "close":
        return [e.uid for e in enemies if field.in_contact(here, e.squares)]
    if movement.is_engaged(state, field, uid):
        return []
    if sees_all:
        return [e.uid for e in enemies]
    return [e.uid for e in enemies
            if field.sees(here, e.squares, [sq for sq in others if sq not in here + e.squares])]
