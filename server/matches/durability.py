"""A match actor's durability: snapshots saved in the background, the state loaded
again from the store after a failure (announcing events an append stored although it
seemed to fail), and a sleeping match woken. A mixin of `MatchActor`: acknowledged
must mean stored, so a state that may hold an unstored command is never used."""

from __future__ import annotations

import asyncio
import logging

from server.rules.kernel import Event
from server.store.store import unpack

log = logging.getLogger("warband.match")


class Durability:
    def _save_snapshot_later(self, seq: int, blob: bytes) -> None:
        task = asyncio.create_task(self._save_snapshot(seq, blob))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _save_snapshot(self, seq: int, blob: bytes) -> None:
        try:
            await self.hub.store.save_snapshot(self.match_id, seq, blob)
        except Exception as failure:  # a snapshot is only a shortcut; the log is the truth
            log.warning("snapshot of %s at %d not saved: %s", self.match_id, seq, failure)

    async def _reload(self) -> None:
        """Load the state again from the store (after a failed append, a failed rules
        call, or the loss of its rules worker)."""
        self.needs_reload = True  # (until the load succeeds)
        if self._told_seq is None:
            self._told_seq = self.seq
        await self.hub.load(self)
        if self.seq > self._told_seq:
            await self._announce_stored(self._told_seq)
        self._told_seq = None
        self.needs_reload = False

    async def _announce_stored(self, told: int) -> None:
        """The store holds events the subscribers were never sent: an append reported
        as failed had been committed (the database went away after it committed, before
        it answered). Send them as if just applied, so no stream stops short of them
        (the command's retry is then answered from the store)."""
        rows = await self.hub.store.events_after(self.match_id, told, self.seq)
        wanted = {sub.seat for sub in self.subscribers if sub.views}
        views = {seat: await self.rules.view(seat) for seat in wanted}
        log.warning("match %s: events %d..%d were stored by an append that seemed to "
                    "fail; sending them now", self.match_id, told + 1, self.seq)
        self._broadcast([Event.from_wire(unpack(row.payload)) for row in rows], told + 1,
                        views)

    async def _reload_or_mark(self) -> None:
        """Load the state again; if the store cannot be read either, remember that the
        state is not to be used (acknowledged must mean stored: a command decided on a
        state holding an unstored command would be acknowledged for events the store
        never gets)."""
        try:
            await self._reload()
        except Exception as failure:
            self.needs_reload = True
            log.warning("match %s: could not reload after a failure (%s); it reloads on "
                        "its next request", self.match_id, failure)

    async def _wake(self) -> bool:
        """Load a sleeping match's state; False (it stays asleep) if that failed."""
        try:
            await self.hub.wake(self)
            return True
        except Exception:
            log.exception("match %s could not be loaded", self.match_id)
            return False

    async def _recover(self) -> bool:
        """Before any work, a match marked `needs_reload` loads again; False if it still
        cannot (the request is refused, retryably)."""
        try:
            await self._reload()
            return True
        except Exception as failure:
            log.warning("match %s: still cannot reload (%s)", self.match_id, failure)
            return False

