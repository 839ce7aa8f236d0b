"""Rules worker processes (`warband serve --rules-workers N`).

The server's event loop does the networking, the store and the fan-out; the rules
run in N worker processes (`server.matches.rules_worker`), each holding the state of
the matches given to it (the least busy worker takes a new match). So a slow
command holds up only the matches of its worker, and the rules use N more cores.

A worker that dies is started again; its matches find out on their next call
(`RulesLost`) and their actors load them again from the store, which holds every
acknowledged event: nothing acknowledged is lost. A call that comes while its worker is
being started again waits for it (at most `restart_wait` seconds, then `RulesLost`:
the match is loaded again, or the request fails with a retryable error). A worker that
dies young (less than `young` seconds after it started: it cannot even start, say) is
started again only after a delay, `first_delay` doubled at each young death up to
`max_delay`, so that a broken worker does not burn a core being restarted in a loop;
one that lived longer is started again at once.
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
from server.stopping import cancel_and_wait, wait_ended

log = logging.getLogger("warband.rules")


class RulesLost(Exception):
    """The worker that held this match's state is gone: load it again."""


class RulesFailure(RuntimeError):
    """The rules code failed in a worker (the worker's traceback is the message)."""


WORKER_COMMAND = (sys.executable, "-m", "server.matches.rules_worker")
RESTART_WAIT = 5.0  # seconds a call waits for its worker to be started again
YOUNG = 1.0  # a worker that dies sooner than this after its start died young...
FIRST_DELAY = 1.0  # ...and is started again after this delay, doubled at each young death
MAX_DELAY = 30.0  # up to this


