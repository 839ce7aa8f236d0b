"""Rules worker processes (`warband serve --rules-workers N`).

The server's event loop does the networking, the store and the fan-out; the rules
run in N worker processes (`server.matches.rules_worker`), each holding the state of
the matches given to it (the least busy worker takes a new match). So a slow
command holds up only the matches of its worker, and the rules use N more cores.

A worker that dies is started again at once; its matches find out on their next call
(`RulesLost`) and their actors load them again from the store, which holds every
acknowledged event: nothing acknowledged is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import pickle
import sys
from collections.abc import Iterable
from typing import Any

import msgspec

from server.matches.rules_host import Material, Outcome, SnapshotUnusable, Status
from server.matches.rules_worker import HEADER
from server.rules.kernel import Command, RulesError, RulesSystem
from server.rules.registry import SYSTEMS

log = logging.getLogger("warband.rules")


class RulesLost(Exception):
    """The worker that held this match's state is gone: load it again."""


class RulesFailure(RuntimeError):
    """The rules code failed in a worker (the worker's traceback is the message)."""


class _Worker:
    def __init__(self, index: int) -> None:
        self.index = index
        self.generation = 0  # counts restarts: a handle of an older one is lost
        self.matches = 0  # open handles, for placing new matches
        self.process: asyncio.subprocess.Process | None = None
        self.reader: asyncio.Task | None = None
        self.pending: dict[int, asyncio.Future] = {}
        self.stopping = False
        self.restarting: asyncio.Task | None = None
        self._ids = itertools.count(1)

    async def start(self) -> None:
        # The child imports what this process can (tests register rules systems from
        # their own modules), and answers on a pipe of its own.
        path = os.pathsep.join(p for p in sys.path if p)
        env = {**os.environ, "PYTHONPATH": path}
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server.matches.rules_worker", env=env,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        self.reader = asyncio.create_task(self._read(self.process),
                                          name=f"rules-worker-{self.index}")

    async def stop(self) -> None:
        self.stopping = True
        if self.process is None:
            return
        with contextlib.suppress(Exception):
            self.process.stdin.close()
        try:
            async with asyncio.timeout(5):
                await self.process.wait()
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
        if self.reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader

    async def call(self, generation: int, method: str, match_id: str, args: tuple) -> Any:
        if generation != self.generation or self.process is None:
            raise RulesLost(match_id)
        call_id = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self.pending[call_id] = future
        data = pickle.dumps((call_id, method, match_id, args), protocol=pickle.HIGHEST_PROTOCOL)
        try:
            self.process.stdin.write(HEADER.pack(len(data)) + data)
            await self.process.stdin.drain()
        except (ConnectionError, RuntimeError):
            self.pending.pop(call_id, None)
            raise RulesLost(match_id) from None
        ok, value = await future
        if ok:
            return value
        kind = value[0]
        if kind == "rules":
            raise RulesError(*value[1:])
        if kind == "snapshot":
            raise SnapshotUnusable()
        if kind == "lost":
            raise RulesLost(match_id)
        raise RulesFailure(value[1])

    async def _read(self, process: asyncio.subprocess.Process) -> None:
        try:
            while True:
                head = await process.stdout.readexactly(HEADER.size)
                body = await process.stdout.readexactly(HEADER.unpack(head)[0])
                call_id, ok, value = pickle.loads(body)
                future = self.pending.pop(call_id, None)
                if future is not None and not future.done():
                    future.set_result((ok, value))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass  # the worker exited
        finally:
            pending, self.pending = self.pending, {}
            for future in pending.values():
                if not future.done():
                    future.set_exception(RulesLost("worker exited"))
            if not self.stopping:
                log.error("rules worker %d exited (code %s); starting it again", self.index,
                          process.returncode)
                self.generation += 1
                self.matches = 0
                self.process = None
                self.restarting = asyncio.get_running_loop().create_task(self._restart())

    async def _restart(self) -> None:
        try:
            await self.start()
        except Exception:
            log.exception("rules worker %d could not be started again", self.index)


class PooledRules:
    """One match's rules in a worker process; the same calls as `InlineRules`."""

    def __init__(self, pool: RulesPool, match_id: str, target: str, seed: bytes,
                 every: int) -> None:
        self.pool, self.match_id, self.target = pool, match_id, target
        self.seed, self.every = seed, every
        self.worker: _Worker | None = None
        self.generation = -1

    async def load(self, material: Material) -> Status:
        if self.worker is None or self.worker.generation != self.generation:
            self._place()
        return await self.worker.call(self.generation, "load", self.match_id,
                                      (self.target, self.seed, self.every, material))

    async def apply(self, command: Command, views: Iterable[str | None] = ()) -> Outcome:
        return await self._call("apply", command.to_wire(), list(views))

    async def view(self, seat: str | None) -> msgspec.Raw:
        return await self._call("view", seat)

    async def odds(self, command: Command) -> dict:
        return await self._call("odds", command.to_wire())

    async def close(self) -> None:
        worker, self.worker = self.worker, None
        if worker is None:
            return
        worker.matches -= 1
        with contextlib.suppress(RulesLost):
            await worker.call(self.generation, "close", self.match_id, ())

    async def _call(self, method: str, *args: Any) -> Any:
        if self.worker is None:
            raise RulesLost(self.match_id)
        return await self.worker.call(self.generation, method, self.match_id, args)

    def _place(self) -> None:
        if self.worker is not None and self.worker.generation == self.generation:
            self.worker.matches -= 1
        live = [w for w in self.pool.workers if w.process is not None] or self.pool.workers
        self.worker = min(live, key=lambda w: w.matches)
        self.worker.matches += 1
        self.generation = self.worker.generation


class RulesPool:
    """N rules worker processes; hands out `PooledRules`."""

    def __init__(self, workers: int) -> None:
        self.workers = [_Worker(i) for i in range(workers)]

    async def start(self) -> None:
        await asyncio.gather(*(w.start() for w in self.workers))

    async def stop(self) -> None:
        await asyncio.gather(*(w.stop() for w in self.workers))

    def open(self, match_id: str, system_name: str, system: RulesSystem, seed: bytes,
             snapshot_every: int) -> PooledRules:
        return PooledRules(self, match_id, SYSTEMS[system_name], seed, snapshot_every)
