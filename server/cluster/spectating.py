"""Spectators of a match another node runs share one stream (docs/cluster.md).

The owner publishes the spectators' frames of a match once, on
`warband.match.<id>.spectators` (server/cluster/serving.py: redacted and held back by
the spectator delay by the actor's own fan-out, as for a spectator of the owner). A
node with spectators of that match follows the subject once (`SharedWatch`) and pushes
each frame to each of its spectators: one publish an event at the owner, however many
spectators on however many nodes. Spectators who asked for views, and seats, have
relays of their own (server/cluster/forwarding.py).

Core NATS delivers at most once, so the watch checks each event's seq: a repeat is
dropped, a gap is read from the store (only ever up to a seq the owner already
published, which the delay allowed). A spectator who joins a watch that runs already
gets its catch-up from the store up to where the stream is, then the stream."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from typing import Any

from nats.aio.msg import Msg

from protocol.codec import event_push, reply
from protocol.errors import ProtocolError
from server.cluster.serving import EVENT, OVER, PROMPT, relayed_frames, spectators_subject
from server.frames import Frame
from server.matches.subscribing import FAR_BEHIND
from server.rules.kernel import SPECTATOR, Event
from server.store.store import unpack


def spectator_wire(event: Event) -> dict[str, Any] | None:
    """An event as a spectator sees it (None: hidden from spectators)."""
    shown = event.for_viewer(SPECTATOR)
    return None if shown is None else shown.to_wire()


class SharedWatch:
    """On a node that does not run the match: its spectators, fed from the stream."""

    def __init__(self, forwarder: Any, match_id: str) -> None:
        self.forwarder = forwarder
        self.match_id = match_id
        self.key = uuid.uuid4().hex  # (the owner's name for this watch: serving.Served)
        self.joining = 0  # spectators being added now
        self.was_idle = False  # (no spectators at the last look: idle)
        self.spectators: list[tuple[Any, int]] = []  # (connection, its identity)
        self.delivered = 0  # the last event seq pushed on (where the stream is)
        self.prompt: Frame | None = None  # the newest prompt (none with a delay)
        self.owner: str | None = None
        self.info: dict[str, Any] = {}  # the owner's answer: delay, players
        self.subscription = None
        self.started: asyncio.Future | None = None  # (start: joiners wait for it)
        self.ended = False
        self._in_order = asyncio.Lock()  # catch-ups and the stream's frames take turns

    async def start(self, owner: str) -> None:
        client = self.forwarder.client
        self.subscription = await client.subscribe(
            spectators_subject(self.forwarder.space, self.match_id), cb=self.on_frame)
        await client.flush()  # (subscribed at the server before the owner is asked)
        try:
            await self.attach(owner, first=True)
        except BaseException:
            await self.end(tell_owner=False)
            raise

    async def attach(self, owner: str, *, first: bool = False) -> None:
        """Ask `owner` (the first, or the match's new node) to publish the stream; push
        on what was published before this node followed it, from the store."""
        async with self._in_order:
            answer = await self.forwarder.call(owner, {"op": "spectate", "node":
                                                       self.forwarder.node, "watch": self.key,
                                                       "match_id": self.match_id})
            self.owner, self.info = owner, answer
            if first:
                self.delivered = answer["visible"]
            else:
                await self._read_store(answer["visible"])
            if answer["prompt"] is not None:
                self.prompt = Frame(answer["prompt"])
                if not first:
                    self._push(self.prompt)

    async def join(self, connection: Any, request_id: Any, after_seq: int,
                   identity: int) -> None:
        """A spectator: the subscription's answer, its catch-up up to where the stream
        is, the newest prompt; then the stream's frames."""
        self.joining += 1
        try:
            await self._join(connection, request_id, after_seq, identity)
        finally:
            self.joining -= 1

    async def _join(self, connection: Any, request_id: Any, after_seq: int,
                    identity: int) -> None:
        async with self._in_order:
            shown = await self._far_behind_view(after_seq)
            upto = self.delivered
            rows = [] if shown is not None else \
                await self.forwarder.store.events_after(self.match_id, after_seq, upto)
            if connection.identity != identity:  # signed out meanwhile
                if request_id is not None:
                    raise ProtocolError("not_subscribed", "You signed out before the "
                                        "subscription was made; subscribe again.")
                return
            header = {"match_id": self.match_id, "seat": None, "status": "active",
                      "from_seq": after_seq + 1, "to_seq": upto,
                      "snapshot": shown is not None,
                      "spectator_delay": self.info["spectator_delay"],
                      "players": self.info["players"]}
            if self.info.get("node_url"):  # (where a following client may watch it:
                header["node_url"] = self.info["node_url"]  # docs/cluster.md)
            connection.push(reply(request_id, header) if request_id is not None
                            else {"v": 1, "type": "match_status", **header})
            if shown is not None:
                connection.push({"v": 1, "type": "snapshot", "match_id": self.match_id,
                                 "seq": upto, "view": shown})
            for row in rows:
                connection.push(self._stored_frame(row))
            if self.prompt is not None:
                connection.push(self.prompt)
            self.spectators.append((connection, identity))

    async def _far_behind_view(self, after_seq: int) -> Any:
        """For a spectator more than FAR_BEHIND events behind a stream with no delay
        (as at the owner, server.matches.subscribing): the spectators' view at the seq the
        stream is at, asked of the owner, to send instead of the catch-up; None to
        send the catch-up.
        The owner's view may be a few events ahead of this watch: those are read from
        the store and pushed to the watch's spectators first, as the stream would."""
        if self.info["spectator_delay"] or self.delivered - after_seq <= FAR_BEHIND:
            return None
        try:
            shown = await self.forwarder.call(self.owner, {
                "op": "submit", "match_id": self.match_id, "kind": "view",
                "args": {"seat": None}})
        except ProtocolError:  # (the match moves or ends: the store has all it needs)
            return None
        await self._read_store(shown["seq"])
        return shown["view"] if self.delivered == shown["seq"] else None

    def idle(self) -> bool:
        """No spectators here at this look and the last: time to end (a spectator who
        subscribes again at once finds the watch still there)."""
        idle = not self.spectators and not self.joining and self.started is not None \
            and self.started.done() and not self.ended
        idle, self.was_idle = idle and self.was_idle, idle
        return idle

    def leave(self, connection: Any) -> bool:
        before = len(self.spectators)
        self.spectators = [s for s in self.spectators if s[0] is not connection]
        return len(self.spectators) != before

    async def on_frame(self, message: Msg) -> None:
        over = False
        async with self._in_order:
            if self.ended or self.owner is None:
                return  # (before the first answer: its catch-up covers it)
            for kind, seq, frame in relayed_frames(message.data):
                if kind == EVENT:
                    if seq <= self.delivered:
                        continue  # (a repeat, or read from the store already)
                    if seq > self.delivered + 1:
                        await self._read_store(seq - 1)  # (a frame the broker lost)
                    self.delivered = seq
                elif kind == PROMPT:
                    self.prompt = Frame.encoded(frame)
                    self._push(self.prompt)
                    continue
                elif kind != OVER:
                    continue  # (the stream's own start: nothing for the spectators)
                self._push(Frame.encoded(frame))
                over = over or kind == OVER
        if over:
            self.forwarder.forget(self.match_id)
            await self.end(tell_owner=False)

    async def _read_store(self, upto: int) -> None:
        for row in await self.forwarder.store.events_after(self.match_id, self.delivered,
                                                           upto):
            self._push(self._stored_frame(row))
            self.delivered = row.seq

    def _stored_frame(self, row: Any) -> Frame:
        return Frame(event_push(self.match_id, row.seq,
                                spectator_wire(Event.from_wire(unpack(row.payload)))))

    def _push(self, frame: Frame) -> None:
        if not all(c.identity == i for c, i in self.spectators):  # (signed out: no more)
            self.spectators = [(c, i) for c, i in self.spectators if c.identity == i]
        for connection, _ in self.spectators:
            connection.push(frame)

    async def end(self, *, tell_owner: bool = True) -> None:
        if self.ended:
            return
        self.ended = True
        if self.forwarder.watches.get(self.match_id) is self:  # (not a newer one)
            self.forwarder.watches.pop(self.match_id)
        if self.subscription is not None:
            with contextlib.suppress(Exception):
                await self.subscription.unsubscribe()
        if tell_owner and self.owner is not None:
            await self.forwarder.tell(self.owner, {"op": "unspectate",
                                                   "match_id": self.match_id,
                                                   "watch": self.key})
