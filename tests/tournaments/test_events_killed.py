"""The server process is killed (SIGKILL) in the middle of an event's round, on SQLite
and PostgreSQL, and started again on the same database: the event goes on from where it
stood, its round neither paired again nor lost, and is played to its end. Round 2 has a
scheduled time (issue 33: "pairs each round when the previous one has ended (or at the
scheduled time)"), stored with the event: after the restart it still waits for it."""

from __future__ import annotations

import asyncio
import contextlib
import time

from tests.server.test_restart import ServerProcess
from tests.tournaments.served import game_in_hand, pairs, play_event, player, warband
from tests.tournaments.test_events_running import entered

ROUND_2_IN = 4.0  # seconds: past the restart and round 1's end, on a machine not loaded


async def test_a_killed_server_resumes_the_event_mid_round(database_url, tmp_path):
    server = ServerProcess(database_url, tmp_path / "server.log")
    await server.start()
    clients = []
    try:
        org = await player(server, "organiser")
        field = [await player(server, f"kill{n}") for n in range(4)]
        clients = [org, *field]
        now = time.time()
        starts = [now, now + ROUND_2_IN]  # (round 1 at once: the kill finds it playing)
        event_id = await entered(org, field, rounds=2, round_starts=starts)
        await org.request("start_event", event_id=event_id)
        before = await org.request("get_event", event_id=event_id)
        # table 1 plays; table 2's players wait: the kill finds a game still going
        first = {before["rounds"][0]["pairings"][0][k] for k in ("player_a", "player_b")}
        playing = [asyncio.create_task(play_event(c, warband(n), seed=50 + n))
                   for n, c in enumerate(field) if c.account in first]
        await asyncio.sleep(0.5)  # (table 1's game is under way, or over)
        at_kill = await org.request("get_event", event_id=event_id)
        await server.kill()
        assert [r["round"] for r in at_kill["rounds"]] == [1]
        assert any(p["result"] is None for p in at_kill["rounds"][0]["pairings"]), \
            "killed mid-round"
        for task in playing:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        for client in clients:
            await client.close()

        await server.start()
        org = await player(server, "organiser", login=True)
        field = [await player(server, f"kill{n}", login=True) for n in range(4)]
        clients = [org, *field]
        resumed = await org.request("get_event", event_id=event_id)
        assert resumed["rounds"][0]["pairings"][0]["match_id"] \
            == before["rounds"][0]["pairings"][0]["match_id"], "round 1 was not paired again"
        await asyncio.wait_for(asyncio.gather(*(
            play_event(c, warband(n), seed=60 + n,
                       current=game_in_hand(resumed, c.account))
            for n, c in enumerate(field))), 600)
        event = await org.request("get_event", event_id=event_id)
    finally:
        for client in clients:
            await client.close()
        await server.stop()
    assert event["status"] == "finished"
    assert [r["round"] for r in event["rounds"]] == [1, 2]
    assert [len(r["pairings"]) for r in event["rounds"]] == [2, 2]
    assert len(set(pairs(event))) == 4, "no pair met twice"
    assert event["rounds"][1]["started_at"] >= starts[1], "round 2 waited for its time"
