"""Three `warband serve` processes over one PostgreSQL and NATS (issue 35, "Tests and
figures"): SBH matches whose players sit on different nodes and whose spectators on a
third; the node running the matches is killed with SIGKILL mid-game, another is
restarted gracefully (SIGTERM: it hands its matches over and closes its clients with
1012). The players reconnect to any live node and resume from their last seq,
repeating with the same id whatever was unanswered. In the end every match has
finished, every acknowledged command is stored once as acknowledged, no stream (the
players' or the spectators') missed or repeated an event, and every replay re-runs."""

from __future__ import annotations

import asyncio
import random
import uuid

import pytest
from sqlalchemy import make_url
from websockets.exceptions import InvalidStatus

from clients.client import Client, ServerError
from server.replays import replay_document, verify_document
from server.store.store import Store
from tests.cluster.test_nodes import nats_running
from tests.server.conftest import _admin
from tests.server.test_restart import SETUP, Player, ServerProcess

pytestmark = pytest.mark.skipif(not nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 for several nodes")
NAMES = ("north", "south", "west")


class Node(ServerProcess):
    def __init__(self, database_url: str, log_path, name: str) -> None:
        super().__init__(database_url, log_path)
        self.name = name
        self.extra_args = ["--node-id", name, "--lease-ttl", "2",
                           # (every player reconnects from this one address)
                           "--handshakes-per-second", "10000"]

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None


class ClusterPlayer(Player):
    """A player that retries what the cluster asks to retry (`match_moved` while its
    match changes node), with the same request id."""

    async def reconnect(self, url: str, match_id: str) -> Client:
        """As Player.reconnect, but what is resent may be told to retry (its match is
        changing node): then it is sent again, with the same id, until answered."""
        resend = [item for item in (self.last_acked, self.unanswered) if item is not None]
        self.last_acked = self.unanswered = None
        client = await super().reconnect(url, match_id)
        for request_id, fields in resend:
            for _ in range(50):
                try:
                    answer = await client.request("command", request_id=request_id,
                                                  **fields)
                    # (a repeat of an acknowledged one is answered, never applied twice)
                    assert self.acked.setdefault(request_id, answer) == answer
                    break
                except ServerError as refused:
                    if refused.code == "stale_prompt":
                        break
                    if not refused.retryable:
                        raise
                    await asyncio.sleep(0.2)
        return client

    async def _act(self, client: Client, match_id: str, push: dict) -> None:
        """As Player._act, sending again (same id) what it is told to retry."""
        request_id, fields = self._next_command(match_id, push)
        for _ in range(50):
            try:
                self.acked[request_id] = await client.request("command",
                                                              request_id=request_id, **fields)
                self.last_acked = (request_id, fields)
                break
            except ServerError as refused:
                if refused.code == "stale_prompt":
                    break
                if not refused.retryable:
                    raise
                await asyncio.sleep(0.2)
        self.unanswered = None


class Watcher:
    def __init__(self) -> None:
        self.seen: list[int] = []

    async def watch(self, client: Client, match_id: str) -> str:
        after = self.seen[-1] if self.seen else 0
        await client.request("subscribe", match_id=match_id, spectate=True, after_seq=after)
        try:
            while True:
                push = await client.next_push("event", "match_over", timeout=60)
                if push["type"] == "match_over":
                    return "over"
                self.seen.append(push["seq"])
        except ConnectionError:
            return "dropped"


@pytest.fixture
async def cluster_database(postgres_url):
    name = "warband_nodes_" + uuid.uuid4().hex[:8]
    await _admin(postgres_url, f'CREATE DATABASE "{name}"')
    try:
        yield make_url(postgres_url).set(database=name).render_as_string(hide_password=False)
    finally:
        await _admin(postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def keep_going(nodes: list[Node], home: int, run) -> None:
    """Run `run(client)` on the player's node, or the next live one after it, until
    it says "over"."""
    for _ in range(200):
        live = [n for n in nodes[home:] + nodes[:home] if n.alive]
        try:
            if await run(live[0]) == "over":
                return
        except (ConnectionError, OSError, ServerError, InvalidStatus):
            pass  # (the node went away under it: another one)
        await asyncio.sleep(0.2)
    raise AssertionError("never finished")


async def test_three_nodes_a_kill_and_a_graceful_restart_lose_nothing(cluster_database,
                                                                      tmp_path):
    nodes = [Node(cluster_database, tmp_path / f"{name}.log", name) for name in NAMES]
    try:
        # (at once: their schema upgrades take turns)
        await asyncio.gather(*(node.start() for node in nodes))
        played = []
        for index in range(2):  # Ann on north, Bob on south (his join: south runs it)
            ann, bob = await Client.connect(nodes[0].url), await Client.connect(nodes[1].url)
            players = [ClusterPlayer("a", (await ann.request("guest", name="Ann"))["token"],
                                     random.Random(index * 2)),
                       ClusterPlayer("b", (await bob.request("guest", name="Bob"))["token"],
                                     random.Random(index * 2 + 1))]
            match_id = (await ann.request("create_match", system="sbh", **SETUP))["match_id"]
            await bob.request("join", match_id=match_id)
            played.append((match_id, players, Watcher()))
            await ann.close()
            await bob.close()

        def player_run(player, match_id):
            async def run(node):
                client = await player.reconnect(node.url, match_id)
                try:
                    return await player.play(client, match_id)
                finally:
                    await client.close()
            return run

        def watcher_run(watcher, match_id):
            async def run(node):
                client = await Client.connect(node.url)
                await client.request("guest", name="Wes")
                try:
                    return await watcher.watch(client, match_id)
                finally:
                    await client.close()
            return run

        tasks = []
        for match_id, players, watcher in played:
            tasks += [asyncio.create_task(keep_going(nodes, home, player_run(p, match_id)))
                      for home, p in zip((0, 1), players, strict=True)]
            tasks.append(asyncio.create_task(keep_going(nodes, 2,
                                                        watcher_run(watcher, match_id))))

        def acked() -> int:
            return sum(len(p.acked) for _, players, _ in played for p in players)

        async def until_acked(count: int) -> None:
            async with asyncio.timeout(120):
                while acked() < count and not all(t.done() for t in tasks):
                    await asyncio.sleep(0.01)

        await until_acked(30)
        assert not any(t.done() for t in tasks), "killed mid-game"
        await nodes[1].kill()  # south, which runs both matches: SIGKILL
        await until_acked(acked() + 30)
        assert not any(t.done() for t in tasks), "restarted mid-game"
        await nodes[0].stop()  # north: a graceful stop (SIGTERM) ...
        await nodes[0].start()  # ... and back, as in a rolling restart
        await asyncio.wait_for(asyncio.gather(*tasks), 300)
    finally:
        for node in nodes:
            await node.stop()

    logs = b"".join((tmp_path / f"{name}.log").read_bytes() for name in NAMES)
    taken = logs.count(b"took over match") + logs.count(b"resumed match")
    assert taken >= len(played), "south's matches were taken over"
    store = await Store.open(cluster_database)
    try:
        for match_id, players, watcher in played:
            document = await replay_document(store, match_id)
            last = document["events"][-1]["seq"]
            stored = await store.commands(match_id)
            assert len(stored) == len({(c.seat, c.request_id) for c in stored}), "stored once"
            for stream in [p.seen for p in players] + [watcher.seen]:
                assert sorted(stream) == list(range(1, last + 1)), "no gap, no repeat"
            for player in players:
                for request_id, reply in player.acked.items():
                    row = await store.command_by_request(match_id, player.seat, request_id)
                    assert (row.first_seq, row.last_seq) == (reply["first_seq"],
                                                             reply["last_seq"])
            assert verify_document(document).verified
    finally:
        await store.close()
