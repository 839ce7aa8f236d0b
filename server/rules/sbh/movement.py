"""Movement on the hex board (seed 000, MOVEMENT and following sections).

A move action is a straight line: the hex line from the figure to the
destination (server.rules.board.hex.line), at most the figure's move length
(Short 4, Medium 7, Long 13 hexes). Through difficult ground or across a
linear obstacle the length drops one category; a Short mover then needs two
actions. A step (one hex) is always possible. Friends may be passed through
(not in cramped places) but not ended on; enemies may not be passed; moving
into contact with an active enemy stops the move there.
"""

from __future__ import annotations

from functools import cache

from server.rules.board.hex import Hex, distance, edge_key, hex_at, line, neighbours
from server.rules.sbh.figures import Figure
from server.rules.sbh.state import SbhState
from server.rules.sbh.terrain import MOVE_DOWNGRADE, RANGE

ORIGIN = hex_at(0, 0)


@cache
def _rays(length: int) -> tuple[tuple[tuple[int, int], tuple[tuple[int, int], ...]], ...]:
    """Every destination offset within `length` with the offsets of its line
    (start excluded), nearest first. Lines are translation-invariant, so one
    table serves every figure."""
    rays = []
    for q in range(-length, length + 1):
        for r in range(max(-length, -q - length), min(length, -q + length) + 1):
            target = hex_at(q, r)
            if target == ORIGIN:
                continue
            steps = tuple((h[0], h[1]) for h in line(ORIGIN, target)[1:])
            rays.append(((q, r), steps))
    rays.sort(key=lambda ray: (len(ray[1]), ray[0]))
    return tuple(rays)


def enemies_in_contact(state: SbhState, fig: Figure, at: Hex | None = None,
                       *, active_only: bool = False) -> list[Figure]:
    at = fig.pos if at is None else at
    if at is None:
        return []
    near = set(neighbours(at))
    return [e for e in state.figures.values()
            if e.seat != fig.seat and e.on_table and e.pos in near
            and (not active_only or e.active)]


def stoppers(state: SbhState, fig: Figure) -> set[Hex]:
    """Hexes where a moving figure must stop: adjacent to an enemy that is not
    fallen or transfixed (seed 000, MOVING THROUGH FRIENDS), other than those
    it is already in contact with."""
    start_contacts = {e.id for e in enemies_in_contact(state, fig)}
    hexes: set[Hex] = set()
    for e in state.figures.values():
        if e.seat != fig.seat and e.active and e.id not in start_contacts:
            hexes.update(neighbours(e.pos))
    return hexes


def move_destinations(state: SbhState, fig: Figure, actions: int) -> dict[Hex, int]:
    """Legal destinations of one move action and what each costs (1 or 2)."""
    board = state.board
    enterable, slowing = board.movement_sets(fig.rules)
    occupied = state.occupancy()
    stop = stoppers(state, fig)
    edges = board.edges
    full = fig.move_category
    flying = fig.has("Flying")
    cramped_friends = {h for h, f in occupied.items()
                       if f.seat == fig.seat and board.cramped(h)}
    enemies = {h for h, f in occupied.items() if f.seat != fig.seat}
    reduced = MOVE_DOWNGRADE[full]
    reduced_reach = RANGE["short"] if reduced == "short2" else RANGE[reduced]
    out: dict[Hex, int] = {}
    q0, r0 = fig.pos[0], fig.pos[1]
    s0 = -q0 - r0
    for (dq, dr), steps in _rays(RANGE[full]):
        dest = (q0 + dq, r0 + dr, s0 - dq - dr)
        if dest in occupied or dest not in enterable:
            continue
        slowed = False
        prev = fig.pos
        last = len(steps) - 1
        for index, (sq, sr) in enumerate(steps):
            h = (q0 + sq, r0 + sr, s0 - sq - sr)
            if not flying:
                if h not in enterable or h in enemies or h in cramped_friends:
                    break
                if h in slowing or (edges and edge_key(prev, h) in edges):
                    slowed = True
                if h in stop and index < last:
                    break  # contact with an enemy stops the move here
            prev = h
        else:
            if not slowed:
                out[hex_at(dest[0], dest[1])] = 1
            elif len(steps) <= reduced_reach and (reduced != "short2" or actions >= 2):
                out[hex_at(dest[0], dest[1])] = 2 if reduced == "short2" else 1
    return out


def step_destinations(state: SbhState, fig: Figure) -> list[Hex]:
    """Seed 000, MINIMUM MOVEMENT: THE STEP: one base, whatever the terrain."""
    occupied = state.occupancy()
    return [h for h in neighbours(fig.pos)
            if h not in occupied and state.board.passable(h, fig.rules)
            and state.board.edge(fig.pos, h) != "tall_wall"]


def free_move_allowed(state: SbhState, fig: Figure) -> bool:
    """Seed 000, FREE MOVES: no active enemy within 2 x Long."""
    reach = 2 * RANGE["long"]
    return all(distance(e.pos, fig.pos) > reach for e in state.figures.values()
               if e.seat != fig.seat and e.active)


def can_move(fig: Figure) -> bool:
    """Transfixed figures cannot move; Slow figures move once a turn."""
    if fig.transfixed or fig.fallen or fig.greedy:
        return False
    return not (fig.has("Slow") and fig.moves >= 1)
