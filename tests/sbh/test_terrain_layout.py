"""The defender's terrain lay-out (seed 000, DETERMINE ATTACKER AND DEFENDER: "The
defender lays out the terrain ... the defender must abide by the scenario's rules on
terrain placement"; ALL-OUT BATTLE: "Two to six scenic items ...")."""

from __future__ import annotations

import pytest

from server.rules.board.hex import hex_at
from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from server.rules.sbh.terrain_layout import ALL_OUT, features, layout_problems, runs
from tests.sbh.battle import act, battle, fig, h, types

WOODS = [[q, 2, "woods"] for q in range(4)]  # 4 hexes across
HILL = [[q, 12, "hill"] for q in range(4)]
OPEN = [[q, 20, "open"] for q in range(3)]


def laying_out(scenario="all_out_battle", size=24):
    """Set-up, the terrain: a attacks, so b lays it out."""
    state = battle(fig("a1", "Elf", 3, 3, (0, 0)), fig("b1", "Orc", 4, 3, (0, 0)),
                   scenario=scenario, size=size)
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


def test_a_six_on_the_kind_die_can_roll_a_hedge(dice):
    """seed 000, ALL-OUT BATTLE: 'Two to six scenic items (hills, boulders, woods,
    ruins, etc ...)' and 'Hedges, fences and low walls may be placed contiguously so
    that they form a longer hedge or wall.' The generator's kind die: a 6 rolls again,
    and a 3 or 4 gives a hedge of 3 + 1d6 sides along a rolled row -- once the two
    area features the scenario needs are down (a hedge rolled before them is passed
    over: TREASURE HUNT's tokens and the PLACE OF POWER need hexes inside features)."""
    state = battle(fig("a1", "Elf", 3, 3, (0, 0)), fig("b1", "Orc", 4, 3, (0, 0)), size=24)
    for f in state.figures.values():
        f.pos = None
    state.phase, state.attacker = "terrain", "a"
    dice.fix(3)  # three features
    dice.fix(6, 3)  # a hedge first: passed over (no rolls for where), no area yet
    for col in (3, 20):  # woods (1), radius 2 (1), at column col, row 3 (a d24 each)
        dice.fix(1, 1)
        dice.fix(col, 3, sides=24)
    dice.fix(6, 3, 1)  # a six, then a hedge of 3 + 1 sides
    dice.fix(3, 15, sides=24)  # from column 3, row 15 (0-based 2, 14), eastwards
    state, events = act(state, "b", "generate_terrain", dice)
    [laid] = [e for e in events if e.type == "terrain_laid"]
    # hex (-5, 14) is column 2 of row 14: its south-west and south-east sides, then (-4, 14)'s
    assert laid.data["edges"] == [
        [[-6, 15], [-5, 14], "hedge"], [[-5, 14], [-5, 15], "hedge"],
        [[-5, 15], [-4, 14], "hedge"], [[-4, 14], [-4, 15], "hedge"]]
    assert len(features(dict(state.board.terrain))) == 2 and state.phase == "edge"


def test_a_scenario_with_tokens_or_a_place_of_power_needs_area_features(dice):
    """seed 000, TREASURE HUNT: 'The tokens must be within a terrain feature'; PLACE OF
    POWER: a terrain feature is nominated. Two hedges are two scenic items, with no hex
    inside either."""
    hedges = along_row(0, 6, 4, "hedge") + along_row(0, 16, 4, "hedge")
    for scenario, said in (("treasure_hunt", "three hexes inside terrain features"),
                           ("place_of_power", "needs a terrain feature")):
        assert said in refusal(dice, [], hedges, scenario, size=24)
    laid(dice, WOODS, along_row(0, 16, 4, "hedge"), "treasure_hunt", size=24)
    dice.fix(2)  # (the Place of Power's nominator is rolled once the terrain is laid)
    laid(dice, WOODS, along_row(0, 16, 4, "hedge"), "place_of_power", size=24)


