"""Rounds at scheduled times (issue 33: "The server pairs each round when the previous
one has ended (or at the scheduled time)"), on PostgreSQL only (the schedule is the
event's settings row, stored alike on both; two process starts per database cost CI
about ten seconds): the organiser gives
each round a start time; the server process is killed (SIGKILL) before round 1's time and
started again, and each round is still paired no earlier than its time — the schedule is
stored with the event — and the event is played to its end."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.server.test_restart import ServerProcess
from tests.tournaments.served import (
    guests,
    open_event,
    play_event,
    player,
    signed_in_again,
    warband,
)

START_IN = 2.5  # seconds from creation to round 1's time (a restart takes about one)
THEN = 1.5  # round 2's time, that much after round 1's


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_scheduled_rounds_wait_for_their_times_across_a_kill(database_url, tmp_path):
    server = ServerProcess(database_url, tmp_path / "server.log")
    await server.start()
    clients = []
    try:
        org = await player(server, "organiser")
        field = await guests(server.url, "timed", 4)
        clients = [org, *field]
        created = time.time()
        starts = [created + START_IN, created + START_IN + THEN]
        event_id = await open_event(org, "swiss", rounds=2, round_starts=starts)
        for n, client in enumerate(field):
            await client.request("register_event", event_id=event_id, warband=warband(n))
        await org.request("start_event", event_id=event_id)
        waiting = await org.request("get_event", event_id=event_id)
        assert waiting["status"] == "running" and waiting["rounds"] == []
        assert waiting["next_round_at"] == starts[0]
        await server.kill()
        assert time.time() < starts[0], "killed before round 1's time"
        for client in clients:
            await client.close()

        await server.start()
        org, *field = clients = await signed_in_again(server, clients)
        await asyncio.wait_for(asyncio.gather(*(
            play_event(c, warband(n), seed=70 + n, resign=True)
            for n, c in enumerate(field))), 60)
        event = await org.request("get_event", event_id=event_id)
    finally:
        for client in clients:
            await client.close()
        await server.stop()
    assert event["status"] == "finished" and len(event["rounds"]) == 2
    for played, at in zip(event["rounds"], starts, strict=True):
        assert played["started_at"] >= at, f"round {played['round']} started before its time"
    assert event["next_round_at"] is None
