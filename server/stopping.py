"""Ending a component's background tasks when it stops, so that the stop's own bound
(each step of a server's stop is cut after a while: app.WarbandServer._step) holds.

`task.cancel()` then `await task` under `suppress(CancelledError)` does not: awaiting a
task directly keeps the caller waiting until that task has ended even when the caller
itself is cancelled, and the suppress then swallows the caller's cancellation too, so
the step's timeout is lost and the rest of the step runs unbounded. Waiting with
`asyncio.wait` leaves the caller's own cancellation to it."""

from __future__ import annotations

import asyncio
import logging

log = logging.getLogger(__name__)


async def wait_ended(*tasks: asyncio.Task | None) -> None:
    """Wait until each of these tasks has ended (None: none there). A failure of one
    is logged, not raised, so the rest of the stop goes on."""
    live = [task for task in tasks if task is not None]
    if not live:
        return
    pending = [task for task in live if not task.done()]
    if pending:
        await asyncio.wait(pending)
    for task in live:
        if not task.cancelled() and task.exception() is not None:
            log.warning("stopping: %s had failed", task.get_name(), exc_info=task.exception())


async def cancel_and_wait(*tasks: asyncio.Task | None) -> None:
    """Cancel these tasks and wait until each has ended."""
    for task in tasks:
        if task is not None:
            task.cancel()
    await wait_ended(*tasks)