@pytest.mark.parametrize("scenario", ["all_out_battle", "on_difficult_ground"])
def test_every_generated_layout_keeps_the_rules(scenario):
    """The generator honours what it would refuse from a defender (seed 000, ALL-OUT
    BATTLE; ON DIFFICULT GROUND), runs included, on every table size we offer's
    extremes and the 60 cm one; seeded, so the same 150 lay-outs every run."""
    from server.rules.dice import SeededDice
    from server.rules.sbh.terrain import SbhBoard
    from server.rules.sbh.terrain_layout import generate_layout, rules_for

    class Rolls:  # what generate_layout asks of a Ctx
        def __init__(self, seed):
            self.dice = SeededDice(seed.to_bytes(8, "big"))

        def roll(self, n):
            return self.dice.roll(n, 6)

    with_runs = 0
    for size in (12, 24, 96):
        for seed in range(50):
            board = SbhBoard(size, size)
            terrain, edges = generate_layout(Rolls(seed), board, rules_for(scenario))
            assert layout_problems(board, terrain, edges, rules_for(scenario)) == [], seed
            areas = features({hex_at(q, r): k for q, r, k in terrain})
            assert len(areas) >= rules_for(scenario).min_features, seed
            with_runs += bool(edges)
    assert with_runs >= 15


# -- linear obstacles: one scenic item per run of joined sides --------------------
FIVE_WOODS = [[q, r, "woods"] for r in (2, 10, 18, 26, 34) for q in range(4)]  # 48 table


def along_row(q0: int, r: int, count: int, kind: str) -> list:
    """`count` sides in a row, each joined to the next at a corner: the zigzag
    under row r from hex (q0, r) east (its south-west side, then its
    south-east side, then the next hex's)."""
    sides = []
    for i in range(count):
        q = q0 + i // 2
        below = [q - 1, r + 1] if i % 2 == 0 else [q, r + 1]
        sides.append([[q, r], below, kind])
    return sides


def refusal(dice, terrain, edges, scenario="all_out_battle", size=48) -> str:
    with pytest.raises(RulesError) as refused:
        act(laying_out(scenario, size), "b", "lay_terrain", dice, terrain=terrain,
            edges=edges)
    assert refused.value.code == "bad_terrain"
    return str(refused.value)


def laid(dice, terrain, edges, scenario="all_out_battle", size=48):
    state, events = act(laying_out(scenario, size), "b", "lay_terrain", dice,
                        terrain=terrain, edges=edges)
    assert "terrain_laid" in types(events)
    return state


def test_single_hedges_are_each_a_scenic_item_too_short(dice):
    """seed 000, ALL-OUT BATTLE: 'Two to six scenic items ... No scenic feature can be
    bigger than 2 X Long, or smaller than 1 X Short'. Five woods and three one-side
    hedges far from everything are eight items, not six; each hedge is shorter than
    1 x Short (4 sides)."""
    hedges = [[[30, 5], [31, 5], "hedge"], [[30, 20], [31, 20], "hedge"],
              [[10, 40], [11, 40], "hedge"]]
    reason = refusal(dice, FIVE_WOODS, hedges)
    assert "8 scenic items; the scenario wants 2 to 6" in reason
    assert ("a hedge run of 1 side starting between [30, 5] and [31, 5] is shorter than "
            "4 sides (4 to 26 allowed)") in reason


def test_a_hedge_touching_a_wood_is_too_close(dice):
    """seed 000, ALL-OUT BATTLE: 'There must be at least a 1 X Short gap between any
    two terrain features.' A hedge of 4 sides along a wood's south edge has no hex
    between it and the wood; one with four rows of open hexes before the wood is
    accepted (as two woods with four rows between them are)."""
    hedge = along_row(1, 2, 4, "hedge")
    reason = refusal(dice, WOODS + HILL, hedge, size=24)
    assert ("a hedge run of 4 sides starting between [0, 3] and [1, 2] has 0 hexes "
            "between it and the woods feature at [0, 2] (4 needed)") in reason
    four_rows_off = along_row(1, 6, 4, "hedge")  # rows 3 to 6 between it and the wood
    state = laid(dice, WOODS + HILL, four_rows_off, size=24)
    assert len(state.board.edges) == 4


