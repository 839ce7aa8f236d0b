"""Benchmark: the memory one active match holds in the server (issue 6: <= 64 KiB a
match), and what holds it. Prints its figures; not a test.

    PYTHONPATH=. .venv/bin/python bench/match_memory.py [--matches 200] [--commands 150]
        [--database URL] [--level heuristic]

The server's own parts, in this process: a store (a temporary SQLite file unless
--database names a PostgreSQL server, where a fresh database is created and dropped), the
hub, the lobby and the accounts, the rules in the event loop (as `warband serve
--rules-workers 0`). Each match is created and joined through the lobby by two guests,
watched by both seats and a spectator (subscribers standing in for connections: what a
connection itself costs is per connection, `bench/load.py` prints it), and played
`--commands` commands into the battle by the house bot's code in both seats (about 60
commands are set-up and deployment), which then leave it.

The same number of matches is played first and resigned, so that the process-wide
tables every match shares (the rules' geometry, SQLAlchemy's compiled statements) are
built before measuring. tracemalloc's growth over the live matches, divided by their
number, is what a match holds; it is then split by what reaches it, walking from each
match's actor (an object counts for the first part that reaches it; objects that existed
before the matches, shared ones, count for none): the rules state (board, figures,
caches), the prompt (who must act and each seat's decision, encoded), the last request
ids, the subscribers, the actor's task and mailbox, its other fields and itself. The
rest is what no part reaches (the hub's tables, dictionaries that grew, the allocator).
It also counts the new objects the garbage collector tracks, by type: a full collection
walks every one of them, so at 1,000 matches they set its pause (bench/load.py).
With `--rules-workers N` the rules state lives in the worker processes instead:
`bench/sbh_memory.py` measures that share.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import secrets
import sys
import tempfile
import tracemalloc
from collections import Counter
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from clients.bots.sbh import make_bot  # noqa: E402
from protocol.messages import CreateMatch  # noqa: E402
from server.accounts import Accounts  # noqa: E402
from server.lobby import Lobby  # noqa: E402
from server.matches.bot_seat import BotSeat  # noqa: E402
from server.matches.commands import RECENT_REQUESTS  # noqa: E402
from server.matches.hub import Hub  # noqa: E402
from server.metrics import Metrics  # noqa: E402
from server.rules.kernel import Command  # noqa: E402
from server.rules.sbh.presets import preset  # noqa: E402
from server.store.store import Store  # noqa: E402

KIB = 1024


class Sink:
    """A connection that reads everything pushed to it at once."""

    identity = 0

    def push(self, message) -> None:
        pass


async def play(hub: Hub, lobby: Lobby, accounts: Accounts, n: int, commands: int,
               level: str) -> list:
    """n matches, each played `commands` commands in; their actors."""
    async def one(i: int):
        ann = (await accounts.guest(f"ann{i}")).account
        bob = (await accounts.guest(f"bob{i}")).account
        match_id = (await lobby.create(ann, CreateMatch(v=1, id="c", system="sbh")))["match_id"]
        await lobby.join(bob, match_id, None, None)
        actor = hub.actor(match_id)
        for seat in ("a", "b", None):
            await actor.submit("subscribe", connection=Sink(), request_id=None, seat=seat,
                               after_seq=0, views=False, identity=0)
        bots = [BotSeat(actor, "a", make_bot(level, preset("elves"), i)),
                BotSeat(actor, "b", make_bot(level, preset("goblins"), i + 1))]
        for bot in bots:
            bot.start()
        while actor.command_count < commands and not actor.over:
            await asyncio.sleep(0.05)
        for bot in bots:
            await bot.stop()
            actor.drop(bot)
        return actor

    return list(await asyncio.gather(*(one(i) for i in range(n))))


def new(obj) -> bool:
    """Allocated since tracing started (not shared with what existed before)."""
    return tracemalloc.get_object_traceback(obj) is not None


def deep_size(roots, seen: set[int], stop: set[int]) -> int:
    """Bytes of the new objects reachable from `roots` that no earlier walk counted."""
    total, todo = 0, list(roots)
    while todo:
        obj = todo.pop()
        key = id(obj)
        if key in seen or key in stop or isinstance(obj, type | type(sys)) or not new(obj):
            continue
        seen.add(key)
        if isinstance(obj, msgspec.Raw):  # (its __sizeof__ is wrong; it owns a bytes)
            total += 48 + sys.getsizeof(b"") + len(obj)
            continue
        total += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return total


def breakdown(actors: list) -> dict[str, int]:
    seen: set[int] = set()
    stop = {id(a) for a in actors} | {id(a.__dict__) for a in actors if hasattr(a, "__dict__")}
    stop |= {id(sub.connection) for a in actors for sub in a.subscribers}
    parts = {
        "rules state (board, figures, caches)":
            lambda a: [getattr(a.rules, "core", None) and a.rules.core.state],
        "rules host and dice": lambda a: [a.rules],
        "prompt (waiting seats, encoded decisions)": lambda a: [a.asked],
        f"last {RECENT_REQUESTS} request ids": lambda a: [a.recent],
        "subscribers (3)": lambda a: [a.subscribers],
        "task, its coroutine, mailbox": lambda a: [a.task, a.mailbox, a._wakeup,
                                                   a._background],
        "setup, seats, players, seed, result": lambda a: [a.setup, a.holders, a.players,
                                                          a.seed, a.result, a.match_id],
    }
    sizes = {}
    for name, roots in parts.items():
        sizes[name] = sum(deep_size(roots(a), seen, stop) for a in actors)
    sizes["the actor object itself"] = sum(
        sys.getsizeof(a) + (sys.getsizeof(a.__dict__) if hasattr(a, "__dict__") else 0)
        for a in actors)
    return sizes


async def run(args, url: str) -> None:
    store = await Store.open(url)
    metrics = Metrics()
    if args.rules_workers:
        from server.matches.rules_pool import RulesPool
        host = RulesPool(args.rules_workers)
    else:
        host = None
    hub = Hub(store, metrics, rules_host=host)
    await hub.start()
    lobby, accounts = Lobby(store, hub), Accounts(store)
    try:
        warm = await play(hub, lobby, accounts, args.matches, args.commands, args.level)
        for actor in warm:  # (resigned: their actors end and go)
            if not actor.closed:
                await actor.submit("command", seat="a", request_id="resign",
                                   command=Command("a", "concede"))
        del warm, actor
        await asyncio.sleep(0.2)
        gc.collect()
        tracemalloc.start(args.depth)
        start = tracemalloc.get_traced_memory()[0]
        before = tracemalloc.take_snapshot()
        actors = await play(hub, lobby, accounts, args.matches, args.commands, args.level)
        ended = sum(a.closed for a in actors)  # (over before --commands: not counted)
        actors = [a for a in actors if not a.closed]
        await asyncio.sleep(0.2)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - start
        count = len(actors)
        seqs = sorted(a.seq for a in actors)
        sizes = breakdown(actors)
        tracked = Counter(type(obj).__name__ for obj in gc.get_objects() if new(obj))
        sites = tracemalloc.take_snapshot().compare_to(before, "traceback")[:args.top]
        tracemalloc.stop()
        print(f"{held / count / KIB:.1f} KiB per active match ({count} matches, "
              f"{args.commands} commands in, events per match {seqs[0]}-{seqs[-1]}, rules "
              f"{f'in {args.rules_workers} workers' if args.rules_workers else 'in the loop'}"
              f", {args.level} bots; {ended} more ended sooner)   goal <= 64 KiB")
        for name, size in sizes.items():
            print(f"  {size / count / KIB:6.1f} KiB  {name}")
        rest = held - sum(sizes.values())
        print(f"  {rest / count / KIB:6.1f} KiB  reached by none of these (hub's tables, "
              "caches keyed by a match's objects, grown dictionaries)")
        print(f"{sum(tracked.values()) / count:.0f} objects the garbage collector tracks per "
              "active match (a full collection walks each): "
              + ", ".join(f"{name} {n / count:.0f}" for name, n in tracked.most_common(10)))
        print("largest allocation sites (innermost frames):")
        for stat in sites:
            where = " < ".join(f"{Path(f.filename).name}:{f.lineno}"
                               for f in list(stat.traceback)[::-1][:args.depth])
            print(f"  {stat.size_diff / count / KIB:6.1f} KiB  {where}")
    finally:
        await hub.stop()
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--commands", type=int, default=150,
                        help="commands played into each match (about 60 are set-up)")
    parser.add_argument("--level", default="heuristic", choices=["random", "heuristic"])
    parser.add_argument("--rules-workers", type=int, default=0, metavar="N")
    parser.add_argument("--top", type=int, default=12, help="allocation sites to list")
    parser.add_argument("--depth", type=int, default=3, help="frames per allocation site")
    parser.add_argument("--database", help="a PostgreSQL server to create a fresh database "
                        "on (postgresql+asyncpg://...); default: a temporary SQLite file")
    args = parser.parse_args()
    if not args.database:
        asyncio.run(run(args, f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/memory.db"))
        return
    from sqlalchemy.engine import make_url

    sys.path.insert(0, str(ROOT / "bench"))
    from load import admin

    base = make_url(args.database)
    name = f"warband_memory_{secrets.token_hex(4)}"
    admin(base.render_as_string(hide_password=False), f"CREATE DATABASE {name}")
    try:
        asyncio.run(run(args, base.set(database=name).render_as_string(hide_password=False)))
    finally:
        admin(base.render_as_string(hide_password=False),
              f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


if __name__ == "__main__":
    main()
