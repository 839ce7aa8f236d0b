"""At the owner of a match (docs/cluster.md): what it publishes for other nodes' clients.

- A `RelayConnection` per subscription of a client of another node (a seat, or a
  spectator who asked for views), on that node's relay subject.
- One shared spectators' stream per match (`spectators_subject`), however many
  spectators on however many nodes watch it: a single `RelayConnection` subscribed to
  the actor as a spectator, so the actor's own fan-out redacts it and holds it back by
  the spectator delay, and each frame is published once for all of them. Each node
  following it fans it out to its own spectators (server/cluster/spectating.py).

Records of a client node that died (or restarted, or whose `drop` was lost) would
otherwise last until the match ends, publishing every frame to no one: every
`EXPIRY_CHECK` seconds the owner asks each client node which of its relays and
followed matches it still has. A node that is gone has no subscriber on its rpc
subject any more, so NATS answers "no responders" at once; its records go. A node
that does not answer in time (busy) keeps them until the next check."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import uuid
from collections import deque
from collections.abc import Iterator
from typing import Any

import msgspec
from nats.aio.client import Client
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from sqlalchemy import make_url

from server.frames import Frame, data_of

log = logging.getLogger("warband.cluster")
pack = msgspec.msgpack.encode
unpack = msgspec.msgpack.decode

EXPIRY_CHECK = 5.0  # seconds between asking client nodes what they still follow

# The one-byte kinds of a relayed frame's header (RelayConnection.push)
EVENT, PROMPT, OVER, OTHER = b"e", b"p", b"o", b"-"
_KINDS = {"event": EVENT, "prompt": PROMPT, "match_over": OVER}


def cluster_space(database_url: str) -> str:
    """The first tokens of every subject a cluster's nodes use: named after the
    database they share, so two clusters on one NATS server (a staging and a
    production one, or two test runs whose nodes are both called "north") never
    answer each other's requests. From the database's name only, not its host: nodes
    may reach one database by different addresses (a proxy, a replica's name)."""
    name = make_url(database_url).database or ""
    return "warband." + hashlib.sha256(name.encode()).hexdigest()[:12]


def space_of(cluster: str | None, database_url: str) -> str:
    """The space a node's subjects live in: the one named by `--cluster` (nodes that
    reach one database under different names, say through a proxy's database
    alias), else the database's."""
    return f"warband.{cluster}" if cluster else cluster_space(database_url)


def rpc_subject(space: str, node: str) -> str:
    return f"{space}.node.{node}.rpc"


def relay_subject(space: str, node: str) -> str:
    """A new relay subject of `node` (the client's node)."""
    return f"{space}.relay.{node}.{uuid.uuid4().hex}"


def node_of(space: str, relay: str) -> str:
    """The client node a relay subject belongs to."""
    return relay[len(f"{space}.relay."):].rsplit(".", 1)[0]


def spectators_subject(space: str, match_id: str) -> str:
    return f"{space}.match.{match_id}.spectators"


FOLLOWED_SPECTATORS = 200  # spectators an owner serves itself before it keeps them away
BATCH_BYTES = 256 * 1024  # frames published together in one NATS message, at most


def relayed_frames(data: bytes) -> Iterator[tuple[bytes, int, bytes]]:
    """The frames of one relayed message (RelayConnection._publish): each one's kind,
    seq (an event's; else 0) and the frame as the client gets it."""
    at = 0
    while at < len(data):
        size = int.from_bytes(data[at:at + 4], "big")
        kind, seq = data[at + 4:at + 5], int.from_bytes(data[at + 5:at + 9], "big")
        yield kind, seq, data[at + 9:at + 4 + size]
        at += 4 + size


class RelayConnection:
    """A subscriber standing for clients of other nodes: what the actor pushes is
    published on `subject`, in order, each frame with a header the receiving node reads
    instead of decoding the frame (its kind, and an event's seq). The frames pushed in
    one turn of the event loop (a command's events, prompt and view) go out as one NATS
    message: a message costs both ends far more CPU than its bytes do (bench/nodes.py)."""

    identity = 0  # (the client's node checks the client's identity itself)
    remote = True  # (its client is on another node: told where the match runs)

    def __init__(self, client: Client, subject: str) -> None:
        self.client = client
        self.subject = subject
        self.queue: deque[bytes] = deque()
        self.pump: asyncio.Task | None = None
        self.events_published = 0  # (the tests count a shared stream's)
        self.dropped = False  # (its client node let it go: nothing more is published)
        self.subscribed: asyncio.Future | None = None  # (a shared stream's, once asked)

    def push(self, message: dict[str, Any] | Frame) -> None:
        if self.dropped:
            return
        plain = message.message if isinstance(message, Frame) else message
        kind = _KINDS.get(plain.get("type"), OTHER)
        seq = plain.get("seq", 0) if kind == EVENT else 0
        frame = data_of(message)
        self.queue.append((len(frame) + 5).to_bytes(4, "big") + kind + seq.to_bytes(4, "big")
                          + frame)
        self.events_published += kind == EVENT
        if self.pump is None or self.pump.done():
            self.pump = asyncio.get_running_loop().create_task(self._publish())

    async def _publish(self) -> None:
        while self.queue:
            batch = [self.queue.popleft()]
            size = len(batch[0])
            while self.queue and size + len(self.queue[0]) <= BATCH_BYTES:
                size += len(self.queue[0])
                batch.append(self.queue.popleft())
            await self.client.publish(self.subject, b"".join(batch))


class Served:
    """The owner's records of what it publishes for other nodes."""

    def __init__(self, client: Client, hub: Any, space: str) -> None:
        self.client = client
        self.hub = hub
        self.space = space  # (cluster_space)
        self.relays: dict[str, tuple[str, RelayConnection]] = {}  # subject -> (match, conn)
        self.streams: dict[str, RelayConnection] = {}  # match id -> spectators' stream
        # match id -> the watches following its stream (server/cluster/spectating.py):
        # watch key -> its node (a node's watch that ended and a new one it started at
        # once are two, so the end of the one never stops the stream of the other)
        self.followers: dict[str, dict[str, str]] = {}

    # -- relays -------------------------------------------------------------------------
    def add_relay(self, match_id: str, subject: str) -> RelayConnection:
        relay = RelayConnection(self.client, subject)
        self.relays[subject] = (match_id, relay)
        return relay

    def drop_relay(self, subject: str) -> None:
        match_id, relay = self.relays.pop(subject, (None, None))
        if relay is not None:
            relay.dropped = True  # (its subscription may still wait in the mailbox)
        actor = self.hub.actors.get(match_id) if match_id else None
        if actor is not None:
            actor.drop(relay)

    # -- shared spectators' streams -----------------------------------------------------
    async def follow(self, actor: Any, node: str, watch: str) -> dict[str, Any]:
        """A watch of `node` has spectators of the match: its stream runs (started if
        it was not), and what a new spectator needs to join it is answered."""
        # (a follower first: another watch's unfollow while the stream subscribes
        # below must not take the stream for unfollowed; requests run at once)
        self.followers.setdefault(actor.match_id, {})[watch] = node
        try:
            await self._stream(actor)
        except BaseException:
            self.unfollow(actor.match_id, watch)
            raise
        visible = actor.spectator_seq()
        prompt = None if actor.spectator_delay or visible != actor.seq \
            else actor._prompt_message(None, actor.seq)
        return {"visible": visible, "spectator_delay": actor.spectator_delay,
                "players": dict(actor.players), "prompt": prompt,
                "node_url": self.spectators_told(actor)}

    def spectators_told(self, actor: Any) -> str | None:
        """The address a spectator of another node may take the match to (None: stay
        on the shared stream). A spectator served here costs no relay (bench/nodes.py:
        about a third more CPU a command for a relayed one); past FOLLOWED_SPECTATORS
        of its own, the owner tells no more, and the stream spreads the audience's
        fan-out over the other nodes."""
        if self.hub.node_url is None:
            return None
        own = sum(1 for s in actor.subscribers
                  if s.seat is None and not getattr(s.connection, "remote", False))
        return self.hub.node_url if own < FOLLOWED_SPECTATORS else None

    async def _stream(self, actor: Any) -> None:
        """The match's spectators' stream, subscribed to its actor (once however many
        watches ask at once: a second asker waits for the first's subscription)."""
        stream = self.streams.get(actor.match_id)
        if stream is not None and stream.subscribed.done() and (
                stream.subscribed.cancelled() or stream.subscribed.exception() is not None
                or not any(s.connection is stream for s in actor.subscribers)):
            stream = None  # (it failed, or the actor let it go: moved and back, say)
        if stream is not None:
            await asyncio.shield(stream.subscribed)
            return
        stream = RelayConnection(self.client, spectators_subject(self.space, actor.match_id))
        stream.subscribed = asyncio.get_running_loop().create_future()
        self.streams[actor.match_id] = stream
        try:
            # (from now on, not from the start: each node reads the past from the store)
            await actor.submit("subscribe", connection=stream, request_id=None, seat=None,
                               after_seq=actor.seq, views=False, identity=0)
        except BaseException as problem:
            if self.streams.get(actor.match_id) is stream:
                self.streams.pop(actor.match_id)
            if isinstance(problem, asyncio.CancelledError):
                stream.subscribed.cancel()
            else:
                stream.subscribed.set_exception(problem)
                stream.subscribed.exception()  # (retrieved: no one may be waiting)
            raise
        stream.subscribed.set_result(None)
        if stream.dropped:  # (every watch left while it subscribed)
            actor.drop(stream)

    def unfollow(self, match_id: str, watch: str) -> None:
        """A watch ended (no spectators left on its node): once none follows, the
        stream stops."""
        watches = self.followers.get(match_id)
        if watches is not None:
            watches.pop(watch, None)
            if watches:
                return
        self.followers.pop(match_id, None)
        stream = self.streams.pop(match_id, None)
        if stream is not None:
            stream.dropped = True  # (its subscription may still wait in the mailbox)
        actor = self.hub.actors.get(match_id)
        if stream is not None and actor is not None:
            actor.drop(stream)

    # -- expiry -------------------------------------------------------------------------
    async def expire(self) -> int:
        """Forget what client nodes no longer follow (see the module's doc): how many
        records went."""
        asked: dict[str, tuple[list[str], list[str]]] = {}
        for subject in self.relays:
            asked.setdefault(node_of(self.space, subject), ([], []))[0].append(subject)
        for watches in self.followers.values():
            for watch, node in watches.items():
                asked.setdefault(node, ([], []))[1].append(watch)
        for match_id in [m for m in self.streams if m not in self.hub.actors]:
            self.streams.pop(match_id)  # (the match ended or moved: its stream with it)
            self.followers.pop(match_id, None)
        gone = 0
        for node, (relays, watches) in asked.items():
            try:
                answer = await self.client.request(rpc_subject(self.space, node), pack(
                    {"op": "still_followed", "relays": relays, "watches": watches}),
                    timeout=EXPIRY_CHECK)
                kept = unpack(answer.data)["result"]
            except NoRespondersError:  # (the node is gone: nothing of it is followed)
                kept = {"relays": [], "watches": []}
            except (TimeoutError, NatsTimeout):
                continue  # (busy, or going: asked again next time)
            for subject in set(relays) - set(kept["relays"]):
                self.drop_relay(subject)
                gone += 1
            for watch in set(watches) - set(kept["watches"]):
                for match_id in [m for m, w in self.followers.items() if watch in w]:
                    self.unfollow(match_id, watch)
                gone += 1
        if gone:
            log.info("forgot %d relays and followed streams of nodes that left them", gone)
        return gone

    async def keep_expiring(self) -> None:
        while True:
            await asyncio.sleep(EXPIRY_CHECK)
            with contextlib.suppress(Exception):  # (NATS away: next time)
                await self.expire()
