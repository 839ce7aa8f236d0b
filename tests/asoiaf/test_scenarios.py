"""Scenarios (seed 004, SCENARIOS AND BATTLEFIELD SETUP, PLAYING THE GAME,
OBJECTIVES TOKENS, PLUNDER TOKENS, ASSEMBLING YOUR WARBAND). The layouts are our
design (docs/rules/asoiaf.md); these tests check they keep the book's rules."""

from __future__ import annotations

import pytest

from server.rules.asoiaf.render import render
from server.rules.asoiaf.scenarios import (
    build_scenario,
    deployment_fits,
    largest_warband,
    load_scenarios,
)
from server.rules.asoiaf.tiles import load_tiles
from server.rules.board.square import Square, SquareBoard, SquareKind

S = Square


@pytest.fixture(scope="module")
def scenarios():
    return load_scenarios()


def test_learn_to_play_and_a_scenario_per_warband_size(scenarios):
    """Seed 004, ASSEMBLING YOUR WARBAND: "There are 3 sizes of warbands: 2 4 12 ... a
    small size game with a matching sized battlefield. 3 6 18 ... a standard game
    requiring a medium table. 4 8 24 ... a large game"; SCENARIOS: "Go to the "Learn
    to Play" scenario below"."""
    assert "learn_to_play" in scenarios
    assert {s.size for s in scenarios.values()} == {"small", "standard", "large"}
    sizes = {s.size: s.battlefield.width * s.battlefield.height for s in scenarios.values()}
    assert sizes["small"] < sizes["standard"] < sizes["large"]
    assert all(s.rounds >= 1 for s in scenarios.values())


def test_learn_to_play_has_no_objectives(scenarios):
    """Seed 004, OBJECTIVES TOKENS: "Their locations are marked ... on every scenario map
    (excluding Learn to Play)"."""
    assert scenarios["learn_to_play"].battlefield.objectives == ()
    assert all(s.battlefield.objectives for k, s in scenarios.items() if k != "learn_to_play")


def test_objectives_are_on_open_dot_squares(scenarios):
    """Seed 004, OBJECTIVES TOKENS: "All are OPEN-dot, any model that stands on this
    square controls it"."""
    for s in scenarios.values():
        for sq in s.battlefield.objectives:
            assert s.battlefield.kind(sq) is SquareKind.OPEN


def test_plunder_tokens_of_both_kinds_on_squares_models_can_reach(scenarios):
    """Seed 004, PLUNDER TOKENS: one "scores 2 VP and gains 1" coin, the other "scores 2
    VP, draw 1 agenda card"."""
    kinds = set()
    for s in scenarios.values():
        for sq, kind in s.battlefield.plunder.items():
            assert s.battlefield.movement.standable(sq)
            kinds.add(kind)
    assert kinds == {"coin", "agenda"}


def test_deployment_zones_gold_and_silver_hold_the_largest_warband(scenarios):
    """Seed 004, DEPLOYMENT ZONE: "outlined in either gold or silver"; PLAYING THE GAME:
    "Deployment zones are sometimes split into several areas ... As long as the zone is
    outlined with the same color, models from the same warband can deploy within those
    zones"; "your warband can never contain more models than the amount of copper"."""
    for s in scenarios.values():
        gold = s.battlefield.deployment_squares("gold")
        silver = s.battlefield.deployment_squares("silver")
        assert gold and silver and not gold & silver
        for colour in ("gold", "silver"):
            zone = s.battlefield.deployment_squares(colour)
            assert deployment_fits(s.battlefield.movement, zone, *largest_warband(s.coins))
    assert len(scenarios["river_ford"].battlefield.deployment["gold"]) == 2  # split


def test_largest_warband_counts_every_character_mounted():
    """Seed 004, MODELS: "A model whose coin cost includes at least 1 gold is always a
    hero ... Any model that costs silver ... is a champion"; MOUNTED CHARACTERS: "one
    mounted (large model)"; "If the scenario dictates that both warbands are 2 - 4 - 12,
    they cannot have more than 12 models in total"."""
    assert largest_warband((2, 4, 12)) == (6, 6)
    assert largest_warband((4, 8, 24)) == (12, 12)


def test_deployment_fits_counts_large_models_on_four_squares():
    """Seed 004, MODELS: "A large model occupies a larger square of 4 mutually adjacent
    squares"; WALLS: "Large models can't be placed over walls"."""
    board = SquareBoard(4, 2)
    zone = frozenset(S(x, y) for x in range(4) for y in range(2))
    assert deployment_fits(board, zone, 2, 0)
    assert not deployment_fits(board, zone, 2, 1)
    assert deployment_fits(board, zone, 1, 4)
    walled = SquareBoard(4, 2, walls=frozenset({frozenset({S(1, 0), S(2, 0)})}))
    assert deployment_fits(walled, zone, 2, 0)
    cut = SquareBoard(4, 2, walls=frozenset({frozenset({S(0, 0), S(1, 0)}),
                                              frozenset({S(2, 0), S(3, 0)})}))
    assert not deployment_fits(cut, zone, 2, 0)


