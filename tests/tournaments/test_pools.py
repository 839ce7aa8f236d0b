"""Pools then knockout (issue 33): snake-seeded pools, a round robin each, the best of every
pool seeded into a knockout with pool-mates kept apart in its first round."""

import pytest

from server.tournaments.format import EventSettings, TournamentError
from server.tournaments.knockout import advance
from server.tournaments.models import Bye, Game, Player
from server.tournaments.pools import knockout_from_pools, pool_schedules, pool_standings, pools

TWELVE = [Player(f"p{i}", rating=2000 - i) for i in range(12)]  # p0 is the top seed


def play_pools(pool_list, winner_of):
    """Every scheduled game of every pool, the winner chosen by `winner_of(a, b)`."""
    history = []
    for schedule in pool_schedules(pool_list):
        for pairings in schedule:
            for a, b in pairings.tables:
                history.append(Game(pairings.round, a, b, winner_of(a, b)))
            if pairings.bye:
                history.append(Bye(pairings.round, pairings.bye))
    return history


def higher_rated(a, b):
    return min(a, b, key=lambda pid: int(pid[1:]))


def test_three_pools_of_four_into_an_eight_bracket():
    pool_list = pools(TWELVE, 3)
    assert [[p.id for p in pool] for pool in pool_list] == [
        ["p0", "p5", "p6", "p11"],
        ["p1", "p4", "p7", "p10"],
        ["p2", "p3", "p8", "p9"],
    ]
    history = play_pools(pool_list, higher_rated)
    assert len(history) == 3 * 6  # every pair of every pool met once
    table = pool_standings(pool_list[2], history, EventSettings())
    assert [(s.player, s.points) for s in table] == [("p2", 9), ("p3", 6), ("p8", 3), ("p9", 0)]
    first = knockout_from_pools(pool_list, history, EventSettings(), per_pool=2)
    # seeds p0 p1 p2 (winners) p5 p4 p3 (runners-up); byes to p0 and p1; seed 3 p2 would
    # meet seed 6 p3 from its own pool, so p3 and p4 (both runners-up) swap matches
    assert [(m.player_a, m.player_b) for m in first] == [
        ("p0", None),
        ("p5", "p3"),
        ("p1", None),
        ("p2", "p4"),
    ]
    semis = advance(first, {1: "p3", 3: "p2"})
    assert [(m.player_a, m.player_b) for m in semis] == [("p0", "p3"), ("p1", "p2")]
    assert [(m.player_a, m.player_b) for m in advance(semis, {0: "p0", 1: "p2"})] == [("p0", "p2")]


def test_two_pools_winners_meet_the_other_pools_runner_up():
    pool_list = pools(TWELVE[:8], 2)
    history = play_pools(pool_list, higher_rated)
    first = knockout_from_pools(pool_list, history, EventSettings(), per_pool=2)
    assert [(m.player_a, m.player_b) for m in first] == [("p0", "p2"), ("p1", "p3")]


def test_odd_pool_byes_do_not_count_as_games():
    pool_list = pools(TWELVE[:10], 2)  # two pools of five: one sits out each round
    history = play_pools(pool_list, higher_rated)
    assert sum(isinstance(item, Bye) for item in history) == 10
    table = pool_standings(pool_list[0], history, EventSettings(points_bye=0))
    assert [s.points for s in table] == [12, 9, 6, 3, 0]


def test_knockout_waits_for_every_pool_game():
    pool_list = pools(TWELVE[:8], 2)
    history = play_pools(pool_list, higher_rated)[:-1]
    with pytest.raises(TournamentError) as caught:
        knockout_from_pools(pool_list, history, EventSettings(), per_pool=2)
    assert caught.value.code == "tournament.pools_unfinished"


@pytest.mark.parametrize("per_pool", [0, 5])
def test_qualifier_count_must_fit_the_pools(per_pool):
    pool_list = pools(TWELVE[:8], 2)
    history = play_pools(pool_list, higher_rated)
    with pytest.raises(TournamentError) as caught:
        knockout_from_pools(pool_list, history, EventSettings(), per_pool=per_pool)
    assert caught.value.code == "tournament.bad_qualifiers"
