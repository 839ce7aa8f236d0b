"""The bracket formats as served events, run to their end by bots over the protocol on
SQLite and PostgreSQL (issue 33: "Round robin (Berger tables) for small groups, and pools
then knockout"; "Knockout: single elimination ... optionally double elimination"); the
pools' event has its first round at a scheduled time (its times across a kill -9:
tests/tournaments/test_events_killed.py). The
two events run side by side on one server, so the test lasts as long as the longer, and
each game is settled by a resignation (the Swiss, round robin and knockout tests play
theirs out; a bracket needs only who went on)."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from tests.tournaments.served import guests, pairs, player, run_event, went_through


async def test_pools_then_knockout_and_double_elimination_run_to_a_champion(server):
    org = await player(server, "organiser")
    pooled = await guests(server.url, "pool", 6)
    doubled = await guests(server.url, "double", 4)
    first_at = time.time() + 1.0  # (the double elimination takes about as long)
    try:
        pools_event, double_event = await asyncio.gather(
            run_event(org, pooled, "pools_knockout", seed=30, resign=True,
                      pool_size=3, pool_qualifiers=2, round_starts=[first_at]),
            run_event(org, doubled, "double_elimination", seed=40, resign=True))
    finally:
        for client in (org, *pooled, *doubled):
            await client.close()
    _check_pools_then_knockout(pools_event, {c.account for c in pooled})
    assert pools_event["rounds"][0]["started_at"] >= first_at, "round 1 waited for its time"
    _check_double_elimination(double_event, {c.account for c in doubled})


def _check_pools_then_knockout(event: dict, ids: set[str]) -> None:
    """"pools are round robins; the knockout seeded by pool standing": two pools of three
    (snake-seeded), three rounds of pool games (each sits out once), then a knockout of
    the top two of each pool: winners first, a semi-final never two of one pool."""
    assert event["status"] == "finished" and event["total_rounds"] == 5
    bracket = event["bracket"]
    pools = [set(p["players"]) for p in bracket["pools"]]
    assert [len(p) for p in pools] == [3, 3] and pools[0] | pools[1] == ids
    pool_games = [pair for r in event["rounds"][:3] for p in r["pairings"] if not p["bye"]
                  for pair in [frozenset((p["player_a"], p["player_b"]))]]
    assert sorted(map(sorted, pool_games)) == sorted(
        sorted((a, b)) for pool in pools for a in pool for b in pool if a < b)
    winners = [p["standings"][0]["player"] for p in bracket["pools"]]
    runners_up = [p["standings"][1]["player"] for p in bracket["pools"]]
    assert bracket["first_round"] == 4 and bracket["seeds"] == winners + runners_up
    semis, final = event["rounds"][3]["pairings"], event["rounds"][4]["pairings"]
    pool_of = {pid: n for n, pool in enumerate(pools) for pid in pool}
    assert len(semis) == 2 and all(pool_of[s["player_a"]] != pool_of[s["player_b"]]
                                   for s in semis)
    assert {s["player_a"] for s in semis} == set(winners), "pool winners are seeds 1 and 2"
    [last] = final
    assert bracket["champion"] in (last["player_a"], last["player_b"])
    assert [m["id"] for m in bracket["matches"]] == ["W1.1", "W1.2", "W2.1"]


def _check_double_elimination(event: dict, ids: set[str]) -> None:
    """"a player is out after two losses": winners bracket, losers bracket, grand final
    (and a reset final if the losers champion wins it)."""
    assert event["status"] == "finished"
    bracket = event["bracket"]
    ids_of = [m["id"] for m in bracket["matches"]]
    assert ids_of[:6] == ["W1.1", "W1.2", "W2.1", "L1.1", "L2.1", "F1"]
    assert ids_of[6:] in ([], ["F2"]) and len(event["rounds"]) == 4 + len(ids_of[6:])
    games = [p for r in event["rounds"] for p in r["pairings"]]
    lost = Counter()
    for game, match in zip(games, bracket["matches"], strict=True):
        if match["id"].startswith("L"):  # (one loss each so far: still in)
            assert lost[game["player_a"]] == 1 and lost[game["player_b"]] == 1
        loser = game["player_b"] if went_through(game, bracket["seeds"]) == game["player_a"] \
            else game["player_a"]
        lost[loser] += 1
    champion = bracket["champion"]
    assert champion in ids and lost[champion] <= 1
    assert all(lost[pid] == 2 for pid in ids - {champion}), "everyone else lost twice"
    assert len(pairs(event)) == len(games)
