"""Group commit: the appends of many matches written in one transaction.

Up to `max_inflight` transactions are written at once (two on PostgreSQL, one on
SQLite, which has a single writer). An append that finds a transaction slot free
and nobody waiting is written at once, by its own submitter: no hand-over to
another task, because under load every hand-over waits for a turn of the event
loop (milliseconds each, when the loop is busy; the old committer's wake-up, linger
and writer task were three such turns before the transaction began). Appends
that arrive while every slot is busy wait together, and the next slot to come free
writes all of them (up to `max_batch`) in one transaction: the busier the server,
the bigger the groups. That slot's writer then goes straight on to the next group
while appends wait, in the same task (a task per group cost two loop turns between
transactions). Order is safe: an actor sends its next append only once its
last one is durable, and matches share no rows. If a group's transaction fails,
each of its appends is retried alone, so one bad append (a seq already taken)
cannot fail the others.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

from server.stopping import cancel_and_wait
from server.store.engine import APPEND_CONNECTIONS
from server.store.store import Append, Store


class Committer:
    def __init__(self, store: Store, *, max_batch: int = 256,
                 max_inflight: int | None = None,
                 observe: Callable[[int, float], None] | None = None) -> None:
        self.store = store
        self.observe = observe  # (appends, seconds) of each transaction written
        self.max_batch = max_batch
        if max_inflight is None:  # (SQLite has one writer at a time: they would queue)
            max_inflight = APPEND_CONNECTIONS if store.engine.dialect.name == "postgresql" else 1
        self.max_inflight = max_inflight
        self._free = max_inflight  # transaction slots nobody is writing with
        self._running = False  # (appends before start() wait for it)
        self._waiting: deque[tuple[Append, asyncio.Future]] = deque()
        self._writing: set[asyncio.Task] = set()  # groups of waiting appends being written
        self.transactions = 0  # for the metrics and the store benchmark
        self.appends = 0

    def start(self) -> None:
        self._running = True
        while self._free and self._waiting:
            self._free -= 1
            self._write_waiting()

    async def stop(self) -> None:
        self._running = False
        await cancel_and_wait(*self._writing)
        while self._waiting:  # (their submitters are being stopped too)
            self._waiting.popleft()[1].cancel()

    async def append(self, item: Append) -> None:
        """Returns once `item` is durable; raises what the database raised if not."""
        if self._running and self._free and not self._waiting:
            self._free -= 1
            try:
                await self._transaction([item])
            finally:
                self._slot_freed()
            return
        future = asyncio.get_running_loop().create_future()
        self._waiting.append((item, future))
        await future

    def _slot_freed(self) -> None:
        """Give the slot to the appends that waited for one, or keep it free."""
        if self._running and self._waiting:
            self._write_waiting()
        else:
            self._free += 1

    def _write_waiting(self) -> None:
        """Write what waits, group after group, with a slot the caller holds."""
        task = asyncio.create_task(self._write_while_waiting())
        self._writing.add(task)
        task.add_done_callback(self._writer_done)

    async def _write_while_waiting(self) -> None:
        """One slot's writer: while appends wait, it writes them (up to `max_batch`
        a group) and goes straight on to the next group. Handing each group to a
        new task cost two turns of the event loop between transactions (the old
        task's end, the new one's start): milliseconds each when the loop is busy,
        the slot idle all the while."""
        while self._running and self._waiting:
            count = min(len(self._waiting), self.max_batch)
            await self._write_group([self._waiting.popleft() for _ in range(count)])

    def _writer_done(self, task: asyncio.Task) -> None:
        self._writing.discard(task)
        self._slot_freed()

    async def _write_group(self, group: list[tuple[Append, asyncio.Future]]) -> None:
        try:
            await self._transaction([item for item, _ in group])
        except Exception as error:
            if len(group) == 1:
                _settle(group[0][1], error)
            else:  # isolate the failing append(s)
                for pair in group:
                    await self._write_group([pair])
            return
        for _, future in group:
            _settle(future, None)

    async def _transaction(self, items: list[Append]) -> None:
        started = time.perf_counter()
        await self.store.write_appends(items)
        self.transactions += 1
        self.appends += len(items)
        if self.observe is not None:
            self.observe(len(items), time.perf_counter() - started)


def _settle(future: asyncio.Future, error: BaseException | None) -> None:
    if future.done():  # the submitter was cancelled
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
