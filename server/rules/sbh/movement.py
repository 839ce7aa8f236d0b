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

from server.rules.board.hex import Hex, edge_key, neighbours, offset_line
from server.rules.sbh.figures import Figure
from server.rules.sbh.geometry_cache import (
    ray_ending,
    ray_plan,
    rays,
    rays_beyond,
    rays_beyond_neighbours,
    rays_near_terrain,
    rays_off_table,
)
from server.rules.sbh.state import SbhState
from server.rules.sbh.terrain import MOVE_DOWNGRADE, RANGE

_rays = rays  # the ray table, also used by falling.py


def enemies_in_contact(state: SbhState, fig: Figure, at: Hex | None = None,
                       *, active_only: bool = False) -> list[Figure]:
    at = fig.pos if at is None else at
    if at is None:
        return []
    near = set(neighbours(at))
    return [e for e in state.figures.values()
            if e.seat != fig.seat and e.on_table and e.pos in near
            and (not active_only or e.active)]


def move_destinations(state: SbhState, fig: Figure, actions: int) -> dict[Hex, int]:
    """Legal destinations of one move action and what each costs (1 or 2).

    A destination is legal when every hex of its line before the end can be
    passed (enterable, no enemy, no friend in a cramped hex, no contact with a
    new active enemy) and the end hex is enterable and empty. Keys are plain
    (q, r, s) tuples, equal to the corresponding `Hex`, in ray order.

    The terrain test and the figures test are independent: only the rays that
    enter a special hex of the terrain (see geometry_cache) are walked hex by
    hex, in ray order so each reuses its prefix's result; the figures then
    stop every ray that passes one of the blocked hexes or ends on a figure."""
    reach, excluded, doubled = _refused_rays(state, fig, actions)
    q0, r0 = fig.pos[0], fig.pos[1]
    s0 = -q0 - r0
    return {(q0 + dq, r0 + dr, s0 - dq - dr): 2 if i in doubled else 1
            for i, ((dq, dr), _) in enumerate(rays(reach)) if i not in excluded}


def destination_lists(state: SbhState, fig: Figure, actions: int,
                      avoid=()) -> tuple[list[list[int]], list[list[int]]]:
    """`move_destinations` as a prompt lists them: the [q, r] of the hexes
    one move action reaches for one action and for two, in the same order,
    leaving out the hexes in `avoid` (built directly: prompts ask this most)."""
    reach, excluded, doubled = _refused_rays(state, fig, actions)
    q0, r0 = fig.pos[0], fig.pos[1]
    if avoid:
        ending = ray_ending(reach)
        for h in avoid:
            found = ending.get((h[0] - q0, h[1] - r0))
            if found is not None:
                excluded.add(found)
    table = rays(reach)
    one = [[q0 + dq, r0 + dr] for i, ((dq, dr), _) in enumerate(table)
           if i not in excluded and i not in doubled]
    two = [[q0 + table[i][0][0], r0 + table[i][0][1]] for i in sorted(doubled)
           if i not in excluded] if doubled else []
    return one, two


def _refused_rays(state: SbhState, fig: Figure,
                  actions: int) -> tuple[int, set[int], set[int]]:
    """The figure's ray length, the rays that give no destination, and those
    that cost two actions (see `move_destinations`). The figures' part is
    `_figures_refuse`, figure by figure: the rays passing a hex it blocks."""
    board = state.board
    reach = RANGE[fig.move_category]
    q0, r0 = fig.pos[0], fig.pos[1]
    flying = fig.has("Flying")
    if flying:
        excluded: set[int] = set()  # rays that give no destination
        doubled: set[int] = set()  # rays that cost two actions
    else:
        enterable, slowing = board.movement_sets(fig.rules)
        excluded, doubled = _terrain_costs(board, fig, enterable, slowing, actions)
        beyond, around = rays_beyond(reach), rays_beyond_neighbours(reach)
        start_contacts = set(neighbours(fig.pos))
        cramped = board.cramped_hexes()
    ending = ray_ending(reach)
    for e in state.figures.values():  # on the table (`Figure.on_table`, inlined)
        if e.status != "ready" or e.pos is None:
            continue
        offset = (e.pos[0] - q0, e.pos[1] - r0)
        found = ending.get(offset)  # no ending on a figure
        if found is not None:
            excluded.add(found)
        if flying:
            continue
        if e.seat != fig.seat or e.pos in cramped:  # no passing it
            found = beyond.get(offset)
            if found:
                excluded.update(found)
        if (e.seat != fig.seat and not e.fallen and e.transfixed_by is None
                and e.pos not in start_contacts):  # contact with a new active enemy
            found = around.get(offset)
            if found:
                excluded.update(found)
    return reach, excluded, doubled