def test_a_malformed_scenario_is_refused_naming_every_problem():
    """Seed 004, SCENARIOS AND BATTLEFIELD SETUP: "The scenario tells you how many coins
    you have ... place the tiles and all the elements (doors, objectives, plunder
    tokens, etc.)". Every mistake in a map file is named at once."""
    raw = {
        "id": "bad", "name": "Bad", "coins": [2, 4, 13], "rounds": 0,
        "tiles": [["camp", "nowhere"]],
        "walls": [[13, 0, "E"], [0, 0, "Q"]],
        "objectives": [[1, 2], [30, 1], [5, 5]],
        "plunder": [{"at": [5, 5], "kind": "gold"}],
        "terrain": [{"terrain": "large_tree", "rect": [5, 1, 2, 2]}],
        "deployment": [{"colour": "gold", "rect": [0, 2, 14, 1]},
                       {"colour": "silver", "rect": [0, 2, 3, 1]},
                       {"colour": "purple", "rect": [0, 6, 2, 1]}],
    }
    with pytest.raises(ValueError) as err:
        build_scenario(raw, load_tiles(), "bad.toml")
    text = str(err.value)
    expected = [
        "coins [2, 4, 13] is none of the book's warband sizes",
        "rounds 0 is not a number of rounds",
        "unknown tile 'nowhere'",
        "wall [13, 0, 'E'] is off the grid",
        "wall [0, 0, 'Q'] is not a side",
        "objective at (1, 2) is on a BLOCKED-X square",
        "objective (30, 1) is off the 14x7 board",
        "terrain large_tree is placed on (5, 1), which is not OPEN",
        "plunder kind 'gold' is not one of coin, agenda",
        "plunder token at (5, 5) shares its square with an objective",
        "the gold and silver deployment zones overlap",
        "deployment colour 'purple' is neither gold nor silver",
        "gold deployment zone includes (1, 2), a BLOCKED-X square",
    ]
    for phrase in expected:
        assert phrase in text, phrase


def test_a_deployment_zone_too_small_is_refused():
    """Seed 004, ASSEMBLING YOUR WARBAND: 12 models for 2 4 12; a zone must hold them
    (our check: six of them mounted on 2x2)."""
    raw = {"id": "tiny", "name": "Tiny", "coins": [2, 4, 12], "rounds": 4,
           "tiles": [["open_field", "open_field"]],
           "deployment": [{"colour": "gold", "rect": [0, 0, 14, 2]},
                          {"colour": "silver", "rect": [0, 4, 14, 3]}]}
    with pytest.raises(ValueError, match="the gold deployment zone cannot hold the largest "
                                         "small warband: 6 large models on 2x2 and 6 infantry"):
        build_scenario(raw, load_tiles(), "tiny.toml")


def test_every_scenario_renders(scenarios):
    """Seed 004, THE BATTLEFIELD: the map drawn as text, one character a square."""
    lines = render(scenarios["learn_to_play"].battlefield)
    assert len(lines) == 2 * 14 + 1
    assert lines[1].count("g") == 14 and lines[-2].count("s") == 14
    assert "$" in "".join(lines) and "?" in "".join(lines)


def test_victory_points_default_to_the_books_and_a_scenario_may_change_them(scenarios):
    """Seed 004, THE END PHASE: "Each model that controls an objective scores 1 VP ...
    The player holding the most copper scores 1 VP"; "Extra VP can sometimes be earned
    thanks to scenario special rules"; PLAYING THE GAME: "2 VP per round remaining"
    and, on a concession, "3 VP for each round remaining"."""
    book = scenarios["learn_to_play"].victory
    assert (book.objective, book.most_copper, book.most_captives) == (1, 1, 1)
    assert (book.wipe_out_per_round, book.concession_per_round) == (2, 3)
    raw = {"id": "v", "name": "V", "coins": [2, 4, 12], "rounds": 4,
           "tiles": [["open_field", "open_field"], ["open_field", "open_field"]],
           "deployment": [{"colour": "gold", "rect": [0, 0, 14, 3]},
                          {"colour": "silver", "rect": [0, 11, 14, 3]}],
           "victory": {"objective": 2}}
    assert build_scenario(raw, load_tiles()).victory.objective == 2
    raw["victory"] = {"objectives": 2, "most_copper": -1}
    with pytest.raises(ValueError) as err:
        build_scenario(raw, load_tiles())
    assert "victory has no 'objectives'" in str(err.value)
    assert "victory most_copper = -1 is not a number of VP" in str(err.value)


def test_a_misspelt_key_is_named_not_ignored():
    """Seed 004, SCENARIOS AND BATTLEFIELD SETUP ("place ... all the elements (doors,
    objectives, plunder tokens, etc.) required"): a map whose author wrote
    `objective` for `objectives` would silently lose its objectives."""
    raw = {"id": "typo", "name": "Typo", "coins": [2, 4, 12], "rounds": 4,
           "tiles": [["open_field", "open_field"], ["open_field", "open_field"]],
           "objective": [[7, 7]],
           "plunder": [{"at": [3, 7], "kind": "coin", "vp": 2}, [1, 1]],
           "terrain": [{"terrain": "bush", "rects": [1, 1, 1, 1]}],
           "deployment": [{"colour": "gold", "rect": [0, 0, 14, 3]},
                          {"color": "silver", "rect": [0, 11, 14, 3]}]}
    with pytest.raises(ValueError) as err:
        build_scenario(raw, load_tiles(), "typo.toml")
    text = str(err.value)
    assert "the scenario has an unknown key 'objective'" in text
    assert "a plunder token has an unknown key 'vp'" in text
    assert "a plunder token [1, 1] is not a table" in text
    assert "a terrain has an unknown key 'rects'" in text
    assert "a deployment zone has an unknown key 'color'" in text
    raw_flat = dict(raw, tiles=["open_field", "open_field"])
    with pytest.raises(ValueError, match="tiles must be rows of tile names"):
        build_scenario(raw_flat, load_tiles(), "flat.toml")
