"""The crash suite's big run (issue 29, "Crashes and outages"): `warband serve` on a
fresh PostgreSQL database, several SBH matches played by random-legal players, the
server killed (SIGKILL) again and again at random moments (once while it resumes
the matches) and started again; players reconnect and resend what was unanswered.
Prints the kills, the acknowledged commands, and every way one could have gone
wrong (each must be 0: the run exits 1 otherwise). Not a test.

    PYTHONPATH=. .venv/bin/python bench/kills.py [--matches 8] [--kills 10] [--seed 1]
        [--postgres postgresql+asyncpg://postgres@127.0.0.1:5432/test]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
import uuid
from pathlib import Path

import asyncpg
from sqlalchemy import make_url

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.store.engine import asyncpg_dsn  # noqa: E402
from tests.hostile.test_kills_under_load import kill_and_resume  # noqa: E402


async def run(options) -> None:
    name = "warband_kills_" + uuid.uuid4().hex[:8]
    admin = await asyncpg.connect(asyncpg_dsn(options.postgres))
    await admin.execute(f'CREATE DATABASE "{name}"')
    url = make_url(options.postgres).set(database=name).render_as_string(hide_password=False)
    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as folder:
            counts = await kill_and_resume(url, Path(folder) / "server.log",
                                           matches=options.matches, kills=options.kills,
                                           seed=options.seed)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()
    print(f"matches: {options.matches}; kills: {counts['kills']} "
          f"({counts['killed_resuming']} while resuming); acknowledged commands: "
          f"{counts['acknowledged']}; lost: {counts['lost']}; stored other than acknowledged: "
          f"{counts['changed']}; duplicated: {counts['duplicated']}; events a stream missed: "
          f"{counts['stream_gaps']}, got twice: {counts['stream_repeats']}; replays that do "
          f"not re-run: {counts['unverified']} ({time.perf_counter() - started:.0f} s)")
    failures = sum(counts[k] for k in ("lost", "changed", "duplicated", "stream_gaps",
                                       "stream_repeats", "unverified"))
    sys.exit(1 if failures else 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", default="postgresql+asyncpg://postgres@127.0.0.1:5432/test")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