def _terrain_costs(board, fig: Figure, enterable: frozenset, slowing: frozenset,
                   actions: int) -> tuple[set[int], set[int]]:
    """The rays the terrain refuses from where `fig` stands (a hex it may not
    enter, a wall it may not cross, too slow to reach) and those that cost two
    actions. Only the rays that enter a special hex of the terrain are walked,
    in ray order so each reuses its prefix's result."""
    full = fig.move_category
    reach = RANGE[full]
    q0, r0 = fig.pos[0], fig.pos[1]
    s0 = -q0 - r0
    excluded = rays_off_table(board, q0, r0, reach)  # no need to walk those
    doubled: set[int] = set()
    affected = rays_near_terrain(board, enterable, slowing, q0, r0, reach) - excluded
    if not affected:
        return excluded, doubled
    edges = board.edges
    plan = ray_plan(reach)
    refused, slowed = set(), set()  # ray indices, for the rays that extend them
    for i in sorted(affected):
        dest, base, rest, prev_off = plan[i]
        if base in refused:
            refused.add(i)
            continue
        slow = base in slowed
        prev = (q0 + prev_off[0], r0 + prev_off[1], s0 - prev_off[0] - prev_off[1])
        for sq, sr in rest:
            h = (q0 + sq, r0 + sr, s0 - sq - sr)
            if h not in enterable:
                refused.add(i)
                break
            if edges and edge_key(prev, h) in edges:
                if board.blocks_move(prev, h, fig.rules):
                    refused.add(i)
                    break
                slow = True
            if h in slowing:
                slow = True
            prev = h
        else:
            if slow:
                slowed.add(i)
                cost = _cost(full, True, max(abs(dest[0]), abs(dest[1]), abs(dest[0] + dest[1])),
                             actions)
                if cost is None:
                    excluded.add(i)
                elif cost == 2:
                    doubled.add(i)
    excluded.update(refused)
    return excluded, doubled


def _figures_refuse(state: SbhState, fig: Figure, path: list) -> bool:
    """Whether the figures on the table refuse the line `path` (start first):
    its end is taken, or a hex before the end may not be passed: an enemy, a
    friend in a cramped hex, or a hex next to an active enemy the mover was
    not already touching (seed 000, MOVING THROUGH FRIENDS; moving into
    contact ends a move). A flying mover cares only about the end."""
    to = path[-1]
    between = set(path[1:-1])
    flying = fig.has("Flying")
    cramped = state.board.cramped_hexes()
    start_contacts = set(neighbours(fig.pos))
    for e in state.figures.values():
        if e.status != "ready" or e.pos is None:  # `Figure.on_table`, inlined
            continue
        if e.pos == to:
            return True
        if flying or not between:
            continue
        if (e.seat != fig.seat or e.pos in cramped) and e.pos in between:
            return True
        if (e.seat != fig.seat and not e.fallen and e.transfixed_by is None
                and e.pos not in start_contacts and not between.isdisjoint(neighbours(e.pos))):
            return True
    return False


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
    q0, r0 = fig.pos[0], fig.pos[1]
    s0 = -q0 - r0
    path = [(q0 + q, r0 + r, s0 - q - r) for q, r, _ in offset_line(dq, dr, 1)]
    if _figures_refuse(state, fig, path):
        return None
    slow = False
    if not fig.has("Flying"):
        board = state.board
        enterable, slowing = board.movement_sets(fig.rules)
        for j in range(1, len(path)):
            prev, h = path[j - 1], path[j]
            if h not in enterable:
                return None
            if board.edges and edge_key(prev, h) in board.edges:
                if board.blocks_move(prev, h, fig.rules):
                    return None
                slow = True
            if h in slowing:
                slow = True
    return _cost(full, slow, len(path) - 1, actions)


def step_destinations(state: SbhState, fig: Figure) -> list[Hex]:
    """Seed 000, MINIMUM MOVEMENT: THE STEP: one base, whatever the terrain."""
    occupied = state.occupancy()
    return [h for h in neighbours(fig.pos)
            if h not in occupied and state.board.passable(h, fig.rules)
            and not state.board.blocks_move(fig.pos, h, fig.rules)]


def free_move_allowed(state: SbhState, fig: Figure, threats: list | None = None) -> bool:
    """Seed 000, FREE MOVES: no active enemy within 2 x Long. `threats`: the
    hexes of the active enemies (`active_enemy_hexes`), when asked for several
    figures of one side."""
    reach = 2 * RANGE["long"]
    q, r, s = fig.pos
    for p in (active_enemy_hexes(state, fig.seat) if threats is None else threats):
        if max(abs(p[0] - q), abs(p[1] - r), abs(p[2] - s)) <= reach:  # distance, inlined
            return False
    return True


def active_enemy_hexes(state: SbhState, seat: str) -> list[Hex]:
    """Where the active enemies of `seat` stand (`Figure.active`, inlined)."""
    return [e.pos for e in state.figures.values()
            if e.seat != seat and e.status == "ready" and e.pos is not None and not e.fallen
            and e.transfixed_by is None]


def can_move(fig: Figure) -> bool:
    """Transfixed figures cannot move; Slow figures move once a turn."""
    if fig.transfixed or fig.fallen or fig.greedy:
        return False
    return not (fig.has("Slow") and fig.moves >= 1)
