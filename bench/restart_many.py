"""A restart of a server holding many active matches (issue 29: 10,000 matches, every
one playable again within 5 s). Writes N started SBH matches between two guests
straight into a fresh PostgreSQL database (as a server that stopped would have left
them), starts `warband serve` on it, and measures from the process's start: when it
listens, and when each match has answered its seat holder's `get_view` (which needs
the match loaded and its actor running). Prints its figures; not a test.

    PYTHONPATH=. .venv/bin/python bench/restart_many.py [--matches 10000]
        [--postgres postgresql+asyncpg://postgres@127.0.0.1:5432/test] [--connections 250]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import secrets
import sys
import tempfile
import time
import uuid
from pathlib import Path

import asyncpg
from sqlalchemy import insert, make_url

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clients.client import Client, ServerError  # noqa: E402
from server.accounts import Accounts  # noqa: E402
from server.rules.dice import commitment, new_seed  # noqa: E402
from server.rules.sbh.system import SYSTEM  # noqa: E402
from server.store.schema import matches, seats  # noqa: E402
from server.store.store import Store, asyncpg_dsn, pack  # noqa: E402

SETUP = {"options": {"scenario": "all_out_battle", "points_limit": 300}, "board_size": 24}


async def write_matches(url: str, count: int) -> tuple[str, list[str]]:
    """`count` active matches between two guests; Ann's token and the match ids."""
    store = await Store.open(url)
    try:
        accounts = Accounts(store)
        ann = await accounts.guest("Ann")
        bob = await accounts.guest("Bob")
        now = time.time()
        ids = [secrets.token_hex(8) for _ in range(count)]
        async with store.engine.begin() as conn:
            for first in range(0, count, 1000):
                chunk = ids[first:first + 1000]
                rows = []
                for match_id in chunk:
                    seed = new_seed()
                    rows.append({"id": match_id, "system": "sbh", "setup": pack(SETUP),
                                 "status": "active", "created_by": ann.account.id,
                                 "created_at": now, "started_at": now, "private": False,
                                 "invite_code": None, "spectator_delay": 0, "seed": seed,
                                 "seed_commitment": commitment(seed), "bot": None,
                                 "rules_version": SYSTEM.rules_version})
                await conn.execute(insert(matches), rows)
                await conn.execute(insert(seats), [
                    {"match_id": m, "seat": seat, "account_id": holder.account.id,
                     "joined_at": now}
                    for m in chunk for seat, holder in (("a", ann), ("b", bob))])
        return ann.token, ids
    finally:
        await store.close()


async def measure(url: str, token: str, ids: list[str], connections: int) -> None:
    log = Path(tempfile.mkdtemp()) / "server.log"
    started = time.perf_counter()
    with log.open("wb") as err:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server.cli", "serve", "--port", "0", "--database", url,
            "--max-connections-per-address", "100000", "--handshakes-per-second", "100000",
            stdout=asyncio.subprocess.PIPE, stderr=err)
    try:
        line = (await asyncio.wait_for(process.stdout.readline(), 600)).decode()
        listening = time.perf_counter() - started
        port = re.search(r"listening on http://[^:]+:(\d+)", line).group(1)
        clients = [await Client.connect(f"ws://127.0.0.1:{port}/ws")
                   for _ in range(connections)]
        for client in clients:
            await client.request("authenticate", token=token)
        answered: list[float] = []

        async def ask(client: Client, share: list[str]) -> None:
            for match_id in share:
                while True:
                    try:
                        await client.request("get_view", match_id=match_id, timeout=600)
                        break
                    except ServerError as refused:  # (50 requests/s a connection)
                        if refused.code != "rate_limited":
                            raise
                        await asyncio.sleep(0.05)
                answered.append(time.perf_counter() - started)

        await asyncio.gather(*(ask(c, ids[i::connections]) for i, c in enumerate(clients)))
        answered.sort()
        if not answered:
            print(f"no matches; listening after {listening:.2f} s")
            return
        print(f"matches: {len(ids)}; listening after {listening:.2f} s; every match "
              f"answered get_view after {answered[-1]:.2f} s (half of them by "
              f"{answered[len(answered) // 2]:.2f} s)")
        for client in clients:
            await client.close()
    finally:
        process.terminate()
        await process.wait()


async def run(options) -> None:
    name = "warband_restart_" + uuid.uuid4().hex[:8]
    admin = await asyncpg.connect(asyncpg_dsn(options.postgres))
    await admin.execute(f'CREATE DATABASE "{name}"')
    url = make_url(options.postgres).set(database=name).render_as_string(hide_password=False)
    try:
        token, ids = await write_matches(url, options.matches)
        await measure(url, token, ids, options.connections)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--connections", type=int, default=250,
                        help="(each may ask 50 times a second)")
    parser.add_argument("--postgres", default="postgresql+asyncpg://postgres@127.0.0.1:5432/test")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
