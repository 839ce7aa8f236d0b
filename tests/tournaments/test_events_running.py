"""Running an event (issue 33), on SQLite and PostgreSQL: a round whose games are not
finished in time is decided by the event's rule; a restart of the server with the same
database mid-round resumes the event with nothing paired twice; the organiser re-pairs
an unstarted round after dropping a player and giving a bye, and corrects a result
(who and why recorded); the locked list is the one each match gets."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from clients.client import ServerError
from server.app import WarbandServer
from server.replays import replay_document, verify_document
from server.rules.kernel import Decision, Prompt
from server.rules.sbh.random_player import random_command
from server.store.store import unpack
from tests.tournaments.served import (
    MATCHES,
    open_event,
    options,
    pairs,
    play_event,
    player,
    warband,
)


async def entered(org, field, fmt="swiss", **settings) -> str:
    event_id = await open_event(org, fmt, **settings)
    for n, client in enumerate(field):
        await client.request("register_event", event_id=event_id, warband=warband(n))
    return event_id


@pytest.mark.parametrize("rule", ["draw", "points"])
async def test_a_round_past_its_time_is_decided_by_the_events_rule(server, rule):
    org = await player(server, "organiser")
    field = [await player(server, f"slow{n}") for n in range(2)]
    try:
        event_id = await entered(org, field, rounds=1, round_length=1.0, timeout_rule=rule)
        await org.request("start_event", event_id=event_id)
        # the players sit and watch: nobody moves after the locked lists
        told = [await c.next_push("event_round_started") for c in field]
        for client, push in zip(field, told, strict=True):
            await client.request("subscribe", match_id=push["match_id"])
        overs = [await c.next_push("match_over", timeout=30) for c in field]
        await asyncio.wait_for(field[0].next_push("event_finished"), 30)
        event = await org.request("get_event", event_id=event_id)
    finally:
        for client in (org, *field):
            await client.close()
    how = "a draw" if rule == "draw" else "the scenario's points"
    assert all(o["result"]["reason"] == f"round time: decided by {how}" for o in overs)
    [[game]] = [r["pairings"] for r in event["rounds"]]
    assert game["result"]["how"] == "round_time"
    if rule == "draw":
        assert game["result"]["winner"] is None
    else:  # (no figure fell: level on points, so a draw all the same)
        assert (game["result"]["vp_a"], game["result"]["vp_b"], game["result"]["winner"]) \
            == (0, 0, None)
    assert event["status"] == "finished"
    assert [s["points"] for s in event["standings"]] == [1, 1]
    # the log stops where play stopped: its replay still verifies, its result says why
    document = await replay_document(server.store, game["match_id"])
    assert verify_document(document).verified
    assert document["result"]["reason"].startswith("round time")


async def test_a_restart_mid_round_resumes_the_event_with_nothing_paired_twice(
        database_url, tmp_path):
    first = WarbandServer(options(database_url, tmp_path))
    await first.start()
    org = await player(first, "organiser")
    field = [await player(first, f"rs{n}") for n in range(4)]
    event_id = await entered(org, field, rounds=2)
    await org.request("start_event", event_id=event_id)
    before = await org.request("get_event", event_id=event_id)
    for client in (org, *field):
        await client.close()
    await first.stop()  # mid-round: round 1 paired, its matches made, nothing played

    second = WarbandServer(options(database_url, tmp_path))
    await second.start()
    try:
        org = await player(second, "organiser", login=True)
        field = [await player(second, f"rs{n}", login=True) for n in range(4)]
        resumed = await org.request("get_event", event_id=event_id)
        assert resumed["rounds"] == before["rounds"], "round 1 neither re-paired nor lost"
        [round_one] = resumed["rounds"]
        current = {}
        for p in round_one["pairings"]:  # (the round's pushes went with the first server)
            for seat, pid in (("a", p["player_a"]), ("b", p["player_b"])):
                current[pid] = {"type": "event_round_started", "match_id": p["match_id"],
                                "seat": seat, "bye": False, "round": 1}
        await asyncio.wait_for(asyncio.gather(*(
            play_event(c, warband(n), seed=30 + n, current=current[c.account])
            for n, c in enumerate(field))), 600)
        event = await org.request("get_event", event_id=event_id)
    finally:
        for client in (org, *field):
            await client.close()
        await second.stop()
    assert event["status"] == "finished"
    assert [r["round"] for r in event["rounds"]] == [1, 2]
    assert event["rounds"][0]["pairings"][0]["match_id"] \
        == before["rounds"][0]["pairings"][0]["match_id"]
    assert len(set(pairs(event))) == 4, "no pair met twice"


async def test_the_organiser_re_pairs_drops_gives_a_bye_and_corrects(server):
    org = await player(server, "organiser")
    field = [await player(server, f"op{n}") for n in range(4)]
    ids = [c.account for c in field]
    try:
        event_id = await entered(org, field, rounds=1, start_delay=600)
        await org.request("start_event", event_id=event_id)
        with pytest.raises(ServerError) as refused:
            await field[0].request("repair_round", event_id=event_id)
        assert refused.value.code == "not_organiser"
        await org.request("drop_player", event_id=event_id, player=ids[3])
        bye = await org.request("give_bye", event_id=event_id, player=ids[0])
        assert bye["round"] == 1  # (round 1 was paired, not started: paired again)
        event = await org.request("get_event", event_id=event_id)
        [round_one] = event["rounds"]
        assert round_one["status"] == "paired"
        assert [(p["player_a"], p["bye"]) for p in round_one["pairings"] if p["bye"]] \
            == [(ids[0], True)]
        [game] = [p for p in round_one["pairings"] if not p["bye"]]
        assert {game["player_a"], game["player_b"]} == {ids[1], ids[2]}
        director = server.services.director
        director.clock = lambda: time.time() + 601  # (the start delay has passed)
        director.nudge()
        await asyncio.wait_for(asyncio.gather(*(
            play_event(c, warband(n), seed=40 + n) for n, c in enumerate(field[1:3], 1))),
            600)
        corrected = await org.request("correct_result", event_id=event_id, round=1,
                                      table=game["table"], winner=game["player_b"], vp_a=0,
                                      vp_b=5, why="Scored the wrong way round at table 1")
        assert corrected["result"]["was"] is not None
        event = await org.request("get_event", event_id=event_id)
    finally:
        for client in (org, *field):
            await client.close()
    [round_one] = event["rounds"]
    [game] = [p for p in round_one["pairings"] if not p["bye"]]
    assert game["corrected_by"] == org.account
    assert game["corrected_why"] == "Scored the wrong way round at table 1"
    assert (game["result"]["winner"], game["result"]["how"]) == (game["player_b"], "corrected")
    # worked by hand: the bye and the corrected winner have 3 points each and no points
    # among their opponents (a bye has none; the loser has 0), so the VP differential
    # (+5 against 0) puts the winner first; the loser's opponent has 3 points (SoS 3),
    # which puts them above the dropped player; nobody is level with anybody for H2H
    assert [(s["rank"], s["player"], s["points"], s["tie_breaks"])
            for s in event["standings"]] == [
        (1, game["player_b"], 3, {"strength_of_schedule": 0, "vp_differential": 5,
                                  "head_to_head": 0}),
        (2, ids[0], 3, {"strength_of_schedule": 0, "vp_differential": 0, "head_to_head": 0}),
        (3, game["player_a"], 0, {"strength_of_schedule": 3, "vp_differential": -5,
                                  "head_to_head": 0}),
        (4, ids[3], 0, {"strength_of_schedule": 0, "vp_differential": 0, "head_to_head": 0})]
    # the match got each player's locked list, submitted by the director
    for seat, pid in (("a", game["player_a"]), ("b", game["player_b"])):
        row = await server.store.command_by_request(game["match_id"], seat,
                                                    f"event-list-{seat}")
        assert unpack(row.payload)["args"]["list"] == warband(ids.index(pid))
    assert MATCHES["points_limit"] == event["settings"]["points_limit"]


async def test_check_in_and_hidden_lists(server):
    org = await player(server, "organiser")
    field = [await player(server, f"ci{n}") for n in range(3)]
    try:
        event_id = await entered(org, field, rounds=1, check_in=True, list_policy="hidden",
                                 start_delay=600)
        before = await field[0].request("get_event", event_id=event_id)
        lists = {e["player"]: e["list"] for e in before["entries"]}
        assert lists[field[0].account] == warband(0), "one's own list is shown"
        assert lists[field[1].account] is None and lists[field[2].account] is None
        with pytest.raises(ServerError) as refused:
            await org.request("start_event", event_id=event_id)
        assert refused.value.code == "event_stage" and "checked in" in refused.value.message
        for client in field[:2]:
            assert (await client.request("check_in", event_id=event_id))["status"] \
                == "checked-in"
        await org.request("start_event", event_id=event_id)
        event = await field[2].request("get_event", event_id=event_id)
        [round_one] = event["rounds"]
        assert [{p["player_a"], p["player_b"]} for p in round_one["pairings"]] \
            == [{field[0].account, field[1].account}], "only the checked-in are paired"
        assert all(e["list"] is None for e in event["entries"]
                   if e["player"] != field[2].account), "hidden until the round starts"
        server.services.director.clock = lambda: time.time() + 601
        server.services.director.nudge()
        await field[0].next_push("event_round_started")
        event = await field[2].request("get_event", event_id=event_id)
    finally:
        for client in (org, *field):
            await client.close()
    assert {e["player"]: e["list"] for e in event["entries"]} == {
        c.account: warband(n) for n, c in enumerate(field)}, "shown once the round starts"


async def test_a_no_show_forfeits_to_the_player_who_came(server):
    org = await player(server, "organiser")
    field = [await player(server, f"ns{n}") for n in range(2)]
    try:
        event_id = await entered(org, field, rounds=1, no_show_after=0.5)
        await org.request("start_event", event_id=event_id)
        told = [await c.next_push("event_round_started") for c in field]
        for client, push in zip(field, told, strict=True):
            await client.request("subscribe", match_id=push["match_id"])
        with pytest.raises(ServerError) as refused:  # (the list is the one entered)
            await field[0].request("command", match_id=told[0]["match_id"],
                                   command="submit_list",
                                   args={"list": warband(3), "salt": "mine"})
        assert refused.value.code == "illegal_command"
        assert refused.value.details["rule"] == "event_list_locked"
        firsts = [await c.next_push("prompt") for c in field]
        [present] = [n for n, p in enumerate(firsts) if p["decision"] is not None][:1]
        client, push = field[present], firsts[present]
        command = random_command(Prompt((Decision.from_wire(push["decision"]),)),
                                 told[present]["seat"], random.Random(5), warband(present))
        await client.request("command", match_id=told[present]["match_id"],
                             command=command.type, args=dict(command.args),
                             at_seq=push["seq"])
        over = await field[1 - present].next_push("match_over", timeout=30)
        await field[0].next_push("event_finished", timeout=30)
        event = await org.request("get_event", event_id=event_id)
    finally:
        for c in (org, *field):
            await c.close()
    assert over["result"]["reason"].startswith("no-show")
    [[game]] = [r["pairings"] for r in event["rounds"]]
    assert (game["result"]["how"], game["result"]["winner"]) \
        == ("no_show", field[present].account)


async def clubs_event(server, clubs_by_seed: list[str]) -> dict:
    """Four players entered with these clubs (by seed: equal ratings seed by account id),
    round 1 paired; the event."""
    org = await player(server, "organiser")
    field = [await player(server, f"club{n}") for n in range(4)]
    field.sort(key=lambda c: c.account)
    try:
        event_id = await open_event(org, "swiss", rounds=1)
        for n, client in enumerate(field):
            await client.request("register_event", event_id=event_id, warband=warband(n),
                                 club=clubs_by_seed[n])
        await org.request("start_event", event_id=event_id)
        return await org.request("get_event", event_id=event_id)
    finally:
        for client in (org, *field):
            await client.close()


async def test_players_of_one_club_are_never_paired(server):
    event = await clubs_event(server, ["Red", "Red", "Blue", "Blue"])
    club = {e["player"]: e["club"] for e in event["entries"]}
    assert sorted(club.values()) == ["Blue", "Blue", "Red", "Red"]
    [round_one] = event["rounds"]
    assert len(round_one["pairings"]) == 2
    assert all(club[p["player_a"]] != club[p["player_b"]] for p in round_one["pairings"])


async def test_club_pairs_the_first_round_engine_would_make_are_avoided(server):
    """Seeds 1-3 and 2-4 are club-mates: round 1's top-half-against-bottom-half pairs
    would put them together, so the pairing finds the other split."""
    event = await clubs_event(server, ["Red", "Blue", "Red", "Blue"])
    assert event["problem"] is None and len(event["rounds"]) == 1


async def test_a_swiss_longer_than_its_field_allows_is_not_started(server):
    org = await player(server, "organiser")
    field = [await player(server, f"few{n}") for n in range(2)]
    try:
        event_id = await entered(org, field, rounds=2)
        with pytest.raises(ServerError) as refused:
            await org.request("start_event", event_id=event_id)
        event = await org.request("get_event", event_id=event_id)
    finally:
        for client in (org, *field):
            await client.close()
    assert refused.value.code == "event_stage"
    assert refused.value.message == ("2 players can play at most 1 Swiss rounds without "
                                     "meeting twice; the event has 2.")
    assert event["status"] == "registration" and event["rounds"] == []