class _Worker:
    def __init__(self, pool: RulesPool, index: int) -> None:
        self.pool = pool
        self.index = index
        self.generation = 0  # counts restarts: a handle of an older one is lost
        self.matches = 0  # open handles, for placing new matches
        self.process: asyncio.subprocess.Process | None = None
        self.reader: asyncio.Task | None = None
        self.pending: dict[int, asyncio.Future] = {}
        self.stopping = False
        self.restarting: asyncio.Task | None = None
        self.up = asyncio.Event()  # set while a process runs (calls wait on it)
        self.started_at = 0.0  # the loop's clock when the process started
        self.starts = 0  # processes started
        self.delay = 0.0  # before the last restart: 0, or growing while it dies young
        self._ids = itertools.count(1)

    async def start(self) -> None:
        # The child imports what this process can (tests register rules systems from
        # their own modules), and answers on a pipe of its own.
        path = os.pathsep.join(p for p in sys.path if p)
        env = {**os.environ, "PYTHONPATH": path}
        process = await asyncio.create_subprocess_exec(
            *self.pool.command, env=env,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        if self.stopping:  # (stopped while it was being started)
            process.kill()
            await process.wait()
            return
        self.process = process
        self.started_at = asyncio.get_running_loop().time()
        self.starts += 1
        self.reader = asyncio.create_task(self._read(process),
                                          name=f"rules-worker-{self.index}")
        self.up.set()

    async def stop(self) -> None:
        self.stopping = True
        await cancel_and_wait(self.restarting)
        self.up.set()  # calls waiting for a restart give up (RulesLost)
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
        await wait_ended(self.reader)

    async def call(self, generation: int, method: str, match_id: str, args: tuple,
                   deadline: float | None = None) -> Any:
        """Call the worker of `generation`; RulesLost if that one is gone. While the
        worker is being started again, wait for it until `deadline` (the loop's clock;
        default: `restart_wait` from now)."""
        if generation != self.generation:
            raise RulesLost(match_id)
        if self.process is None and not self.stopping:
            await self._wait_up(match_id, deadline)
            if generation != self.generation:  # (it died again meanwhile)
                raise RulesLost(match_id)
        if self.process is None or self.stopping:
            raise RulesLost(match_id)
        call_id = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self.pending[call_id] = future
        data = pickle.dumps((call_id, method, match_id, args), protocol=pickle.HIGHEST_PROTOCOL)
        try:
            self.process.stdin.write(HEADER.pack(len(data)) + data)
            await self.process.stdin.drain()
        except (ConnectionError, RuntimeError):
            pass  # it died: the reader sees its output end and fails the call (RulesLost)
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

    async def _wait_up(self, match_id: str, deadline: float | None) -> None:
        loop = asyncio.get_running_loop()
        if deadline is None:
            deadline = loop.time() + self.pool.restart_wait
        try:
            async with asyncio.timeout_at(deadline):
                await self.up.wait()
        except TimeoutError:
            raise RulesLost(match_id) from None

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
                self.up.clear()
                self.generation += 1
                self.matches = 0
                self.process = None
                loop = asyncio.get_running_loop()
                lived = loop.time() - self.started_at
                pool = self.pool
                self.delay = 0.0 if lived >= pool.young else \
                    min(pool.max_delay, max(pool.first_delay, 2 * self.delay))
                self.restarting = loop.create_task(self._restart(process, lived, self.delay))

    async def _restart(self, dead: asyncio.subprocess.Process, lived: float,
                       delay: float) -> None:
        if dead.returncode is None:  # (its output closed: it is dying, or deaf)
            with contextlib.suppress(ProcessLookupError):
                dead.kill()
        await dead.wait()
        log.error("rules worker %d exited (code %s) %.1f s after it started; starting it "
                  "again%s", self.index, dead.returncode, lived,
                  f" in {delay:g} s" if delay else "")
        pool = self.pool
        while not self.stopping:
            if delay:
                await asyncio.sleep(delay)
            try:
                await self.start()
                return
            except Exception:
                log.exception("rules worker %d could not be started again", self.index)
            self.delay = delay = min(pool.max_delay, max(pool.first_delay, 2 * delay))


class PooledRules:
    """One match's rules in a worker process; the same calls as `InlineRules`."""

    def __init__(self, pool: RulesPool, match_id: str, target: str, seed: bytes,
                 every: int) -> None:
        self.pool, self.match_id, self.target = pool, match_id, target
        self.seed, self.every = seed, every
        self.worker: _Worker | None = None
        self.generation = -1

    async def load(self, material: Material) -> Status:
        """Load the state on a worker, waiting (up to the pool's `restart_wait`) for one
        being started again, and placing it again if its worker dies meanwhile."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.pool.restart_wait
        while True:
            if self.worker is None or self.worker.generation != self.generation:
                self._place()
            try:
                return await self.worker.call(self.generation, "load", self.match_id,
                                              (self.target, self.seed, self.every, material),
                                              deadline)
            except RulesLost:
                if loop.time() >= deadline or self.worker.stopping:
                    raise

    async def apply(self, command: Command, views: Iterable[str | None] = ()) -> Outcome:
        return await self._call("apply", command.to_wire(), list(views))

    async def take_back(self, command: Command, log: list[tuple[int, bytes]],
                        views: Iterable[str | None] = ()) -> Outcome:
        return await self._call("take_back", command.to_wire(), log, list(views))

    async def prompted(self) -> Status:
        return await self._call("prompted")

    async def checkpoint(self) -> tuple[int, bytes]:
        return await self._call("checkpoint")

    async def view(self, seat: str | None) -> msgspec.Raw:
        return await self._call("view", seat)

    async def odds(self, command: Command) -> dict:
        return await self._call("odds", command.to_wire())

    async def close(self) -> None:
        worker, self.worker = self.worker, None
        if worker is None or worker.generation != self.generation:
            return  # (a worker started again holds nothing of it)
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

    def __init__(self, workers: int, *, restart_wait: float = RESTART_WAIT,
                 young: float = YOUNG, first_delay: float = FIRST_DELAY,
                 max_delay: float = MAX_DELAY) -> None:
        self.command: tuple[str, ...] = WORKER_COMMAND  # (tests start a failing one)
        self.restart_wait, self.young = restart_wait, young
        self.first_delay, self.max_delay = first_delay, max_delay
        self.workers = [_Worker(self, i) for i in range(workers)]

    async def start(self) -> None:
        await asyncio.gather(*(w.start() for w in self.workers))

    async def stop(self) -> None:
        await asyncio.gather(*(w.stop() for w in self.workers))

    def open(self, match_id: str, system_name: str, system: RulesSystem, seed: bytes,
             snapshot_every: int) -> PooledRules:
        return PooledRules(self, match_id, SYSTEMS[system_name], seed, snapshot_every)
