"""A Short mover crossing a low wall or hedge: seed 000, LINEAR OBSTACLES: "A model
may move through a linear obstacle such as a hedge or low wall, but its speed is
reduced by one category. Medium movement becomes Short, Long becomes Medium, and
Short needs two actions to move: on one action, the model stops in contact with the
linear obstacle, and with the second action the model moves 1xShort from the other
side of the obstacle." (docs/rules/sbh.md, "Linear obstacles".)"""

from __future__ import annotations

from server.rules.board.hex import hex_at
from server.rules.sbh.movement import move_cost, move_destinations
from tests.sbh.battle import act, battle, fig, types

HEDGE = [((5, 5), (6, 5), "hedge")]


def dwarf_at(q: int, kind: str = "hedge", rules=("Short Move",)):
    return battle(fig("a1", "Dwarf", 3, 3, (q, 5), rules=list(rules)),
                  fig("b1", "Orc", 4, 3, (12, 12)),
                  edges=[((5, 5), (6, 5), kind)])


def test_the_book_case_in_two_moves(dice):
    """The open finding's case: a Short Move dwarf at (2,5), a hedge between (5,5)
    and (6,5), two actions. The first action stops at the hedge (3 hexes), the
    second crosses it and moves 1 x Short (4 hexes) beyond: (9,5)."""
    dice.fix(3, 4)  # two successes on Quality 3
    state, _ = act(dwarf_at(2), "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "move", dice, to=[5, 5])
    assert types(events)[:1] == ["moved"]
    assert state.activation.actions == 1
    state, events = act(state, "a", "move", dice, to=[9, 5])
    assert state.figures["a1"].pos == hex_at(9, 5)


def test_in_contact_one_action_crosses_and_moves_short_beyond():
    """Already in contact, the crossing is the book's second action: one action, up
    to 1 x Short (4 hexes) from the other side; no farther."""
    state = dwarf_at(5)
    dwarf = state.figures["a1"]
    assert move_cost(state, dwarf, hex_at(9, 5), 1) == 1
    assert move_cost(state, dwarf, hex_at(10, 5), 1) is None  # 5 hexes: beyond Short
    assert move_destinations(state, dwarf, 1)[(9, 5, -14)] == 1


def test_crossing_farther_down_the_line_still_costs_two_actions():
    """Not in contact, one move line that crosses the hedge is the two-action Short
    move (the book's first action is the approach): 4 hexes for two actions."""
    state = dwarf_at(3)
    dwarf = state.figures["a1"]
    assert move_cost(state, dwarf, hex_at(7, 5), 2) == 2
    assert move_cost(state, dwarf, hex_at(7, 5), 1) is None
    assert move_destinations(state, dwarf, 2)[(7, 5, -12)] == 2


def test_a_medium_mover_in_contact_is_still_slowed_to_short():
    """"Medium movement becomes Short": in contact or not, a Medium mover's line
    across the hedge is at most 4 hexes."""
    state = dwarf_at(5, rules=())
    elf = state.figures["a1"]
    assert move_cost(state, elf, hex_at(9, 5), 1) == 1
    assert move_cost(state, elf, hex_at(10, 5), 1) is None
    assert (10, 5, -15) not in move_destinations(state, elf, 1)


def test_a_tall_wall_is_climbed_not_crossed_this_way():
    """Linear obstacles "taller than half the model's height will require climbing
    over": a tall wall beside a Short mover still refuses the move."""
    state = dwarf_at(5, kind="tall_wall")
    dwarf = state.figures["a1"]
    assert move_cost(state, dwarf, hex_at(8, 5), 1) is None
    assert (8, 5, -13) not in move_destinations(state, dwarf, 1)
