"""The flight plan (seed 000, MORALE: "by the shortest route off the table at the
nearest edge", more than one Short from active enemies; docs/rules/sbh.md,
Morale) must be exactly the plain search over every hex of the table: the
same outcome and the same equally good end hexes, for every figure at
positions from generated games with woods, water and buildings, fleeing
1, 2 or 3 moves, with and without enemies to ignore."""

from __future__ import annotations

import heapq
import random

import pytest

from server.rules.board.hex import neighbours, within
from server.rules.dice import SeededDice
from server.rules.runner import apply_command
from server.rules.sbh.flee import dangers, flee_plan
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from server.rules.sbh.terrain import RANGE, SHORT
from tests.sbh.test_games import SETUP, WARBANDS

INFINITY = 1 << 30


def plain_flee_plan(state, fig, moves: int, ignore: list[str]):
    """The rule as first written: costs from the figure to every hex it can
    reach, then back from every edge hex it can reach (the same dangers)."""
    board = state.board
    occupied = state.occupancy()
    unsafe = {h for d in dangers(state, fig, ignore) for h in within(d, SHORT)}

    def enterable(h):
        occupant = occupied.get(h)
        return (h not in unsafe and board.passable(h, fig.rules)
                and (occupant is None or occupant.seat == fig.seat or occupant.id == fig.id))

    def step(h):
        return 2 if board.slows(h, fig.rules) else 1

    start = fig.pos
    g = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > g[h]:
            continue
        for n in neighbours(h):
            if board.contains(n) and enterable(n) and cost + step(n) < g.get(n, INFINITY):
                g[n] = cost + step(n)
                heapq.heappush(heap, (g[n], n))
    exits = {h: c + 1 for h, c in g.items() if board.nearest_edge(h) == 1}
    if not exits:
        return "trapped", []
    best = min(exits.values())
    budget = moves * RANGE[fig.move_category]
    if best <= budget:
        return "off", []
    rest = {h: 1 for h in exits}
    heap = [(1, h) for h in exits]
    heapq.heapify(heap)
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > rest[h]:
            continue
        for n in neighbours(h):
            if n in g and cost + step(h) < rest.get(n, INFINITY):
                rest[n] = cost + step(h)
                heapq.heappush(heap, (rest[n], n))
    on_route = [h for h, c in g.items() if c <= budget and c + rest.get(h, INFINITY) == best
                and (occupied.get(h) is None or h == start)]
    furthest = max(g[h] for h in on_route)
    return "move", sorted(h for h in on_route if g[h] == furthest)


@pytest.mark.parametrize("seed,size", [(0, 24), (1, 30), (2, 48)])
def test_the_flight_plan_is_the_plain_search(seed, size):
    rng = random.Random(seed)
    dice = SeededDice(seed.to_bytes(8, "big"))
    setup = {**SETUP, "board_size": size}
    state = SYSTEM.initial(setup)
    outcomes: set[str] = set()
    checked = 0
    for step in range(500):
        if SYSTEM.is_over(state):
            break
        if state.phase == "play" and step % 40 == 0:
            figures = state.on_table()
            for fig in figures:
                enemies = [e.id for e in figures if e.seat != fig.seat]
                for moves in (1, 2, 3):
                    ignore = rng.sample(enemies, min(len(enemies), rng.randint(0, 2)))
                    found = flee_plan(state, fig, moves, ignore)
                    assert found == plain_flee_plan(state, fig, moves, ignore), (fig.id, moves)
                    outcomes.add(found[0])
                    checked += 1
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        state, _ = apply_command(SYSTEM, state, command, dice, keep_input=False)
    assert checked > 100 and {"off", "move"} <= outcomes
