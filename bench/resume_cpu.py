"""The CPU a resumed match costs this process, without clients or frames: a hub
resumes every active match of a database written by `bench/restart_many.py --keep
NAME` (its warmer loads them all), then a view of each is asked through its actor;
then the same views again, every match loaded (the same run's baseline). Once from
the matches' whole logs (as after a kill -9), once from checkpoints (written by a
first pass's stop, as a graceful restart writes them). Prints its figures; not a
test. CPU is process time (user + system), which a machine shared with other work
stretches far less than wall time.

    PYTHONPATH=. .venv/bin/python bench/resume_cpu.py NAME
        [--postgres postgresql+asyncpg://postgres@127.0.0.1:5432/test]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

import asyncpg
from sqlalchemy import make_url

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.matches.checkpoints import checkpoint_all  # noqa: E402
from server.matches.hub import Hub  # noqa: E402
from server.metrics import Metrics  # noqa: E402
from server.store.engine import asyncpg_dsn  # noqa: E402
from server.store.store import Store  # noqa: E402


async def resume_all(url: str, write_checkpoints: bool) -> tuple[int, float, float, float]:
    """(matches, CPU seconds to load them all, to view each once, to view each again)."""
    store = await Store.open(url)
    hub = Hub(store, Metrics())
    hub.checkpoint_on_stop = False  # (written below, with time enough on a busy machine)
    try:
        started = time.process_time()
        await hub.start()
        await hub._warmer  # (every match loaded)
        loaded = time.process_time()
        actors = list(hub.actors.values())
        for actor in actors:
            await actor.submit("view", seat="a")
        viewed = time.process_time()
        for actor in actors:
            await actor.submit("view", seat="a")
        again = time.process_time()
        if write_checkpoints:
            written = await checkpoint_all(hub, budget=600)
            print(f"(checkpoints of {written} matches written)")
    finally:
        await hub.stop()
        await store.close()
    return len(actors), loaded - started, viewed - loaded, again - viewed


async def run(options) -> None:
    url = make_url(options.postgres).set(database=options.name).render_as_string(
        hide_password=False)
    raw = await asyncpg.connect(asyncpg_dsn(url))
    try:
        await raw.execute("DELETE FROM snapshots")  # (as written: whole logs only)
    finally:
        await raw.close()
    for label, write in (("from their logs", True), ("from checkpoints", False)):
        count, load, view, baseline = await resume_all(url, write)
        if not count:
            print(f"no active matches in database {options.name}")
            return
        per = (load + view) / count * 1000
        print(f"{count} matches {label}: loaded in {load:.2f} s CPU, first views "
              f"{view:.2f} s: {per:.3f} ms a match; baseline (the views again) "
              f"{baseline:.2f} s: {per / (baseline / count * 1000):.1f} times a "
              f"loaded match's view")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", help="a database bench/restart_many.py --keep wrote")
    parser.add_argument("--postgres", default="postgresql+asyncpg://postgres@127.0.0.1:5432/test")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
