"""`warband serve --rules-workers N`: the rules of the matches run in worker
processes. The same guarantees as in the event loop (acknowledged only once stored,
gapless streams, secrets kept from spectators, a replay that verifies), plus what the
workers are for: a slow command does not hold up the server, and a worker that dies
costs its matches nothing that was acknowledged."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time

import pytest

from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.matches.rules_pool import WORKER_COMMAND
from server.replays import replay_document, verify_document
from server.rules import registry
from tests.kernel_example import SecretBids
from tests.server.test_errors import FaultyBids
from tests.server.test_full_match import SETUP, play_seat, watch


class SlowBids(SecretBids):
    """Secret bids whose rules take `SLOW_SECONDS` over a bid of 3 (as the SBH rout
    rule can take a good part of a second): the process running them is busy."""

    name = "slow-bids"

    def decide(self, state, command, dice):
        if command.args.get("amount") == 3:
            time.sleep(SLOW_SECONDS)  # (busy, like a long computation: no await here)
        return super().decide(state, command, dice)


SLOW_SECONDS = 0.6
SLOW, FAULTY = SlowBids(), FaultyBids()


@pytest.fixture
def test_systems(monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    monkeypatch.setitem(registry.SYSTEMS, "slow-bids", "tests.server.test_rules_workers:SLOW")
    monkeypatch.setitem(registry.SYSTEMS, "faulty-bids", "tests.server.test_errors:FAULTY")


async def start(database_url: str, workers: int, **options) -> WarbandServer:
    server = WarbandServer(ServerOptions(port=0, database_url=database_url,
                                         rules_workers=workers, **options))
    await server.start()
    return server


async def pair(server, system: str, **fields) -> tuple[Client, Client, str]:
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    ann.token = (await ann.request("guest", name="Ann"))["token"]
    bob.token = (await bob.request("guest", name="Bob"))["token"]
    match_id = (await ann.request("create_match", system=system, **fields))["match_id"]
    await bob.request("join", match_id=match_id)
    return ann, bob, match_id


async def test_a_whole_sbh_match_in_a_worker_verifies(database_url):
    server = await start(database_url, 2, snapshot_every=50)
    try:
        ann, bob, match_id = await pair(server, "sbh", **SETUP)
        eve = await Client.connect(server.url)
        await eve.request("guest", name="Eve")
        for client in (ann, bob):
            await client.request("subscribe", match_id=match_id)
        await eve.request("subscribe", match_id=match_id, views=True)
        ann_seen, bob_seen, eve_frames = await asyncio.wait_for(asyncio.gather(
            play_seat(ann, match_id, "a", 1), play_seat(bob, match_id, "b", 2), watch(eve)), 120)
        for client in (ann, bob, eve):
            await client.close()
        document = await replay_document(server.store, match_id)
    finally:
        await server.stop()
    last = document["events"][-1]["seq"]
    assert ann_seen == bob_seen == list(range(1, last + 1))
    assert [f["seq"] for f in eve_frames if f["type"] == "event"] == list(range(1, last + 1))
    secret = {e["seq"]: e["event"] for e in document["events"]
              if e["event"].get("visible_to") is not None}
    shown = {f["seq"]: f["event"] for f in eve_frames if f["type"] == "event"}
    for seq, event in secret.items():  # the spectator got the public part, no more
        assert shown[seq] is None if event["redacted"] is None \
            else shown[seq]["data"] == event["redacted"]
    assert [f for f in eve_frames if f["type"] == "view"], "views built in the worker"
    assert verify_document(document).verified, "the worker rolled the dice the seed commits to"


async def test_a_slow_command_does_not_hold_up_the_server(tmp_path, test_systems):
    server = await start(f"sqlite+aiosqlite:///{tmp_path / 'slow.db'}", 1)
    try:
        ann, bob, match_id = await pair(server, "slow-bids")
        slow = asyncio.create_task(ann.request("command", match_id=match_id, command="bid",
                                               args={"amount": 3}))
        await asyncio.sleep(0.1)  # (the worker is busy with it now)
        started = time.perf_counter()
        await bob.request("ping")
        await bob.request("list_open")
        assert time.perf_counter() - started < SLOW_SECONDS / 3, "the loop was free"
        assert (await slow)["last_seq"] == 1
    finally:
        await server.stop()


async def test_a_killed_worker_loses_nothing_acknowledged(tmp_path, test_systems):
    server = await start(f"sqlite+aiosqlite:///{tmp_path / 'kill.db'}", 1, snapshot_every=3)
    try:
        ann, bob, match_id = await pair(server, "secret-bids", options={"target": 50})
        await ann.request("subscribe", match_id=match_id)
        acked = []
        for round_ in range(6):
            if round_ == 3:  # the worker dies between two commands
                worker = server.hub.rules_host.workers[0]
                os.kill(worker.process.pid, signal.SIGKILL)
                await worker.process.wait()
            acked.append(await ann.request("command", match_id=match_id, command="bid",
                                           args={"amount": 1}))
            acked.append(await bob.request("command", match_id=match_id, command="bid",
                                           args={"amount": 2}))
        assert [a["first_seq"] for a in acked[1:]] == [a["last_seq"] + 1 for a in acked[:-1]]
        seqs = []
        while len(seqs) < acked[-1]["last_seq"]:
            seqs.append((await ann.next_push("event", timeout=10))["seq"])
        assert seqs == list(range(1, len(seqs) + 1)), "gapless across the worker's death"
        assert server.hub.rules_host.workers[0].generation == 1, "started again"
        view = await ann.request("get_view", match_id=match_id)
        assert view["seq"] == acked[-1]["last_seq"]
    finally:
        await server.stop()


async def test_a_rules_failure_in_a_worker_is_an_internal_error(tmp_path, test_systems):
    server = await start(f"sqlite+aiosqlite:///{tmp_path / 'faulty.db'}", 1)
    try:
        ann, bob, match_id = await pair(server, "faulty-bids")
        with pytest.raises(ServerError) as failed:
            await ann.request("command", match_id=match_id, command="bid", args={"amount": 3})
        assert failed.value.code == "internal_error"
        with pytest.raises(ServerError) as refused:
            await ann.request("command", match_id=match_id, command="bid", args={"amount": 9})
        assert refused.value.code == "illegal_command"
        assert (await ann.request("command", match_id=match_id, command="bid",
                                  args={"amount": 2}))["first_seq"] == 1
    finally:
        await server.stop()


async def test_a_match_resumes_from_its_snapshot_in_a_worker(tmp_path, test_systems, caplog):
    url = f"sqlite+aiosqlite:///{tmp_path / 'resume.db'}"
    server = await start(url, 1, snapshot_every=4)
    try:
        ann, bob, match_id = await pair(server, "secret-bids", options={"target": 50})
        for _ in range(5):
            await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
            await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
        before = await ann.request("get_view", match_id=match_id)
        assert (await server.store.latest_snapshot(match_id)) is not None
        tokens = ann.token, bob.token
    finally:
        await server.stop()
    server = await start(url, 1, snapshot_every=4)
    try:
        ann, bob = await Client.connect(server.url), await Client.connect(server.url)
        await ann.request("authenticate", token=tokens[0])
        await bob.request("authenticate", token=tokens[1])
        assert await ann.request("get_view", match_id=match_id) == before
        await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
        done = await bob.request("command", match_id=match_id, command="bid",
                                 args={"amount": 1})
        assert done["first_seq"] == before["seq"] + 2
    finally:
        await server.stop()
    assert "unusable" not in caplog.text, "the worker checked the snapshot and used it"


async def _restarted(worker, generation: int) -> None:
    """Until the pool has seen its worker die (`generation` reached)."""
    while worker.generation < generation:
        await asyncio.sleep(0.01)


async def test_a_call_during_a_restart_waits_for_the_new_worker(database_url, test_systems):
    server = await start(database_url, 1)
    try:
        pool = server.hub.rules_host
        pool.young = 3600.0  # every death counts as young: the restart waits first_delay
        ann, bob, match_id = await pair(server, "secret-bids", options={"target": 50})
        await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
        worker = pool.workers[0]
        os.kill(worker.process.pid, signal.SIGKILL)
        await _restarted(worker, 1)
        assert worker.process is None, "not started again yet: the delay runs"
        assert worker.delay == pool.first_delay
        # Both players act while no worker runs: the calls wait for the new one, which
        # loads the match from the store.
        acked = await asyncio.gather(
            bob.request("command", match_id=match_id, command="bid", args={"amount": 2}),
            ann.request("get_view", match_id=match_id))
        assert acked[0]["first_seq"] == 2
        assert acked[1]["seq"] in (1, acked[0]["last_seq"])
        assert worker.generation == 1 and worker.starts == 2
        assert (await ann.request("command", match_id=match_id, command="bid",
                                  args={"amount": 3}))["first_seq"] == acked[0]["last_seq"] + 1
    finally:
        await server.stop()


async def test_a_worker_not_back_in_time_is_a_retryable_error(tmp_path, test_systems):
    server = await start(f"sqlite+aiosqlite:///{tmp_path / 'late.db'}", 1)
    try:
        pool = server.hub.rules_host
        pool.young, pool.first_delay, pool.restart_wait = 3600.0, 1.5, 0.2
        ann, bob, match_id = await pair(server, "secret-bids", options={"target": 50})
        worker = pool.workers[0]
        os.kill(worker.process.pid, signal.SIGKILL)
        await _restarted(worker, 1)
        with pytest.raises(ServerError) as late:
            await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
        assert late.value.code == "internal_error" and late.value.retryable
        assert "restarted" in late.value.message
        while worker.process is None:  # it comes back after its delay...
            await asyncio.sleep(0.05)
        # ...and the match is loaded on it: the same command, sent again, is applied.
        assert (await ann.request("command", match_id=match_id, command="bid",
                                  args={"amount": 1}))["first_seq"] == 1
    finally:
        await server.stop()


async def test_a_worker_that_dies_young_is_started_again_after_a_growing_delay(
        tmp_path, test_systems, caplog):
    server = await start(f"sqlite+aiosqlite:///{tmp_path / 'young.db'}", 1)
    try:
        pool = server.hub.rules_host
        pool.first_delay, pool.max_delay = 0.2, 0.4
        worker = pool.workers[0]
        # From now on the worker cannot start: its process exits at once.
        pool.command = (sys.executable, "-c", "raise SystemExit(3)")
        os.kill(worker.process.pid, signal.SIGKILL)  # (it is young too: just started)
        await _restarted(worker, 1)
        starts = worker.starts
        await asyncio.sleep(1.5)
        failed = worker.starts - starts
        # At once in a loop, it would have been started dozens of times; with delays
        # of 0.2, 0.4, 0.4... s, a handful.
        assert 1 <= failed <= 6, failed
        assert worker.delay == pool.max_delay, "the delay grew to its ceiling"
        # (exit code 3, or 255 when asyncio could not read the status of a process gone
        # that fast)
        assert "after it started; starting it again in 0.4 s" in caplog.text
        # Once the worker can start again it does, and serves matches.
        pool.command = WORKER_COMMAND
        ann, bob, match_id = await pair(server, "secret-bids", options={"target": 50})
        assert (await ann.request("command", match_id=match_id, command="bid",
                                  args={"amount": 1}))["first_seq"] == 1
        # Once it has lived past `young`, a death is answered with a restart at once.
        pool.young = 0.3
        await asyncio.sleep(0.4)
        generation = worker.generation
        os.kill(worker.process.pid, signal.SIGKILL)
        await _restarted(worker, generation + 1)
        assert worker.delay == 0
        assert (await bob.request("command", match_id=match_id, command="bid",
                                  args={"amount": 2}))["first_seq"] == 2
    finally:
        await server.stop()
