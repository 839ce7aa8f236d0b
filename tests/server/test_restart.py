"""The server process is killed (SIGKILL, no goodbye) in the middle of a match and
started again on the same database: the players reconnect with their tokens,
pick up exactly where their streams stopped, finish the match, and every command
the server ever acknowledged is in the log. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
from dataclasses import dataclass, field

from clients.client import Client, ServerError
from server.replays import replay_document, verify_document
from server.rules.kernel import Decision, Prompt
from server.rules.sbh.random_player import random_command
from server.store.store import Store
from tests.sbh.test_games import WARBANDS
from tests.server.test_full_match import SETUP as SHORT_GAME

SETUP = SHORT_GAME | {"options": {"turn_limit": 8}}  # long enough to be killed in the middle

KILL_AFTER_SEQ = 60  # well past the set-up, with a snapshot (every 20 events) behind it


class ServerProcess:
    """`warband serve` as a child process, the way it runs in production."""

    def __init__(self, database_url: str, log_path) -> None:
        self.database_url = database_url
        self.log_path = log_path
        self.process: asyncio.subprocess.Process | None = None
        self.port = 0
        self.extra_args: list[str] = []  # more `warband serve` flags
        self.start_timeout = 30.0  # seconds until it says it listens

    async def start(self) -> None:
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child owns it
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server.cli", "serve", "--host", "127.0.0.1",
            "--port", str(self.port), "--database", self.database_url,
            "--snapshot-every", "20", *self.extra_args,
            stdout=asyncio.subprocess.PIPE, stderr=log, cwd=os.getcwd())
        log.close()
        async with asyncio.timeout(self.start_timeout):
            line = (await self.process.stdout.readline()).decode()
        found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
        assert found, f"the server did not start: {line!r} (see {self.log_path})"
        self.port = int(found.group(1))  # a restart reuses it, as a real one would

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    async def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            async with asyncio.timeout(30):
                await self.process.wait()


@dataclass
class Player:
    seat: str
    token: str
    rng: random.Random
    seen: list[int] = field(default_factory=list)  # seqs of every event received
    acked: dict[str, dict] = field(default_factory=dict)  # request id -> reply
    unanswered: tuple[str, dict] | None = None  # a command sent when the server died
    last_acked: tuple[str, dict] | None = None
    count: int = 0

    async def reconnect(self, url: str, match_id: str) -> Client:
        client = await Client.connect(url)
        await client.request("authenticate", token=self.token)
        after = self.seen[-1] if self.seen else 0
        subscribed = await client.request("subscribe", match_id=match_id, after_seq=after)
        assert subscribed["from_seq"] == after + 1
        if self.last_acked is not None:  # a repeat is answered, never applied twice
            request_id, fields = self.last_acked
            again = await client.request("command", request_id=request_id, **fields)
            assert again == self.acked[request_id]
        if self.unanswered is not None:  # applied before the crash, or not: ask again
            request_id, fields = self.unanswered
            try:
                self.acked[request_id] = await client.request(
                    "command", request_id=request_id, **fields)
            except ServerError as refused:
                assert refused.code == "stale_prompt", refused
            self.unanswered = None
        return client

    async def play(self, client: Client, match_id: str) -> str:
        """Act on prompts until the match ends ("over") or the server vanishes."""
        try:
            while True:
                push = await client.next_push("event", "prompt", "match_over", timeout=60)
                if push["type"] == "event":
                    self.seen.append(push["seq"])
                elif push["type"] == "match_over":
                    return "over"
                elif push["decision"] is not None and client.pushes.empty():
                    await self._act(client, match_id, push)
        except ConnectionError:
            return "dropped"

    def _next_command(self, match_id: str, push: dict) -> tuple[str, dict]:
        """The random-legal answer to the pushed decision as a command request, with
        its own request id, remembered as unanswered until its reply comes."""
        prompt = Prompt((Decision.from_wire(push["decision"]),))
        command = random_command(prompt, self.seat, self.rng, WARBANDS[self.seat])
        self.count += 1
        request_id = f"{self.seat}-{self.count}"
        fields = {"match_id": match_id, "command": command.type, "args": dict(command.args),
                  "at_seq": push["seq"]}
        self.unanswered = (request_id, fields)
        return request_id, fields

    async def _act(self, client: Client, match_id: str, push: dict) -> None:
        request_id, fields = self._next_command(match_id, push)
        try:
            self.acked[request_id] = await client.request("command", request_id=request_id,
                                                          **fields)
            self.last_acked = (request_id, fields)
        except ServerError as refused:
            assert refused.code == "stale_prompt", refused
        self.unanswered = None


async def kill_when_past(server: ServerProcess, players: list[Player], seq: int,
                         playing: list[asyncio.Task]) -> None:
    while max((p.seen[-1] if p.seen else 0) for p in players) < seq:
        assert not all(task.done() for task in playing), "the match ended before the kill"
        await asyncio.sleep(0.005)
    await server.kill()


async def test_a_hard_killed_server_resumes_every_acknowledged_match(database_url, tmp_path):
    server = ServerProcess(database_url, tmp_path / "server.log")
    await server.start()
    try:
        ann, bob = await Client.connect(server.url), await Client.connect(server.url)
        players = [Player("a", (await ann.request("guest", name="Ann"))["token"],
                          random.Random(11)),
                   Player("b", (await bob.request("guest", name="Bob"))["token"],
                          random.Random(12))]
        match_id = (await ann.request("create_match", system="sbh", **SETUP))["match_id"]
        await bob.request("join", match_id=match_id)
        for client in (ann, bob):
            await client.request("subscribe", match_id=match_id)

        playing = [asyncio.create_task(p.play(c, match_id))
                   for p, c in zip(players, (ann, bob), strict=True)]
        await asyncio.wait_for(kill_when_past(server, players, KILL_AFTER_SEQ, playing), 120)
        assert await asyncio.wait_for(asyncio.gather(*playing), 30) == ["dropped", "dropped"]
        acked_before_kill = {p.seat: dict(p.acked) for p in players}

        await server.start()
        clients = [await p.reconnect(server.url, match_id) for p in players]
        outcomes = await asyncio.wait_for(asyncio.gather(
            *(p.play(c, match_id) for p, c in zip(players, clients, strict=True))), 120)
        assert outcomes == ["over", "over"]
        for client in clients:
            await client.close()
    finally:
        await server.stop()

    store = await Store.open(database_url)
    try:
        document = await replay_document(store, match_id)
        last = document["events"][-1]["seq"]
        for player in players:
            assert player.seen == list(range(1, last + 1)), "no gap, no duplicate"
            for request_id, reply in player.acked.items():
                row = await store.command_by_request(match_id, player.seat, request_id)
                assert row is not None, f"acknowledged command {request_id} was lost"
                assert (row.first_seq, row.last_seq) == (reply["first_seq"], reply["last_seq"])
        assert all(acked_before_kill.values()), "commands were acknowledged before the kill"
        assert verify_document(document).verified
    finally:
        await store.close()
