"""Standings and tie-breaks against hand-worked examples (points 3/1/0)."""

import pytest

from server.tournaments.format import EventSettings, TournamentError
from server.tournaments.models import Game, Player
from server.tournaments.standings import standings

SIX = [Player(x) for x in "ABCDEF"]
# round, a, b, winner (None = draw), VP a, VP b
THREE_ROUNDS = [
    Game(1, "A", "B", "A", 15, 5),
    Game(1, "C", "D", None, 10, 10),
    Game(1, "E", "F", "E", 12, 8),
    Game(2, "A", "E", "A", 14, 6),
    Game(2, "B", "C", "B", 9, 7),
    Game(2, "D", "F", "D", 11, 3),
    Game(3, "A", "D", None, 8, 8),
    Game(3, "E", "B", None, 10, 6),
    Game(3, "C", "F", "C", 13, 2),
]


def test_hand_worked_six_players_three_rounds():
    settings = EventSettings(
        tie_breaks=(
            "strength_of_schedule",
            "vp_differential",
            "head_to_head",
            "buchholz",
            "sonneborn_berger",
        )
    )
    table = [
        (s.rank, s.player, s.points, tuple(s.tie_breaks.values()))
        for s in standings(SIX, THREE_ROUNDS, settings)
    ]
    # rank, player, TP, (SoS, VP diff, H2H, Buchholz, Sonneborn-Berger) worked by hand:
    # B, C, E are level on 4 TP; SoS B 7+4+4=15 > E 0+7+4=11 > C 5+4+0=9 separates them.
    assert table == [
        (1, "A", 7, (13, 18, 0, 13.0, 10.5)),
        (2, "D", 5, (11, 8, 0, 11.0, 5.5)),
        (3, "B", 4, (15, -12, 0, 15.0, 6.0)),
        (4, "E", 4, (11, 0, 0, 11.0, 2.0)),
        (5, "C", 4, (9, 9, 0, 9.0, 2.5)),
        (6, "F", 0, (13, -23, 0, 13.0, 0.0)),
    ]


def test_head_to_head_only_counts_games_between_level_players():
    players = [Player(x) for x in "XYZW"]
    games = [
        Game(1, "X", "Y", "X"),
        Game(1, "Z", "W", "Z"),
        Game(2, "X", "Z", "Z"),
        Game(2, "Y", "W", "Y"),
    ]
    table = standings(players, games, EventSettings(tie_breaks=("head_to_head",)))
    # Z 6 TP leads alone; X and Y level on 3 TP: X beat Y (3), Y's win over W (not level) counts 0
    assert [(s.rank, s.player, s.tie_breaks["head_to_head"]) for s in table] == [
        (1, "Z", 0),
        (2, "X", 3),
        (3, "Y", 0),
        (4, "W", 0),
    ]


def test_players_level_on_everything_share_a_rank():
    players = [Player(x) for x in "ABCD"]
    games = [Game(1, "A", "B", "A", 10, 5), Game(1, "C", "D", "C", 10, 5)]
    table = standings(players, games, EventSettings(tie_breaks=("vp_differential",)))
    assert [(s.rank, s.player) for s in table] == [(1, "A"), (1, "C"), (3, "B"), (3, "D")]


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"format": "ladder"}, "tournament.bad_format"),
        ({"rounds": 0}, "tournament.bad_rounds"),
        ({"points_win": 1, "points_draw": 2}, "tournament.bad_points"),
        ({"tie_breaks": ("coin_toss",)}, "tournament.bad_tie_break"),
        ({"late_registration_until_round": 9}, "tournament.bad_late_registration"),
        ({"forbidden_groups": (frozenset({"A"}),)}, "tournament.bad_forbidden_group"),
    ],
)
def test_bad_settings_get_stable_codes(kwargs, code):
    with pytest.raises(TournamentError) as caught:
        EventSettings(**kwargs)
    assert caught.value.code == code and caught.value.message
