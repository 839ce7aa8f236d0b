"""A rolling restart of every node under load (issue 35, "Tests and figures"): N nodes
as `warband serve` processes on a fresh PostgreSQL database and the NATS at
127.0.0.1:4222, M SBH matches between random-legal players whose two seats sit on two
different nodes (the match runs on the second's), each player thinking a moment
before each command. After a warm-up, each node in turn is stopped gracefully
(SIGTERM: it hands its matches over and tells its clients to reconnect, 1012), waited
for, and started again on its port; a player whose connection closes reconnects to
the next node, resumes its stream from its last seq and sends again, with the same
id, what was unanswered (a `match_moved` answer is retried). When every match is over,
every acknowledged command is compared with the store. Prints the p50/p99 command
latency (the client's send to its answer, retries included) before, during and after
the restarts, and every way a command could have gone wrong (each must be 0: the run
exits 1 otherwise). Not a test (the bounded form would not fit the CI budget).

    PYTHONPATH=. .venv/bin/python bench/rolling_restart.py [--nodes 3] [--matches 6]
        [--turns 60] [--think 0.1] [--warmup 20] [--pause 3] [--lease-ttl 3]
        [--postgres postgresql+asyncpg://postgres@127.0.0.1:5432/test]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
from sqlalchemy import make_url
from websockets.exceptions import WebSocketException

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.nodes import Node, fresh_database  # noqa: E402
from clients.client import Client, ServerError  # noqa: E402
from server.store.engine import asyncpg_dsn  # noqa: E402
from tests.hostile.test_kills_under_load import check_store  # noqa: E402
from tests.server.test_full_match import SETUP  # noqa: E402
from tests.server.test_restart import Player  # noqa: E402

# (the node went away, or is not listening yet: go elsewhere)
DROPPED = (ConnectionError, OSError, TimeoutError, WebSocketException)


@dataclass
class PacedPlayer(Player):
    """A player who thinks `think` seconds a command, retries what is retryable, and
    notes when each command was sent and how long its answer took."""

    think: float = 0.0
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (sent, seconds)

    async def _act(self, client: Client, match_id: str, push: dict) -> None:
        await asyncio.sleep(self.think)
        if not client.pushes.empty():  # (the prompt is old already)
            return
        request_id, fields = self._next_command(match_id, push)
        sent = time.monotonic()
        while True:
            try:
                reply = await client.request("command", request_id=request_id, timeout=20,
                                             **fields)
            except ServerError as refused:
                if refused.code == "stale_prompt":
                    break
                if not refused.retryable:
                    raise
                await asyncio.sleep(0.1)  # (match_moved: it is changing node)
                continue
            except (TimeoutError, WebSocketException) as gone:
                raise ConnectionError("no answer") from gone
            self.acked[request_id] = reply
            self.last_acked = (request_id, fields)
            self.latencies.append((sent, time.monotonic() - sent))
            break
        self.unanswered = None


async def connect_somewhere(player: Player, match_id: str, nodes: list[Node],
                            first: int) -> tuple[Client, int]:
    """The player's connection, resumed on the first node from `first` on that takes it."""
    failure: BaseException | None = None
    for attempt in range(400):
        index = (first + attempt) % len(nodes)
        try:
            return await asyncio.wait_for(player.reconnect(nodes[index].url, match_id),
                                          20), index
        except (ServerError, *DROPPED) as problem:  # (a node restarting, a match moving)
            failure = problem
            await asyncio.sleep(0.1)
    raise RuntimeError(f"player {player.seat} of {match_id} was refused by every node 400 "
                       f"times, last: {failure!r}")


async def play_to_the_end(player: Player, match_id: str, nodes: list[Node], home: int,
                          reconnects: list[int]) -> None:
    index = home
    while True:
        client, index = await connect_somewhere(player, match_id, nodes, index)
        try:
            outcome = await player.play(client, match_id)
        except DROPPED:
            outcome = "dropped"
        finally:
            await client.close()
        if outcome == "over":
            return
        reconnects.append(1)
        index += 1  # (its node is going away: the next one)


async def new_matches(nodes: list[Node], count: int, turns: int, think: float):
    """`count` matches, match i created on node i and joined (so run) on node i+1."""
    setup = SETUP | {"options": {"turn_limit": turns}}
    games = []
    for index in range(count):
        home, away = nodes[index % len(nodes)], nodes[(index + 1) % len(nodes)]
        ann, bob = await Client.connect(home.url), await Client.connect(away.url)
        players = [PacedPlayer("a", (await ann.request("guest", name="Ann"))["token"],
                               random.Random(index * 2), think=think),
                   PacedPlayer("b", (await bob.request("guest", name="Bob"))["token"],
                               random.Random(index * 2 + 1), think=think)]
        match_id = (await ann.request("create_match", system="sbh", **setup))["match_id"]
        await bob.request("join", match_id=match_id)
        games.append((match_id, players, index % len(nodes), (index + 1) % len(nodes)))
        await ann.close()
        await bob.close()
    return games


