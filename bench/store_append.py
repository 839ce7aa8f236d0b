"""Benchmark: durable event appends per second through the group committer, as
the number of matches playing at once grows. Prints its figures; not a test.

    PYTHONPATH=. .venv/bin/python bench/store_append.py [--database URL] [--seconds 3]

Each simulated match behaves like a match actor: it appends one command with
five events (a typical SBH command), waits until that is durable, then appends
the next. The baseline in the same run is the same load with group commit off
(`max_batch=1`: one transaction per append). Read the "speed-up" column: how
much more the group committer gets through at that load, and "events/s" (group
commit, five events an append) against issue 6's goal of 30,000 appended events/s.
"CPU us/append" is this process's CPU an append under group commit (the committer,
the store and the driver; the benchmark's own making of the rows is in it too).
Default database: a SQLite file in a temporary directory; pass a postgresql+asyncpg
URL to measure PostgreSQL (the database must exist; the benchmark adds rows, and
leaves them).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.store.committer import Committer  # noqa: E402
from server.store.store import Append, CommandRow, EventRow, Store, pack  # noqa: E402

EVENTS_PER_COMMAND = 5
PAYLOAD = pack({"type": "moved", "data": {"figure": "a3", "path": [[3, 4], [4, 4]]}, "v": 1})


async def new_matches(store: Store, count: int) -> list[str]:
    owner = "bench-" + secrets.token_hex(6)
    now = time.time()
    assert await store.create_account({"id": owner, "username": None, "display_name": owner,
                                       "password_hash": None, "guest": True,
                                       "created_at": now})
    ids = []
    for _ in range(count):
        match_id = secrets.token_hex(8)
        await store.create_match({"id": match_id, "system": "sbh", "setup": pack({}),
                                  "status": "active", "created_by": owner, "created_at": now,
                                  "seed": b"\0" * 32, "seed_commitment": "0" * 64},
                                 "a", owner)
        ids.append(match_id)
    return ids


async def play(committer: Committer, match_id: str, until: float,
               waits: list[float]) -> int:
    """Append commands one after another (like an actor) until `until`; returns how many."""
    idx = seq = 0
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        events = [EventRow(seq + i + 1, PAYLOAD, "0" * 64) for i in range(EVENTS_PER_COMMAND)]
        started = time.perf_counter()
        await committer.append(Append(match_id, CommandRow(
            idx, "a", f"r{idx}", PAYLOAD, seq + 1, seq + EVENTS_PER_COMMAND, 0), events))
        waits.append(time.perf_counter() - started)
        idx, seq = idx + 1, seq + EVENTS_PER_COMMAND
    return idx


async def measure(store: Store, matches: int, seconds: float,
                  grouped: bool) -> tuple[float, float, float, float]:
    """(appends per second, appends per transaction, mean wait for an append in ms,
    this process's CPU per append in us)."""
    committer = Committer(store) if grouped else Committer(store, max_batch=1,
                                                             max_inflight=1)
    committer.start()
    ids = await new_matches(store, matches)
    until = asyncio.get_running_loop().time() + seconds
    started, cpu = time.perf_counter(), time.process_time()
    waits: list[float] = []
    counts = await asyncio.gather(*(play(committer, m, until, waits) for m in ids))
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    await committer.stop()
    return (sum(counts) / elapsed, committer.appends / max(1, committer.transactions),
            1000 * sum(waits) / max(1, len(waits)), 1e6 * cpu / max(1, sum(counts)))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="SQLAlchemy URL (default: a temporary SQLite file)")
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--loads", default="1,10,50,200", help="concurrent matches to try")
    args = parser.parse_args()
    url = args.database or "sqlite+aiosqlite:///" + os.path.join(tempfile.mkdtemp(), "b.db")
    store = await Store.open(url)
    print(f"database: {url.split('@')[-1]}   {EVENTS_PER_COMMAND} events per command, "
          f"{args.seconds:g} s per figure")
    print(f"{'matches':>8} {'one tx/append':>15} {'group commit':>14} {'speed-up':>9} "
          f"{'appends/tx':>11} {'wait, ms':>9} {'CPU us/append':>14} {'events/s':>10}"
          "   (goal: >= 30,000 events/s)")
    try:
        for load in (int(x) for x in args.loads.split(",")):
            alone, _, _, _ = await measure(store, load, args.seconds, grouped=False)
            grouped, per_tx, wait, cpu = await measure(store, load, args.seconds, grouped=True)
            print(f"{load:>8} {alone:>11.0f} /s {grouped:>10.0f} /s {grouped / alone:>8.2f}x "
                  f"{per_tx:>11.1f} {wait:>9.2f} {cpu:>14.0f} "
                  f"{grouped * EVENTS_PER_COMMAND:>10.0f}")
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main())
