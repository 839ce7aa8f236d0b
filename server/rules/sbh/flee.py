"""Fleeing after a failed Morale check (seed 000, MORALE and SURROUNDING).

The figure makes 1 or 2 moves by the shortest route off the table at the
nearest edge, staying more than one Short (4 hexes) from every active enemy
other than those it is disengaging from. Routes are measured in hex steps;
"terrain affects fleeing movement as per normal terrain rules" (Slow is
ignored): a step into ground that slows the figure, or across a low wall or
hedge, counts double; nobody walks across a tall wall or a cliff (Clinging
figures climb them, at double cost); friends are passed, not in cramped
hexes. A Flying figure flies over terrain, obstacles and figures (not
indoors) and lands on ground it can stand on (seed 000, FLYING). A fallen
figure with no enemy in contact spends its first move standing up. No route
off the table at all means the figure is destroyed. When several hexes are
equally far along shortest routes, the owner chooses.
"""

from __future__ import annotations

import functools
from array import array

from server.rules.board.hex import Hex, distance, hex_at, neighbours, within
from server.rules.sbh.combat import hex_list
from server.rules.sbh.figures import Figure
from server.rules.sbh.losses import after_loss, kill
from server.rules.sbh.scenario_rules import after_move, route_entering_fewest, routes_matter
from server.rules.sbh.terrain import RANGE, SHORT

INFINITY = 1 << 30


def flee_plan(state, fig: Figure, moves: int, ignore: list[str]) -> tuple[str, list[Hex]]:
    """("off", []) if it leaves the table, ("move", hexes) for the equally good
    end hexes, ("trapped", []) when surrounded.

    The hexes it may enter are those of ground it can walk (a flyer: any),
    not within Short of a danger, and empty or held by a friend (it may pass,
    not stop, there; a flyer passes enemies too; nobody passes anyone in a
    cramped hex); it ends on ground it can stand on.
    Costs from the figure are found by a shortest-path search over hex
    indices (steps cost 1 or 2, so in buckets by cost), stopped once the
    nearest way off the table is known: a hex on a shortest route off has a
    cost below that, so nothing farther matters. The hexes on those routes are
    then found by walking back from the nearest exits. (tests/sbh/test_flee.py
    checks it against the plain search over every hex.)"""
    board = state.board
    width, height = board.width, board.height
    neighbours_of, on_edge = flight_grid(width, height)
    occupied = state.occupancy()
    ground = _ground(board, fig)  # where it may stand (and what a step there costs)
    enter, crossing = _steps(state, fig, ignore)

    start = _index(width, height, fig.pos)
    cost_to = [INFINITY] * (width * height)
    cost_to[start] = 0
    buckets: list[list[int]] = [[start]]
    nearest_exit = INFINITY  # cost to the nearest edge hex
    exits: list[int] = []  # the edge hexes that near
    cost = 0
    while cost < len(buckets) and cost <= nearest_exit:
        for i in buckets[cost]:
            if cost_to[i] != cost:
                continue  # reached more cheaply since
            if on_edge[i]:
                if nearest_exit == INFINITY:
                    nearest_exit = cost
                exits.append(i)
            for n in neighbours_of[i]:
                step = enter[n]
                if step and crossing:
                    step = crossing.get((i, n), step)
                if step and cost + step < cost_to[n]:
                    cost_to[n] = cost + step
                    while len(buckets) <= cost + step:
                        buckets.append([])
                    buckets[cost + step].append(n)
        cost += 1
    if nearest_exit == INFINITY:
        return "trapped", []
    budget = moves * RANGE[fig.move_category]
    if nearest_exit + 1 <= budget:  # (one more step off the table)
        return "off", []
    # The hexes on a shortest route off: back from the nearest exits, over the
    # steps a shortest route takes (the cost to the hex stepped into is the cost
    # to the hex stepped from, plus the step's).
    on_route = set(exits)
    todo = list(exits)
    while todo:
        n = todo.pop()
        reached_at = cost_to[n]
        for i in neighbours_of[n]:
            before = cost_to[i]
            if before >= reached_at or i in on_route:
                continue
            step = enter[n]
            if step and crossing:
                step = crossing.get((i, n), step)
            if step and before + step == reached_at:
                on_route.add(i)
                todo.append(i)
    cells = board.hexes()
    ends = [i for i in on_route if cost_to[i] <= budget
            and (i == start or (ground[i] and cells[i] not in occupied))]
    furthest = max(cost_to[i] for i in ends)
    return "move", sorted(cells[i] for i in ends if cost_to[i] == furthest)


