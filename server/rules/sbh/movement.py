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

from server.rules.board.hex import Hex, distance, edge_key, hex_at, line, neighbours, offset_line
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


@cache
def _ray_plan(length: int):
    """For each ray: its destination offset, the index of the longest shorter ray
    whose line is a prefix of this one (-1 if none), the steps after that
    prefix, and the prefix's last offset. Checking rays in order then reuses
    every prefix's result (the hot path of prompt generation)."""
    rays = _rays(length)
    index = {steps: i for i, (_, steps) in enumerate(rays)}
    plan = []
    for dest, steps in rays:
        base, cut = -1, 0
        for k in range(len(steps) - 1, 0, -1):
            found = index.get(steps[:k])
            if found is not None:
                base, cut = found, k
                break
        plan.append((dest, base, steps[cut:], steps[cut - 1] if cut else (0, 0)))
    return tuple(plan)


def move_destinations(state: SbhState, fig: Figure, actions: int) -> dict[Hex, int]:
    """Legal destinations of one move action and what each costs (1 or 2).

    A destination is legal when every hex of its line before the end can be
    passed (enterable, no enemy, no friend in a cramped hex, no contact with a
    new active enemy) and the end hex is enterable and empty. Keys are plain
    (q, r, s) tuples, equal to the corresponding `Hex`."""
    board = state.board
    enterable, slowing, occupied, flying, blocked = _obstacles(state, fig)
    edges = board.edges
    full = fig.move_category
    q0, r0 = fig.pos[0], fig.pos[1]
    s0 = -q0 - r0
    plan = _ray_plan(RANGE[full])
    through = [False] * len(plan)
    slowed = [False] * len(plan)
    out: dict = {}
    for i, (dest, base, rest, prev_off) in enumerate(plan):
        if base >= 0:
            if not through[base]:
                continue
            slow = slowed[base]
        else:
            slow = False
        prev = (q0 + prev_off[0], r0 + prev_off[1], s0 - prev_off[0] - prev_off[1])
        ok = True
        h = prev
        for j, (sq, sr) in enumerate(rest):
            h = (q0 + sq, r0 + sr, s0 - sq - sr)
            if not flying:
                if h not in enterable:
                    ok = False
                    break
                if edges and edge_key(prev, h) in edges:
                    if board.blocks_move(prev, h, fig.rules):
                        ok = False
                        break
                    slow = True
                if h in slowing:
                    slow = True
                if j < len(rest) - 1 and h in blocked:
                    ok = False
                    break
            prev = h
        if not ok:
            continue
        slowed[i] = slow
        through[i] = flying or h not in blocked
        if h in occupied:
            continue
        cost = _cost(full, slow, max(abs(dest[0]), abs(dest[1]), abs(dest[0] + dest[1])),
                     actions)
        if cost is not None:
            out[h] = cost
    return out


def _obstacles(state: SbhState, fig: Figure):
    """What a move of `fig` must respect: (hexes it may enter, hexes that slow
    it, occupancy, whether it flies, hexes it may not pass through: contact
    with a new active enemy, enemies, friends in cramped hexes)."""
    board = state.board
    enterable, slowing = board.movement_sets(fig.rules)
    occupied = state.occupancy()
    flying = fig.has("Flying")
    blocked = set() if flying else stoppers(state, fig)
    if not flying:
        blocked.update(h for h, f in occupied.items()
                       if f.seat != fig.seat or board.cramped(h))
    return enterable, slowing, occupied, flying, blocked


def _cost(full: str, slow: bool, length: int, actions: int) -> int | None:
    """Actions a line of `length` hexes costs (None if out of reach): slowed
    lines drop one move category, and a Short mover pays two actions."""
    if not slow:
        return 1
    reduced = MOVE_DOWNGRADE[full]
    reach = RANGE["short"] if reduced == "short2" else RANGE[reduced]
    cost = 2 if reduced == "short2" else 1
    return cost if length <= reach and (cost == 1 or actions >= 2) else None


def move_cost(state: SbhState, fig: Figure, to, actions: int) -> int | None:
    """What one move action to `to` costs (1 or 2), or None if it is not a
    legal destination: the same test as `move_destinations`, for one line only
    (checking a command should not cost as much as listing every option)."""
    if fig.pos is None or to is None or to == fig.pos:
        return None
    dq, dr = to[0] - fig.pos[0], to[1] - fig.pos[1]
    full = fig.move_category
    if max(abs(dq), abs(dr), abs(dq + dr)) > RANGE[full]:
        return None
    board = state.board
    enterable, slowing, occupied, flying, blocked = _obstacles(state, fig)
    q0, r0 = fig.pos[0], fig.pos[1]
    s0 = -q0 - r0
    path = [(q0 + q, r0 + r, s0 - q - r) for q, r, _ in offset_line(dq, dr, 1)]
    slow = False
    for j in range(1, len(path)):
        prev, h = path[j - 1], path[j]
        if not flying:
            if h not in enterable:
                return None
            if board.edges and edge_key(prev, h) in board.edges:
                if board.blocks_move(prev, h, fig.rules):
                    return None
                slow = True
            if h in slowing:
                slow = True
            if j < len(path) - 1 and h in blocked:
                return None
    if to in occupied:
        return None
    return _cost(full, slow, len(path) - 1, actions)


def step_destinations(state: SbhState, fig: Figure) -> list[Hex]:
    """Seed 000, MINIMUM MOVEMENT: THE STEP: one base, whatever the terrain."""
    occupied = state.occupancy()
    return [h for h in neighbours(fig.pos)
            if h not in occupied and state.board.passable(h, fig.rules)
            and not state.board.blocks_move(fig.pos, h, fig.rules)]


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
