"""Client-side load for bench/load.py: one worker process runs an asyncio loop with
many connections, either warband sessions (bot pairs playing matches, spectators) or
raw websockets against the echo server with the same closed-loop shape. Each worker
connects everything, says it is ready, waits for the go, plays until the end of the
measured window and sends back a `Stats` (latencies of the window's commands,
counters, bytes)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from websockets.asyncio.client import connect

from clients.bots.match import play_seat
from clients.bots.sbh import make_bot
from clients.client import ServerError
from clients.session import Session
from protocol.codec import decode_server, encode_request
from server import gc_tuning
from server.rules.sbh.presets import preset
from server.rules.sbh.system import SETUP_HANDLERS

SETUP_COMMANDS = frozenset(SETUP_HANDLERS)  # a match's set-up and deployment

HANDSHAKES_AT_ONCE = 64


@dataclass
class Plan:
    kind: str  # "warband" or "echo"
    url: str
    matches: int
    spectators: int
    first: int  # index of this worker's first match (names, bot seeds)
    level: str = "heuristic"
    warmup: float = 5.0
    seconds: float = 30.0
    echo_sizes: tuple[int, int] = (5000, 100)  # (view-sized, command-sized) frame bytes
    think: float = 0.0  # mean pause before each command (exponential); 0: closed loop
    probe: bool = False  # a worker with a few matches only: its loop is nearly idle
    # Each pair plays its first match's set-up, deployment and first k commands (k drawn
    # per pair from 0..fast_forward) without pausing, so that a window after them sees
    # matches at every stage of play, not all of them in set-up at once.
    fast_forward: int = 0
    nice: int = 0  # added to the worker's nice value (the probe's stays 0): see load.py


@dataclass
class Stats:
    probe: bool = False  # from the probe worker (Plan.probe)
    start: float = 0.0  # the measured window, wall clock (shared by all processes)
    end: float = 0.0
    latencies: list[float] = field(default_factory=list)  # seconds, window commands only
    # the same, by quarter of the window they were sent in (a warm-up too short for the
    # matches' set-up shows as a slow first quarter)
    quarters: list[list[float]] = field(default_factory=lambda: [[], [], [], []])
    commands: int = 0  # accepted commands answered within the window
    refused: Counter = field(default_factory=Counter)  # error code -> count
    errors: Counter = field(default_factory=Counter)  # exceptions that ended a match
    matches_finished: int = 0
    spectator_frames: int = 0
    seat_bytes_in: int = 0
    seat_bytes_out: int = 0
    seat_frames_out: int = 0
    fast_forwarded: int = 0  # window commands made without a pause (Plan.fast_forward)
    # how late the worker's loop woke from a short sleep, window only (seconds): a command
    # answered while the loop was busy elsewhere is timed late by as much
    loop_lag: list[float] = field(default_factory=list)
    # the probe's window commands as (sent at, seconds): set beside PostgreSQL's
    # checkpoints (load.py, "checkpoints")
    timeline: list[tuple[float, float]] = field(default_factory=list)

    def in_window(self, at: float | None = None) -> bool:
        return self.start <= (time.time() if at is None else at) < self.end

    def record(self, sent: float, seconds: float) -> None:
        """Record a command's latency if it was sent in the window."""
        if self.in_window(sent):
            self.latencies.append(seconds)
            if self.probe:
                self.timeline.append((sent, seconds))
            self.quarters[min(3, int(4 * (sent - self.start) / (self.end - self.start)))].append(
                seconds)

    def merge(self, other: Stats) -> None:
        self.start, self.end = other.start, other.end
        self.latencies += other.latencies
        self.loop_lag += other.loop_lag
        self.timeline += other.timeline
        for mine, theirs in zip(self.quarters, other.quarters, strict=True):
            mine += theirs
        for name in ("commands", "matches_finished", "spectator_frames", "seat_bytes_in",
                     "seat_bytes_out", "seat_frames_out", "fast_forwarded"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.refused.update(other.refused)
        self.errors.update(other.errors)


class BenchSession(Session):
    """A Session that times its commands and counts a seat's bytes on the wire."""

    stats: Stats
    seat = True
    think = 0.0
    fast_setup = False  # set-up commands made at once (Plan.fast_forward)
    fast_left: list[int]  # commands the pair still makes at once (one list, both seats)

    async def _connect(self) -> None:
        await super()._connect()
        ws, stats, seat = self._websocket, self.stats, self.seat
        recv, send = ws.recv, ws.send

        async def counted_recv(*args, **kwargs):
            frame = await recv(*args, **kwargs)
            if stats.in_window():
                if seat:
                    stats.seat_bytes_in += len(frame)
                else:
                    stats.spectator_frames += 1
            return frame

        async def counted_send(frame, *args, **kwargs):
            if seat and stats.in_window():
                stats.seat_bytes_out += len(frame)
                stats.seat_frames_out += 1
            return await send(frame, *args, **kwargs)

        ws.recv, ws.send = counted_recv, counted_send

    async def command(self, match_id, command, args=None, *, at_seq=None) -> dict:
        if self.fast_left[0] or (self.fast_setup and command in SETUP_COMMANDS):
            self.fast_left[0] = max(0, self.fast_left[0] - 1)
            if self.stats.in_window():
                self.stats.fast_forwarded += 1
        elif self.think:  # (not timed: a player making up their mind)
            await asyncio.sleep(random.expovariate(1 / self.think))
        sent, started = time.time(), time.perf_counter()
        try:
            result = await super().command(match_id, command, args, at_seq=at_seq)
        except ServerError as refused:
            self._record(sent, started, refused.code)
            raise
        self._record(sent, started, None)
        return result

    def _record(self, sent: float, started: float, code: str | None) -> None:
        self.stats.record(sent, time.perf_counter() - started)
        if self.stats.in_window():
            if code is None:
                self.stats.commands += 1
            else:
                self.stats.refused[code] += 1


async def open_session(plan: Plan, stats: Stats, name: str, seat: bool) -> BenchSession:
    session = BenchSession(plan.url, give_up_after=10.0)
    session.stats, session.seat, session.think = stats, seat, plan.think
    session.fast_left = [0]
    await session._connect()  # (Session.open, with the subclass)
    session._connected.set()
    session._runner = asyncio.create_task(session._run())
    await session.guest(name)
    return session


async def play_matches(a: BenchSession, b: BenchSession, n: int, plan: Plan, stats: Stats,
                       live: list[str]) -> None:
    """Bot pair number n: one match after another, until cancelled."""
    if plan.fast_forward:
        # (one count for the pair: a seat that ran out first would pace the other's)
        a.fast_left = b.fast_left = [random.Random(plan.first + n).randint(0, plan.fast_forward)]
        a.fast_setup = b.fast_setup = True
    for game in range(1_000_000):
        seed, match_id = (plan.first + n) * 1000 + game, None
        try:
            match_id = (await a.create_match("sbh"))["match_id"]
            stream_a = await a.watch(match_id)
            await b.join(match_id)
            stream_b = await b.watch(match_id)
            live.append(match_id)
            await asyncio.gather(
                play_seat(a, stream_a, make_bot(plan.level, preset("elves"), seed)),
                play_seat(b, stream_b, make_bot(plan.level, preset("goblins"), seed + 1)))
            if stats.in_window():
                stats.matches_finished += 1
        except (ServerError, ConnectionError) as failed:
            stats.errors[getattr(failed, "code", None) or type(failed).__name__] += 1
            if match_id is not None:
                with contextlib.suppress(Exception):
                    await a.resign(match_id)  # so that its spectators are let go
            await asyncio.sleep(0.1)
        finally:
            a.fast_setup = b.fast_setup = False  # (the first match only)
            a.fast_left[0] = 0
            if match_id in live:
                live.remove(match_id)
            a.streams.pop(match_id, None)
            b.streams.pop(match_id, None)


async def spectate(session: BenchSession, rng: random.Random, live: list[str]) -> None:
    """Watch one live match after another (as a spectator) to its end."""
    while True:
        if not live:
            await asyncio.sleep(0.05)
            continue
        match_id = rng.choice(live)
        stream = await session.watch(match_id, spectate=True)
        while (await stream.next())["type"] != "match_over":
            pass
        session.streams.pop(match_id, None)


async def echo_pair(a, b, n: int, plan: Plan, stats: Stats) -> None:
    """The same closed loop as a bot pair, with no server logic: per command a view-sized
    round trip then a command-sized one, the acting connection switching every so often."""
    view_size, command_size = plan.echo_sizes
    view = encode_request({"type": "get_view", "id": "x", "pad": "v" * max(0, view_size - 48)})
    command = encode_request({"type": "command", "id": "x", "pad": "c" * max(0, command_size - 48)})
    rng = random.Random(plan.first + n)  # (one seed per pair: no pair runs in step)
    ws = a
    while True:
        if plan.think:
            await asyncio.sleep(rng.expovariate(1 / plan.think))
        await ws.send(view)
        decode_server(await ws.recv())
        sent, started = time.time(), time.perf_counter()
        await ws.send(command)
        decode_server(await ws.recv())
        stats.record(sent, time.perf_counter() - started)
        if stats.in_window():
            stats.commands += 1
        if rng.random() < 0.3:
            ws = b if ws is a else a


async def watch_loop(stats: Stats, every: float = 0.005) -> None:
    """Sleep `every` seconds over and over, recording how late each wake-up was."""
    clock = time.perf_counter
    while True:
        due = clock() + every
        await asyncio.sleep(every)
        if stats.in_window():
            stats.loop_lag.append(max(0.0, clock() - due))


async def _connect_all(plan: Plan, stats: Stats) -> tuple[list, list]:
    gate = asyncio.Semaphore(HANDSHAKES_AT_ONCE)

    async def one(name: str, seat: bool):
        async with gate:
            if plan.kind == "echo":
                return await connect(plan.url, max_size=None)
            return await open_session(plan, stats, name, seat)

    tag = f"{os.getpid()}"
    seats = await asyncio.gather(*(one(f"bot{tag}-{i}", True) for i in range(2 * plan.matches)))
    watchers = await asyncio.gather(*(one(f"spec{tag}-{i}", False)
                                      for i in range(plan.spectators)))
    return list(seats), list(watchers)


async def _work(plan: Plan, ready, go, go_at, results) -> None:
    stats = Stats(probe=plan.probe)
    seats, watchers = await _connect_all(plan, stats)
    # The clients hold hundreds of sessions and bots: with Python's default collector
    # their own full collections (hundreds of ms) showed up in the latencies they time.
    # Set as the server sets its own (server/gc_tuning.py), in both phases.
    gc_tuning.tune()
    ready.put(os.getpid())
    await asyncio.get_running_loop().run_in_executor(None, go.wait)
    stats.start = go_at.value + plan.warmup
    stats.end = stats.start + plan.seconds
    live: list[str] = []
    if plan.kind == "echo":
        tasks = [echo_pair(seats[2 * i], seats[2 * i + 1], i, plan, stats)
                 for i in range(plan.matches)]
    else:
        tasks = [play_matches(seats[2 * i], seats[2 * i + 1], i, plan, stats, live)
                 for i in range(plan.matches)]
        tasks += [spectate(w, random.Random(plan.first + i), live)
                  for i, w in enumerate(watchers)]
    running = [asyncio.create_task(t) for t in [*tasks, watch_loop(stats)]]
    await asyncio.sleep(max(0.0, stats.end - time.time()))
    for task in running:
        task.cancel()
    for outcome in await asyncio.gather(*running, return_exceptions=True):
        if isinstance(outcome, Exception):
            stats.errors[type(outcome).__name__] += 1
    results.put(stats)
    with contextlib.suppress(Exception):  # the server is torn down anyway
        async with asyncio.timeout(5):
            await asyncio.gather(*(c.close() for c in seats + watchers),
                                 return_exceptions=True)


def worker(plan: Plan, ready, go, go_at, results) -> None:
    """The entry point of a worker process."""
    if plan.nice:
        os.nice(plan.nice)
    asyncio.run(_work(plan, ready, go, go_at, results))
