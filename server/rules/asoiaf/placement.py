"""Where a model may be placed (seed 004, PLAYING THE GAME): in deployment and
during the 1st round, inside its player's zone; a large model on four free
squares ("A large model occupies a larger square of 4 mutually adjacent
squares"; "Large models can't be placed over walls"). Rule module: reads
state.py, never imports system.py."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from server.rules.asoiaf.battlefield import Battlefield
from server.rules.asoiaf.setup import deployment_queue
from server.rules.asoiaf.state import State
from server.rules.board.square import Square, footprint


def spots(state: State, field: Battlefield, seat: str, uid: str) -> list[Square]:
    """A free standable square of the zone, or for a large model the top-left
    of four free squares of the zone it can occupy."""
    return sorted(_spots(state, field, seat, uid))


def fits(state: State, field: Battlefield, seat: str, uid: str) -> bool:
    """Whether `spots` has any: the first found, not all of them sorted."""
    return next(_spots(state, field, seat, uid), None) is not None


def _spots(state: State, field: Battlefield, seat: str, uid: str) -> Iterator[Square]:
    taken = {sq for m in state.models if m.on_battlefield for sq in m.squares}
    free = field.standable_deployment(state.zones[seat]) - taken
    if not state.model(uid).large:
        return iter(free)
    return (sq for sq in free if all(c in free for c in footprint(sq))
            and field.movement.can_place_large(sq, taken))


def next_to_deploy(state: State, field: Battlefield, seat: str,
                   types: Mapping[str, str]) -> str:
    """The next model in the book's order (heroes, champions, soldiers) that fits
    in the zone; "" if none. A large model that does not fit waits for the 1st
    round and the next in the order is placed (our reading, asoiaf.md)."""
    return next((uid for uid in deployment_queue(state, seat, types)
                 if fits(state, field, seat, uid)), "")
