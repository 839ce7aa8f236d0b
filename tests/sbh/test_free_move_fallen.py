"""Free moves and fallen or transfixed enemies (seed 000, FREE MOVES: "When a
model has no active enemies within 2 x Long, he may perform a single 'non
combat' move INSTEAD of dicing for activation ... Transfixed, bound, chained
and dead enemies do not count as 'active' for purposes of this rule.")."""

from __future__ import annotations

import pytest

from server.rules.board.hex import distance
from server.rules.kernel import RulesError
from server.rules.sbh.evolve import to_hex
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, h


def free_move_offered(state) -> bool:
    return any(o.type == "free_move" for o in SYSTEM.prompt(state).for_seat("a").options)


def test_a_fallen_enemy_within_two_long_forbids_a_free_move(dice):
    """seed 000, FREE MOVES: fallen enemies are not in the list of enemies that
    do not count, so one 7 hexes away forbids the free move."""
    state = battle(fig("a1", "Soldier", 4, 3, (5, 5)),
                   fig("b1", "Orc", 4, 3, (5, 12), fallen=True))
    assert not free_move_offered(state)
    with pytest.raises(RulesError) as caught:
        act(state, "a", "free_move", dice, figure="a1")
    assert caught.value.code == "illegal_command"
    assert caught.value.passage == "seed 000, FREE MOVES"


def test_a_transfixed_enemy_within_two_long_does_not_count(dice):
    """seed 000, FREE MOVES: "Transfixed ... enemies do not count as 'active'"."""
    state = battle(fig("a1", "Soldier", 4, 3, (5, 5)),
                   fig("b1", "Orc", 4, 3, (5, 12), transfixed_by="entangle"))
    assert free_move_offered(state)
    state, events = act(state, "a", "free_move", dice, figure="a1")
    assert events[0].type == "free_move_started"


def test_a_dead_enemy_does_not_count(dice):
    """seed 000, FREE MOVES: "dead enemies do not count as 'active'"."""
    state = battle(fig("a1", "Soldier", 4, 3, (5, 5)),
                   fig("b1", "Orc", 4, 3, (5, 12), status="dead", pos=None),
                   fig("b2", "Orc", 4, 3, (5, 45)), size=48)
    assert free_move_offered(state)


def test_a_free_move_does_not_end_next_to_an_enemy(dice):
    """seed 000, FREE MOVES: "a single 'non combat' move": the hexes offered end
    out of contact with every enemy (a transfixed one too, which lets the free
    move be made at all), and a hex next to one is refused."""
    state = battle(fig("a1", "Soldier", 4, 3, (5, 5)),
                   fig("b1", "Orc", 4, 3, (5, 9), transfixed_by="entangle"))
    state, _ = act(state, "a", "free_move", dice, figure="a1")
    offered = {tuple(x) for o in SYSTEM.prompt(state).for_seat("a").options
               if o.type == "move" for x in o.params["to"]}
    enemy = state.figures["b1"].pos
    assert offered and all(distance(to_hex(x), enemy) > 1 for x in offered)
    assert (5, 7) in offered  # two hexes from the enemy, on the way to it
    assert (5, 8) not in offered and (4, 9) not in offered  # next to it
    with pytest.raises(RulesError):
        act(state, "a", "move", dice, to=h(5, 8))
