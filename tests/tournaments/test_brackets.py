"""Round robin (Berger) and knockout, with the Berger tables cross-checked against pairing-core."""

import itertools

import pytest
from pairing_core.roundrobin import round_robin as pairing_core_round_robin

from server.tournaments.format import TournamentError
from server.tournaments.knockout import advance, first_round
from server.tournaments.models import Player
from server.tournaments.round_robin import pools, round_robin_schedule


@pytest.mark.parametrize("count", [2, 5, 6, 9])
def test_round_robin_every_pair_meets_once(count):
    players = [Player(f"p{i}", rating=100 - i) for i in range(count)]
    schedule = round_robin_schedule(players)
    met = [frozenset(t) for r in schedule for t in r.tables]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(c) for c in itertools.combinations([p.id for p in players], 2)), key=sorted
    )
    byes = [r.bye for r in schedule if r.bye]
    assert len(byes) == (count if count % 2 else 0) and len(set(byes)) == len(byes)


@pytest.mark.parametrize("count", [4, 6, 7, 10])
def test_berger_tables_match_pairing_core(count):
    players = [Player(f"p{i}", rating=100 - i) for i in range(count)]
    ours = [{frozenset(t) for t in r.tables} for r in round_robin_schedule(players)]
    theirs = [
        {frozenset((f"p{w - 1}", f"p{b - 1}")) for w, b in rnd if b is not None}
        for rnd in pairing_core_round_robin(count)
    ]
    assert ours == theirs


def test_pools_are_snake_seeded():
    players = [Player(f"p{i}", rating=100 - i) for i in range(8)]
    assert [[p.id for p in pool] for pool in pools(players, 2)] == [
        ["p0", "p3", "p4", "p7"],
        ["p1", "p2", "p5", "p6"],
    ]


def test_knockout_byes_go_to_top_seeds_and_bracket_advances():
    seeds = [f"s{i}" for i in range(1, 7)]  # 6 players in an 8 bracket: seeds 1 and 2 get byes
    first = first_round(seeds)
    assert [(m.player_a, m.player_b) for m in first] == [
        ("s1", None),
        ("s4", "s5"),
        ("s2", None),
        ("s3", "s6"),
    ]
    second = advance(first, {1: "s5", 3: "s3"})
    assert [(m.player_a, m.player_b) for m in second] == [("s1", "s5"), ("s2", "s3")]
    final = advance(second, {0: "s1", 1: "s2"})
    assert [(m.player_a, m.player_b) for m in final] == [("s1", "s2")]
    with pytest.raises(TournamentError) as caught:
        advance(final, {0: "s2"})
    assert caught.value.code == "tournament.finished"


def test_knockout_result_must_name_a_player_in_the_match():
    first = first_round(["a", "b", "c", "d"])
    with pytest.raises(TournamentError) as caught:
        advance(first, {0: "a", 1: "zed"})
    assert caught.value.code == "tournament.missing_result"
