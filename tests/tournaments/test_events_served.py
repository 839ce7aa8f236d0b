"""Hosted events run to their end over the protocol by bots, on SQLite and PostgreSQL
(issue 33, "Running an event"): a Swiss event with an odd field (byes), a late entry
and a withdrawal and no repeat pairing; a round robin where every pair meets once; a
knockout with the bye to the top seed."""

from __future__ import annotations

import asyncio

from clients.client import ServerError
from server.store.store import unpack
from tests.tournaments.served import (
    byes,
    open_event,
    pairs,
    play_event,
    player,
    run_event,
    warband,
)


async def test_a_swiss_event_with_byes_a_late_entry_and_a_withdrawal(server):
    org = await player(server, "organiser")
    field = [await player(server, f"player{n}") for n in range(6)]
    try:
        event_id = await open_event(org, "swiss", rounds=3, late_registration_until_round=2)
        for n, client in enumerate(field[:5]):
            entered = await client.request("register_event", event_id=event_id,
                                           warband=warband(n))
            assert entered["joined_round"] == 1 and entered["list"]["valid"]
        started = await org.request("start_event", event_id=event_id)
        assert started["status"] == "running" and started["problem"] is None
        # round 1 is paired and started: a late entry (plays from round 2) and a
        # withdrawal (the game in hand is played, then no more)
        late = await field[5].request("register_event", event_id=event_id,
                                      warband=warband(5))
        assert late["joined_round"] == 2
        await field[4].request("withdraw_event", event_id=event_id)
        rounds_seen = await asyncio.wait_for(asyncio.gather(*(
            play_event(client, warband(n), seed=n) for n, client in enumerate(field))), 600)
        event = await org.request("get_event", event_id=event_id)
    finally:
        for client in (org, *field):
            await client.close()
    ids = [client.account for client in field]
    assert event["status"] == "finished" and len(event["rounds"]) == 3
    assert all(r["status"] == "ended" for r in event["rounds"])
    played = pairs(event)
    assert len(played) == len(set(played)), "no pair met twice"
    assert len(byes(event)) == 3 and len(set(byes(event))) == 3, "a bye a round, never twice"
    in_round = [{pid for p in r["pairings"] for pid in (p["player_a"], p["player_b"]) if pid}
                for r in event["rounds"]]
    assert ids[5] not in in_round[0] and ids[5] in in_round[1] and ids[5] in in_round[2]
    assert ids[4] in in_round[0] and ids[4] not in in_round[1] | in_round[2]
    assert [len(seen) for seen in rounds_seen] == [sum(pid in r for r in in_round)
                                                   for pid in ids], "each told of each round"
    results = [p["result"] for r in event["rounds"] for p in r["pairings"]]
    assert {r["how"] for r in results} == {"played", "bye"}, "every game played to its end"
    standings = event["standings"]
    assert sorted(s["player"] for s in standings) == sorted(ids)
    assert all(set(s["tie_breaks"]) == {"strength_of_schedule", "vp_differential",
                                        "head_to_head"} for s in standings)
    points = {s["player"]: s["points"] for s in standings}
    assert sum(points.values()) == sum(
        3 if p["bye"] or p["result"]["winner"] else 2
        for r in event["rounds"] for p in r["pairings"])


async def test_a_round_robin_meets_every_pair_once(server):
    org = await player(server, "organiser")
    field = [await player(server, f"rr{n}") for n in range(3)]
    try:
        event = await run_event(org, field, "round_robin", seed=10)
    finally:
        for client in (org, *field):
            await client.close()
    ids = {client.account for client in field}
    assert event["status"] == "finished" and event["total_rounds"] == 3
    assert sorted(map(sorted, pairs(event))) == sorted(
        sorted((a, b)) for a in ids for b in ids if a < b), "every pair once"
    assert sorted(byes(event)) == sorted(ids), "three players: each sits out once"


async def test_a_knockout_gives_the_bye_to_the_top_seed(server):
    org = await player(server, "organiser")
    field = [await player(server, f"ko{n}") for n in range(3)]
    try:
        event = await run_event(org, field, "knockout", seed=20)
    finally:
        for client in (org, *field):
            await client.close()
    seeded = [e["player"] for e in sorted(event["entries"],
                                          key=lambda e: (-e["rating"], e["player"]))]
    first, final = event["rounds"]
    assert event["status"] == "finished" and event["total_rounds"] == 2
    assert [p["player_a"] for p in first["pairings"] if p["bye"]] == [seeded[0]]
    [semi] = [p for p in first["pairings"] if not p["bye"]]
    assert {semi["player_a"], semi["player_b"]} == set(seeded[1:])
    [last] = final["pairings"]
    finalists = {last["player_a"], last["player_b"]}
    assert seeded[0] in finalists and len(finalists & set(seeded[1:])) == 1
    if semi["result"]["winner"] is not None:  # (a drawn game: more VP, then the higher seed)
        assert semi["result"]["winner"] in finalists


async def test_each_round_plays_its_own_scenario_and_a_bad_one_is_refused(server):
    """issue 33, "scenario (fixed, per round, or rolled)": `round_scenarios` gives round
    1 and 2 their own; a third round would play `scenario` (here "random": rolled)."""
    org = await player(server, "organiser")
    field = [await player(server, f"sc{n}") for n in range(3)]
    try:
        with_bad = {"round_scenarios": ["all_out_battle", "no_such_scenario"]}
        try:
            await open_event(org, "swiss", rounds=2, **with_bad)
            raise AssertionError("an unknown round scenario was accepted")
        except ServerError as refused:
            assert refused.code == "invalid_setup"
            assert refused.message.startswith("Round 2's scenario: ")
        event = await run_event(org, field, "swiss", seed=30, resign=True, rounds=2,
                                scenario="random", round_scenarios=["ambush", "treasure_hunt"])
    finally:
        for client in (org, *field):
            await client.close()
    played = {}  # round -> the scenarios its games were set up with (three: one a bye)
    for round_ in event["rounds"]:
        for table in round_["pairings"]:
            if not table["bye"]:
                row = await server.store.match(table["match_id"])
                played.setdefault(round_["round"], set()).add(
                    unpack(row["setup"])["options"]["scenario"])
    assert played == {1: {"ambush"}, 2: {"treasure_hunt"}}
