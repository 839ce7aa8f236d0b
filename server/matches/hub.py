"""The hub owns every active match's actor in this process: it starts them when
a match fills, resumes them from snapshot + tail when the server starts, and
records the result when one ends."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from typing import Any

from server import gc_tuning
from server.clocks import control as time_controls
from server.matches.actor import MatchActor
from server.matches.bot_seat import BotSeat
from server.matches.checkpoints import checkpoint_all
from server.matches.owning import Owning
from server.matches.rules_host import InlineHost, Material, SnapshotUnusable
from server.matches.takebacks import takebacks_allowed
from server.matches.waking import RESUME_CHUNK, Chunk
from server.matches.warming import Warming
from server.metrics import Metrics
from server.ratings.records import RatingRecords
from server.rules.kernel import SPECTATOR, Event
from server.rules.registry import get_system
from server.stopping import cancel_and_wait
from server.store.committer import Committer
from server.store.store import ResumeRecords, Store, unpack

log = logging.getLogger("warband.hub")


class Hub(Owning, Warming):
    def __init__(self, store: Store, metrics: Metrics, *, snapshot_every: int = 500,
                 rules_host=None) -> None:
        self.store = store
        # Where the matches' rules run: this loop (InlineHost) or worker processes
        # (server.matches.rules_pool.RulesPool).
        self.rules_host = rules_host if rules_host is not None else InlineHost()
        self.metrics = metrics
        self.snapshot_every = snapshot_every
        self.committer = Committer(store, observe=metrics.transaction)
        self.ratings = RatingRecords(store.engine)
        self.actors: dict[str, MatchActor] = {}
        # connections waiting for an open match to start:
        # (connection, account id or None for a spectator, views, the connection's identity)
        self.waiting: dict[str, list[tuple[Any, str | None, bool, int]]] = {}
        # One actor per match, however many ask at once: a lock a match while one is
        # being started or resumed (it goes once nobody holds or waits for it).
        self._starting: weakref.WeakValueDictionary[str, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        self.bots: dict[str, BotSeat] = {}  # match id -> its house bot
        self._warmer: asyncio.Task | None = None
        self._collecting: asyncio.TimerHandle | None = None  # (the warmer's, to come)
        self._tables = None  # the rules' shared tables, built once the warmer is done
        self._gc_off = False  # (the warmer turned the collector off: _settle turns it on)
        # matches resumed at start-up whose rows the warmer has not read yet -> their chunk
        self._unread: dict[str, Chunk] = {}
        self._handing_over: set[asyncio.Task] = set()  # (server.matches.owning)
        # called with a match's id once its result is recorded (hosted events listen)
        self.finished_listeners: list = []
        # A stop stores every loaded match's state for the next start (checkpoints)
        self.checkpoint_on_stop = True
        self.checkpoints_written, self.checkpoints_storing = 0, 0.0  # (the last stop's)

    async def start(self) -> None:
        """Every active match gets its actor, asleep: its state is loaded by the first
        request it gets, or by the warmer that loads them all one after the other
        (server.matches.waking). The warmer also reads their rows, 500 at a time, after
        start-up: a match asked for before its row was read is resumed there and then
        (`running`). So a restart with 10,000 matches in play listens at once, and a
        match is playable as soon as its player asks (bench/restart_many.py), not once
        all of them are loaded."""
        await self.rules_host.start()
        self.committer.start()
        for system in await self.store.active_systems():
            running = get_system(system).rules_version
            for match_id in await self.store.forget_rules_versions(system, running):
                log.warning("match %s was created under other %s rules and goes on under "
                            "version %s: its replay will not name one", match_id, system,
                            running)
        ids = await self.claimed_at_start()  # (with leases: the ones no live node runs)
        chunks = [Chunk(self.store, ids[first:first + RESUME_CHUNK])
                  for first in range(0, len(ids), RESUME_CHUNK)]
        for chunk in chunks:
            for match_id in chunk.ids:
                self._unread[match_id] = chunk
        if chunks:
            self._warmer = asyncio.create_task(self._warm(chunks), name="warmer")

    async def stop(self) -> None:
        self.stopping = True  # (several nodes: no match is taken or resumed any more)
        if self.checkpoint_on_stop:  # (before any actor stops or any match moves away)
            await checkpoint_all(self)
        await self.stop_owning()
        await cancel_and_wait(self._warmer)
        if self._collecting is not None:  # (not left off once this loop is gone)
            self._collecting.cancel()
            self._collecting = None
            self._tables = None  # (no prompt is built any more)
            if self._gc_off:
                gc_tuning.collect_and_freeze()
        for bot in list(self.bots.values()):
            await bot.stop()
        self.bots.clear()
        while self.actors:  # (one resumed meanwhile is stopped too)
            _, actor = self.actors.popitem()
            await actor.stop()
        await self.committer.stop()
        await self.release_all()  # (after the actors: nothing is appended any more)
        await self.rules_host.stop()

    def actor(self, match_id: str) -> MatchActor | None:
        return self.actors.get(match_id)

    async def running_or_stored(self, match_id: str) -> tuple[MatchActor | None, dict | None]:
        """The actor of an active match, else the match's row (None: no such match).
        A match that starts between `running`'s read (open) and the row's is found
        running: its row says active before its actor is there, and `running` waits
        for that actor under the lock `start_match` holds."""
        actor = await self.running(match_id)
        if actor is not None:
            return actor, None
        row = await self.store.match(match_id)
        if row is not None and row["status"] == "active":
            actor = await self.running(match_id)
            if actor is not None:
                return actor, None
            row = await self.store.match(match_id)  # (it ended meanwhile)
        return None, row

    async def running(self, match_id: str) -> MatchActor | None:
        """The actor of an active match, resuming it if it is not running (its resume
        failed at start-up, say); None if the match is not active."""
        actor = self.actors.get(match_id)
        if actor is not None:
            return actor
        if self.forwarder is not None and self.forwarder.known(match_id) is not None:
            return self.forwarder.known(match_id)  # (run by another node, as last found)
        chunk = self._unread.get(match_id)
        if chunk is not None:  # resumed at start-up: its actor comes with its chunk's rows
            with contextlib.suppress(Exception):  # (else it is resumed on its own, below)
                await self._read_rows(chunk)
            actor = self.actors.get(match_id)
            if actor is not None:
                return actor
        row = await self.store.match(match_id)  # (not under the lock: replays ask often)
        if row is None or row["status"] != "active":
            return None
        owner = await self.owner_elsewhere(match_id)
        if owner is not None:  # (another node runs it: reached through that node)
            return await self.forwarder.remote(match_id, owner)
        async with self._lock(match_id):
            if match_id in self.actors:
                return self.actors[match_id]
            if not await self.claim(match_id):  # another node was quicker
                owner = await self.owner_elsewhere(match_id)
                return await self.forwarder.remote(match_id, owner) if owner else None
            await self.resume(match_id)
            return self.actors.get(match_id)  # (None if it turned out to be over)

    def _lock(self, match_id: str) -> asyncio.Lock:
        lock = self._starting.get(match_id)
        if lock is None:
            lock = self._starting[match_id] = asyncio.Lock()
        return lock

    async def withdraw(self, match_id: str) -> None:
        """An open match was aborted here: tell whoever waited for it, on any node."""
        self.withdrawn(match_id)
        if self.forwarder is not None:
            await self.forwarder.announce(match_id, "aborted")

    def withdrawn(self, match_id: str) -> None:
        """An open match was aborted: tell whoever waited for it to start."""
        for connection, _, _, identity in self.waiting.pop(match_id, []):
            if connection.identity != identity:
                continue
            connection.push({"v": 1, "type": "match_status", "match_id": match_id,
                             "status": "aborted"})

    def _actor(self, row: dict[str, Any], holders: dict[str, str]) -> MatchActor:
        system = get_system(row["system"])
        rules = self.rules_host.open(row["id"], row["system"], system, row["seed"],
                                     self.snapshot_every)
        stored = row.get("time_control")
        actor = MatchActor(self, row["id"], system, unpack(row["setup"]), holders, row["seed"],
                           rules, row["spectator_delay"],
                           time_controls.from_stored(unpack(stored) if stored else None))
        actor.takebacks = takebacks_allowed(row)
        return actor

    async def start_match(self, row: dict[str, Any]) -> MatchActor:
        """The last seat is taken: the match is active and its actor runs. Both under
        the lock `running` resumes matches under, so that a request that reads the match
        as active before its actor is there waits for this one instead of resuming a
        second actor for the same match."""
        async with self._lock(row["id"]):
            if not await self.claim(row["id"]):  # (never: nobody ran it before it started)
                raise RuntimeError(f"match {row['id']} is already run by another node")
            await self.store.set_match(row["id"], status="active", started_at=time.time())
            holders = await self.store.seats(row["id"])
            actor = self._actor(row, holders)
            actor.take(await actor.rules.load(Material(actor.setup, None, [])))
            actor.start_clock(None)
            actor.players = (await self.store.seat_names([row["id"]])).get(row["id"], {})
            self._run(actor)
        self._seat_bot(actor, row)
        if self.forwarder is not None:  # (clients of other nodes wait for it too)
            await self.forwarder.announce(row["id"], "active")
        for connection, account_id, views, identity in self.waiting.pop(row["id"], []):
            await actor.submit("subscribe", connection=connection, request_id=None,
                               seat=actor.seat_for(account_id), after_seq=0, views=views,
                               identity=identity)
        return actor

    async def resume(self, match_id: str) -> MatchActor:
        """Load an active match that has no actor (its resume failed at start-up, say)
        and run its actor."""
        row = await self.store.match(match_id)
        actor = self._actor(row, await self.store.seats(match_id))
        try:
            await self.load(actor)
        except BaseException:
            await actor.rules.close()
            raise
        actor.players = (await self.store.seat_names([match_id])).get(match_id, {})
        if actor.over:  # it ended just before the process stopped
            await self.finished(actor)
            await actor.rules.close()
            return actor
        if actor.spectator_delay:
            await self._public_tail(actor, None)
        await self._note_rules_change(row)
        if match_id in self.actors:  # (the warmer made one meanwhile: that one it is)
            await actor.rules.close()
            return self.actors[match_id]
        self._run(actor)
        self._seat_bot(actor, row)
        log.info("resumed match %s at seq %d", match_id, actor.seq)
        return actor

    async def _public_tail(self, actor: MatchActor, records: ResumeRecords | None) -> None:
        """What delayed spectators have yet to see, after a load."""
        since = max(0, actor.seq - actor.spectator_delay - 1)
        tail = [(seq, payload) for seq, payload in records.events if seq > since] \
            if records is not None and records.events is not None \
            and records.snapshot is None \
            else [(r.seq, r.payload) for r in await self.store.events_after(actor.match_id,
                                                                             since)]
        for seq, payload in tail:
            public = Event.from_wire(unpack(payload)).for_viewer(SPECTATOR)
            actor.public_tail.append((seq, None if public is None else public.to_wire()))

    async def _note_rules_change(self, row: dict[str, Any]) -> None:
        """A match created under other rules (the server was upgraded while it was
        being played) goes on under the rules this server runs: its record then
        belongs to no single rules version, and its replay must not be re-decided
        as one (server/replays.py reads None as "unknown")."""
        running = get_system(row["system"]).rules_version
        if row.get("rules_version") is not None and row["rules_version"] != running:
            await self.store.set_match(row["id"], rules_version=None)
            log.warning("match %s was created under %s rules version %s and goes on under "
                        "version %s: its replay will not name one", row["id"], row["system"],
                        row["rules_version"], running)

    def _seat_bot(self, actor: MatchActor, row: dict[str, Any]) -> None:
        """Start the match's house bot, if it has one ("seat:level:warband[:pace]")."""
        if not row.get("bot"):
            return
        from clients.bots.house import house_bot  # (imported only by a server with bots)

        house = house_bot(row["system"])
        seat, level, warband, *pace = row["bot"].split(":")
        bot = BotSeat(actor, seat, house.make(level, warband, seed=len(self.bots)),
                      fallback=house.make("random", warband, seed=0),
                      pace=pace[0] if pace else "instant")
        self.bots[actor.match_id] = bot
        bot.start()
        bot.task.add_done_callback(lambda _: self.bots.pop(actor.match_id, None))

    def _run(self, actor: MatchActor) -> None:
        self.actors[actor.match_id] = actor
        self.metrics.active_matches.set(len(self.actors))
        actor.start()
        if self.forwarder is not None:  # (requests still waiting on a former owner)
            self.forwarder.taken_here(actor.match_id)

    async def load(self, actor: MatchActor, records: ResumeRecords | None = None,
                   prompt: bool = True) -> None:
        """Load `actor`'s state from the store (wherever its rules run): the newest
        snapshot that is its event's state (server.matches.snapshot_seal), then the
        events after it;
        or, from `records` of a match with no snapshot, its whole log. `prompt` False:
        the prompt is built when the actor first needs it (`MatchActor.prompt_pending`)."""
        match_id = actor.match_id
        if records is not None and records.events is not None:
            last = records.last_command
            count, position = (0, 0) if last is None else (last[0] + 1, last[1])
            try:
                actor.take(await actor.rules.load(Material(
                    actor.setup, records.snapshot, records.events, position, prompt,
                    records.last_checksum)))
            except SnapshotUnusable:  # (as below: the store's snapshots, then the log)
                records = None
            else:
                if records.snapshot is not None:
                    actor.checkpointed = records.snapshot[0]
                actor.command_count = count
                actor.start_clock(records.last_clock)
                return
        last = await self.store.last_command(match_id)
        count, position = (0, 0) if last is None else (last.idx + 1, last.dice_position)
        snapshot = await self.store.latest_snapshot(match_id)
        status = None
        if snapshot is not None:
            snap_seq, blob = snapshot
            [row] = await self.store.events_after(match_id, snap_seq - 1, snap_seq) or [None]
            if row is not None:
                tail = await self.store.events_after(match_id, snap_seq)
                try:
                    status = await actor.rules.load(Material(
                        actor.setup, (snap_seq, blob, row.checksum),
                        [(r.seq, r.payload) for r in tail], position, prompt,
                        tail[-1].checksum if tail else None))
                except SnapshotUnusable:  # an old format, a damaged blob, or a takeback
                    # to before it (server.rules.takeback): use the log
                    log.warning("snapshot of %s at %d unusable (damaged, an old format, or a "
                                "takeback goes back before it); folding the whole log",
                                match_id, snap_seq)
        if status is None:
            rows = await self.store.events_after(match_id, 0)
            status = await actor.rules.load(Material(
                actor.setup, None, [(r.seq, r.payload) for r in rows], position, prompt,
                rows[-1].checksum if rows else None))
        actor.take(status)
        actor.command_count = count
        actor.start_clock(last.clock if last is not None else None)

    async def finished(self, actor: MatchActor) -> dict[str, Any]:
        """Record the result, and the rating changes of a rated match with it
        (server.ratings.records: one transaction, never applied twice)."""
        wire = actor.result if actor.result is not None else {"winner": None}
        actor.rating_changes = await self.ratings.finish(actor.match_id, wire, time.time(),
                                                         aborted=actor.aborted)
        self.actors.pop(actor.match_id, None)
        await self.let_go(actor.match_id)
        self.metrics.active_matches.set(len(self.actors))
        self.metrics.matches_finished.inc()
        for listener in self.finished_listeners:
            listener(actor.match_id)
        return wire
