"""The defender's terrain lay-out (seed 000, DETERMINE ATTACKER AND DEFENDER: "The
defender lays out the terrain ... the defender must abide by the scenario's rules on
terrain placement"; ALL-OUT BATTLE: "Two to six scenic items ...")."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from server.rules.sbh.terrain_layout import ALL_OUT, features, layout_problems
from tests.sbh.battle import act, battle, fig, h, types

WOODS = [[q, 2, "woods"] for q in range(4)]  # 4 hexes across
HILL = [[q, 12, "hill"] for q in range(4)]
OPEN = [[q, 20, "open"] for q in range(3)]


def laying_out(scenario="all_out_battle"):
    """Set-up, the terrain: a attacks, so b lays it out."""
    state = battle(fig("a1", "Elf", 3, 3, (0, 0)), fig("b1", "Orc", 4, 3, (0, 0)),
                   scenario=scenario)
    for f in state.figures.values():
        f.pos = None
    state.phase, state.attacker = "terrain", "a"
    return state


def test_hexes_laid_out_as_open_are_no_scenic_item(dice):
    """seed 000, TREASURE HUNT: 'The attacker places three treasure tokens ... The
    tokens must be within a terrain feature.' Hexes the defender lists as "open" are
    bare table, not a feature: no token goes there."""
    state, _ = act(laying_out("treasure_hunt"), "b", "lay_terrain", dice,
                   terrain=WOODS + HILL + OPEN, edges=[])
    [decision] = SYSTEM.prompt(state).decisions
    [spec] = decision.options[:1]
    assert spec.type == "place_token"
    assert sorted(spec.params["to"]) == sorted([q, r] for q, r, _ in WOODS + HILL)
    with pytest.raises(RulesError) as refused:
        act(state, "a", "place_token", dice, to=h(0, 20))
    assert refused.value.code == "bad_hex"


def test_an_open_hex_is_no_terrain_item_to_enter(dice):
    """seed 000, ON DIFFICULT GROUND: 'Whenever a model enters any terrain item, roll
    a die.' A step onto a hex laid out as "open" enters none: only the activation die
    is rolled."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (20, 20)),
                   scenario="on_difficult_ground",
                   terrain={(6, 5): "open", (7, 5): "open", (8, 5): "open"})
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert "terrain_danger_rolled" not in types(events)


@pytest.mark.parametrize("terrain, edges", [
    ([["a", 1, "woods"]] + HILL, []),
    ([[1, 1, ["woods"]]] + HILL, []),
    ([[1.0, 2, "woods"]] + WOODS[1:] + HILL, []),
    (WOODS + HILL, [[1, 2, "hedge"]]),
    (WOODS + HILL, [[[0, 7], [1, 7], "moat"]]),
])
def test_a_malformed_lay_out_is_refused_with_a_reason(dice, terrain, edges):
    """seed 000, DETERMINE ATTACKER AND DEFENDER: the lay-out is checked against the
    scenario's rules; an entry that is not [q, r, kind] (whole numbers, a known kind)
    or [[q, r], [q, r], kind] is refused as such, not taken for a hex."""
    with pytest.raises(RulesError) as refused:
        act(laying_out(), "b", "lay_terrain", dice, terrain=terrain, edges=edges)
    assert refused.value.code == "bad_terrain"
    assert "bad terrain entry" in str(refused.value) or "bad edge entry" in str(refused.value)


def test_an_edge_off_the_table_is_refused(dice):
    """seed 000, ALL-OUT BATTLE: scenic items go on the tabletop ('Scenic features can
    be adjacent to table edges', not beyond them)."""
    with pytest.raises(RulesError) as refused:
        act(laying_out(), "b", "lay_terrain", dice, terrain=WOODS + HILL,
            edges=[[[-4, 7], [-5, 7], "hedge"]])  # columns -1, -2
    assert "off the table" in str(refused.value)



def woods_at(dice, col: int, row: int) -> None:
    """Script one placement by the generator: woods (d6: 1), radius 2 (d6: 1 to 3),
    centred on the 1-based column and row (a d12 each on a 12-hex table)."""
    dice.fix(1, 1)
    dice.fix(col, row, sides=12)


def test_generated_terrain_has_at_least_two_features_on_a_small_table(dice):
    """seed 000, ALL-OUT BATTLE: 'Two to six scenic items ... must be placed ... at
    least a 1 X Short gap between any two terrain features.' On a 12-hex table a first
    wood in the middle leaves no room for a second: after 60 refused placements the
    generator starts again from a bare table instead of laying out one feature."""
    state = battle(fig("a1", "Elf", 3, 3, (0, 0)), fig("b1", "Orc", 4, 3, (0, 0)), size=12)
    for f in state.figures.values():
        f.pos = None
    state.phase, state.attacker = "terrain", "a"
    dice.fix(1)  # the number of features: a 1 counts as 2
    for _ in range(60):  # a wood in the middle, then the same spot, too close to it
        woods_at(dice, 6, 6)
    woods_at(dice, 1, 1)  # a bare table again: woods in two far corners
    woods_at(dice, 12, 12)
    state, events = act(state, "b", "generate_terrain", dice)
    [laid] = [e for e in events if e.type == "terrain_laid"]
    assert layout_problems(state.board, laid.data["terrain"], [], ALL_OUT) == []
    assert len(features(dict(state.board.terrain))) == 2 and state.phase == "edge"
