"""One actor per active match: a single asyncio task that applies the match's
commands in order, makes their events durable, and only then acknowledges and
broadcasts them.

Everything that touches the match (commands, subscriptions, views) goes through
the actor's mailbox, so a subscriber that catches up from the store and then
goes live can neither miss an event nor receive one twice. The rules themselves
run wherever the match's `rules` live (server.matches.rules_host): in this loop or
in a rules worker process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from protocol.errors import ProtocolError
from protocol.messages import event_push, reply
from server.clocks.control import NONE, TimeControl
from server.matches.durability import Durability
from server.matches.fanout import Connection, Fanout, Subscriber
from server.matches.rules_host import Asked, Status
from server.matches.rules_pool import RulesLost
from server.matches.seats import seat_of
from server.matches.takebacks import Takebacks
from server.matches.timekeeping import Timekeeping
from server.rules.kernel import SPECTATOR, Command, Event, RulesError, RulesSystem
from server.rules.runner import rebuild
from server.store.store import Append, CommandRow, EventRow, StaleOwner, pack, unpack

log = logging.getLogger("warband.match")
RECORD_PAUSE, RECORD_PAUSE_MAX = 0.1, 2.0  # seconds between tries to record a result

# Request ids answered from memory: a seat sends its commands one at a time (each acts
# on the newest prompt), so a repeat after a lost reply is one of its last few; an older
# one is found in the store (and refused by its unique key if applied again). 32 cost
# ~8 KiB a match, a sixth of the whole (bench/match_memory.py).
RECENT_REQUESTS = 8
FAR_BEHIND = 1000  # a subscriber further behind than this gets a view snapshot instead
# Work that needs no prompt: a match loaded without one (`prompt_pending`) does it as it
# is; any other work has the prompt built first (a command's staleness and the prompt
# pushed after it, a subscription's first prompt, a clock's waiting seats).
WITHOUT_PROMPT = frozenset({"view", "warm", "checkpoint"})


@dataclass(slots=True)
class Work:
    kind: str  # command, subscribe, view, odds
    future: asyncio.Future
    args: dict[str, Any] = field(default_factory=dict)
    queued: float = field(default_factory=time.perf_counter)


class MatchActor(Fanout, Timekeeping, Takebacks, Durability):
    def __init__(self, hub, match_id: str, system: RulesSystem, setup: dict[str, Any],
                 holders: dict[str, str], seed: bytes, rules, spectator_delay: int = 0,
                 time_control: TimeControl = NONE) -> None:
        self.hub = hub
        self.time_control = time_control  # (server.matches.timekeeping: the clocks)
        self.match_id = match_id
        self.holders = holders  # seat -> account id
        self.players: dict[str, str] = {}  # seat -> display name (set by the hub)
        self.system = system
        self.setup = setup
        self.seed = seed
        self.rules = rules  # InlineRules or PooledRules: where the state lives
        self.seq = 0
        self.command_count = 0
        self.asked = Asked()  # who must act now (the prompt, as pushed)
        # Loaded without its prompt (a resumed match woken by the warmer or a view:
        # server.matches.hub.wake): `asked` is built before any work that needs it.
        self.prompt_pending = False
        self.checkpointed = 0  # the seq of the newest checkpoint it wrote or loaded from
        # seat -> the seq since which its decision is the same and it has not acted:
        # a command sent from a prompt of any seq since then is not stale
        self.prompt_since: dict[str, int] = {}
        self.over = False
        self.result: dict | None = None  # the result's wire form, once over
        # The rules' state may be ahead of the store: a command was decided but its
        # append failed, and loading the match again failed too (the database was
        # down). Nothing is decided on such a state: the next request loads it first.
        self.needs_reload = False
        # Its records, while its state is not loaded yet (a resumed match sleeps until
        # its first request, or the hub's warmer, wakes it: server.matches.hub).
        self.asleep: Any = None
        self.chunk: Any = None  # (and the chunk its logs are read with)
        # While it needs a reload: the seq its subscribers were last told of.
        self._told_seq: int | None = None
        self.spectator_delay = max(0, spectator_delay)
        self.subscribers: list[Subscriber] = []
        # (seat, request id) -> (first seq, last seq): the newest commands' answers
        self.recent: dict[tuple[str, str], tuple[int, int]] = {}  # (in order of arrival)
        # What delayed spectators have yet to see (nothing is kept without a delay).
        self.public_tail = deque(maxlen=self.spectator_delay + 1024) \
            if self.spectator_delay else None
        self.delayed_views = deque() if self.spectator_delay else None
        self.mailbox: deque[Work] = deque()  # (lighter than an asyncio.Queue per match)
        self._handling: Work | None = None  # the work being done now
        self._wakeup: asyncio.Future | None = None
        self.closed = False
        self.moved = False  # another node runs the match now (server.matches.owning)
        self.task: asyncio.Task | None = None
        self._background: set[asyncio.Task] = set()

    @property
    def state(self) -> Any:
        """The rules state, when the rules run in this process (tests, debugging)."""
        return self.rules.state

    @state.setter
    def state(self, value: Any) -> None:
        self.rules.state = value

    # -- the public face: each call queues work and waits for it ------------------------
    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"match-{self.match_id}")

    async def stop(self) -> None:
        self.moved = True  # (stopped: what still comes is told to retry, not queued)
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        # Whoever still waits for an answer is told to retry (the match goes on after a
        # restart, or on another node): a request left waiting would hold its
        # connection open, and a graceful stop waits for every connection to close.
        for work in [self._handling, *self.mailbox]:
            if work is not None:
                _settle(work.future, error=ProtocolError("match_moved"))
        self.mailbox.clear()
        for task in list(self._background):
            with contextlib.suppress(Exception):
                await task
        await self._close()

    def move_away(self) -> None:
        """Another node runs the match now: refuse what is queued (`match_moved`, which
        the client retries) and end, running nothing more here."""
        self.moved = True
        self._post("warm")

    def _post(self, kind: str) -> None:
        """Queue work no request waits for (the clock's timer); a failure is logged
        by _handle, not left in an unread future."""
        future = asyncio.get_running_loop().create_future()
        future.add_done_callback(lambda done: done.cancelled() or done.exception())
        self.mailbox.append(Work(kind, future))
        if self._wakeup is not None and not self._wakeup.done():
            self._wakeup.set_result(None)

    async def submit(self, kind: str, **args: Any) -> Any:
        if self.moved:  # (the client asks again: its node finds the new owner)
            raise ProtocolError("match_moved")
        if self.closed:  # (it ended while the request was on its way)
            raise ProtocolError("match_finished")
        future = asyncio.get_running_loop().create_future()
        self.mailbox.append(Work(kind, future, args))
        if self._wakeup is not None and not self._wakeup.done():
            self._wakeup.set_result(None)
        return await future

    def seat_for(self, account_id: str, wanted: str | None = None) -> str | None:
        """The seat `account_id` acts for (None if it holds none); not_your_seat when it
        names a seat it does not hold."""
        return seat_of(self.holders, account_id, wanted)

    def drop(self, connection: Connection) -> bool:
        """Stop pushing to `connection` (it closed or unsubscribed)."""
        before = len(self.subscribers)
        self.subscribers = [s for s in self.subscribers if s.connection is not connection]
        return len(self.subscribers) != before

    def spectator_seq(self) -> int:
        if self.over:
            return self.seq
        return max(0, self.seq - self.spectator_delay)

    def take(self, status: Status) -> None:
        """What the rules say after a load or a command (a load may leave the prompt
        out: `prompt_pending`, and `asked` stays as it was, nobody asked yet)."""
        self.prompt_pending = status.asked is None
        if status.asked is None:
            self.seq, self.over, self.result = status.seq, status.over, status.result
            return
        before, after = self.asked.decisions, status.asked.decisions
        for seat in before.keys() | after.keys():
            if before.get(seat) != after.get(seat):
                self.prompt_since[seat] = status.seq
        self.seq, self.asked, self.over, self.result = (status.seq, status.asked, status.over,
                                                        status.result)

    def prompt_is_current(self, seat: str, at_seq: int) -> bool:
        """Whether the prompt `seat` had at `at_seq` is the one it has now: the match
        is still there, or only others acted since, leaving its decision as it was
        (two players submitting their lists at once both get them in)."""
        return self.prompt_since.get(seat, self.seq) <= at_seq <= self.seq

    # -- the loop ---------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            while not self.mailbox:
                self._wakeup = asyncio.get_running_loop().create_future()
                await self._wakeup
            self._handling = self.mailbox.popleft()
            await self._handle(self._handling)
            self._handling = None
            if self.moved and not self.mailbox:  # (every request left was refused)
                self.closed = True
                await self._close()
                return
            if self.over:
                result = await self._record_result()  # durable, then announced
                while self.mailbox:  # answer what arrived meanwhile
                    await self._handle(self.mailbox.popleft())
                self.closed = True
                self.announce_end(result)
                await self._close()
                return

    async def _record_result(self) -> dict[str, Any]:
        """The hub's record of the result, tried again until the store takes it: a
        database outage as the match ends must not end the actor with it (the
        match would stay active with no one to finish it until a restart)."""
        pause = RECORD_PAUSE
        while True:
            try:
                return await self.hub.finished(self)
            except Exception:
                log.exception("match %s: its result could not be recorded; trying again "
                              "in %.1f s", self.match_id, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, RECORD_PAUSE_MAX)

    async def _handle(self, work: Work) -> None:
        handler = getattr(self, f"_do_{work.kind}")
        if self.moved:
            _settle(work.future, error=ProtocolError("match_moved"))
            return
        if self.asleep is not None and not await self._wake():
            _settle(work.future, error=ProtocolError("store_unavailable", "The match could "
                                                     "not be loaded; retry shortly."))
            return
        if self.needs_reload and not await self._recover():
            _settle(work.future, error=ProtocolError("store_unavailable"))
            return
        try:
            try:
                if self.prompt_pending and work.kind not in WITHOUT_PROMPT:
                    self.take(await self.rules.prompted())
                result = await handler(**work.args, queued=work.queued)
            except RulesLost:  # its rules worker died: load the match again, then retry
                await self._reload()
                result = await handler(**work.args, queued=work.queued)
        except ProtocolError as problem:
            _settle(work.future, error=problem)
        except RulesLost:  # its worker is not back yet (see rules_pool: restart_wait)
            log.warning("match %s: no rules worker to load it on; %s refused", self.match_id,
                        work.kind)
            _settle(work.future, error=ProtocolError(
                "internal_error", "The match's rules are being restarted; nothing was "
                "changed. Retry shortly."))
        except Exception as failure:  # never let one request kill the match
            log.exception("match %s failed on %s", self.match_id, work.kind)
            _settle(work.future, error=failure)
        else:
            _settle(work.future, result=result)

    async def _do_command(self, seat: str, request_id: str, command: Command,
                          at_seq: int | None = None, queued: float = 0.0,
                          lag: float = 0.0) -> dict:
        remembered = self.recent.get((seat, request_id))
        if remembered is not None:
            return self._answer(*remembered)
        try:
            return await self._apply(seat, request_id, command, at_seq, queued, lag)
        except ProtocolError as refused:
            # A repeat from before our memory (say, sent again after a restart) is
            # refused now only because it was applied then: answer it as it was.
            try:
                earlier = await self.hub.store.command_by_request(self.match_id, seat,
                                                                  request_id)
            except Exception:  # (the store is down: the refusal stands, retryable or not)
                raise refused from None
            if earlier is None:
                raise
            return self._remember(seat, request_id, earlier.first_seq, earlier.last_seq)

    async def _apply(self, seat: str, request_id: str, command: Command,
                     at_seq: int | None, queued: float, lag: float = 0.0,
                     forced: bool = False, takeback_log: list | None = None) -> dict:
        """`lag`: the connection's round trip, bounding the clock's lag credit; `forced`:
        the server's own command (a concession on time), taken whatever the clock says;
        `takeback_log`: the command is a consented takeback, folded over this log (every
        event so far) instead of decided (server.matches.takebacks)."""
        if self.over:
            raise ProtocolError("match_finished")
        if at_seq is not None and not self.prompt_is_current(seat, at_seq):
            raise ProtocolError("stale_prompt", f"The match has moved on to seq {self.seq} "
                                f"since the prompt at seq {at_seq}; act on the newest prompt.",
                                details={"seq": self.seq})
        taking_back = takeback_log is not None
        clock, was_running = self._clock_before(seat, lag, forced or taking_back)
        was_running = was_running and not taking_back  # (no increment for a takeback)
        started = time.perf_counter()
        views = {s.seat for s in self.subscribers if s.views}
        try:
            outcome = await (self.rules.take_back(command, takeback_log, views) if taking_back
                             else self.rules.apply(command, views))
        except RulesError as refused:  # nothing changed
            raise _rules_problem(refused) from None
        except RulesLost:
            raise
        except Exception:  # the rules code failed: the state may be half-evolved
            await self._reload_or_mark()
            raise
        ruled = time.perf_counter()
        first = self.seq + 1
        rows = [EventRow(first + i, pack(wire), checksum)
                for i, (wire, checksum) in enumerate(zip(outcome.events, outcome.checksums,
                                                         strict=True))]
        if outcome.status.seq != first + len(rows) - 1:  # (never, unless the state drifted)
            log.error("match %s: the rules are at seq %d after events %d..%d; reloading",
                      self.match_id, outcome.status.seq, first, first + len(rows) - 1)
            await self._reload_or_mark()
            raise ProtocolError("internal_error")
        stored_clock = self._clock_after(clock, seat, was_running, outcome.status.asked.waiting,
                                         outcome.status.over)
        append = Append(self.match_id, CommandRow(
            self.command_count, seat, request_id, pack(command.to_wire()), first,
            first + len(rows) - 1, outcome.dice_position, stored_clock), rows,
            lease=self.hub.fence(self.match_id))
        try:
            await self.hub.committer.append(append)
        except StaleOwner:  # another node runs the match now: nothing was written
            self.hub.lost(self.match_id)
            raise ProtocolError("match_moved") from None
        except Exception as failure:  # (a repeated request id is a unique-key conflict)
            log.warning("append failed for match %s: %s", self.match_id, failure)
            await self._reload_or_mark()
            raise ProtocolError("store_unavailable") from None
        committed = time.perf_counter()
        self.command_count += 1
        self.takeback_request = None  # (a request lapses with any command)
        self.take(outcome.status)
        self._clock_stored(clock)
        self.prompt_since[seat] = self.seq  # (its earlier prompts are used up)
        # (the answer names exactly the rows just stored)
        result = self._remember(seat, request_id, first, first + len(rows) - 1)
        self.hub.metrics.events_appended.inc(len(rows))
        self._broadcast([Event.from_wire(wire) for wire in outcome.events], first,
                        outcome.views)
        if outcome.snapshot is not None:
            self._save_snapshot_later(self.seq, outcome.snapshot)
        stage = self.hub.metrics.stage
        stage["queued"].observe(started - queued)
        stage["rules"].observe(ruled - started)
        stage["commit"].observe(committed - ruled)
        stage["fanout"].observe(time.perf_counter() - committed)
        return result

    def _remember(self, seat: str, request_id: str, first: int, last: int) -> dict:
        recent = self.recent
        recent[(seat, request_id)] = (first, last)
        if len(recent) > RECENT_REQUESTS:
            del recent[next(iter(recent))]  # the oldest
        return self._answer(first, last)

    def _answer(self, first: int, last: int) -> dict:
        return {"match_id": self.match_id, "first_seq": first, "last_seq": last}

    async def _do_subscribe(self, connection: Connection, request_id: Any, seat: str | None,
                            after_seq: int, views: bool, identity: int,
                            queued: float = 0.0) -> None:
        """`identity`: the connection's identity when it asked (see gateway); if it has
        changed by the time anything is pushed, nothing is."""
        self.drop(connection)
        sub = Subscriber(connection, seat, views, after_seq, identity)
        upto = self.seq if seat is not None else self.spectator_seq()
        snapshot = upto - after_seq > FAR_BEHIND and (seat is not None or upto == self.seq)
        header = {"match_id": self.match_id, "system": self.system.name, "seat": seat,
                  "status": "active",
                  "from_seq": after_seq + 1, "to_seq": upto, "snapshot": snapshot,
                  "spectator_delay": self.spectator_delay, "players": dict(self.players)}
        if getattr(connection, "remote", False) and self.hub.node_url is not None:
            # (a player's subscription relayed from another node: the address of the
            # node that runs the match, where its client may take the match's traffic
            # so its commands cross no node; docs/cluster.md, "Told where to go")
            header["node_url"] = self.hub.node_url
        # (Views are built before anything is pushed: a retry after RulesLost repeats
        # this whole call, and must not push the header twice.)
        view = await self.rules.view(seat) if snapshot or (views and upto == self.seq) \
            else None
        rows = [] if snapshot else await self.hub.store.events_after(self.match_id,
                                                                     after_seq, upto)
        if connection.identity != identity:  # it signed out (or in as another) meanwhile
            if request_id is not None:
                raise ProtocolError("not_subscribed", "You signed out before the "
                                    "subscription was made; subscribe again.")
            return
        if request_id is None:  # a subscriber that was waiting for the match to start
            connection.push({"v": 1, "type": "match_status", **header})
        else:
            connection.push(reply(request_id, header))
        if snapshot:
            connection.push({"v": 1, "type": "snapshot", "match_id": self.match_id,
                             "seq": upto, "view": view})
        for row in rows:
            event = Event.from_wire(unpack(row.payload)).for_viewer(sub.viewer)
            connection.push(event_push(self.match_id, row.seq,
                                       None if event is None else event.to_wire()))
        sub.sent = upto
        self.subscribers.append(sub)
        if upto == self.seq:  # (a delayed spectator is not told who must act now)
            connection.push(self._prompt_message(seat, self.seq))
            if views:
                connection.push(self._view_message(self.seq, view))

    async def _do_odds(self, seat: str, command: Command, queued: float = 0.0) -> dict:
        """Exact odds of `command` now, from the rules system's own resolution."""
        if self.over:
            raise ProtocolError("match_finished")
        try:
            found = await self.rules.odds(command)
        except RulesError as refused:
            if refused.code == "no_odds":
                raise ProtocolError("no_odds", refused.message) from None
            raise _rules_problem(refused) from None
        return {"match_id": self.match_id, "seq": self.seq, "command": command.type,
                "args": dict(command.args), **found}

    async def _do_view(self, seat: str | None, queued: float = 0.0) -> dict:
        if seat is None and self.spectator_delay and not self.over:
            visible = self.spectator_seq()
            for seq, view in reversed(self.delayed_views):
                if seq <= visible:
                    return {"match_id": self.match_id, "seq": seq, "view": view}
            # Not kept in memory (no spectator asked for views): fold the log that far.
            rows = await self.hub.store.events_after(self.match_id, 0, visible)
            state = rebuild(self.system, self.setup,
                            [Event.from_wire(unpack(row.payload)) for row in rows])
            return {"match_id": self.match_id, "seq": visible,
                    "view": self.system.view(state, SPECTATOR)}
        return {"match_id": self.match_id, "seq": self.seq,
                "view": await self.rules.view(seat), "clock": self.clock_wire()}

    async def _do_warm(self, queued: float = 0.0) -> None:
        """Nothing: the hub's warmer sends it so the match wakes (see _handle)."""

    async def _do_checkpoint(self, queued: float = 0.0) -> tuple[int, bytes] | None:
        """Its state as a snapshot at its seq (server.matches.checkpoints), between
        two commands; None if it has none to add (over, or no newer than the last)."""
        if self.over or self.seq <= self.checkpointed:
            return None
        return await self.rules.checkpoint()

    async def _do_prompt(self, queued: float = 0.0) -> None:
        """Nothing: the match wakes and builds its prompt (see _handle), for whoever
        reads `asked` next (the tournament director)."""

    async def _close(self) -> None:
        with contextlib.suppress(Exception):
            await self.rules.close()


def _rules_problem(refused: RulesError) -> ProtocolError:
    if refused.code == "not_your_turn":
        return ProtocolError("not_your_turn", refused.message)
    if refused.code == "match_over":
        return ProtocolError("match_finished", refused.message)
    details = {"rule": refused.code, "passage": refused.passage}
    if refused.details:
        details["problems"] = list(refused.details)
    return ProtocolError("illegal_command", refused.message, details=details)


def _settle(future: asyncio.Future, *, result: Any = None,
            error: BaseException | None = None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
