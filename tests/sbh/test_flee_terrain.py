"""Terrain on a fleeing figure's route (seed 000, MORALE: "Terrain affects fleeing
movement as per normal terrain rules"; LINEAR OBSTACLES: "A model may move through a
linear obstacle such as a hedge or low wall, but its speed is reduced by one
category ... Linear obstacles which are taller than half the model's height will
require climbing over"; FLYING: "Flying models can freely move above obstacles";
docs/rules/sbh.md, Morale).

Every test: a troll gruesomely kills a goblin (dice 3 to activate, 6 against 1), and
the goblin b2 (two more far away, so that its flight leaves the dead short of
outnumbering the living), seven hex steps from the west edge (one Medium move), fails its Morale
check once (1, 5, 6) and flees one move."""

from __future__ import annotations

import pytest

from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig

SIZE = 30
B2 = (6, 20)  # column, row: seven steps off the west edge, ten off the south edge


def axial(col: int, row: int) -> tuple[int, int]:
    return col - row // 2, row


def wall_between_columns(kind: str, west: int) -> list:
    """`kind` on every side between column `west` and column `west + 1`."""
    from server.rules.board.hex import hex_at, neighbours

    sides = []
    for row in range(SIZE):
        h = hex_at(*axial(west + 1, row))
        for n in neighbours(h):
            if n[0] + n[1] // 2 == west and 0 <= n[1] < SIZE:
                sides.append((axial(west + 1, row), (n[0], n[1]), kind))
    return sides


def flee_once(dice, b2_rules=(), **board):
    state = battle(fig("a1", "Troll", 3, 6, axial(14, 12)),
                   fig("b1", "Goblin", 4, 1, axial(15, 12)),
                   fig("b2", "Goblin", 4, 1, axial(*B2), rules=b2_rules),
                   fig("b3", "Goblin", 4, 1, axial(25, 25)),
                   fig("b4", "Goblin", 4, 1, axial(27, 27)), size=SIZE, **board)
    dice.fix(3, 6, 1, 1, 5, 6)  # the kill is gruesome; b2 fails once (b3, b4 are too far)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    return state, events


def where_it_may_end(state, events) -> list[tuple[int, int]]:
    """(column, row) of each hex the flight may end on: the one it moved to, or
    those its owner is asked to choose among."""
    moved = [e for e in events if e.type == "flee_moved" and e.data["figure"] == "b2"]
    if moved:
        hexes = [moved[0].data["to"]]
    else:
        [decision] = SYSTEM.prompt(state).decisions
        assert decision.seat == "b" and decision.options[0].type == "flee"
        hexes = list(decision.options[0].params["to"])
    return sorted((q + r // 2, r) for q, r, *_ in hexes)


def fled(events) -> bool:
    return any(e.type == "fled" and e.data["figure"] == "b2" for e in events)


def test_open_ground_one_move_is_enough_to_leave(dice):
    state, events = flee_once(dice)
    assert fled(events)


def test_a_low_wall_on_the_way_costs_a_step_more(dice):
    """Seven steps and a low wall crossed: eight, one more than a Medium move, so
    it stops at the table's edge (every column-0 hex seven steps away)."""
    state, events = flee_once(dice, edges=wall_between_columns("low_wall", 2))
    assert not fled(events)
    ends = where_it_may_end(state, events)
    assert ends and all(col == 0 for col, _ in ends)
    assert state.figures["b2"].pos is not None


def test_a_hedge_slows_as_a_low_wall_does(dice):
    state, events = flee_once(dice, edges=wall_between_columns("hedge", 2))
    assert not fled(events)
    assert all(col == 0 for col, _ in where_it_may_end(state, events))


def test_a_tall_wall_is_not_walked_across(dice):
    """With a tall wall from edge to edge the west is out of reach; the nearest way
    off is the south edge, ten steps: it makes seven of them."""
    state, events = flee_once(dice, edges=wall_between_columns("tall_wall", 2))
    assert not fled(events)
    ends = where_it_may_end(state, events)
    assert ends and all(row == SIZE - 3 and col >= 3 for col, row in ends)


def test_a_clinging_figure_climbs_a_tall_wall_at_the_cost_of_a_low_one(dice):
    """Seed 000, CLINGING: it climbs; crossing still slows it, as any obstacle
    does (docs/rules/sbh.md, Linear obstacles)."""
    state, events = flee_once(dice, b2_rules=["Clinging"],
                              edges=wall_between_columns("tall_wall", 2))
    assert not fled(events)
    assert all(col == 0 for col, _ in where_it_may_end(state, events))


BUILDINGS = {axial(col, row): "building" for col in range(6) for row in range(14, SIZE)}


@pytest.mark.parametrize("rules,escapes", [((), False), (["Flying"], True)])
def test_a_flyer_flees_over_buildings_a_walker_goes_around(dice, rules, escapes):
    state, events = flee_once(dice, b2_rules=rules, terrain=BUILDINGS)
    assert fled(events) is escapes
    if not escapes:
        assert all(axial(col, row) not in BUILDINGS
                   for col, row in where_it_may_end(state, events))