def _steps(state, fig: Figure, ignore: list[str]) -> tuple[bytearray, dict]:
    """The cost of a flight's step into each hex (by index; 0: it may not enter),
    and of the steps across linear obstacles ((from, to) indices)."""
    board = state.board
    width, height = board.width, board.height
    flying = "Flying" in fig.rules
    costs = bytes([1]) * (width * height) if flying else _ground(board, fig)
    crossing = {} if flying else _crossings(board, fig)
    enter = bytearray(costs)
    for d in dangers(state, fig, ignore):
        for i in memoryview(_indices_within(width, height, d, SHORT)).cast("H"):
            enter[i] = 0
    for h, occupant in state.occupancy().items():
        if board.cramped(h) or (occupant.seat != fig.seat and not flying):
            enter[_index(width, height, h)] = 0
    return enter, crossing


def flight_route(state, fig: Figure, ignore: list[str], end: Hex) -> list[Hex] | None:
    """The hexes a flight to `end` steps through (docs/rules/sbh.md, "Flight"):
    a shortest route there, since every hex of a shortest route off the table
    is reached by one; of those, the one entering the fewest terrain features
    (scenario_rules.route_entering_fewest). Only where the route matters."""
    if not routes_matter(state, fig):
        return None
    width, height = state.board.width, state.board.height
    enter, crossing = _steps(state, fig, ignore)

    def step(a: Hex, b: Hex) -> int:
        i, j = _index(width, height, a), _index(width, height, b)
        if i is None or j is None or not enter[j]:
            return 0
        return crossing.get((i, j), enter[j])

    return route_entering_fewest(state, fig.pos, end, step, 2 * RANGE[fig.move_category],
                                 shortest=True)


def dangers(state, fig: Figure, ignore: list[str]) -> list[Hex]:
    """Where the figures a flight keeps more than one Short from stand: the
    active enemies (but those in `ignore`) and, for all but Evil figures,
    their own side's Evil Leaders (seed 001, Evil: "Evil Leaders count as
    enemy models for fleeing hirelings")."""
    found = [e.pos for e in state.figures.values()
             if e.seat != fig.seat and e.active and e.id not in ignore]
    if not fig.has("Evil"):
        found += [f.pos for f in state.on_table(fig.seat)
                  if f.id != fig.id and f.has("Evil") and f.has("Leader") and f.active]
    return found


