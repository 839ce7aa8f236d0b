"""Glicko-2 against Glickman's worked example and against the PyPI `glicko2`
package (2.1.0) as an independent oracle."""

from __future__ import annotations

import glicko2 as oracle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.ratings.glicko2 import (
    MAX_RD,
    MIN_RD,
    PERIODS_PER_DAY,
    Rating,
    periods_between,
    rd_after_idle,
    update,
)

EXAMPLE_OPPONENTS = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_glickmans_worked_example():
    """1500/200/0.06 against 1400/30 (won), 1550/100 and 1700/300 (lost), tau 0.5:
    1464.06 / 151.52 / 0.05999 in the paper, which rounds as it goes."""
    after = update(Rating(1500, 200, 0.06), EXAMPLE_OPPONENTS, tau=0.5, bounded=False)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_oracle_squares_the_rating_where_the_paper_squares_the_rd():
    """glicko2 2.1.0's volatility function uses mu^2 for phi^2: at 1500 (mu = 0) it
    finds 0.0599934 where the paper's formula gives 0.0599960. Where mu^2 = phi^2
    (rating = 1500 +- RD) its formula is the paper's: the comparison below runs there."""
    player = oracle.Player(1500, 200, 0.06)
    player.update_player([1400, 1550, 1700], [30, 100, 300], [1, 0, 0])
    ours = update(Rating(1500, 200, 0.06), EXAMPLE_OPPONENTS, tau=0.5, bounded=False)
    assert player.vol == pytest.approx(0.0599934, abs=1e-7)
    assert ours.volatility == pytest.approx(0.0599960, abs=1e-7)


opponents = st.lists(st.tuples(st.floats(600, 2800), st.floats(30, 500),
                               st.sampled_from([0.0, 0.5, 1.0])), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(rd=st.floats(45, 500), above=st.booleans(), volatility=st.floats(0.03, 0.1),
       games=opponents)
def test_the_same_as_the_independent_library(rd, above, volatility, games):
    rating = 1500 + rd if above else 1500 - rd  # where the library's formula is right
    player = oracle.Player(rating, rd, volatility)
    player._tau = 0.75  # (the library's tau is a class attribute; lichess's on this one)
    player.update_player([r for r, _, _ in games], [d for _, d, _ in games],
                         [s for _, _, s in games])
    ours = update(Rating(rating, rd, volatility),
                  [(Rating(r, d), s) for r, d, s in games], bounded=False)
    assert ours.rating == pytest.approx(player.rating, abs=1e-6)
    assert ours.rd == pytest.approx(player.rd, abs=1e-6)
    assert ours.volatility == pytest.approx(player.vol, abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(rating=st.floats(600, 2800), rd=st.floats(45, 500), periods=st.floats(0, 100),
       games=opponents)
def test_lichess_bounds_hold(rating, rd, periods, games):
    after = update(Rating(rating, rd, 0.09), [(Rating(r, d), s) for r, d, s in games],
                   periods=periods)
    assert MIN_RD <= after.rd <= MAX_RD and 0 < after.volatility <= 0.1
    wins = sum(s for _, _, s in games)
    if wins == len(games):
        assert after.rating > rating
    if wins == 0:
        assert after.rating < rating


def test_a_new_player_is_provisional_until_the_rd_falls_below_110():
    player, opponent = Rating(), Rating(1500, 60, 0.06)
    assert player.provisional and (player.rating, player.rd, player.volatility) == (1500, 500,
                                                                                    0.09)
    games = 0
    while player.provisional:
        player = update(player, [(opponent, games % 2)], periods=0.01)
        games += 1
    assert player.rd < 110 and 5 <= games <= 40


def test_rd_grows_with_the_time_since_the_last_match():
    day = 86400.0
    assert periods_between(None, 1000.0) == 0.0
    assert periods_between(0.0, 30 * day) == pytest.approx(30 * PERIODS_PER_DAY)
    player = Rating(1800, 60, 0.06)
    month, year = rd_after_idle(player, 30 * PERIODS_PER_DAY), rd_after_idle(player, 3650)
    assert 60 < month < 80 and year == MAX_RD
    assert rd_after_idle(Rating(1800, 45, 0.0), 0) == MIN_RD
