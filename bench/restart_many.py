"""A restart of a server holding many active matches (issue 29: 10,000 matches, every
one playable again within 5 s). Writes N SBH matches between two guests, each some
commands into its set-up or battle (one random-legal game's log, written under every
match: one seed for all), straight into a fresh PostgreSQL database (as a server that
stopped would have left them), starts `warband serve` on it, and measures from the
process's start: when it listens, and when each match has answered its seat
holder's `get_view` (which needs the match loaded and its actor running). Prints its
figures; not a test.

    PYTHONPATH=. .venv/bin/python bench/restart_many.py [--matches 10000] [--commands 60]
        [--postgres postgresql+asyncpg://postgres@127.0.0.1:5432/test] [--connections 250]
        [--checkpointed] [--keep NAME]

--checkpointed: a first server loads every match and stops (SIGTERM) before the
measured start, writing their checkpoints as a restart does (server.matches.
checkpoints); without it they resume from their whole logs, as after a crash.
--keep NAME: write into database NAME and keep it; a later run with the same --keep
reuses its matches (their snapshots deleted first) instead of writing them again.

Besides wall times it prints the server process's CPU seconds (user + system, from
/proc) in each phase: on a machine shared with other work the wall times stretch with
the load, the CPU a phase costs much less.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import secrets
import signal
import sys
import tempfile
import time
import uuid
from pathlib import Path

import asyncpg
from sqlalchemy import insert, make_url

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clients.client import Client, ServerError  # noqa: E402
from server.accounts import Accounts, _account  # noqa: E402
from server.matches.rules_host import Material, RulesCore  # noqa: E402
from server.rules.dice import commitment, new_seed  # noqa: E402
from server.rules.sbh.random_player import random_command  # noqa: E402
from server.rules.sbh.system import SYSTEM  # noqa: E402
from server.store.engine import asyncpg_dsn  # noqa: E402
from server.store.schema import commands as commands_table  # noqa: E402
from server.store.schema import events as events_table  # noqa: E402
from server.store.schema import matches, seats  # noqa: E402
from server.store.store import CommandRow, EventRow, Store, pack  # noqa: E402
from tests.sbh.test_games import WARBANDS  # noqa: E402

# BENCH_PROFILE=FILE: the server runs under cProfile, its statistics written to FILE
PROFILE = ["-m", "cProfile", "-o", os.environ["BENCH_PROFILE"]] \
    if os.environ.get("BENCH_PROFILE") else []
# BENCH_PYSPY=FILE: py-spy (on PATH) samples the measured server from when it listens,
# its collapsed stacks written to FILE
PYSPY = os.environ.get("BENCH_PYSPY")
SETUP = {"options": {"scenario": "all_out_battle", "points_limit": 400}, "board_size": 24}


def played_game(commands: int, seed: bytes) -> tuple[list[CommandRow], list[EventRow]]:
    """The first `commands` commands of a random-legal game with `seed`, as the store
    records them (every written match gets these rows: the same seed, the same log)."""
    core = RulesCore(SYSTEM, seed)
    core.load(Material(SETUP, None, []))
    rng = random.Random(1)
    command_rows, event_rows = [], []
    for index in range(commands):
        if SYSTEM.is_over(core.state):
            break
        prompt = SYSTEM.prompt(core.state)
        seat = prompt.decisions[0].seat
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        first = core.seq + 1
        outcome = core.apply(command)
        event_rows += [EventRow(first + i, pack(wire), checksum) for i, (wire, checksum)
                       in enumerate(zip(outcome.events, outcome.checksums, strict=True))]
        command_rows.append(CommandRow(index, seat, f"bench-{index}", pack(command.to_wire()),
                                       first, core.seq, outcome.dice_position))
    return command_rows, event_rows


async def write_matches(url: str, count: int, commands: int) -> tuple[str, list[str]]:
    """`count` active matches between two guests, each `commands` commands in; Ann's
    token and the match ids."""
    seed = new_seed()
    command_rows, event_rows = played_game(commands, seed)
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
                if command_rows:
                    await conn.execute(insert(commands_table), [
                        {"match_id": m, "idx": c.idx, "seat": c.seat,
                         "request_id": c.request_id, "payload": c.payload,
                         "first_seq": c.first_seq, "last_seq": c.last_seq,
                         "dice_position": c.dice_position, "created_at": now}
                        for m in chunk for c in command_rows])
                    await conn.execute(insert(events_table), [
                        {"match_id": m, "seq": e.seq, "payload": e.payload,
                         "checksum": e.checksum} for m in chunk for e in event_rows])
        print(f"wrote {count} matches of {len(command_rows)} commands and {len(event_rows)} "
              "events each")
        return ann.token, ids
    finally:
        await store.close()


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far, user + system (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu() -> float:
    """The CPU seconds of every PostgreSQL process so far (Linux /proc; 0 where none
    can be read): what the database spends serving a restart, on the same machine."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        if "(postgres)" in text:
            fields = text.rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def serve(url: str, rules_workers: int, log: Path, profile: list[str]):
    """`warband serve` on `url`, its log in `log`: the process and its port, once
    it listens."""
    with log.open("wb") as err:
        process = await asyncio.create_subprocess_exec(
            sys.executable, *profile, "-m", "server.cli", "serve", "--port", "0",
            "--database", url, "--max-connections-per-address", "100000",
            "--handshakes-per-second", "100000", "--rules-workers", str(rules_workers),
            stdout=asyncio.subprocess.PIPE, stderr=err)
    line = (await asyncio.wait_for(process.stdout.readline(), 600)).decode()
    return process, re.search(r"listening on http://[^:]+:(\d+)", line).group(1)


