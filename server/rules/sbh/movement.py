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

from server.rules.board.hex import Hex, distance, hex_at, line, neighbours
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
    occupied = state.occupancy()
    stop = stoppers(state, fig)
    full = fig.move_category
    flying = fig.has("Flying")
    out: dict[Hex, int] = {}
    q0, r0 = fig.pos[0], fig.pos[1]
    for (dq, dr), steps in _rays(RANGE[full]):
        dest = hex_at(q0 + dq, r0 + dr)
        if dest in occupied or not board.passable(dest, fig.rules):
            continue
        slowed = False
        ok = True
        prev = fig.pos
        for index, (sq, sr) in enumerate(steps):
            h = hex_at(q0 + sq, r0 + sr)
            here = occupied.get(h)
            edge = board.edge(prev, h)
            if not flying:
                if not board.passable(h, fig.rules):
                    ok = False
                    break
                if here is not None and here.seat != fig.seat:
                    ok = False
                    break
                if here is not None and board.cramped(h):
                    ok = False
                    break
                if edge is not None:
                    slowed = True
                if board.slows(h, fig.rules):
                    slowed = True
            if h in stop and index < len(steps) - 1 and not flying:
                ok = False  # contact stops the move here
                break
            prev = h
        if not ok:
            continue
        if not slowed:
            out[dest] = 1
            continue
        reduced = MOVE_DOWNGRADE[full]
        if reduced == "short2":
            if actions >= 2 and len(steps) <= RANGE["short"]:
                out[dest] = 2
        elif len(steps) <= RANGE[reduced]:
            out[dest] = 1
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
    if fig.transfixed or fig.fallen:
        return False
    return not (fig.has("Slow") and fig.moves >= 1)
