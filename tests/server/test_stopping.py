"""A stop's bound holds even when a background task it ends will not end at once
(server/stopping.py). Each step of a server's stop is cut after `stop_step` seconds
so a rolling restart never waits for ever; a component that cancelled its task and
awaited it under suppress(CancelledError) swallowed that cut and ran on unbounded."""

from __future__ import annotations

import asyncio
import logging
import time

from server.app import ServerOptions, WarbandServer
from server.stopping import cancel_and_wait, wait_ended


def stubborn(ended: list[str]) -> asyncio.Task:
    """A task that, cancelled, still takes 5 s to end (a write it finishes first)."""
    async def run() -> None:
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            await asyncio.sleep(5)
            ended.append("stubborn")
            raise
    return asyncio.create_task(run(), name="stubborn")


async def test_a_stop_step_is_cut_at_its_bound_and_the_rest_of_it_does_not_run():
    ended: list[str] = []
    task = stubborn(ended)
    await asyncio.sleep(0)
    done_after: list[str] = []

    async def component_stop() -> None:
        await cancel_and_wait(task)
        done_after.append("the rest of the stop")

    server = WarbandServer(ServerOptions(port=0, stop_step=0.2))
    began = time.monotonic()
    assert await server._step("a stubborn component", component_stop()) is False
    assert time.monotonic() - began < 2  # (cut at 0.2 s: not the task's 5 s)
    assert done_after == [] and ended == []
    task.cancel()
    await asyncio.wait([task])


async def test_tasks_are_cancelled_and_waited_for_and_none_is_skipped():
    ended: list[str] = []

    async def quiet() -> None:
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            ended.append("quiet")
            raise

    tasks = [asyncio.create_task(quiet()) for _ in range(3)]
    await asyncio.sleep(0)
    await cancel_and_wait(None, *tasks)
    assert ended == ["quiet"] * 3 and all(task.cancelled() for task in tasks)
    await cancel_and_wait()  # (nothing to end)


async def test_a_task_that_had_failed_is_logged_and_the_stop_goes_on(caplog):
    async def broken() -> None:
        raise OSError("the broker went away")

    task = asyncio.create_task(broken(), name="renewer")
    await asyncio.sleep(0)
    with caplog.at_level(logging.WARNING):
        await wait_ended(task)
        await cancel_and_wait(task)
    assert "stopping: renewer had failed" in caplog.text
    assert "the broker went away" in caplog.text
