"""Events across nodes: the node that owns a match (its lease, server/cluster/leases.py)
publishes each command's events on NATS once they are durable, on a subject of the match's
own; any other node with spectators of that match follows the subject and feeds them.

Only the spectator's form of an event crosses the broker (a hidden event is a
placeholder, None), so a seat's secrets never leave the owner. Core NATS delivers at most
once and keeps nothing, which is enough because the store is the log: a follower checks
every message's seq against the last it delivered, drops repeats, and reads a gap from
the store before going on, so its subscribers see every seq once and in order.

Why NATS (not Redis pub/sub or PostgreSQL LISTEN/NOTIFY): it runs beside every node
already (deploy/compose.yaml); a subject per match costs nothing until someone follows
it, and a node follows many with one connection; NOTIFY payloads are capped at 8000
bytes, are sent only at commit and go through the database every append already waits
on; Redis pub/sub would do as well but is one more service for this alone."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import msgspec
import nats
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription

from protocol.messages import event_push
from server.frames import Frame
from server.matches.fanout import Connection
from server.rules.kernel import SPECTATOR, Event
from server.store.store import Store

pack = msgspec.msgpack.encode
unpack = msgspec.msgpack.decode

# Match ids are lobby tokens (hex); anything else could not be one subject token.
_SUBJECT_SAFE = re.compile(r"[A-Za-z0-9_-]{1,64}")

Deliver = Callable[[int, dict[str, Any] | None], None]


def subject(match_id: str) -> str:
    if not _SUBJECT_SAFE.fullmatch(match_id):
        raise ValueError(f"match id {match_id!r} cannot name a broker subject")
    return f"warband.match.{match_id}.events"


def spectator_wire(event: Event) -> dict[str, Any] | None:
    shown = event.for_viewer(SPECTATOR)
    return None if shown is None else shown.to_wire()


class EventBroker:
    """One node's connection to the broker: publishes for the matches it owns and
    follows the ones it only has spectators of."""

    def __init__(self, client: Client, store: Store) -> None:
        self.client = client
        self.store = store

    @classmethod
    async def connect(cls, url: str, store: Store, *, timeout: float = 2.0) -> EventBroker:
        client = await nats.connect(url, connect_timeout=timeout, max_reconnect_attempts=-1,
                                    allow_reconnect=True)
        return cls(client, store)

    async def publish(self, match_id: str, first_seq: int, events: list[Event]) -> None:
        """A command's events, after they are durable (seqs first_seq, first_seq + 1, ...)."""
        topic = subject(match_id)
        for offset, event in enumerate(events):
            await self.client.publish(topic, pack({"seq": first_seq + offset,
                                                   "event": spectator_wire(event)}))
        await self.client.flush()

    async def follow(self, match_id: str, after_seq: int, deliver: Deliver) -> Following:
        """Every event of the match after `after_seq`, in order and once each: from the
        store up to now, then as published (gaps read from the store)."""
        following = Following(self.store, match_id, after_seq, deliver)
        following.subscription = await self.client.subscribe(subject(match_id),
                                                              cb=following.on_message)
        await self.client.flush()  # subscribed at the server before reading the store
        await following.catch_up()
        return following

    async def close(self) -> None:
        await self.client.drain()


class Following:
    """One followed match on one node: the seq check between broker and subscribers."""

    def __init__(self, store: Store, match_id: str, after_seq: int, deliver: Deliver) -> None:
        self.store = store
        self.match_id = match_id
        self.delivered = after_seq  # the last seq handed to `deliver`
        self.deliver = deliver
        self.gaps_filled = 0  # times the store filled a gap the broker left
        self.subscription: Subscription | None = None
        self._in_order = asyncio.Lock()  # catch-ups and messages take turns

    async def catch_up(self, upto: int | None = None) -> None:
        async with self._in_order:
            await self._read_store(upto)

    async def _read_store(self, upto: int | None) -> None:
        for row in await self.store.events_after(self.match_id, self.delivered, upto):
            self._hand_on(row.seq, spectator_wire(Event.from_wire(unpack(row.payload))))

    async def on_message(self, message: Msg) -> None:
        data = unpack(message.data)
        seq, event = data["seq"], data["event"]
        async with self._in_order:
            if seq <= self.delivered:
                return  # already delivered (from the store, or a repeat)
            if seq > self.delivered + 1:
                self.gaps_filled += 1
                await self._read_store(seq - 1)
                if seq <= self.delivered:
                    return
            self._hand_on(seq, event)

    def _hand_on(self, seq: int, event: dict[str, Any] | None) -> None:
        self.delivered = seq
        self.deliver(seq, event)

    async def stop(self) -> None:
        if self.subscription is not None:
            await self.subscription.unsubscribe()
            self.subscription = None


class RemoteSpectators:
    """The local fan-out on a node that does not own the match: its spectators get the
    same event frames a spectator of the owner gets (server/matches/fanout.py), one
    frame built per event however many watch."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.connections: list[Connection] = []

    def deliver(self, seq: int, event: dict[str, Any] | None) -> None:
        frame = Frame(event_push(self.match_id, seq, event))
        for connection in self.connections:
            connection.push(frame)
