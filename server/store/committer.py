"""Group commit: the appends of many matches written in one transaction.

Each match actor submits its command's append and waits. The committer takes
whatever has queued, keeps taking appends while they keep arriving (for at
most `max_wait` seconds, so a lone append is not held back), and writes them
all in one transaction. Appends that arrive while a transaction is being
written form the next batch, which may be written at the same time (up to
`max_inflight` transactions at once, on PostgreSQL: waiting for the previous
commit was most of an append's wait under load). Order is safe: an actor sends
its next append only once its last one is durable, and matches share no rows. If
a transaction fails, each of its appends is retried alone so one bad append (a
seq already taken) cannot fail the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from server.store.store import APPEND_CONNECTIONS, Append, Store


class Committer:
    def __init__(self, store: Store, *, max_wait: float = 0.002, max_batch: int = 256,
                 max_inflight: int | None = None,
                 observe: Callable[[int, float], None] | None = None) -> None:
        self.store = store
        self.observe = observe  # (appends, seconds) of each transaction written
        self.max_wait = max_wait
        self.max_batch = max_batch
        if max_inflight is None:  # (SQLite has one writer at a time: they would queue)
            max_inflight = APPEND_CONNECTIONS if store.engine.dialect.name == "postgresql" else 1
        self.max_inflight = max_inflight
        self._writing: set[asyncio.Task] = set()
        self._queue: asyncio.Queue[tuple[Append, asyncio.Future]] = asyncio.Queue()
        self._task: asyncio.Task | None = None
        self.transactions = 0  # for the metrics and the store benchmark
        self.appends = 0

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="group-committer")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        for task in list(self._writing):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def append(self, item: Append) -> None:
        """Returns once `item` is durable; raises what the database raised if not."""
        future = asyncio.get_running_loop().create_future()
        await self._queue.put((item, future))
        await future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        slots = asyncio.Semaphore(self.max_inflight)
        while True:
            batch = [await self._queue.get()]
            # Linger while appends keep arriving (actors woken by the last commit are
            # still deciding), but never past max_wait: a lone match is not held back.
            deadline = loop.time() + self.max_wait
            while len(batch) < self.max_batch:
                while not self._queue.empty() and len(batch) < self.max_batch:
                    batch.append(self._queue.get_nowait())
                before = len(batch)
                if loop.time() >= deadline:
                    break
                await asyncio.sleep(0)  # let every ready actor run once
                if self._queue.empty() and len(batch) == before:
                    break
            await slots.acquire()
            while not self._queue.empty() and len(batch) < self.max_batch:  # came meanwhile
                batch.append(self._queue.get_nowait())
            task = asyncio.create_task(self._write(batch))
            self._writing.add(task)
            task.add_done_callback(lambda done: (self._writing.discard(done), slots.release()))

    async def _write(self, batch: list[tuple[Append, asyncio.Future]]) -> None:
        started = time.perf_counter()
        try:
            await self.store.write_appends([item for item, _ in batch])
        except Exception as error:
            if len(batch) == 1:
                _settle(batch[0][1], error)
            else:  # isolate the failing append(s)
                for pair in batch:
                    await self._write([pair])
            return
        self.transactions += 1
        self.appends += len(batch)
        if self.observe is not None:
            self.observe(len(batch), time.perf_counter() - started)
        for _, future in batch:
            _settle(future, None)


def _settle(future: asyncio.Future, error: BaseException | None) -> None:
    if future.done():  # the submitter was cancelled
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