async def checkpointed_stop(url: str, rules_workers: int) -> None:
    """A server that loads every match (its warmer), then stops as a restart stops
    it (SIGTERM), writing their checkpoints (server.matches.checkpoints)."""
    log = Path(tempfile.mkdtemp()) / "first.log"
    process, _ = await serve(url, rules_workers, log, [])
    try:
        while not re.search(rb"warmer: \d+ matches loaded", log.read_bytes()):
            await asyncio.sleep(0.5)
    finally:
        stopping = time.perf_counter()
        process.terminate()
        await process.wait()
    written = re.search(rb"checkpoints of \d+ matches written in .*", log.read_bytes())
    print(f"first server: every match loaded, then stopped in "
          f"{time.perf_counter() - stopping:.2f} s: "
          f"{written.group().decode() if written else 'no checkpoints written'}")


async def measure(url: str, token: str, ids: list[str], connections: int,
                  rules_workers: int) -> None:
    log = Path(tempfile.mkdtemp()) / "server.log"
    started = time.perf_counter()
    process, port = await serve(url, rules_workers, log, PROFILE)
    sampler = None
    try:
        listening = time.perf_counter() - started
        postgres_before = postgres_cpu()
        cpu_listening = cpu_seconds(process.pid)
        sampler = await asyncio.create_subprocess_exec(
            "py-spy", "record", "--format", "raw", "--rate", "200", "-o", PYSPY,
            "--pid", str(process.pid), stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL) if PYSPY else None
        # The players come back together, from the moment the server listens: they
        # connect, sign in and ask for their matches at once (`connections` of them),
        # while one more player asks, one by one, for 20 matches the warmer would
        # reach last (it loads them in the store's order).
        async def player_back() -> Client:
            client = await Client.connect(f"ws://127.0.0.1:{port}/ws", open_timeout=600)
            await client.request("authenticate", token=token, timeout=600)
            return client

        answered: list[float] = []

        async def ask(client: Client, share: list[str], times: list[float]) -> None:
            for match_id in share:
                while True:
                    try:
                        await client.request("get_view", match_id=match_id, timeout=600)
                        break
                    except ServerError as refused:  # (50 requests/s a connection)
                        if refused.code != "rate_limited":
                            raise
                        await asyncio.sleep(0.05)
                times.append(time.perf_counter() - started)

        async def back_and_ask(share: list[str]) -> Client:
            client = await player_back()
            await ask(client, share, answered)
            return client

        async def one_by_one() -> list[float]:
            client, times = await player_back(), []
            for match_id in ids[-20:]:
                asked = time.perf_counter()
                await ask(client, [match_id], [])
                times.append((time.perf_counter() - asked) * 1000)
            await client.close()
            return sorted(times)

        herd = asyncio.gather(*(back_and_ask(ids[i::connections])
                                for i in range(connections)))
        own_cpu = time.process_time()
        first_asks, clients = await asyncio.gather(one_by_one(), herd)
        cpu_answered, own_cpu = cpu_seconds(process.pid), time.process_time() - own_cpu
        answered.sort()
        if not answered:
            print(f"no matches; listening after {listening:.2f} s")
            return
        print(f"listening after {listening:.2f} s (server CPU {cpu_listening:.2f} s)")
        print(f"matches: {len(ids)}, asked for by {connections} players connecting at "
              f"once as it listens: all answered get_view {answered[-1]:.2f} s after the "
              f"start (half of them by {answered[len(answered) // 2]:.2f} s); server CPU "
              f"{cpu_answered:.2f} s in all; the players' (this process's) CPU meanwhile "
              f"{own_cpu:.2f} s, PostgreSQL's {postgres_cpu() - postgres_before:.2f} s")
        print(f"meanwhile 20 matches the warmer reaches last, asked one by one: each "
              f"answered in {first_asks[10]:.0f} ms (median), {first_asks[-1]:.0f} ms "
              "(slowest)")
        # The same run's baseline: the same requests again, every match now loaded.
        answered.clear()
        again, cpu_again = time.perf_counter(), cpu_seconds(process.pid)
        await asyncio.gather(*(ask(c, ids[i::connections], answered)
                               for i, c in enumerate(clients)))
        print(f"baseline: the same {len(ids)} get_views again, every match loaded: "
              f"{time.perf_counter() - again:.2f} s (server CPU "
              f"{cpu_seconds(process.pid) - cpu_again:.2f} s)")
        for client in clients:
            await client.close()
    finally:
        if sampler is not None:
            sampler.send_signal(signal.SIGINT)  # (it writes what it sampled)
            await sampler.wait()
        process.terminate()
        await process.wait()
        for said in (rb"warmer: \d+ matches loaded.*", rb"warmer: what it built.*"):
            found = re.search(said, log.read_bytes())
            print("measured server:", found.group().decode() if found else
                  "not yet: " + said.decode())


