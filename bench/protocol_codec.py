"""Benchmark: the protocol codec's (msgspec MessagePack) share of a command's
server-side cost. Prints its figures; not a test.

    PYTHONPATH=. .venv/bin/python bench/protocol_codec.py [--matches 12] [--parallel 4]

A real WarbandServer (SQLite in a temporary dir, no rate limit) and its clients
share this process: per match two random-legal players and a spectator, as in
tests/server/test_full_match.py; played twice (same player seeds, new server
dice): unprofiled, then under cProfile. Every event-loop callback is timed and
charged to the side (server or client) whose context scheduled it: "busy".
aiosqlite's thread is apart ("db thr"); server busy includes a few lobby requests.

1. Commands applied, commands/s, busy µs per command by side.
2. Profile: codec functions' cumulative time over their side's busy time (server:
   decode_request, encode, event_push/reply/error; client: encode_request,
   decode_server), with websockets' permessage-deflate, the store's msgspec
   pack/unpack and to_wire for scale. cProfile slows Python code far more than
   one C call, so these shares are a lower bound. (Server coroutines' own
   cumulative times are unusable: SQLAlchemy's greenlets garble the stack.)
3. timeit of the codec on frames sampled from the run, times the ops per command
   seen, over the unprofiled server busy per command: the better estimate.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import cProfile
import pstats
import random
import sys
import tempfile
import time
import timeit
import zlib
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clients.client import Client, ServerError  # noqa: E402
from protocol.codec import decode_request, encode, encode_request, reply  # noqa: E402
from server.app import ServerOptions, WarbandServer  # noqa: E402
from server.rules.kernel import Decision, Prompt  # noqa: E402
from server.rules.sbh.random_player import random_command  # noqa: E402
from tests.sbh.test_games import WARBANDS  # noqa: E402

SETUP = {"board_size": 24, "scenario": "all_out_battle", "points_limit": 400,
         "options": {"turn_limit": 30}}
SERVER_CODEC = {"decode_request", "encode", "event_push", "reply", "error"}
CLIENT_CODEC = {"encode_request", "decode_server"}
STORE_CODEC = "<built-in method msgspec._core.msgpack_"  # encode, decode: the store's

SIDE = contextvars.ContextVar("side")  # "server" or "client"; unset in aiosqlite's callbacks
BUSY: Counter = Counter()  # seconds spent in event-loop callbacks, by side
TALLY: Counter = Counter()  # commands applied, stale refusals, pushes by type
SAMPLES: dict[str, list] = {"command": [], "event": [], "prompt": []}  # 500 of each, at random
SEEN: Counter = Counter()
_handle_run = asyncio.events.Handle._run


def _timed_run(handle: asyncio.Handle) -> None:
    start = time.perf_counter()
    _handle_run(handle)
    BUSY[handle._context.get(SIDE)] += time.perf_counter() - start


asyncio.events.Handle._run = _timed_run  # TimerHandle inherits it


def keep(kind: str, item) -> None:
    """Reservoir sampling: keeping every frame would grow the heap, and so the GC's work."""
    SEEN[kind] += 1
    if len(SAMPLES[kind]) < 500:
        SAMPLES[kind].append(item)
    elif (slot := random.randrange(SEEN[kind])) < 500:
        SAMPLES[kind][slot] = item


async def follow(client: Client, match_id: str, seat: str | None, seed: int) -> None:
    """Count and keep every push; a seat acts on its newest prompt, a spectator watches."""
    rng = random.Random(seed)
    while (push := await client.next_push())["type"] != "match_over":
        TALLY[push["type"]] += 1
        if push["type"] in SAMPLES:
            keep(push["type"], push)
        if seat and push["type"] == "prompt" and push["decision"] and client.pushes.empty():
            prompt = Prompt((Decision.from_wire(push["decision"]),))
            command = random_command(prompt, seat, rng, WARBANDS[seat])
            fields = {"match_id": match_id, "command": command.type,
                      "args": dict(command.args), "at_seq": push["seq"]}
            keep("command", fields)
            try:
                await client.request("command", **fields)
                TALLY["commands"] += 1
            except ServerError as refused:  # the other seat moved first
                assert refused.code == "stale_prompt", refused
                TALLY["stale"] += 1


