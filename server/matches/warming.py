"""The hub's warmer (server.matches.hub): after a start-up, the matches in play get
their actors asleep, chunk by chunk as their rows are read, and are then loaded one
after the other (or by their first request, `wake`); the rules' shared tables are built
and the collector turned back on once the players coming back were answered.

A mixin of `Hub` (its `actors`, `_unread`, `_warmer`, `_collecting`, `_tables`,
`_gc_off`, and `_actor`, `_run`, `_seat_bot`, `load`, `_public_tail`), apart from it
because how a restart with thousands of matches stays playable is read on its own."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from server import gc_tuning
from server.matches.actor import MatchActor
from server.matches.waking import Chunk
from server.store.store import ResumeRecords

log = logging.getLogger("warband.hub")
WARM_SETTLE = 10.0  # seconds from the warmer's end to its garbage collection


class Warming:
    async def _warm(self, chunks: list[Chunk]) -> None:
        count = sum(len(chunk.ids) for chunk in chunks)
        collecting = gc_tuning.stop_collecting()  # (gc_tuning.building_for_good)
        try:
            for chunk in chunks:
                with contextlib.suppress(Exception):  # (logged; its matches resume alone)
                    await self._read_rows(chunk)
            log.info("%d matches in play: their actors wait, the warmer loads them", count)
            await self._wake_chunks(chunks, count)
        finally:
            # (its full collection, a pause of 1-3 s after 10,000 matches, and the rules'
            # tables come once the players back at once were answered, not amid them)
            self._gc_off = collecting
            self._collecting = asyncio.get_running_loop().call_later(
                WARM_SETTLE, self._settle)
        log.info("warmer: %d matches loaded (the collector back %.0f s later)", count,
                 WARM_SETTLE)

    def build_tables(self, build) -> None:
        """`build` the rules' shared tables (registry.warm_systems) now or, while the
        warmer loads resumed matches, after it (`_settle`): they serve commands'
        prompts (drawn as needed meanwhile), not the views that players coming back
        ask for first, and building them cost ~0.4 s of CPU before listening."""
        if self._collecting is None and (self._warmer is None or self._warmer.done()):
            build()
        else:
            self._tables = build

    def _settle(self) -> None:
        self._collecting = None
        started = time.perf_counter()
        if self._tables is not None:
            self._tables, build = None, self._tables
            build()
        if self._gc_off:
            gc_tuning.collect_and_freeze()
        log.info("warmer: what it built collected and frozen in %.2f s",
                 time.perf_counter() - started)

    async def _read_rows(self, chunk: Chunk) -> None:
        """Give the chunk's matches their actors, asleep (once, whoever asks first)."""
        try:
            records = await chunk.rows()
        except Exception:  # (then each is resumed on its own, when asked for)
            log.exception("could not read the records of %d matches", len(chunk.ids))
            raise
        finally:
            for match_id in chunk.ids:
                self._unread.pop(match_id, None)
        for match_id in chunk.ids:
            if match_id in records and match_id not in self.actors:
                self._asleep(records[match_id], chunk)

    def _asleep(self, records: ResumeRecords, chunk: Chunk) -> MatchActor:
        actor = self._actor(records.row, records.holders)
        actor.asleep, actor.chunk = records, chunk
        actor.players = records.names
        if records.last_command is not None:
            actor.seq, actor.command_count = records.last_seq, records.last_command[0] + 1
        self._run(actor)
        self._seat_bot(actor, records.row)
        return actor

    async def _wake_chunks(self, chunks: list[Chunk], count: int) -> None:
        done = 0
        for chunk in chunks:
            log.info("warmer: loading matches %d-%d of %d", done + 1, done + len(chunk.ids),
                     count)
            with contextlib.suppress(Exception):  # (its matches then read their own)
                await chunk.records()
            for match_id in chunk.ids:
                actor = self.actors.get(match_id)
                if actor is not None and actor.asleep is not None:
                    with contextlib.suppress(Exception):  # (the actor logs it)
                        await actor.submit("warm")
            chunk.release()
            done += len(chunk.ids)

    async def wake(self, actor: MatchActor) -> None:
        """Load a sleeping actor's state: from its chunk's records (read now if no one
        has yet), or, should those fail, from the store."""
        records = actor.asleep
        if actor.chunk is not None:
            try:
                records = (await actor.chunk.records()).get(actor.match_id, records)
            except Exception as failure:
                log.warning("match %s: its chunk's logs could not be read (%s); reading its "
                            "own", actor.match_id, failure)
        # (the prompt only when first needed: a view does without it; the clocks
        # start for the seats it waits for)
        await self.load(actor, records, prompt=actor.time_control.timed)
        actor.players = records.names
        if actor.spectator_delay:  # what delayed spectators have yet to see
            await self._public_tail(actor, records)
        actor.asleep = actor.chunk = None
        log.debug("resumed match %s at seq %d", actor.match_id, actor.seq)
