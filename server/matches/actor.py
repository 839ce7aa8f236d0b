"""One actor per active match: a single asyncio task that applies the match's
commands in order, makes their events durable, and only then acknowledges and
broadcasts them.

Everything that touches the match (commands, subscriptions, views) goes through
the actor's queue, so a subscriber that catches up from the store and then
goes live can neither miss an event nor receive one twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from protocol.errors import ProtocolError
from protocol.messages import event_push, reply
from server.rules.checksum import state_digest
from server.rules.dice import SeededDice
from server.rules.kernel import SPECTATOR, Command, Event, RulesError, RulesSystem, Viewer
from server.rules.runner import rebuild
from server.store.store import Append, CommandRow, EventRow, pack, unpack

log = logging.getLogger("warband.match")

RECENT_REQUESTS = 256  # request ids remembered in memory; older repeats ask the store
FAR_BEHIND = 1000  # a subscriber further behind than this gets a view snapshot instead


class Connection(Protocol):
    """What the actor needs of a client connection (see server.gateway)."""

    def push(self, message: dict[str, Any]) -> None: ...


@dataclass(eq=False, slots=True)
class Subscriber:
    connection: Connection
    seat: str | None  # None: a spectator
    views: bool
    sent: int  # last seq pushed to this subscriber

    @property
    def viewer(self) -> Viewer:
        return Viewer(self.seat) if self.seat is not None else SPECTATOR


@dataclass(slots=True)
class Work:
    kind: str  # command, subscribe, unsubscribe, view
    future: asyncio.Future
    args: dict[str, Any] = field(default_factory=dict)


class MatchActor:
    def __init__(self, hub, match_id: str, system: RulesSystem, setup: dict[str, Any],
                 holders: dict[str, str], seed: bytes, state: Any, seq: int,
                 command_count: int, dice_position: int, spectator_delay: int = 0) -> None:
        self.hub = hub
        self.match_id = match_id
        self.holders = holders  # seat -> account id
        self.players: dict[str, str] = {}  # seat -> display name (set by the hub)
        self.system = system
        self.setup = setup
        self.seed = seed
        self.state = state
        self.seq = seq
        self.command_count = command_count
        self.dice = SeededDice(seed, dice_position)
        self.spectator_delay = max(0, spectator_delay)
        self.subscribers: list[Subscriber] = []
        self.recent: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()
        self.public_tail: deque[tuple[int, dict | None]] = deque(maxlen=self.spectator_delay
                                                                 + 1024)
        self.delayed_views: deque[tuple[int, dict]] = deque()
        self.queue: asyncio.Queue[Work] = asyncio.Queue()
        self.task: asyncio.Task | None = None
        self._background: set[asyncio.Task] = set()

    # -- the public face: each call queues work and waits for it ------------------------
    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"match-{self.match_id}")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for task in list(self._background):
            with contextlib.suppress(Exception):
                await task

    async def submit(self, kind: str, **args: Any) -> Any:
        future = asyncio.get_running_loop().create_future()
        await self.queue.put(Work(kind, future, args))
        return await future

    def seat_for(self, account_id: str, wanted: str | None = None) -> str | None:
        """The seat `account_id` acts for (None if it holds none); not_your_seat when it
        names a seat it does not hold."""
        mine = [seat for seat, holder in self.holders.items() if holder == account_id]
        if wanted is not None:
            if wanted not in mine:
                raise ProtocolError("not_your_seat", f"You do not hold seat {wanted!r} in "
                                    "this match.")
            return wanted
        return mine[0] if mine else None

    def drop(self, connection: Connection) -> bool:
        """Stop pushing to `connection` (it closed or unsubscribed)."""
        before = len(self.subscribers)
        self.subscribers = [s for s in self.subscribers if s.connection is not connection]
        return len(self.subscribers) != before

    def spectator_seq(self) -> int:
        if self.system.is_over(self.state):
            return self.seq
        return max(0, self.seq - self.spectator_delay)

    # -- the loop ---------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            await self._handle(await self.queue.get())
            if self.system.is_over(self.state):
                result = await self.hub.finished(self)  # durable, then announced
                while not self.queue.empty():  # answer what arrived meanwhile
                    await self._handle(self.queue.get_nowait())
                self.announce_end(result)
                return

    async def _handle(self, work: Work) -> None:
        try:
            handler = getattr(self, f"_do_{work.kind}")
            result = await handler(**work.args)
        except ProtocolError as problem:
            _settle(work.future, error=problem)
        except Exception as failure:  # never let one request kill the match
            log.exception("match %s failed on %s", self.match_id, work.kind)
            _settle(work.future, error=failure)
        else:
            _settle(work.future, result=result)

    async def _do_command(self, seat: str, request_id: str, command: Command,
                          at_seq: int | None = None) -> dict:
        remembered = self.recent.get((seat, request_id))
        if remembered is not None:
            return remembered
        try:
            return await self._apply(seat, request_id, command, at_seq)
        except ProtocolError:
            # A repeat from before our memory (say, sent again after a restart) is
            # refused now only because it was applied then: answer it as it was.
            earlier = await self.hub.store.command_by_request(self.match_id, seat, request_id)
            if earlier is None:
                raise
            return self._remember(seat, request_id, earlier.first_seq, earlier.last_seq)

    async def _apply(self, seat: str, request_id: str, command: Command,
                     at_seq: int | None) -> dict:
        if self.system.is_over(self.state):
            raise ProtocolError("match_finished")
        if at_seq is not None and at_seq != self.seq:
            raise ProtocolError("stale_prompt", f"The match has moved on to seq {self.seq} "
                                f"since the prompt at seq {at_seq}; act on the newest prompt.",
                                details={"seq": self.seq})
        position = self.dice.position
        try:
            events = self.system.decide(self.state, command, self.dice)
        except RulesError as refused:
            self.dice = SeededDice(self.seed, position)  # nothing rolled counts
            raise _rules_problem(refused) from None
        except Exception:
            self.dice = SeededDice(self.seed, position)
            raise
        applied: list[tuple[Event, str]] = []
        try:
            for event in events:  # evolve works in place: on a failure we reload
                self.state = self.system.evolve(self.state, event)
                applied.append((event, state_digest(self.state)))
        except Exception:
            await self._reload()
            raise
        first = self.seq + 1
        rows = [EventRow(first + i, pack(event.to_wire()), checksum)
                for i, (event, checksum) in enumerate(applied)]
        append = Append(self.match_id, CommandRow(
            self.command_count, seat, request_id, pack(command.to_wire()), first,
            first + len(rows) - 1, self.dice.position), rows)
        try:
            await self.hub.committer.append(append)
        except Exception as failure:  # (a repeated request id is a unique-key conflict)
            await self._reload()
            log.warning("append failed for match %s: %s", self.match_id, failure)
            raise ProtocolError("store_unavailable") from None
        self.seq = first + len(rows) - 1
        self.command_count += 1
        result = self._remember(seat, request_id, first, self.seq)
        self.hub.metrics.events_appended.inc(len(rows))
        self._broadcast(applied, first)
        self._maybe_snapshot(first)
        return result

    def _remember(self, seat: str, request_id: str, first: int, last: int) -> dict:
        result = {"match_id": self.match_id, "first_seq": first, "last_seq": last}
        self.recent[(seat, request_id)] = result
        while len(self.recent) > RECENT_REQUESTS:
            self.recent.popitem(last=False)
        return result

    async def _do_subscribe(self, connection: Connection, request_id: Any, seat: str | None,
                            after_seq: int, views: bool) -> None:
        self.drop(connection)
        sub = Subscriber(connection, seat, views, after_seq)
        upto = self.seq if seat is not None else self.spectator_seq()
        snapshot = upto - after_seq > FAR_BEHIND and (seat is not None or upto == self.seq)
        header = {"match_id": self.match_id, "seat": seat, "status": "active",
                  "from_seq": after_seq + 1, "to_seq": upto, "snapshot": snapshot,
                  "spectator_delay": self.spectator_delay, "players": dict(self.players)}
        if request_id is None:  # a subscriber that was waiting for the match to start
            connection.push({"v": 1, "type": "match_status", **header})
        else:
            connection.push(reply(request_id, header))
        if snapshot:
            connection.push({"v": 1, "type": "snapshot", "match_id": self.match_id,
                             "seq": upto, "view": self.system.view(self.state, sub.viewer)})
        else:
            for row in await self.hub.store.events_after(self.match_id, after_seq, upto):
                event = Event.from_wire(unpack(row.payload)).for_viewer(sub.viewer)
                connection.push(event_push(self.match_id, row.seq,
                                           None if event is None else event.to_wire()))
        sub.sent = upto
        self.subscribers.append(sub)
        if upto == self.seq:  # (a delayed spectator is not told who must act now)
            self._push_prompt(sub, self.system.prompt(self.state))
        if views and upto == self.seq:
            self._push_view(sub, self.system.view(self.state, sub.viewer))

    async def _do_odds(self, seat: str, command: Command) -> dict:
        """Exact odds of `command` now, from the rules system's own resolution."""
        odds = getattr(self.system, "odds", None)
        if odds is None:
            raise ProtocolError("no_odds", "This game offers no odds.")
        if self.system.is_over(self.state):
            raise ProtocolError("match_finished")
        try:
            found = odds(self.state, command)
        except RulesError as refused:
            if refused.code == "no_odds":
                raise ProtocolError("no_odds", refused.message) from None
            raise _rules_problem(refused) from None
        return {"match_id": self.match_id, "seq": self.seq, "command": command.type,
                "args": dict(command.args), **found}

    async def _do_view(self, seat: str | None) -> dict:
        viewer = Viewer(seat) if seat is not None else SPECTATOR
        if seat is None and self.spectator_delay and not self.system.is_over(self.state):
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
                "view": self.system.view(self.state, viewer)}

    # -- telling everyone what they may see -------------------------------------------
    def _broadcast(self, applied: list[tuple[Event, str]], first: int) -> None:
        for offset, (event, _) in enumerate(applied):
            public = event.for_viewer(SPECTATOR)
            self.public_tail.append((first + offset, None if public is None
                                     else public.to_wire()))
        prompt = self.system.prompt(self.state)
        spectator_views = any(s.views and s.seat is None for s in self.subscribers)
        if spectator_views and self.spectator_delay:
            self.delayed_views.append((self.seq, self.system.view(self.state, SPECTATOR)))
        visible = self.spectator_seq()
        while len(self.delayed_views) > 1 and self.delayed_views[1][0] <= visible:
            self.delayed_views.popleft()
        wire_cache: dict[tuple[int, str | None], dict | None] = {}
        for sub in self.subscribers:
            if sub.seat is None and self.spectator_delay:
                self._release_to_spectator(sub, visible)
                continue
            for offset, (event, _) in enumerate(applied):
                key = (offset, sub.seat if event.visible_to is not None else "")
                if key not in wire_cache:
                    shown = event.for_viewer(sub.viewer)
                    wire_cache[key] = None if shown is None else shown.to_wire()
                sub.connection.push(event_push(self.match_id, first + offset, wire_cache[key]))
            sub.sent = self.seq
            self._push_prompt(sub, prompt)
            if sub.views:
                self._push_view(sub, self.system.view(self.state, sub.viewer))

    def _release_to_spectator(self, sub: Subscriber, visible: int) -> None:
        if sub.sent >= visible:
            return
        tail = {seq: wire for seq, wire in self.public_tail if sub.sent < seq <= visible}
        for seq in range(sub.sent + 1, visible + 1):
            sub.connection.push(event_push(self.match_id, seq, tail.get(seq)))
        sub.sent = visible
        if sub.views:
            for seq, view in reversed(self.delayed_views):
                if seq <= visible:
                    sub.connection.push({"v": 1, "type": "view", "match_id": self.match_id,
                                         "seq": seq, "view": view})
                    break

    def _push_prompt(self, sub: Subscriber, prompt) -> None:
        decision = prompt.for_seat(sub.seat) if sub.seat is not None else None
        sub.connection.push({"v": 1, "type": "prompt", "match_id": self.match_id,
                             "seq": sub.sent, "waiting": list(prompt.seats),
                             "decision": None if decision is None else decision.to_wire()})

    def _push_view(self, sub: Subscriber, view: dict) -> None:
        sub.connection.push({"v": 1, "type": "view", "match_id": self.match_id,
                             "seq": self.seq, "view": view})

    def announce_end(self, result: dict) -> None:
        """After the result is durable: release everything and reveal the seed."""
        for sub in self.subscribers:
            if sub.seat is None and self.spectator_delay:
                self._release_to_spectator(sub, self.seq)
            sub.connection.push({"v": 1, "type": "match_over", "match_id": self.match_id,
                                 "seq": self.seq, "result": result, "seed": self.seed.hex()})
        self.subscribers.clear()

    # -- durability helpers -----------------------------------------------------------
    def _maybe_snapshot(self, first: int) -> None:
        every = self.hub.snapshot_every
        if every <= 0 or first // every == (self.seq + 1) // every:
            return
        blob = pickle.dumps(self.state, protocol=pickle.HIGHEST_PROTOCOL)
        task = asyncio.create_task(self._save_snapshot(self.seq, blob))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _save_snapshot(self, seq: int, blob: bytes) -> None:
        try:
            await self.hub.store.save_snapshot(self.match_id, seq, blob)
        except Exception as failure:  # a snapshot is only a shortcut; the log is the truth
            log.warning("snapshot of %s at %d not saved: %s", self.match_id, seq, failure)

    async def _reload(self) -> None:
        """Rebuild from the store after a failed append (evolve changed our state)."""
        fresh = await self.hub.load_state(self.match_id, self.system, self.setup)
        self.state, self.seq, self.command_count, position = fresh
        self.dice = SeededDice(self.seed, position)


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