def test_a_contiguous_wall_of_six_sides_is_one_scenic_item(dice):
    """seed 000, ALL-OUT BATTLE: 'Hedges, fences and low walls may be placed
    contiguously so that they form a longer hedge or wall.' Six low wall sides joined
    corner to corner are one item: with five woods, six items, accepted."""
    wall = along_row(30, 30, 6, "low_wall")
    state = laid(dice, FIVE_WOODS, wall)
    assert len(state.board.edges) == 6
    [run] = runs({frozenset((hex_at(*a), hex_at(*b))): k for a, b, k in wall}, {})
    assert len(run.sides) == 6


@pytest.mark.parametrize("scenario, length, allowed", [
    ("all_out_battle", 27, "4 to 26 allowed"),
    ("on_difficult_ground", 14, "4 to 13 allowed"),  # 'no ... bigger than 1 X Long'
])
def test_a_run_longer_than_the_largest_feature_is_refused(dice, scenario, length, allowed):
    """seed 000, ALL-OUT BATTLE: 'No scenic feature can be bigger than 2 X Long' (26
    sides); ON DIFFICULT GROUND: 'No scenic feature can be bigger than 1 X Long' (13)."""
    wall = along_row(0, 40, length, "hedge")
    reason = refusal(dice, WOODS + HILL, wall, scenario)
    assert (f"a hedge run of {length} sides starting between [-1, 41] and [0, 40] is "
            f"longer than {allowed.split()[-2]} sides ({allowed})") in reason


def test_a_cliff_along_a_hill_is_the_hills_drop(dice):
    """seed 000, ALL-OUT BATTLE: 'Two to six scenic items (hills, boulders, woods ...)
    ... at least a 1 X Short gap between any two terrain features.' A cliff on the
    side of a hill hex is the hill's drop: no item of its own, not too short, not too
    close to the hill. The same two sides out in the open are a cliff run: too short."""
    cliff = [[[1, 12], [0, 13], "cliff_short"], [[1, 12], [1, 13], "cliff_medium"]]
    state = laid(dice, WOODS + HILL, cliff, size=24)
    assert len(state.board.edges) == 2
    in_the_open = [[[q, r + 6], [q2, r2 + 6], kind] for [q, r], [q2, r2], kind in cliff]
    assert layout_problems(state.board, WOODS + HILL, in_the_open) == [
        "a cliff run of 2 sides starting between [0, 19] and [1, 18] is shorter than 4 "
        "sides (4 to 26 allowed)"]


def test_two_runs_meeting_at_a_corner_are_one(dice):
    """seed 000, ALL-OUT BATTLE: 'Hedges, fences and low walls may be placed
    contiguously so that they form a longer hedge or wall.' Two hedge sides and two low
    wall sides meeting at a corner are one run of 4 sides (apart, each would be too
    short and too close to the other). A cliff meeting them there is not a wall: it
    does not join them."""
    hedge = along_row(5, 6, 2, "hedge")
    wall = along_row(6, 6, 2, "low_wall")
    state = laid(dice, WOODS + HILL, hedge + wall, size=24)
    assert len(state.board.edges) == 4
    cliff = along_row(6, 6, 2, "cliff_short")
    reason = refusal(dice, WOODS + HILL, hedge + cliff, size=24)
    assert "a hedge run of 2 sides" in reason and "a cliff run of 2 sides" in reason


def test_on_difficult_ground_a_hedge_may_stand_next_to_a_wood(dice):
    """seed 000, ON DIFFICULT GROUND: 'Terrain features can be adjacent one to the
    other'. A hedge on a wood's very edge touches it, as adjacent woods do: accepted
    there, refused in an All-Out Battle (4 hexes needed between)."""
    on_the_edge = along_row(1, 2, 4, "hedge")
    state = laid(dice, WOODS + HILL, on_the_edge, "on_difficult_ground", size=24)
    assert len(state.board.edges) == 4
    assert "has 0 hexes between it and the woods feature at [0, 2] (4 needed)" in refusal(
        dice, WOODS + HILL, on_the_edge, size=24)
