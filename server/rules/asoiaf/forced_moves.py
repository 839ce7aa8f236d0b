"""Compulsory moves an ability forces on a model (seed 004, COMMON GAME TERMS:
AWAY: "An enemy model forced to move away must end this compulsory move as far
away as possible from the model who initiated the away action. If for any
reason there aren't any OPEN squares available, the model is not moved";
TOWARDS: "Towards moves are compulsory. A model required to move towards
another model must travel the shortest distance to end in contact with the
model that initiated the towards movement").

The squares a move of up to `squares` may end on (the MOVE ACTION's rules,
movement.move_squares) and the model's own square are measured from the
initiator (the fewest king's steps between the two models' squares, a large
model's four counted): "away" keeps those farthest, "towards" those nearest
(in contact first). Where several tie, the player of the ability picks (our
reading: the book does not say who chooses among equal squares). The model's
own square among them means it may stay (nowhere better to go). Rule module:
reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf.movement import move_squares
from server.rules.asoiaf.state import State
from server.rules.board.square import Square, distance, footprint

FORCED = "seed 004, COMMON GAME TERMS (AWAY, TOWARDS)"


def squares(state: State, field, uid: str, initiator: str, reach: int,
            direction: str) -> list[list[int]]:
    """The squares model `uid` may end its `direction` move on ([] when it or
    the initiator is off the table)."""
    mover, source = state.model(uid), state.model(initiator)
    if not mover.on_battlefield or not source.on_battlefield or uid == initiator:
        return []
    here = [list(mover.square)]
    options = move_squares(state, field, uid, reach) + here
    gap = {tuple(sq): _gap(mover.large, Square(*sq), source.squares) for sq in options}
    best = (max if direction == "away" else min)(gap.values())
    return [sq for sq in options if gap[tuple(sq)] == best]


def _gap(large: bool, anchor: Square, theirs) -> int:
    mine = footprint(anchor) if large else (anchor,)
    return min(distance(a, b) for a in mine for b in theirs)