async def written(url: str) -> tuple[str, list[str]] | None:
    """A kept database's matches (Ann's new token, their ids), None if it holds none."""
    store = await Store.open(url)
    try:
        ids = sorted(await store.match_ids("active"))
        if not ids:
            return None
        holders = await store.seats(ids[0])
        account = await store.account(account_id=holders["a"])
        session = await Accounts(store)._new_session(_account(account))  # (Ann, again)
        return session.token, ids
    finally:
        await store.close()


async def run(options) -> None:
    name = options.keep or "warband_restart_" + uuid.uuid4().hex[:8]
    admin = await asyncpg.connect(asyncpg_dsn(options.postgres))
    exists = await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
    if not exists:
        await admin.execute(f'CREATE DATABASE "{name}"')
    url = make_url(options.postgres).set(database=name).render_as_string(hide_password=False)
    try:
        found = await written(url) if exists else None
        if found is None:
            found = await write_matches(url, options.matches, options.commands)
        else:  # (as written: no snapshots)
            print(f"reusing the {len(found[1])} matches of database {name}")
            stale = await asyncpg.connect(asyncpg_dsn(url))
            await stale.execute("DELETE FROM snapshots")
            await stale.close()
        if options.checkpointed:
            await checkpointed_stop(url, options.rules_workers)
        await measure(url, *found, options.connections, options.rules_workers)
    finally:
        if not options.keep:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--commands", type=int, default=60,
                        help="commands each match has been played (the same game in each)")
    parser.add_argument("--connections", type=int, default=250,
                        help="(each may ask 50 times a second)")
    parser.add_argument("--rules-workers", type=int, default=0,
                        help="the server's --rules-workers")
    parser.add_argument("--checkpointed", action="store_true",
                        help="a server loads them all and stops first (writing their "
                        "checkpoints), as a restart does; without it they resume from "
                        "their logs, as after a crash")
    parser.add_argument("--keep", metavar="NAME",
                        help="write into (or reuse) database NAME and keep it")
    parser.add_argument("--postgres", default="postgresql+asyncpg://postgres@127.0.0.1:5432/test")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
