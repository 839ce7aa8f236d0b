"""Fleeing after a failed Morale check (seed 000, MORALE and SURROUNDING).

The figure makes 1 or 2 moves by the shortest route off the table at the
nearest edge, staying more than one Short (4 hexes) from every active enemy
other than those it is disengaging from. Routes are measured in hex steps,
a step into ground that slows the figure counting double (the hex form of
"terrain affects fleeing movement as per normal terrain rules"; Slow is
ignored). A fallen figure with no enemy in contact spends its first move
standing up. No route off the table at all means the figure is destroyed.
When several hexes are equally far along shortest routes, the owner chooses.
"""

from __future__ import annotations

import heapq

from server.rules.board.hex import Hex, distance, neighbours, within
from server.rules.sbh.combat import hex_list
from server.rules.sbh.figures import Figure
from server.rules.sbh.terrain import RANGE, SHORT

INFINITY = 1 << 30


def _step_cost(board, fig: Figure, h: Hex) -> int:
    return 2 if board.slows(h, fig.rules) else 1


def flee_plan(state, fig: Figure, moves: int, ignore: list[str]) -> tuple[str, list[Hex]]:
    """("off", []) if it leaves the table, ("move", hexes) for the equally good
    end hexes, ("trapped", []) when surrounded."""
    board = state.board
    occupied = state.occupancy()
    danger = [e.pos for e in state.figures.values()
              if e.seat != fig.seat and e.active and e.id not in ignore]
    if not fig.has("Evil"):
        # seed 001, Evil: "Evil Leaders count as enemy models for fleeing hirelings"
        danger += [f.pos for f in state.on_table(fig.seat)
                   if f.id != fig.id and f.has("Evil") and f.has("Leader") and f.active]

    # Every hex within Short of an active enemy, once per plan (the search below asks
    # about each hex many times; measured: flee plans dominated a loaded server).
    unsafe = {h for d in danger for h in within(d, SHORT)}
    enterable_cache: dict[Hex, bool] = {}

    def enterable(h: Hex) -> bool:
        known = enterable_cache.get(h)
        if known is None:
            occupant = occupied.get(h)
            known = enterable_cache[h] = (
                h not in unsafe and board.passable(h, fig.rules)
                and (occupant is None or occupant.seat == fig.seat or occupant.id == fig.id))
        return known

    # forward costs from the figure
    start = fig.pos
    g = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > g.get(h, INFINITY):
            continue
        for n in neighbours(h):
            if board.contains(n) and enterable(n):
                c = cost + _step_cost(board, fig, n)
                if c < g.get(n, INFINITY):
                    g[n] = c
                    heapq.heappush(heap, (c, n))
    exits = {h: c + 1 for h, c in g.items() if board.nearest_edge(h) == 1}
    if not exits:
        return "trapped", []
    best = min(exits.values())
    budget = moves * RANGE[fig.move_category]
    if best <= budget:
        return "off", []
    # remaining cost to leave, by a backward search over the same hexes
    rest = {h: 1 for h in exits}
    heap = [(1, h) for h in exits]
    heapq.heapify(heap)
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > rest.get(h, INFINITY):
            continue
        for n in neighbours(h):
            if n in g:
                c = cost + _step_cost(board, fig, h)
                if c < rest.get(n, INFINITY):
                    rest[n] = c
                    heapq.heappush(heap, (c, n))
    on_route = [h for h, c in g.items() if c <= budget and c + rest.get(h, INFINITY) == best
                and (occupied.get(h) is None or h == start)]
    furthest = max(g[h] for h in on_route)
    return "move", sorted(h for h in on_route if g[h] == furthest)


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
    _carry_out(ctx, fig, kind, options, stood_up)


def _carry_out(ctx, fig: Figure, kind: str, options: list[Hex], stood_up: bool) -> None:
    if kind == "trapped":
        from server.rules.sbh.consequences import kill
        kill(ctx, fig, gruesome=False, by=None)
        return
    if kind == "off":
        ctx.emit("fled", figure=fig.id, reason="ran off the table")
        from server.rules.sbh.consequences import after_loss
        after_loss(ctx, fig)
        return
    if len(options) == 1:
        start = fig.pos
        ctx.emit("flee_moved", figure=fig.id, to=[options[0][0], options[0][1]],
                 stood_up=stood_up)
        _arrived(ctx, fig, start)
        return
    ctx.push({"kind": "flee", "seat": fig.seat, "figure": fig.id,
              "options": hex_list(options), "stood_up": stood_up})


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
    from server.rules.sbh.consequences import kill

    ctx.pop()
    s = ctx.state
    fig = s.figures[item["figure"]]
    if interceptor is None:
        ignore = [e.id for e in s.figures.values() if e.seat != fig.seat]
        kind, options = flee_plan(s, fig, item["moves"], ignore)
        _carry_out(ctx, fig, kind, options, item["stood_up"])
        return
    enemy = s.figures[interceptor]
    occupied = s.occupancy()
    free = [h for h in neighbours(fig.pos) if s.board.contains(h) and h not in occupied
            and s.board.passable(h, enemy.rules)]
    to = min(free, key=lambda h: (distance(h, enemy.pos), h), default=None)
    ctx.emit("intercepted", figure=fig.id, by=enemy.id,
             to=None if to is None else [to[0], to[1]])
    ctx.emit("wounded", figure=fig.id, reason="intercepted while fleeing")
    if fig.effective_quality >= 7:
        kill(ctx, fig, gruesome=False, by=enemy)


def flee_chosen(ctx, item: dict, to: list[int]) -> None:
    ctx.pop()
    fig = ctx.state.figures[item["figure"]]
    start = fig.pos
    ctx.emit("flee_moved", figure=item["figure"], to=to, stood_up=item["stood_up"])
    _arrived(ctx, fig, start)


def _arrived(ctx, fig: Figure, start: Hex) -> None:
    from server.rules.sbh.scenario_rules import after_move

    after_move(ctx, fig, start)
