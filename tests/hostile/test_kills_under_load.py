"""`warband serve` killed (SIGKILL) again and again under several matches, once while
it is resuming them (issue 29, "Crashes and outages"). After each kill the players
reconnect with their tokens, resume their streams from the last seq they saw and
send again, with the same id, whatever was unanswered. In the end every match has
finished, every stream saw each event once (no gap, no duplicate), every
acknowledged command is stored exactly as acknowledged, and every replay re-runs
from its commands. On PostgreSQL, as in production; `bench/kills.py` does more
kills."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys

from clients.client import Client
from server.replays import replay_document, verify_document
from server.store.store import Store
from tests.server.test_restart import SETUP, Player, ServerProcess


class KillableServer(ServerProcess):
    async def start_and_kill_while_resuming(self) -> bool:
        """Start it and kill it as soon as it says it is loading the matches (it listens
        by then: their actors wait to be loaded); True if it was killed before it had
        loaded them all."""
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child owns it
        before = self.log_path.stat().st_size
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server.cli", "serve", "--host", "127.0.0.1",
            "--port", str(self.port), "--database", self.database_url,
            "--snapshot-every", "20", stdout=asyncio.subprocess.PIPE, stderr=log,
            cwd=os.getcwd())
        log.close()
        async with asyncio.timeout(60):
            while b"warmer: loading matches" not in self.log_path.read_bytes()[before:]:
                await asyncio.sleep(0.002)
        await self.kill()
        return b"matches loaded" not in self.log_path.read_bytes()[before:]


async def new_match(server: ServerProcess, index: int) -> tuple[str, list[Player]]:
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    players = [Player("a", (await ann.request("guest", name="Ann"))["token"],
                      random.Random(index * 2)),
               Player("b", (await bob.request("guest", name="Bob"))["token"],
                      random.Random(index * 2 + 1))]
    match_id = (await ann.request("create_match", system="sbh", **SETUP))["match_id"]
    await bob.request("join", match_id=match_id)
    for client in (ann, bob):
        await client.close()
    return match_id, players


async def play_until_killed(server: ServerProcess, matches, kill_after: int) -> None:
    """Every player plays until the server has acknowledged `kill_after` more commands,
    then the server is killed."""
    clients = {}
    for match_id, players in matches:
        for player in players:
            clients[(match_id, player.seat)] = await player.reconnect(server.url, match_id)
    counted = sum(len(p.acked) for _, players in matches for p in players)
    playing = [asyncio.create_task(p.play(clients[(m, p.seat)], m))
               for m, players in matches for p in players]
    try:
        async with asyncio.timeout(120):
            while sum(len(p.acked) for _, ps in matches for p in ps) < counted + kill_after:
                if all(task.done() for task in playing):
                    break
                await asyncio.sleep(0.002)
        server.process.send_signal(signal.SIGKILL)
        await server.process.wait()
        await asyncio.wait_for(asyncio.gather(*playing), 30)
    finally:
        for client in clients.values():
            await client.close()


async def kill_and_resume(database_url: str, log_path, *, matches: int, kills: int,
                          seed: int) -> dict:
    """The whole run; returns what it counted: kills, acknowledged commands, and every
    way one could have gone wrong (lost, stored other than acknowledged, stored twice,
    an event a stream missed or got twice, a replay that does not re-run)."""
    rng = random.Random(seed)
    server = KillableServer(database_url, log_path)
    await server.start()
    killed_resuming = 0
    try:
        played = [await new_match(server, i) for i in range(matches)]
        for kill in range(kills):
            await play_until_killed(server, played, rng.randint(5, 40))
            if kill == 1:  # (once: while the matches are being resumed)
                killed_resuming += await server.start_and_kill_while_resuming()
            await server.start()
        for match_id, players in played:  # to the end
            clients = [await p.reconnect(server.url, match_id) for p in players]
            outcomes = await asyncio.wait_for(asyncio.gather(
                *(p.play(c, match_id) for p, c in zip(players, clients, strict=True))), 240)
            assert outcomes == ["over", "over"]
            for client in clients:
                await client.close()
    finally:
        await server.stop()

    counts = {"kills": kills + killed_resuming, "killed_resuming": killed_resuming}
    return counts | await check_store(database_url, played)


async def check_store(database_url: str, played) -> dict:
    """Every acknowledged command of `played` ((match id, players) pairs) compared with
    the store: counts of acknowledged commands and of every way one could have gone
    wrong (lost, stored other than acknowledged, stored twice, an event a stream missed
    or got twice, a replay that does not re-run)."""
    store = await Store.open(database_url)
    counts = {"acknowledged": 0, "lost": 0, "changed": 0, "duplicated": 0,
              "stream_gaps": 0, "stream_repeats": 0, "unverified": 0}
    try:
        for match_id, players in played:
            document = await replay_document(store, match_id)
            last = document["events"][-1]["seq"]
            stored = await store.commands(match_id)
            counts["duplicated"] += len(stored) - len({(c.seat, c.request_id) for c in stored})
            for player in players:
                counts["stream_gaps"] += len(set(range(1, last + 1)) - set(player.seen))
                counts["stream_repeats"] += len(player.seen) - len(set(player.seen))
                for request_id, reply in player.acked.items():
                    counts["acknowledged"] += 1
                    row = await store.command_by_request(match_id, player.seat, request_id)
                    if row is None:
                        counts["lost"] += 1
                    elif (row.first_seq, row.last_seq) != (reply["first_seq"],
                                                           reply["last_seq"]):
                        counts["changed"] += 1
            counts["unverified"] += not verify_document(document).verified
    finally:
        await store.close()
    return counts


async def test_killed_again_and_again_nothing_acknowledged_is_lost(own_database, tmp_path):
    _, url = own_database
    counts = await kill_and_resume(url, tmp_path / "server.log", matches=4, kills=3, seed=29)
    assert counts["killed_resuming"] == 1, "one kill came while the matches were resuming"
    assert counts["acknowledged"] > 0
    assert {key: counts[key] for key in ("lost", "changed", "duplicated", "stream_gaps",
                                         "stream_repeats", "unverified")} == {
        "lost": 0, "changed": 0, "duplicated": 0, "stream_gaps": 0, "stream_repeats": 0,
        "unverified": 0}
