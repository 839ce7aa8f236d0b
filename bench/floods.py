"""Floods against `warband serve` in a process of its own (issue 29, "Floods"): the
memory of many idle connections (each signed in as a guest), and a handshake flood
from one address while a probe on another address keeps pinging. Prints its
figures; not a test (tests/hostile/test_floods.py asserts the bounds at a smaller
scale).

    PYTHONPATH=. .venv/bin/python bench/floods.py [--idle 5000] [--flood 5000]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clients.client import Client  # noqa: E402
from tests.hostile.test_floods import rss_kib  # noqa: E402
from tests.server.test_restart import ServerProcess  # noqa: E402


async def idle(folder: Path, count: int) -> None:
    server = ServerProcess(f"sqlite+aiosqlite:///{folder / 'idle.db'}", folder / "idle.log")
    server.extra_args = ["--handshakes-per-second", "1000000",
                         "--max-connections-per-address", "1000000"]
    await server.start()
    clients = []
    try:
        for client in [await Client.connect(server.url) for _ in range(20)]:
            await client.request("guest", name="Warm")
            await client.close()
        await asyncio.sleep(0.5)
        before = rss_kib(server.process.pid)
        started = time.perf_counter()
        while len(clients) < count:
            batch = [Client.connect(server.url) for _ in range(min(200, count - len(clients)))]
            batch = await asyncio.gather(*batch)
            await asyncio.gather(*(c.request("guest", name="Idle") for c in batch))
            clients += batch
        took = time.perf_counter() - started
        await asyncio.sleep(1.0)
        after = rss_kib(server.process.pid)
        print(f"idle connections: {count} signed in ({took:.1f} s); server RSS "
              f"{before / 1024:.0f} -> {after / 1024:.0f} MiB: "
              f"{(after - before) / count:.1f} KiB a connection")
    finally:
        for client in clients:
            await client.close()
        await server.stop()


async def flood(folder: Path, count: int) -> None:
    """`count` handshakes from 127.0.0.1 as fast as they go (200 at a time, each closed
    at once if accepted) against the default limits; a probe from 127.0.0.2 pings."""
    server = ServerProcess(f"sqlite+aiosqlite:///{folder / 'flood.db'}", folder / "flood.log")
    await server.start()
    probe = await connect(server.url, local_addr=("127.0.0.2", 0))
    latencies: list[float] = []
    done = asyncio.Event()

    async def ping() -> None:
        request = b"\x83\xa1v\x01\xa4type\xa4ping\xa2id\x01"
        while not done.is_set():
            sent = time.perf_counter()
            await probe.send(request)
            await probe.recv()
            latencies.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(0.01)

    async def one() -> str:
        try:
            websocket = await connect(server.url)
        except InvalidStatus as refused:
            return str(refused.response.status_code)
        await websocket.close()
        return "accepted"

    pinging = asyncio.create_task(ping())
    outcomes: dict[str, int] = {}
    started = time.perf_counter()
    try:
        for first in range(0, count, 200):
            for outcome in await asyncio.gather(*(one() for _ in range(min(200, count - first))),
                                                return_exceptions=True):
                key = outcome if isinstance(outcome, str) else type(outcome).__name__
                outcomes[key] = outcomes.get(key, 0) + 1
        took = time.perf_counter() - started
    finally:
        done.set()
        await pinging
        await probe.close()
        await server.stop()
    ordered = sorted(latencies)
    print(f"handshake flood: {count} from one address in {took:.1f} s "
          f"({count / took:.0f}/s): {outcomes}; probe from another address: "
          f"{len(latencies)} pings, median {statistics.median(ordered):.1f} ms, "
          f"max {ordered[-1]:.1f} ms")


async def run(options) -> None:
    with tempfile.TemporaryDirectory() as folder:
        if options.idle:
            await idle(Path(folder), options.idle)
        if options.flood:
            await flood(Path(folder), options.flood)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=int, default=5000)
    parser.add_argument("--flood", type=int, default=5000)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
