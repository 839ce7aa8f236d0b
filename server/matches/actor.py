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
from server.clocks.control import NONE, TimeControl
from server.matches.commands import Commands
from server.matches.durability import Durability
from server.matches.fanout import Connection, Fanout, Subscriber
from server.matches.rules_host import Asked, Status
from server.matches.rules_pool import RulesLost
from server.matches.seats import seat_of
from server.matches.subscribing import Subscribing
from server.matches.takebacks import Takebacks
from server.matches.timekeeping import Timekeeping
from server.rules.kernel import RulesSystem
from server.stopping import cancel_and_wait

log = logging.getLogger("warband.match")
RECORD_PAUSE, RECORD_PAUSE_MAX = 0.1, 2.0  # seconds between tries to record a result

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


class MatchActor(Commands, Subscribing, Fanout, Timekeeping, Takebacks, Durability):
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
        await cancel_and_wait(self.task)
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


def _settle(future: asyncio.Future, *, result: Any = None,
            error: BaseException | None = None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
