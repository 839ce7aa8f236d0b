"""The move action (seed 004, MOVE ACTION): up to 3 OPEN squares through free
squares or friends, stopping on entering a square that makes the model engaged;
an engaged model moves 1 square. Geometry is battlefield.py's; this module only
reads the state's models onto it. A large model moves by its top-left square
(seed 004, LARGE MODEL MOVEMENT; battlefield geometry in board/square.py)."""

from __future__ import annotations

import dataclasses

from server.rules.asoiaf.battlefield import Battlefield
from server.rules.asoiaf.state import State, replace
from server.rules.board.square import Square, SquareKind, footprint

MOVE = "seed 004, MOVE ACTION"
MOVE_SQUARES = 3      # "can move up to 3 OPEN squares"
ENGAGED_SQUARES = 1   # "If a model is engaged, it can only move 1 square"
MOVE_AP = 1


def _squares(state: State, seat: str, enemies: bool) -> list[Square]:
    return [sq for m in state.models if m.on_battlefield and (m.seat != seat) == enemies
            for sq in m.squares]


def _enemy_footprints(state: State, seat: str) -> list[tuple[Square, ...]]:
    return [m.squares for m in state.models if m.on_battlefield and m.seat != seat]


def is_engaged(state: State, field: Battlefield, uid: str) -> bool:
    """seed 004, ENGAGED: "A model in contact with an enemy model is engaged"."""
    model = state.model(uid)
    if not model.on_battlefield:
        return False
    return field.engaged(model.squares, _enemy_footprints(state, model.seat))


def move_destinations(state: State, field: Battlefield, uid: str, extra: int = 0,
                      ignore_engagement: bool = False) -> list[Square]:
    """Every square the model's move action may end on, its own excluded.
    `extra`: more squares an ability gives (seed 004, +1 SQUARE);
    `ignore_engagement`: enemies do not make it engaged during the move (DARING
    DASH), so it neither starts engaged nor stops on entering contact."""
    model = state.model(uid)
    field = own_field(state, field, uid)
    start = Square(*model.square)
    enemies = _squares(state, model.seat, enemies=True)
    friends = [sq for sq in _squares(state, model.seat, enemies=False)
               if sq not in model.squares]
    budget, stops = move_limits(state, field, uid, extra, ignore_engagement)
    # (a corpse pile is crossed, never stood on: it is BLOCKED again after the turn)
    piles = {sq for holder, i in state.corpse_open if holder == uid
             for sq in field.zones[i].squares}
    if model.large:
        # "Large models are never engaged when they execute a move action": the
        # full 3 squares, no stop on contact; anchors of the four squares reached
        return [sq for sq in field.movement.large_destinations(start, budget, enemies, friends)
                if not piles.intersection(footprint(sq))]
    reach = field.movement.reachable(start, budget, enemies, friends, stops)
    return sorted(sq for sq in reach if sq != start and sq not in piles)


def move_squares(state: State, field, uid: str, squares: int) -> list[list[int]]:
    """Where an ability's "free" move takes model `uid` (an aftermath's, a
    trigger's, a granted move's, forced_moves.py's choices): a move by the MOVE
    ACTION's rules of up to `squares` (engaged or not; none off the table)."""
    mover = state.model(uid)
    if not mover.on_battlefield:
        return []
    usual = ENGAGED_SQUARES if is_engaged(state, field, uid) and not mover.large \
        else MOVE_SQUARES
    return [list(sq) for sq in move_destinations(state, field, uid, squares - usual)]


def own_field(state: State, field: Battlefield, uid: str) -> Battlefield:
    """The battlefield as the model moves on it: a Big Corpse Pile whose will
    test it passed this turn has its BLOCKED squares OPEN (corpse_pile.py)."""
    opened = [field.zones[i].squares for holder, i in state.corpse_open if holder == uid]
    if not opened:
        return field
    kinds = dict(field.kinds)
    for squares in opened:
        kinds.update({sq: SquareKind.OPEN for sq in squares
                      if kinds.get(sq) == SquareKind.BLOCKED})
    return dataclasses.replace(field, kinds=kinds)


def move_limits(state: State, field: Battlefield, uid: str, extra: int = 0,
                ignore_engagement: bool = False) -> tuple[int, set[Square]]:
    """The move's squares and the squares that end it (terrain_entry.py walks the
    same way): 3 (1 engaged) plus `extra`; squares in contact with an enemy stop
    a model ("If at any point during its move a model enters a square that makes
    it engaged, it immediately stops"; a friend's square is passed, never
    stopped on), except a large model ("never engaged when they execute a move
    action") or one ignoring engagement."""
    model = state.model(uid)
    if model.large:
        return MOVE_SQUARES + extra, set()
    engaged = not ignore_engagement and is_engaged(state, field, uid)
    budget = (ENGAGED_SQUARES if engaged else MOVE_SQUARES) + extra
    if ignore_engagement:
        return budget, set()
    friends = [sq for sq in _squares(state, model.seat, enemies=False)
               if sq not in model.squares]
    enemies = _squares(state, model.seat, enemies=True)
    return budget, _contact_squares(field, enemies) - set(friends)


def _contact_squares(field: Battlefield, enemies: list[Square]) -> set[Square]:
    """The squares a model standing on would be in contact with an enemy (seed 004,
    CONTACT: adjacent, so only the enemies' neighbours need asking)."""
    return {sq for enemy in enemies for sq in field.contact_neighbours(enemy)}


def move(state: State, uid: str, to: Square) -> State:
    """Put the model on `to` and take the move's AP (the caller checked `to`)."""
    model = state.model(uid)
    return state.with_model(replace(model, square=(to[0], to[1]), ap=model.ap - MOVE_AP))
