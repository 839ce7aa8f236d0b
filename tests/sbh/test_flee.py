"""The flight plan (seed 000, MORALE: "by the shortest route off the table at the
nearest edge", more than one Short from active enemies, "Terrain affects
fleeing movement as per normal terrain rules"; LINEAR OBSTACLES; FLYING;
docs/rules/sbh.md, Morale) must be exactly the plain search over every hex of
the table: the same outcome and the same equally good end hexes, for every
figure at positions from generated games with woods, water and buildings, with
walls, hedges and cliffs added, walking and flying, fleeing 1, 2 or 3 moves,
with and without enemies to ignore."""

from __future__ import annotations

import copy
import dataclasses
import heapq
import random
from itertools import product

import pytest

from server.rules.board.hex import neighbours, within
from server.rules.dice import SeededDice
from server.rules.runner import apply_command
from server.rules.sbh.flee import dangers, flee_plan
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from server.rules.sbh.terrain import RANGE, SHORT
from server.rules.sbh.terrain_layout import EDGE_KINDS
from tests.sbh.test_games import SETUP, WARBANDS

INFINITY = 1 << 30
# the rules that change how a figure crosses obstacles (seed 000, FLYING, CLINGING)
MOVERS = ({}, {}, {"Flying": None}, {"Clinging": None})


def with_linear_obstacles(board, rng):
    """The board with walls, hedges and cliffs on a tenth of its hex sides."""
    edges, drops = {}, {}
    for h in board.hexes():
        for n in neighbours(h):
            if board.contains(n) and rng.random() < 0.05:
                kind = rng.choice(EDGE_KINDS)
                edges[frozenset((h, n))] = kind
                if kind.startswith("cliff_"):
                    drops[h, n] = kind.split("_")[1]
    return dataclasses.replace(board, edges=edges, drops=drops)


def plain_flee_plan(state, fig, moves: int, ignore: list[str]):
    """The rule as first written: costs from the figure to every hex it can
    reach, then back from every edge hex it can reach (the same dangers)."""
    board = state.board
    occupied = state.occupancy()
    unsafe = {h for d in dangers(state, fig, ignore) for h in within(d, SHORT)}
    flying = fig.has("Flying")

    def enterable(h):
        occupant = occupied.get(h)
        if h in unsafe or not (flying or board.passable(h, fig.rules)):
            return False
        return occupant is None or occupant.id == fig.id or (
            not board.cramped(h) and (flying or occupant.seat == fig.seat))

    def step_cost(a, h):  # None: it may not step from a into h
        if flying:
            return 1
        if board.edge(a, h) is not None:
            return None if board.blocks_move(a, h, fig.rules) else 2
        return 2 if board.slows(h, fig.rules) else 1

    start = fig.pos
    g = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > g[h]:
            continue
        for n in neighbours(h):
            if not (board.contains(n) and enterable(n)) or step_cost(h, n) is None:
                continue
            if cost + step_cost(h, n) < g.get(n, INFINITY):
                g[n] = cost + step_cost(h, n)
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
            if n in g and step_cost(n, h) is not None \
                    and cost + step_cost(n, h) < rest.get(n, INFINITY):
                rest[n] = cost + step_cost(n, h)
                heapq.heappush(heap, (rest[n], n))
    on_route = [h for h, c in g.items() if c <= budget and c + rest.get(h, INFINITY) == best
                and (h == start or (occupied.get(h) is None and board.passable(h, fig.rules)))]
    furthest = max(g[h] for h in on_route)
    return "move", sorted(h for h in on_route if g[h] == furthest)


@pytest.mark.parametrize("seed,size", [(0, 24), (1, 30), (2, 48)])
def test_the_flight_plan_is_the_plain_search(seed, size):
    rng = random.Random(seed)  # the game's
    choices = random.Random(seed + 1000)  # the checks' (the game plays the same)
    dice = SeededDice(seed.to_bytes(8, "big"))
    setup = {**SETUP, "board_size": size}
    state = SYSTEM.initial(setup)
    outcomes: set[str] = set()
    checked = obstacles_mattered = 0
    for step in range(500):
        if SYSTEM.is_over(state):
            break
        if state.phase == "play" and step % 60 == 0:  # (bounded: 100 s of CI at 40)
            figures = state.on_table()
            plain_board = state.board
            walled_board = with_linear_obstacles(plain_board, choices)
            for fig, moves in product(figures, (1, 2, 3)):
                enemies = [e.id for e in figures if e.seat != fig.seat]
                ignore = choices.sample(enemies, min(len(enemies), choices.randint(0, 2)))
                mover = copy.copy(fig)
                mover.rules = {**fig.rules, **choices.choice(MOVERS)}
                plans = []
                for board in (plain_board, walled_board):
                    state.board = board
                    found = flee_plan(state, mover, moves, ignore)
                    assert found == plain_flee_plan(state, mover, moves, ignore), \
                        (fig.id, mover.rules, moves)
                    plans.append(found)
                    outcomes.add(found[0])
                    checked += 1
                obstacles_mattered += plans[0] != plans[1]
            state.board = plain_board
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        state, _ = apply_command(SYSTEM, state, command, dice, keep_input=False)
    assert checked > 100 and {"off", "move"} <= outcomes and obstacles_mattered
