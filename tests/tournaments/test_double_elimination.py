"""Double elimination: out after two losses, byes to top seeds, a reset grand final."""

import random

import pytest

from server.tournaments.double_elimination import double_elimination
from server.tournaments.format import TournamentError

FOUR = ["s1", "s2", "s3", "s4"]


def listed(bracket):
    return [(m.id, m.player_a, m.player_b, m.winner) for m in bracket.matches]


def test_four_players_to_a_reset_final():
    assert listed(double_elimination(FOUR, {})) == [
        ("W1.1", "s1", "s4", None),
        ("W1.2", "s2", "s3", None),
    ]
    results = {"W1.1": "s1", "W1.2": "s2", "L1.1": "s3", "W2.1": "s1", "L2.1": "s2", "F1": "s2"}
    bracket = double_elimination(FOUR, results)
    assert listed(bracket)[2:] == [
        ("W2.1", "s1", "s2", "s1"),
        ("L1.1", "s4", "s3", "s3"),
        ("L2.1", "s3", "s2", "s2"),  # s2 drops in after losing the winners final
        ("F1", "s1", "s2", "s2"),
        ("F2", "s1", "s2", None),  # s1's first loss: the final is played again
    ]
    assert bracket.champion is None
    assert double_elimination(FOUR, {**results, "F2": "s1"}).champion == "s1"
    no_reset = double_elimination(FOUR, results, reset_final=False)
    assert no_reset.champion == "s2" and listed(no_reset)[-1][0] == "F1"


def test_three_players_byes_are_walkovers_not_matches():
    results = {"W1.2": "s3", "W2.1": "s1"}
    bracket = double_elimination(FOUR[:3], results)
    # s1's bye and the empty losers match are not listed; s2 (lost to s3) meets s3
    # (lost to s1) in the losers bracket
    assert listed(bracket) == [
        ("W1.2", "s2", "s3", "s3"),
        ("W2.1", "s1", "s3", "s1"),
        ("L2.1", "s2", "s3", None),
    ]


@pytest.mark.parametrize("size", [2, 3, 5, 6, 8, 11, 16])
def test_everyone_but_the_champion_loses_exactly_twice(size):
    rng = random.Random(size)
    seeds = [f"s{i}" for i in range(1, size + 1)]
    results: dict[str, str] = {}
    while (bracket := double_elimination(seeds, results)).champion is None:
        ready = [m for m in bracket.matches if m.winner is None]
        assert ready, "a bracket without a champion always has a match to play"
        for match in ready:
            results[match.id] = rng.choice([match.player_a, match.player_b])
    losses = dict.fromkeys(seeds, 0)
    for match in bracket.matches:
        losses[match.player_b if match.winner == match.player_a else match.player_a] += 1
    champion = bracket.champion
    assert losses.pop(champion) <= 1
    assert set(losses.values()) == {2}
    assert len(bracket.matches) in (2 * size - 2, 2 * size - 1)  # -1: the reset was played


def test_bad_results_are_refused():
    with pytest.raises(TournamentError) as caught:
        double_elimination(FOUR, {"W1.1": "s2"})
    assert caught.value.code == "tournament.missing_result"
    with pytest.raises(TournamentError) as caught:
        double_elimination(FOUR, {"W2.1": "s1"})  # not ready: its players are not known
    assert caught.value.code == "tournament.unknown_match"
    with pytest.raises(TournamentError) as caught:
        double_elimination(["s1"], {})
    assert caught.value.code == "tournament.too_few_players"