async def play_match(url: str, seed: int) -> None:
    ann, bob, eve = clients = [await Client.connect(url) for _ in range(3)]
    try:
        for client, name in zip(clients, ("Ann", "Bob", "Eve"), strict=True):
            await client.request("guest", name=name)
        match_id = (await ann.request("create_match", system="sbh", **SETUP))["match_id"]
        await ann.request("subscribe", match_id=match_id)
        await bob.request("join", match_id=match_id)
        await bob.request("subscribe", match_id=match_id)
        await eve.request("subscribe", match_id=match_id)  # the spectator
        await asyncio.gather(follow(ann, match_id, "a", seed), follow(bob, match_id, "b", ~seed),
                             follow(eve, match_id, None, 0))
    finally:
        for client in clients:
            await client.close()


async def run_pass(url: str, args, profiler: cProfile.Profile | None) -> dict:
    BUSY.clear()
    TALLY.clear()
    gate = asyncio.Semaphore(args.parallel)

    async def one(seed: int) -> None:
        async with gate:
            await play_match(url, seed)

    cpu, thread, wall = time.process_time(), time.thread_time(), time.perf_counter()
    with profiler or contextlib.nullcontext():
        await asyncio.gather(*(one(args.seed + i) for i in range(args.matches)))
    wall = time.perf_counter() - wall
    db = (time.process_time() - cpu) - (time.thread_time() - thread)  # other threads' CPU
    return {"wall": wall, "db": db, "busy": dict(BUSY), "tally": dict(TALLY)}


async def serve_and_play(args) -> tuple[dict, dict, cProfile.Profile]:
    with tempfile.TemporaryDirectory() as tmp:
        SIDE.set("server")  # the server's tasks and sockets inherit this context
        server = WarbandServer(ServerOptions(
            port=0, database_url=f"sqlite+aiosqlite:///{tmp}/bench.db",
            static_dir=Path(tmp), rate=1e9, burst=1e9))
        await server.start()
        SIDE.set("client")
        try:
            await play_match(server.url, 10**6)  # warm-up: caches, first connections
            plain = await run_pass(server.url, args, None)
            profiler = cProfile.Profile()
            profiled = await run_pass(server.url, args, profiler)
        finally:
            SIDE.set("server")
            await server.stop()
    return plain, profiled, profiler


def codec_seconds(profiler: cProfile.Profile) -> Counter:
    """Cumulative seconds in the profile by codec and side (callers decide shared ones)."""
    out: Counter = Counter()
    for (path, _, name), (_, _, _, cumulative, callers) in pstats.Stats(profiler).stats.items():
        if path.endswith("protocol/codec.py") and name in SERVER_CODEC:
            out["server: protocol codec (codec.py)"] += cumulative
        elif path.endswith("protocol/codec.py") and name in CLIENT_CODEC:
            out["client: protocol codec (codec.py)"] += cumulative
        elif path.endswith("extensions/permessage_deflate.py") and name in ("encode", "decode"):
            out["both: websockets deflate (transport)"] += cumulative
        elif name.startswith(STORE_CODEC) or (path.endswith("kernel.py") and name == "to_wire"):
            label = "store pack/unpack" if name.startswith(STORE_CODEC) else "to_wire dicts"
            for (caller, _, _), (_, _, _, seconds) in callers.items():
                if "/server/" in caller and not caller.endswith("rules/kernel.py"):
                    out[f"server: {label} (not protocol)"] += seconds
    return out


