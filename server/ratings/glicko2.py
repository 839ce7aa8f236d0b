"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) with the parameters
lichess uses: a new player is 1500, RD 500, volatility 0.09; tau 0.75; RD kept
within 45..500; volatility at most 0.1; provisional while RD >= 110.

As on lichess, a player's RD first grows with the time since their previous
rated match (`rd_after_idle`; a rating period is 1 / 0.21436 days, about 4.67
days: lichess's `ratingPeriodsPerDay`, chosen there so that a typical RD goes
from 60 to 110 in a year), for both players, and each rated match is then a
rating period of its own, rated when it ends (`update` with one period).
The PyPI `glicko2` package has none of this (no elapsed time, no bounds, tau a
class attribute) and squares the rating where the paper squares the RD when it
finds the volatility: the README says why these lines are our own."""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # Glicko to Glicko-2 scale (400 / ln 10)
START_RATING = 1500.0
START_RD = 500.0
START_VOLATILITY = 0.09
TAU = 0.75
MIN_RD, MAX_RD = 45.0, 500.0
MAX_VOLATILITY = 0.1
PROVISIONAL_RD = 110.0
PERIODS_PER_DAY = 0.21436
EPSILON = 0.000001  # convergence of the volatility search (the paper's)


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.rd >= PROVISIONAL_RD


def periods_between(earlier: float | None, later: float) -> float:
    """Rating periods since a player's last rated match (unix seconds; None: never,
    and a new player's RD is already the largest)."""
    if earlier is None:
        return 0.0
    return max(0.0, later - earlier) / 86400.0 * PERIODS_PER_DAY


def rd_after_idle(player: Rating, periods: float) -> float:
    """The player's RD after `periods` without a match: what lists show now."""
    phi = player.rd / SCALE
    grown = math.sqrt(phi * phi + periods * player.volatility ** 2) * SCALE
    return min(MAX_RD, max(MIN_RD, grown))


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / math.pi ** 2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, games: list[tuple[Rating, float]], *, periods: float = 1.0,
           tau: float = TAU, bounded: bool = True) -> Rating:
    """The player's rating after `games` (opponent, score 1/0.5/0), `periods` rating
    periods after their previous one. `bounded=False` skips lichess's RD and
    volatility bounds (the paper's example has none)."""
    mu, phi, sigma = (player.rating - START_RATING) / SCALE, player.rd / SCALE, player.volatility
    if not games:
        return Rating(player.rating, rd_after_idle(player, periods) if bounded
                      else math.sqrt(phi * phi + periods * sigma * sigma) * SCALE, sigma)
    outcomes = []
    for opponent, score in games:
        mu_j, phi_j = (opponent.rating - START_RATING) / SCALE, opponent.rd / SCALE
        outcomes.append((_g(phi_j), _expected(mu, mu_j, phi_j), score))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in outcomes)
    improvement = sum(g * (s - e) for g, e, s in outcomes)
    new_sigma = _volatility(phi, sigma, v * improvement, v, tau)
    phi_star = math.sqrt(phi * phi + periods * new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    rating, rd = new_mu * SCALE + START_RATING, new_phi * SCALE
    if bounded:
        rd, new_sigma = min(MAX_RD, max(MIN_RD, rd)), min(MAX_VOLATILITY, new_sigma)
    return Rating(rating, rd, new_sigma)
