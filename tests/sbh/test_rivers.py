"""Rivers in the defender's lay-out: seed 000, ALL-OUT BATTLE: "Rivers should be
designed in sections -- each section must be no wider than 1 X Short and no longer
than 2 x Long ... Rivers sections MUST be placed adjacent to each other so that the
river crosses the whole board from one side of the table to a different side of the
table (any sides, not just the players' baselines). There must be at least one bridge
or fordable area for every river in play." (docs/rules/sbh.md, Set-up: rivers.)"""

from __future__ import annotations

from server.rules.board.hex import hex_at
from server.rules.sbh.movement import move_cost
from tests.sbh.battle import battle, fig
from tests.sbh.test_terrain_layout import laid, refusal

WOODS = [[q, 2, "woods"] for q in range(4)]


def river(rows=(10, 11), size=24, kind="deep_water", crossing=None, crossing_kind="shallow_water"):
    """Water across the table from west to east on `rows`, and `crossing_kind` on the
    hexes of column q = `crossing` in each row."""
    out = []
    for r in rows:
        for col in range(size):
            q = col - r // 2
            out.append([q, r, crossing_kind if q == crossing else kind])
    return out


def test_a_river_across_the_table_with_a_ford_is_one_item(dice):
    """Two hexes wide, 24 long, crossed at a shallow ford: with a wood, two items."""
    state = laid(dice, WOODS + river(crossing=3), [], size=24)
    assert state.board.terrain[hex_at(3, 10)] == "shallow_water"


def test_a_river_longer_than_2_x_long_is_made_of_sections(dice):
    """48 hexes long on the 48 table: longer than any one feature (26), which its
    sections are not."""
    laid(dice, WOODS + river(size=48, crossing=10), [], size=48)


def test_a_river_needs_a_bridge_or_a_ford(dice):
    reason = refusal(dice, WOODS + river(), [], size=24)
    assert "the river at [-5, 10] has no bridge or ford across it" in reason


def test_a_bridge_crosses_it(dice):
    """A bridge is open ground over the river: a figure walks over it, and not into
    the deep water beside it."""
    state = laid(dice, WOODS + river(crossing=3, crossing_kind="bridge"), [], size=24)
    walker = fig("a1", "Elf", 3, 3, (3, 9))
    moving = battle(walker, fig("b1", "Orc", 4, 3, (20, 20)), size=24)
    moving.board = state.board
    assert move_cost(moving, walker, hex_at(3, 12), 1) == 1
    assert move_cost(moving, walker, hex_at(4, 12), 1) is None  # through (4, 10): deep


def test_no_wider_than_1_x_short(dice):
    reason = refusal(dice, WOODS + river(rows=range(10, 15), crossing=3), [], size=24)
    assert "the river at [-5, 10] is 5 hexes wide (4 at most" in reason


def test_water_touching_one_side_is_a_feature_not_a_river(dice):
    """A lake from the west edge, 12 across: an ordinary feature, and too big for
    that ("no scenic feature can be bigger than 2 X Long" holds; 12 is fine, 27 not);
    a bridge in it crosses no river."""
    lake = [[col - r // 2, r, "deep_water"] for r in (10, 11) for col in range(12)]
    laid(dice, WOODS + lake, [], size=24)
    lake[5][2] = "bridge"
    assert "crosses no river" in refusal(dice, WOODS + lake, [], size=24)


def test_the_gap_holds_against_a_river(dice):
    """'at least a 1 X Short gap between any two terrain features': a wood three rows
    off the river is too close."""
    near_wood = [[q, 7, "woods"] for q in range(4)]
    assert "two features are only 2 hexes apart" in refusal(
        dice, near_wood + river(crossing=3), [], size=24)
