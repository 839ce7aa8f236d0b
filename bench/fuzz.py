"""Benchmark and soak: hostile frames against a live server (issue 29). Prints its
figures; exits 1 if any frame went unanswered or was answered against the protocol,
the server logged an exception, or a refused frame changed the store.

    PYTHONPATH=. .venv/bin/python bench/fuzz.py [--frames 1000000] [--seed 0]
        [--connections 32] [--workers 0] [--database sqlite|postgresql+asyncpg://...]

A WarbandServer runs in this process (no rate limit, cheap password hashing) on a
database of its own. The frames (tests/hostile/fuzz_frames.py): first every byte of
a valid frame of every request type flipped bit by bit and replaced, and every
truncation (the sweep, ~36,000 frames), then random structured mutations of valid
requests (wrong types, missing and extra fields, huge numbers and strings, deep
nesting, strings and keys that are not UTF-8, odd keys, ext types and timestamps...)
with a tenth of random bytes and random MessagePack. tests/hostile/fuzz_live.py
sends them over real websockets and judges every answer; its docstring says how.

- answered: a reply, or an error carrying the request's id, on an open connection;
- closed: an error frame then a close with the error's close code (protocol/errors.py),
  or (a frame over 256 KiB) a close 1009 alone; by close code;
- silent: no answer while the connection stayed open (must be 0); wrong: an answer
  the protocol does not allow (a wrong id, a wrong code, a close without an error...);
- server failures: internal_error (or server_busy, database_unavailable) answers;
- server exceptions: warnings, errors and tracebacks in the server's log, and
  exceptions Python could only print ("Exception ignored"); must be 0;
- state: the store's fingerprint around every refused request that could change it,
  and around every round of the others (which never may).

`--workers N` runs the clients' side of the concurrent connections in N processes
(the server keeps this one): worth it only on a machine with a core to spare.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.hostile.fuzz_frames import Context, FrameSource, sweep_size  # noqa: E402
from tests.hostile.fuzz_live import LiveFuzz, Tally, live_server, still_serves  # noqa: E402


class Progress:
    """A line every `every` seconds: frames so far, their rate, anything wrong."""

    def __init__(self, tally: Tally, every: float) -> None:
        self.tally, self.every = tally, every
        self.started = time.perf_counter()

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            t = self.tally
            seconds = time.perf_counter() - self.started
            print(f"  {seconds:7.0f} s  {t.frames:>10,} frames  {t.frames / seconds:6.0f}/s  "
                  f"silent {t.silent}  wrong {len(t.wrong)}  failures "
                  f"{len(t.server_failures)}  state changed {len(t.state_changes)}",
                  flush=True)


def frames(source: FrameSource, total: int, sweep: bool):
    made = 0
    if sweep:
        for fuzzed in source.sweep():
            if made == total:
                return
            made += 1
            yield fuzzed
    yield from source.frames(total - made)


async def main(args: argparse.Namespace) -> int:
    async with live_server(args.database) as server:
        source = FrameSource(Context(), args.seed)
        fuzz = LiveFuzz(server, source, connections=args.connections, workers=args.workers)
        progress = asyncio.create_task(Progress(fuzz.tally, args.progress).run())
        try:
            tally = await fuzz.run(frames(source, args.frames, not args.no_sweep))
        finally:
            progress.cancel()
        alive = await still_serves(server.url)
    report(args, tally, alive)
    bad = (tally.silent or tally.wrong or tally.server_failures or tally.server_exceptions
           or tally.state_changes or not alive)
    return 1 if bad else 0


def report(args: argparse.Namespace, t: Tally, alive: bool) -> None:
    closed = sum(t.closed.values())
    print(f"\nwarband fuzz: {t.frames:,} frames (seed {args.seed}, database "
          f"{args.database}, {args.connections} connections at a time, "
          f"{args.workers} client workers)")
    print(f"  time               {t.seconds:,.0f} s: {t.frames / t.seconds:,.0f} frames/s "
          f"over {t.connections:,} connections; " + ", ".join(
              f"{phase} {seconds:,.0f} s" for phase, seconds in t.phases.items()))
    print(f"  answered           {t.answered:,} ({t.replies:,} accepted, "
          f"{t.answered - t.replies:,} refused)")
    print("  refused by code    " + ", ".join(f"{code} {n:,}" for code, n
                                              in t.refusals.most_common()))
    print(f"  closed with a code {closed:,}: " + ", ".join(
        f"{code} {n:,}" for code, n in sorted(t.closed.items())))
    print("    after the error  " + ", ".join(f"{code} {n:,}" for code, n
                                              in t.close_errors.most_common()))
    print(f"  silent             {t.silent:,}")
    print(f"  wrong answers      {len(t.wrong):,}")
    print(f"  server failures    {len(t.server_failures):,} (internal_error, server_busy...)")
    print(f"  server exceptions  {len(t.server_exceptions):,} (in the log)")
    print(f"  state changed by a refused frame: "
          f"{'yes' if t.state_changes else 'no'} ({t.state_checks:,} fingerprints compared)")
    print(f"  server alive after: {'yes' if alive else 'NO'} (a new guest signs in and pings)")
    print("  mutations          " + ", ".join(f"{m} {n:,}" for m, n
                                              in t.mutations.most_common()))
    for name in ("wrong", "server_failures", "server_exceptions", "state_changes"):
        for line in getattr(t, name)[:10]:
            print(f"  ! {name}: {line[:300]}")
    print(f"  contexts made      {t.contexts}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=1_000_000, help="how many frames "
                        "(default 1,000,000)")
    parser.add_argument("--seed", type=int, default=0, help="of the random mutations")
    parser.add_argument("--connections", type=int, default=32, help="open at a time")
    parser.add_argument("--workers", type=int, default=0, help="processes for the "
                        "clients (default 0: in the server's)")
    parser.add_argument("--database", default="sqlite", help="'sqlite' (a temporary "
                        "file) or a PostgreSQL URL (a new database is made there)")
    parser.add_argument("--no-sweep", action="store_true", help="random mutations only, "
                        f"without the byte sweep (~{sweep_size(Context()):,} frames)")
    parser.add_argument("--progress", type=float, default=30.0, help="seconds between "
                        "progress lines")
    sys.exit(asyncio.run(main(parser.parse_args())))
