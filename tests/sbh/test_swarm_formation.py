"""Tightening a Swarm's formation after a loss (seed 000, SWARM: "If a swarm model is
killed and a hole appears in this 'formation', as a free action the player can tighten
the formation, bringing all Swarm models in contact again. The tightening must happen
in the easiest way, i.e., by moving the MINIMUM number of bases possible and the
minimum distance to retain swarm coherency."; docs/rules/sbh.md, Swarm)."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.swarm_tightening import coherent, tightenings
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, types


def bee(fid: str, at) -> object:
    return fig(fid, "Bee Swarm", 4, 1, at, rules=["Swarm"])


def kill_the_middle_bee(dice):
    """The ogre (Combat 6, outnumbered by two bees: -1) rolls 2, the middle bee of
    three in a row rolls 2: 7 against 3, double, a kill (not gruesome: no morale)."""
    state = battle(fig("a1", "Ogre", 3, 6, (7, 4)),
                   bee("b1", (6, 5)), bee("b2", (7, 5)), bee("b3", (8, 5)))
    dice.fix(3, 2, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    return act(state, "a", "attack", dice, target="b2", power=False)


def test_a_hole_lets_the_owner_close_it_the_easiest_way(dice):
    state, events = kill_the_middle_bee(dice)
    assert "killed" in types(events)
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "b"
    tighten = next(o for o in decision.options if o.type == "tighten")
    # one base, one hex: either end bee into the dead one's hex
    assert tighten.params["moves"] == [[["b1", 7, 5]], [["b3", 7, 5]]]
    assert {o.type for o in decision.options} == {"tighten", "keep_formation", "concede"}

    state, events = act(state, "b", "tighten", dice, moves=[["b3", 7, 5]])
    assert [e.data for e in events if e.type == "swarm_tightened"] == [
        {"moves": [["b3", 7, 5]]}]
    assert state.figures["b3"].pos[:2] == (7, 5)
    assert coherent([state.figures[f].pos for f in ("b1", "b3")])
    assert not state.pending  # (and the game goes on: the ogre has acted, b's turn)


def test_the_owner_may_leave_the_hole(dice):
    """"the player can tighten": it is his choice."""
    state, _ = kill_the_middle_bee(dice)
    state, events = act(state, "b", "keep_formation", dice)
    assert "swarm_tightened" not in types(events)
    assert [state.figures[f].pos[:2] for f in ("b1", "b3")] == [(6, 5), (8, 5)]


def test_only_an_offered_tightening_is_accepted(dice):
    state, _ = kill_the_middle_bee(dice)
    with pytest.raises(RulesError) as refused:
        act(state, "b", "tighten", dice, moves=[["b1", 9, 5]])
    assert refused.value.code == "illegal_command"


def test_no_hole_no_question(dice):
    """Four bees in a cluster lose one: the other three still touch."""
    state = battle(fig("a1", "Ogre", 3, 6, (7, 4)), bee("b1", (6, 5)), bee("b2", (7, 5)),
                   bee("b3", (6, 6)), bee("b4", (7, 6)))
    dice.fix(3, 2, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b2", power=False)
    assert "killed" in types(events)
    assert not state.pending
    assert not any(o.type == "tighten" for d in SYSTEM.prompt(state).decisions
                   for o in d.options)


def test_the_fewest_bases_move_before_the_shortest_distance():
    """Four lone bees in a row, four hexes apart: no single move joins them all;
    two moves do (each pair closes up), and the cheapest two-move plans win."""
    state = battle(fig("a1", "Ogre", 3, 6, (20, 20)), bee("b1", (2, 2)), bee("b2", (6, 2)),
                   bee("b3", (10, 2)), bee("b4", (14, 2)))
    plans = tightenings(state, [state.figures[f] for f in ("b1", "b2", "b3", "b4")])
    assert plans and all(len(plan) == 2 for plan in plans)
    for plan in plans:
        moved = {figure: (q, r) for figure, q, r in plan}
        places = [moved.get(f, state.figures[f].pos[:2]) for f in ("b1", "b2", "b3", "b4")]
        assert coherent([(q, r, -q - r) for q, r in places])
        assert sum(max(abs(q - state.figures[f].pos[0]), abs(r - state.figures[f].pos[1]),
                       abs(q + r - state.figures[f].pos[0] - state.figures[f].pos[1]))
                   for f, (q, r) in moved.items()) == 6  # each of two bases 3 hexes


def test_a_scattered_swarm_is_left_as_it_is():
    """Six lone bees, four hexes apart: joining them would move three; that is a
    scattered Swarm, not a hole (docs/rules/sbh.md, Tightening a Swarm)."""
    state = battle(fig("a1", "Ogre", 3, 6, (20, 20)),
                   *[bee(f"b{i}", (2 + 4 * (i % 3) - (2 + 4 * (i // 3)) // 2, 2 + 4 * (i // 3)))
                     for i in range(6)], size=24)
    bases = [state.figures[f"b{i}"] for i in range(6)]
    assert not coherent([b.pos for b in bases]) and tightenings(state, bases) == []


def reference_tightenings(state, bases, most=2):
    """The rule searched plainly: fewest bases, then least total distance, every
    empty hex of the table tried for every moved base (None: needs more than
    `most` bases moved)."""
    from itertools import combinations, permutations

    from server.rules.board.hex import distance

    board, occupied = state.board, state.occupancy()
    free = [h for h in board.hexes() if h not in occupied]
    for count in range(1, most + 1):
        found = {}
        for moving in combinations(sorted(bases, key=lambda b: b.id), count):
            staying = [b.pos for b in bases if b not in moving]
            for places in permutations(free, count):
                if coherent(staying + list(places)):
                    cost = sum(distance(b.pos, h) for b, h in zip(moving, places, strict=True))
                    plan = sorted([b.id, h[0], h[1]] for b, h in zip(moving, places, strict=True))
                    found.setdefault(cost, []).append(plan)
        if found:
            return sorted(found[min(found)])
    return None


@pytest.mark.parametrize("seed", range(12))
def test_the_search_finds_exactly_the_cheapest_plans(seed):
    """Against the plain search over every hex, on a small table with lone bases
    and other figures in the way."""
    import random

    rng = random.Random(seed)
    cells = [(q - r // 2, r) for r in range(8) for q in range(8)]
    spots = rng.sample(cells, 7)
    count = rng.choice((2, 3, 4))
    state = battle(*[bee(f"b{i}", spot) for i, spot in enumerate(spots[:count])],
                   *[fig(f"a{i}", "Orc", 4, 3, spot) for i, spot in enumerate(spots[count:])],
                   size=8)
    bases = [state.figures[f"b{i}"] for i in range(count)]
    expected = reference_tightenings(state, bases)
    if expected is None:
        pytest.skip("needs three bases moved: too many placements for the plain search")
    assert tightenings(state, bases) == expected


def test_a_base_tightened_into_a_wood_rolls_for_it_on_difficult_ground(dice):
    """seed 000, ON DIFFICULT GROUND: 'Whenever a model enters any terrain item, roll
    a die. On a 5 or 6 ... the model must make a Quality check on one die or be
    removed from the game': the end bee moved into the dead one's wooded hex
    rolls 5 (danger) and fails its Quality die (1): it is lost. (Two orcs far
    off keep the living more than the dead.)"""
    state = battle(fig("a1", "Ogre", 3, 6, (7, 4)),
                   bee("b1", (6, 5)), bee("b2", (7, 5)), bee("b3", (8, 5)),
                   fig("b4", "Orc", 4, 3, (20, 18)), fig("b5", "Orc", 4, 3, (20, 20)),
                   scenario="on_difficult_ground", terrain={(7, 5): "woods"})
    dice.fix(3, 2, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b2", power=False)
    dice.fix(5, 1)
    state, events = act(state, "b", "tighten", dice, moves=[["b3", 7, 5]])
    assert "terrain_danger_rolled" in types(events)
    assert state.figures["b3"].status != "ready"