async def stop_gracefully(node: Node, limit: float) -> bool:
    """SIGTERM, and wait for the process to exit; False (and SIGKILL) if it had not
    within `limit` seconds (a graceful stop that hung)."""
    if node.process is None or node.process.returncode is not None:
        return True
    node.process.terminate()
    try:
        await asyncio.wait_for(node.process.wait(), limit)
        return True
    except TimeoutError:
        node.process.kill()
        await node.process.wait()
        return False


async def restart_each(nodes: list[Node], pause: float,
                       limit: float) -> list[tuple[str, float, float, bool]]:
    """Each node in turn: SIGTERM, wait for it to exit, start it again; how long each
    took to stop and to listen again, and whether it stopped by itself."""
    took = []
    for node in nodes:
        started = time.monotonic()
        graceful = await stop_gracefully(node, limit)
        stopped = time.monotonic()
        await node.start()
        took.append((node.name, stopped - started, time.monotonic() - stopped, graceful))
        print(f"  {node.name}: stopped (SIGTERM) in {stopped - started:.2f} s"
              f"{'' if graceful else ' (HUNG: killed)'}, listening again "
              f"{took[-1][2]:.2f} s later", flush=True)
        await asyncio.sleep(pause)
    return took


def percentiles(latencies: list[float]) -> str:
    if len(latencies) < 2:
        return f"{len(latencies)} commands"
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return (f"{len(latencies)} commands, p50 {cuts[49] * 1000:.0f} ms, "
            f"p99 {cuts[98] * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms")


async def run(options) -> int:
    admin = await asyncpg.connect(asyncpg_dsn(options.postgres))
    url = await fresh_database(admin, options.postgres)
    failures = 0
    try:
        with tempfile.TemporaryDirectory() as folder:
            folder = options.logs or folder
            nodes = [Node(url, Path(folder) / f"n{i}.log", f"n{i}")
                     for i in range(options.nodes)]
            for node in nodes:
                node.name = node.extra_args[-1]
                node.extra_args += ["--lease-ttl", str(options.lease_ttl)]
                node.start_timeout = 120.0  # (a loaded machine starts Python slowly)
                await node.start()
            try:
                failures = await under_load(nodes, url, options)
            finally:
                for node in nodes:
                    await stop_gracefully(node, 60)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')
        await admin.close()
    return 1 if failures else 0


async def under_load(nodes: list[Node], url: str, options) -> int:
    games = await new_matches(nodes, options.matches, options.turns, options.think)
    reconnects: list[int] = []
    playing = [asyncio.create_task(play_to_the_end(p, m, nodes, seat_home, reconnects))
               for m, players, *homes in games
               for p, seat_home in zip(players, homes, strict=True)]
    await asyncio.sleep(options.warmup)
    began = time.monotonic()
    print(f"{len(nodes)} nodes, {len(games)} matches; restarting each node in turn:",
          flush=True)
    took = await restart_each(nodes, options.pause, options.stop_limit)
    ended = time.monotonic()
    still_playing = sum(not task.done() for task in playing)
    try:
        await asyncio.wait_for(asyncio.gather(*playing), options.timeout)
    except BaseException:
        traceback.print_exc()  # (what went wrong, before the nodes are stopped)
        for task in playing:
            task.cancel()
        raise
    sent = [(at, seconds) for _, players, *_ in games for p in players
            for at, seconds in p.latencies]
    print(f"{still_playing} of {len(playing)} players still playing when the last "
          f"restart ended; {len(reconnects)} reconnections")
    print("before the restarts: " + percentiles([s for at, s in sent if at < began]))
    print("during the restarts: " + percentiles([s for at, s in sent
                                                 if began <= at <= ended]))
    print("after them:          " + percentiles([s for at, s in sent if at > ended]))
    counts = await check_store(url, [(m, players) for m, players, *_ in games])
    counts["hung_stops"] = sum(not graceful for *_, graceful in took)
    print("store check: " + ", ".join(f"{key} {value}" for key, value in counts.items()))
    return sum(value for key, value in counts.items() if key != "acknowledged")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=3)
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--think", type=float, default=0.1,
                        help="seconds a player waits before each command")
    parser.add_argument("--warmup", type=float, default=20.0,
                        help="seconds of play before the first restart")
    parser.add_argument("--pause", type=float, default=3.0,
                        help="seconds between a node listening again and the next restart")
    parser.add_argument("--lease-ttl", type=float, default=3.0)
    parser.add_argument("--stop-limit", type=float, default=60.0,
                        help="seconds a node may take to stop gracefully before it counts "
                        "as hung (and is killed)")
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds the matches may take to finish after the restarts")
    parser.add_argument("--logs", type=Path, help="keep the nodes' logs in this folder")
    parser.add_argument("--postgres", default="postgresql+asyncpg://postgres@127.0.0.1:5432/test")
    sys.exit(asyncio.run(run(parser.parse_args())))


if __name__ == "__main__":
    main()
