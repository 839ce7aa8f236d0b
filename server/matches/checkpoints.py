"""A stopping server's checkpoints: every loaded match's state, stored as a snapshot
at its seq, so that the next start loads it from there (unpickled, ~0.1 ms a SBH
match) rather than from its whole log (its events read and folded again, ~0.4 ms
plus reading them). bench/restart_many.py --checkpointed measures both.

A checkpoint is a snapshot like those the actors take every `snapshot_every` events
(rules_host.RulesCore.apply) and is loaded the same way: used only if it is the
state of the event at its seq (sealed with that event's checksum by the running
code, or else digested: server.matches.snapshot_seal), and not when a takeback in
the events after it goes back before it (server.rules.takeback); else the match
folds its log. It is taken through the match's mailbox, between two commands: the
state then holds exactly the events stored up to its seq. A snapshot is only a
shortcut (the log is the truth), so a stop that runs out of time writes fewer, and
nothing else changes."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

log = logging.getLogger("warband.hub")

CHECKPOINT_BATCH = 500  # matches asked, then written in one statement
CHECKPOINT_BUDGET = 15.0  # seconds a stop may spend on them


async def checkpoint_all(hub: Any, budget: float = CHECKPOINT_BUDGET) -> int:
    """Store a checkpoint of every loaded match that has moved on since its last;
    how many were written (within `budget` seconds: the rest fold their logs)."""
    started = time.perf_counter()
    written = 0
    try:
        async with asyncio.timeout(budget):
            written = await _checkpoint_loaded(hub)
    except TimeoutError:
        log.warning("checkpoints: out of time after %d; the other matches fold their logs "
                    "when they resume", hub.checkpoints_written)
        written = hub.checkpoints_written
    except Exception as failure:  # (the database is down, say: the stop goes on)
        log.warning("checkpoints: %d written, then %s; the other matches fold their logs "
                    "when they resume", hub.checkpoints_written, failure)
        written = hub.checkpoints_written
    log.info("checkpoints of %d matches written in %.2f s (%.2f s of it storing them)",
             written, time.perf_counter() - started, hub.checkpoints_storing)
    return written


async def _checkpoint_loaded(hub: Any) -> int:
    hub.checkpoints_written, hub.checkpoints_storing = 0, 0.0
    loaded = [actor for actor in list(hub.actors.values())
              if actor.asleep is None and not actor.over and not actor.closed
              and not actor.moved and actor.seq > actor.checkpointed]
    for first in range(0, len(loaded), CHECKPOINT_BATCH):
        batch = loaded[first:first + CHECKPOINT_BATCH]
        taken = await asyncio.gather(*(actor.submit("checkpoint") for actor in batch),
                                     return_exceptions=True)
        rows = [(actor.match_id, *found) for actor, found in zip(batch, taken, strict=True)
                if isinstance(found, tuple)]
        if not rows:
            continue
        storing = time.perf_counter()
        await hub.store.save_snapshots(rows)
        hub.checkpoints_storing += time.perf_counter() - storing
        for actor, found in zip(batch, taken, strict=True):
            if isinstance(found, tuple):
                actor.checkpointed = found[0]
        hub.checkpoints_written += len(rows)
    return hub.checkpoints_written