def per_op(function, items: list) -> float:
    """µs per call over (500) `items`: cache-warm like a fresh push on the server."""
    loops = max(1, 20_000 // len(items))
    best = min(timeit.repeat(lambda: [function(i) for i in items], number=loops, repeat=5))
    return best / loops / len(items) * 1e6


def report(plain: dict, profiled: dict, profiler: cProfile.Profile) -> None:
    print(f"{'pass':<11}{'commands':>9}{'stale':>7}{'wall s':>8}{'cmd/s':>8}"
          f"{'server µs/cmd':>15}{'client µs/cmd':>15}{'db thr µs/cmd':>15}")
    for label, run in (("unprofiled", plain), ("cProfile", profiled)):
        n, busy = run["tally"]["commands"], run["busy"]
        print(f"{label:<11}{n:>9}{run['tally'].get('stale', 0):>7}{run['wall']:>8.2f}"
              f"{n / run['wall']:>8.0f}{busy.get('server', 0) / n * 1e6:>15.0f}"
              f"{busy.get('client', 0) / n * 1e6:>15.0f}{run['db'] / n * 1e6:>15.0f}")

    busy = profiled["busy"]
    print("\nprofile (cProfile pass): cumulative seconds, share of that side's busy time")
    codec = codec_seconds(profiler)
    codec["both: protocol codec"] = sum(s for k, s in codec.items() if "protocol codec" in k)
    for label, seconds in sorted(codec.items()):
        side = sum(busy.values()) if label.startswith("both") else busy[label.split(":")[0]]
        print(f"  {label:<42}{seconds:>8.3f} s {seconds / side:>7.1%}")

    tally, n = plain["tally"], plain["tally"]["commands"]
    frames = [encode_request({"type": "command", "id": i, **f})
              for i, f in enumerate(SAMPLES["command"])]
    replies = [reply(i, {"match_id": f["match_id"], "first_seq": 1, "last_seq": 2})
               for i, f in enumerate(SAMPLES["command"])]
    pushes = [encode(p) for p in SAMPLES["event"] + SAMPLES["prompt"]]
    deflater = zlib.compressobj(wbits=-12, memLevel=5)  # websockets' server defaults
    rows = [("decode_request(command frame)", per_op(decode_request, frames), 1),
            ("encode(reply to command)", per_op(encode, replies), 1),
            ("encode(event push)", per_op(encode, SAMPLES["event"]), tally["event"] / n),
            ("encode(prompt push)", per_op(encode, SAMPLES["prompt"]), tally["prompt"] / n),
            ("for scale: deflate(push)",
             per_op(lambda b: deflater.compress(b) + deflater.flush(zlib.Z_SYNC_FLUSH), pushes),
             (tally["event"] + tally["prompt"]) / n)]
    server_us = plain["busy"]["server"] / n * 1e6
    print(f"\ntimeit on frames sampled from the run: {len(frames)} command frames (mean "
          f"{sum(map(len, frames)) / len(frames):.0f} B), {len(pushes)} event and prompt "
          f"pushes (mean {sum(map(len, pushes)) / len(pushes):.0f} B)")
    print(f"  {'server op':<32}{'µs/op':>8}{'ops/cmd':>9}{'µs/cmd':>9}{'of server':>11}")
    for label, micro, ops in rows:
        print(f"  {label:<32}{micro:>8.2f}{ops:>9.2f}{micro * ops:>9.2f}"
              f"{micro * ops / server_us:>11.2%}")
    total = sum(micro * ops for _, micro, ops in rows[:4])
    print(f"  {'server protocol codec per command':<49}{total:>9.2f}{total / server_us:>11.2%}"
          f"\n  (of {server_us:.0f} µs server busy per command, unprofiled; deflate not included)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--parallel", type=int, default=4, help="matches played at once")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    plain, profiled, profiler = asyncio.run(serve_and_play(args))
    print(f"{args.matches} matches ({args.parallel} at once), 2 players + 1 spectator each")
    report(plain, profiled, profiler)


if __name__ == "__main__":
    main()