@functools.cache
def flight_grid(width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], bytes]:
    """For a board of that size (shared by every board that size), by hex
    index (row * width + column, the order of `SbhBoard.hexes`): the indices
    of its neighbours on the table, and whether it is on the table's edge."""
    cells = [hex_at(c - r // 2, r) for r in range(height) for c in range(width)]
    near = tuple(tuple(j for j in (_index(width, height, n) for n in neighbours(h))
                       if j is not None) for h in cells)
    edge = bytes(1 if r in (0, height - 1) or c in (0, width - 1) else 0
                 for r in range(height) for c in range(width))
    return near, edge


@functools.lru_cache(maxsize=4096)
def _indices_within(width: int, height: int, center, reach: int) -> bytes:
    """The indices of the hexes on the table within `reach` of `center`
    (remembered: enemies stand on the same hexes over many flights), as 2-byte
    ints (read through `memoryview(...).cast("H")`): 1/15 of a tuple's memory (a
    full cache was ~9 MiB as tuples), and bytes, unlike an array, are nothing the
    garbage collector walks."""
    return array("H", [i for i in (_index(width, height, h) for h in within(center, reach))
                       if i is not None]).tobytes()


def _index(width: int, height: int, h) -> int | None:
    r = h[1]
    c = h[0] + r // 2
    return r * width + c if 0 <= r < height and 0 <= c < width else None


def _ground(board, fig: Figure) -> bytes:
    """The cost of stepping into each hex for `fig` (2 where the ground slows
    it, 0 where it may not go), by hex index."""
    return _per_movement_rules(board, fig, "_flee_ground", lambda: bytes(
        (2 if board.slows(h, fig.rules) else 1) if board.passable(h, fig.rules) else 0
        for h in board.hexes()))


def _crossings(board, fig: Figure) -> dict[tuple[int, int], int]:
    """(from, to) hex indices -> the cost of a step across the linear obstacle
    between them: 2 (it slows, seed 000, LINEAR OBSTACLES), 0 (a tall wall or
    cliff, unless the figure climbs: board.blocks_move)."""
    if not board.edges:
        return {}

    def compute() -> dict[tuple[int, int], int]:
        found = {}
        for pair in board.edges:
            a, b = tuple(pair)
            i, j = _index(board.width, board.height, a), _index(board.width, board.height, b)
            if i is not None and j is not None:
                found[i, j] = found[j, i] = 0 if board.blocks_move(a, b, fig.rules) else 2
        return found
    return _per_movement_rules(board, fig, "_flee_crossings", compute)


def _per_movement_rules(board, fig: Figure, name: str, compute):
    """`compute()`, remembered on the board (its terrain never changes) under
    `name`, per set of movement rules (shared by every figure of a profile)."""
    cache = board.__dict__.setdefault(name, {})
    key = board.movement_key(fig.rules)
    found = cache.get(key)
    if found is None:
        found = cache[key] = compute()
    return found


def flee(ctx, fig: Figure, failures: int, ignore: list[str]) -> None:
    """Carry out a flight of `failures` moves (the first may be standing up)."""
    s = ctx.state
    stood_up = False
    moves = failures
    if fig.fallen:
        stood_up = True  # seed 000, FALLEN MODELS AND MORALE
        moves -= 1
        if moves == 0:
            ctx.emit("stood_up", figure=fig.id, cost=0, reason="morale")
            return
    kind, options = flee_plan(s, fig, moves, ignore)
    if kind == "trapped" and fig.has("Tough"):
        interceptors = _interceptors(s, fig, ignore)
        if interceptors:
            ctx.push({"kind": "intercept", "seat": interceptors[0].seat, "figure": fig.id,
                      "interceptors": [e.id for e in interceptors], "moves": moves,
                      "stood_up": stood_up, "ignore": list(ignore)})
            return
    _carry_out(ctx, fig, kind, options, stood_up, ignore)


def _carry_out(ctx, fig: Figure, kind: str, options: list[Hex], stood_up: bool,
               ignore: list[str]) -> None:
    if kind == "trapped":
        kill(ctx, fig, gruesome=False, by=None)
        return
    if kind == "off":
        ctx.emit("fled", figure=fig.id, reason="ran off the table")
        after_loss(ctx, fig)
        return
    if len(options) == 1:
        _flee_to(ctx, fig, options[0], stood_up, ignore)
        return
    ctx.push({"kind": "flee", "seat": fig.seat, "figure": fig.id,
              "options": hex_list(options), "stood_up": stood_up, "ignore": list(ignore)})


def _interceptors(state, fig: Figure, ignore: list[str]) -> list[Figure]:
    """The active enemies nearest the Tough figure: the ones whose intercept
    area (1 x Short) its flight cannot avoid first."""
    near = [e for e in state.figures.values()
            if e.seat != fig.seat and e.active and e.id not in ignore]
    if not near:
        return []
    closest = min(distance(e.pos, fig.pos) for e in near)
    return sorted((e for e in near if distance(e.pos, fig.pos) == closest),
                  key=lambda e: e.id)


def intercept_chosen(ctx, item: dict, interceptor: str | None) -> None:
    """Seed 000, TOUGH (P): "When a Tough model flees ... and moves into the
    intercept area of an active opponent ... the model is not killed, but takes
    one wound ... The model's movement stops and the enemy that caused the wound
    is moved in melee contact with him ... the intercepting model may decide it
    is better to let flee the Tough model." (docs/rules/sbh.md, "Morale")"""
    ctx.pop()
    s = ctx.state
    fig = s.figures[item["figure"]]
    if interceptor is None:
        ignore = [e.id for e in s.figures.values() if e.seat != fig.seat]
        kind, options = flee_plan(s, fig, item["moves"], ignore)
        _carry_out(ctx, fig, kind, options, item["stood_up"], ignore)
        return
    enemy = s.figures[interceptor]
    enemy_start = enemy.pos
    occupied = s.occupancy()
    free = [h for h in neighbours(fig.pos) if s.board.contains(h) and h not in occupied
            and s.board.passable(h, enemy.rules)]
    to = min(free, key=lambda h: (distance(h, enemy.pos), h), default=None)
    if item.get("stood_up"):  # FALLEN MODELS AND MORALE: its first failure stood it up
        ctx.emit("stood_up", figure=fig.id, cost=0, reason="morale")
    ctx.emit("intercepted", figure=fig.id, by=enemy.id,
             to=None if to is None else [to[0], to[1]])
    ctx.emit("wounded", figure=fig.id, reason="intercepted while fleeing")
    if fig.effective_quality >= 7:
        kill(ctx, fig, gruesome=False, by=enemy)
    if to is not None:  # the interceptor was moved: it arrives there (a token, a wood)
        after_move(ctx, enemy, enemy_start)


def flee_chosen(ctx, item: dict, to: list[int]) -> None:
    ctx.pop()
    fig = ctx.state.figures[item["figure"]]
    # (an item from before routes were kept has no `ignore`: judged on the line)
    _flee_to(ctx, fig, hex_at(to[0], to[1]), item["stood_up"], item.get("ignore"))


def _flee_to(ctx, fig: Figure, end: Hex, stood_up: bool, ignore: list[str] | None) -> None:
    """The flight's move, and its scenario arrival along the route it stepped."""
    start = fig.pos
    route = None if ignore is None else flight_route(ctx.state, fig, ignore, end)
    ctx.emit("flee_moved", figure=fig.id, to=[end[0], end[1]], stood_up=stood_up)
    after_move(ctx, fig, start, route=route)
