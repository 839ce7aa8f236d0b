"""Benchmark: group-committed appends on PostgreSQL through a checkpoint, the WAL it
writes and what it does to an append's wait. Prints its figures; not a test.

    PYTHONPATH=. .venv/bin/python bench/store_checkpoint.py [--matches 1000]
        [--rate 0.5] [--wal-compression off,lz4] [--database URL]

After a checkpoint starts, the first change to each page writes the whole page to the
WAL ("full-page images"). With many matches appending, their commands and events land
on as many index pages, so the seconds after a checkpoint write several times the
usual WAL. Each simulated match appends a command of five events at `--rate` a second
(exponential pauses, like players thinking), through the server's own group committer;
CHECKPOINT is forced at 20 s and 35 s. For each `--wal-compression` setting (set on the
appends' connections only) it prints the appends' waits and the WAL written in the
8 s before the first checkpoint ("quiet") and in the 8 s after each one. The WAL
figures are PostgreSQL's whole-cluster counters (pg_stat_wal): run it on a quiet
server. It creates a database of its own on the server --database names (default
postgres@127.0.0.1:5432) and drops it at the end. deploy/postgresql/warband.conf cites
its figures.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import sys
import time
from pathlib import Path

import asyncpg
from sqlalchemy import make_url

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from store_append import EVENTS_PER_COMMAND, PAYLOAD, new_matches  # noqa: E402

from server.store.committer import Committer  # noqa: E402
from server.store.engine import APPEND_CONNECTIONS, asyncpg_dsn  # noqa: E402
from server.store.store import Append, CommandRow, EventRow, Store  # noqa: E402

SECONDS, CHECKPOINTS, SPAN = 45.0, (20.0, 35.0), 8.0


async def run_once(url: str, matches: int, rate: float, compression: str) -> list[str]:
    store = await Store.open(url)
    await store.append_pool.close()  # the appends' connections, with the setting under test
    store.append_pool = await asyncpg.create_pool(
        asyncpg_dsn(url), min_size=APPEND_CONNECTIONS, max_size=APPEND_CONNECTIONS,
        server_settings={"wal_compression": compression})
    ids = await new_matches(store, matches)
    committer = Committer(store)
    committer.start()
    monitor = await asyncpg.connect(asyncpg_dsn(url))
    waits: list[tuple[float, float]] = []  # (when sent, wait)
    wal: list[tuple[float, int, int]] = []  # (when, full-page images, bytes) every second
    start = time.perf_counter()

    def now() -> float:
        return time.perf_counter() - start

    async def play(match_id: str) -> None:
        idx = seq = 0
        await asyncio.sleep(random.random() / rate)
        while now() < SECONDS:
            events = [EventRow(seq + i + 1, PAYLOAD, "0" * 64) for i in range(EVENTS_PER_COMMAND)]
            sent = now()
            await committer.append(Append(match_id, CommandRow(
                idx, "a", secrets.token_hex(8), PAYLOAD, seq + 1, seq + EVENTS_PER_COMMAND, 0),
                events))
            waits.append((sent, now() - sent))
            idx, seq = idx + 1, seq + EVENTS_PER_COMMAND
            await asyncio.sleep(random.expovariate(rate))

    async def sample_wal() -> None:
        while now() < SECONDS:
            row = await monitor.fetchrow("SELECT wal_fpi, wal_bytes::bigint AS b FROM pg_stat_wal")
            wal.append((now(), row["wal_fpi"], row["b"]))
            await asyncio.sleep(0.5)

    async def checkpoints() -> None:
        checkpointer = await asyncpg.connect(asyncpg_dsn(url))
        for at in CHECKPOINTS:
            await asyncio.sleep(at - now())
            await checkpointer.execute("CHECKPOINT")
        await checkpointer.close()

    try:
        await asyncio.gather(sample_wal(), checkpoints(), *(play(m) for m in ids))
    finally:
        await committer.stop()
        await monitor.close()
        await store.close()

    def span(label: str, begin: float) -> str:
        ms = sorted(1000 * w for sent, w in waits if begin <= sent < begin + SPAN)
        inside = [x for x in wal if begin <= x[0] <= begin + SPAN]
        fpi, written = inside[-1][1] - inside[0][1], inside[-1][2] - inside[0][2]
        return (f"{compression:>15} {label:<14} {len(ms):>7} {ms[len(ms) // 2]:>7.1f} "
                f"{ms[int(len(ms) * 0.99)]:>7.1f} {ms[-1]:>7.1f} {fpi:>11} "
                f"{written / 2**20:>8.1f}")

    return [span("quiet", CHECKPOINTS[0] - SPAN - 1)] + [
        span(f"checkpoint {n + 1}", at) for n, at in enumerate(CHECKPOINTS)]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="postgresql+asyncpg://postgres@127.0.0.1:5432/postgres",
                        help="a database on the server to use (a scratch one is created there)")
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=0.5, help="appends a second per match")
    parser.add_argument("--wal-compression", default="off,lz4",
                        help="settings to compare, in order")
    args = parser.parse_args()
    admin_url = make_url(args.database)
    scratch = "warband_checkpoint_" + secrets.token_hex(4)
    admin = await asyncpg.connect(asyncpg_dsn(args.database))
    print(f"{args.matches} matches, {args.rate:g} appends/s each ({EVENTS_PER_COMMAND} events "
          f"an append), CHECKPOINT at {CHECKPOINTS[0]:g} s and {CHECKPOINTS[1]:g} s; "
          f"figures over {SPAN:g} s")
    print(f"{'wal_compression':>15} {'window':<14} {'appends':>7} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'max ms':>7} {'page images':>11} {'WAL MiB':>8}")
    try:
        for compression in args.wal_compression.split(","):
            await admin.execute(f'CREATE DATABASE "{scratch}"')
            try:
                url = admin_url.set(database=scratch).render_as_string(hide_password=False)
                for line in await run_once(url, args.matches, args.rate, compression):
                    print(line)
            finally:
                await admin.execute(f'DROP DATABASE "{scratch}" WITH (FORCE)')
    finally:
        await admin.close()


if __name__ == "__main__":
    asyncio.run(main())
