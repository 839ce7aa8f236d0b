"""Reaching a match another node runs (docs/cluster.md, "forward"): a client's requests
go to the owner as NATS requests, and what the owner pushes to the client's
subscription comes back through a relay subject of the client's node.

- `RemoteMatch` stands in for the actor on the client's node: `submit` sends the
  request to the owner node (`warband.node.<node>.rpc`), which runs it on its actor as
  for a local client and answers with the result or the error.
- A subscription is a *relay*: the client's node subscribes to a subject of its own
  (`warband.relay.<node>.<id>`), then asks the owner to subscribe a `RelayConnection`
  to the match in the client's name. Everything the owner would push to that client
  (the answer, catch-up events, prompts, views, the end), the owner publishes on the
  relay subject, in order; the client's node pushes each frame on, but only while the
  client's identity is still the one it subscribed with (a sign-out drops the relay
  before anything else is pushed). Redaction happens at the owner, as for any
  subscriber: the relay carries exactly what that seat (or a spectator) may see.
- When a match changes node (its owner died, or stopped gracefully), the client's node
  subscribes its relays again at the new owner from the last seq each delivered, so
  nothing is missed and nothing is repeated.

Request ids make a forwarded command safe to retry across a hand-over: the owner (any
owner) answers a repeated id with the first answer (MatchActor, `command_by_request`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import msgspec
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout

from protocol.errors import ProtocolError
from server.cluster.endings import push_end
from server.cluster.owner_requests import AnsweringForwarded
from server.cluster.serving import (
    EVENT,
    OVER,
    Served,
    relay_subject,
    relayed_frames,
    rpc_subject,
)
from server.cluster.spectating import SharedWatch
from server.frames import Frame
from server.matches.seats import seat_of
from server.rules.kernel import Command

log = logging.getLogger("warband.cluster")
pack = msgspec.msgpack.encode
unpack = msgspec.msgpack.decode

RPC_TIMEOUT = 10.0  # seconds a forwarded request waits for the owner's answer
OWNER_CHECK = 1.0  # seconds between checks that followed matches are still on their node
KNOWN_REMOTES = 10_000  # matches remembered as running elsewhere
RESUBSCRIBE_GIVE_UP = 300.0  # seconds a subscription tries to follow its match's move
END_GRACE = 5.0  # seconds a followed match may be over before its end is read from the store


class Relay:
    """On the client's node: one subscription carried from another node."""

    def __init__(self, forwarder: Forwarder, match_id: str, connection: Any, seat: str | None,
                 views: bool, identity: int, after_seq: int) -> None:
        self.forwarder = forwarder
        self.match_id = match_id
        self.connection = connection
        self.seat = seat
        self.views = views
        self.identity = identity
        self.last_seq = after_seq  # the last event pushed on
        self.subject = relay_subject(forwarder.space, forwarder.node)
        self.owner: str | None = None
        self.subscription = None
        self.ended = False

    async def on_frame(self, message: Msg) -> None:
        if self.ended:
            return
        if self.connection.identity != self.identity:  # signed out or in as another
            await self.forwarder.end_relay(self)
            return
        for kind, seq, frame in relayed_frames(message.data):
            if kind == EVENT:
                if seq <= self.last_seq:
                    continue  # (already pushed, before a hand-over)
                self.last_seq = seq
            self.connection.push(Frame.encoded(frame))
            if kind == OVER:
                self.forwarder.forget(self.match_id)
                await self.forwarder.end_relay(self)
                return


class RemoteMatch:
    """A match another node runs, as the gateway uses an actor."""

    def __init__(self, forwarder: Forwarder, match_id: str, owner: str,
                 holders: dict[str, str]) -> None:
        self.forwarder = forwarder
        self.match_id = match_id
        self.owner = owner
        self.holders = holders  # seat -> account id

    def seat_for(self, account_id: str, wanted: str | None = None) -> str | None:
        return seat_of(self.holders, account_id, wanted)

    def drop(self, connection: Any) -> bool:
        return self.forwarder.drop(self.match_id, connection)

    async def where(self, seat: str | None, views: bool) -> str | None:
        """The address the owner tells a client of this node to take the match to
        (None: none, or it keeps this spectator on the shared stream). One cheap
        request instead of a relay or shared watch set up to be torn down at once."""
        return await self.forwarder.call(self.owner, {"op": "where", "match_id": self.match_id,
                                                      "seat": seat, "views": views})

    async def submit(self, kind: str, **args: Any) -> Any:
        if kind == "subscribe":
            return await self.forwarder.subscribe(self, **args)
        if isinstance(args.get("command"), Command):
            args["command"] = args["command"].to_wire()
        return await self.forwarder.call(self.owner, {"op": "submit", "match_id": self.match_id,
                                                      "kind": kind, "args": args})


class Forwarder(AnsweringForwarded):
    """One node's forwarding: it answers other nodes' requests for the matches it runs,
    and carries its own clients' requests to the matches other nodes run."""

    def __init__(self, client: Client, node: str, hub: Any, store: Any, space: str) -> None:
        self.client = client
        self.node = node
        self.space = space  # (serving.cluster_space: this cluster's subjects)
        self.hub = hub
        self.store = store
        self.relays: dict[str, Relay] = {}  # subject -> relay (this node's clients)
        self.remotes: dict[str, RemoteMatch] = {}  # match id -> where it runs
        self.watches: dict[str, SharedWatch] = {}  # match id -> its spectators here
        self.served = Served(client, hub, space)  # (what this node publishes as an owner)
        self._rpc = None
        self._lobby = None
        self._tasks: list[asyncio.Task] = []
        self._moving: set[asyncio.Task] = set()  # subscriptions following a match
        self._ended: dict[str, float] = {}  # followed match -> when first found over
        self._answering: set[asyncio.Task] = set()  # other nodes' requests being run

    async def start(self) -> None:
        self._rpc = await self.client.subscribe(rpc_subject(self.space, self.node),
                                                cb=self._serve)
        # (an open match started or was withdrawn on another node)
        self._lobby = await self.client.subscribe(f"{self.space}.lobby.match_status",
                                                  cb=self._on_match_status)
        self._tasks = [asyncio.create_task(self._watch_owners(), name="relay-owners"),
                       asyncio.create_task(self.served.keep_expiring(), name="relay-expiry")]

    async def stop(self) -> None:
        for task in [*self._tasks, *self._moving, *self._answering]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for relay in list(self.relays.values()):
            await self.end_relay(relay)
        for watch in list(self.watches.values()):
            await watch.end()
        for subscription in (self._rpc, self._lobby):
            if subscription is not None:
                with contextlib.suppress(Exception):
                    await subscription.unsubscribe()

    # -- the client's node ------------------------------------------------------------
    def known(self, match_id: str) -> RemoteMatch | None:
        """The match as last found running on another node (no database read a
        forwarded command: forgotten when it moves or ends)."""
        return self.remotes.get(match_id)

    async def remote(self, match_id: str, owner: str) -> RemoteMatch:
        known = self.remotes.get(match_id)
        if known is None or known.owner != owner:
            known = RemoteMatch(self, match_id, owner, await self.store.seats(match_id))
            self.remotes[match_id] = known
            while len(self.remotes) > KNOWN_REMOTES:
                self.remotes.pop(next(iter(self.remotes)))
        return known

    def forget(self, match_id: str) -> None:
        self.remotes.pop(match_id, None)

    async def call(self, owner: str, request: dict[str, Any]) -> Any:
        try:
            answer = await self.client.request(rpc_subject(self.space, owner), pack(request),
                                               timeout=RPC_TIMEOUT)
        except (TimeoutError, NatsTimeout, NoRespondersError):
            # (the owner died or is stopping: the match moves once its lease expires)
            self.forget(request.get("match_id", ""))
            raise ProtocolError("match_moved") from None
        reply = unpack(answer.data)
        if "error" in reply:
            problem = reply["error"]
            if problem["code"] in ("match_moved", "match_finished"):
                self.forget(request.get("match_id", ""))
            raise ProtocolError(problem["code"], problem["message"],
                                details=problem.get("details"))
        return reply["result"]

    async def subscribe(self, remote: RemoteMatch, *, connection: Any, request_id: Any,
                        seat: str | None, after_seq: int, views: bool,
                        identity: int) -> None:
        self.drop(remote.match_id, connection)
        if seat is None and not views:  # (a spectator: the match's shared stream)
            await self._spectate(remote, connection, request_id, after_seq, identity)
            return
        relay = Relay(self, remote.match_id, connection, seat, views, identity, after_seq)
        await self._open(relay, remote.owner, request_id)

    async def _open(self, relay: Relay, owner: str, request_id: Any) -> None:
        relay.owner = owner
        relay.subscription = await self.client.subscribe(relay.subject, cb=relay.on_frame)
        self.relays[relay.subject] = relay
        try:
            await self.call(owner, {"op": "subscribe", "match_id": relay.match_id,
                                    "relay": relay.subject, "request_id": request_id,
                                    "seat": relay.seat, "after_seq": relay.last_seq,
                                    "views": relay.views})
        except BaseException:
            await self.end_relay(relay, tell_owner=False)
            raise

    async def _spectate(self, remote: RemoteMatch, connection: Any, request_id: Any,
                        after_seq: int, identity: int) -> None:
        watch = self.watches.get(remote.match_id)
        if watch is None or watch.ended:
            watch = self.watches[remote.match_id] = SharedWatch(self, remote.match_id)
            watch.started = asyncio.ensure_future(watch.start(remote.owner))
        await asyncio.shield(watch.started)
        await watch.join(connection, request_id, after_seq, identity)

    def carries(self, match_id: str, connection: Any) -> bool:
        """Whether `connection` gets the match's pushes from another node."""
        watch = self.watches.get(match_id)
        watchers = [] if watch is None or watch.ended else [c for c, _ in watch.spectators]
        return any(c is connection for c in watchers) or any(
            r.match_id == match_id and r.connection is connection and not r.ended
            for r in self.relays.values())

    def drop(self, match_id: str, connection: Any) -> bool:
        """No more pushes of the match to `connection` (it unsubscribed or closed)."""
        found = [r for r in self.relays.values()
                 if r.match_id == match_id and r.connection is connection]
        for relay in found:
            asyncio.get_running_loop().create_task(self.end_relay(relay))
        watch = self.watches.get(match_id)
        left = watch is not None and watch.leave(connection)  # (an idle one ends later)
        return bool(found) or left

    async def tell(self, node: str, request: dict[str, Any]) -> None:
        """A request no answer is awaited for (best effort: the owner's expiry check
        finds what a lost one left)."""
        with contextlib.suppress(Exception):
            await self.client.publish(rpc_subject(self.space, node), pack(request))

    async def end_relay(self, relay: Relay, *, tell_owner: bool = True) -> None:
        if relay.ended:
            return
        relay.ended = True
        self.relays.pop(relay.subject, None)
        if relay.subscription is not None:
            with contextlib.suppress(Exception):
                await relay.subscription.unsubscribe()
        if tell_owner and relay.owner is not None:
            await self.tell(relay.owner, {"op": "drop", "relay": relay.subject})

    async def follow_elsewhere(self, match_id: str, subscribers: list[Any]) -> None:
        """This node lost the match: its subscribers go on wherever it runs now, from
        the last seq each was told of."""
        await asyncio.gather(*(self._resubscribe(match_id, sub.connection, sub.seat,
                                                 sub.views, sub.identity, sub.sent)
                               for sub in subscribers))

    async def _resubscribe(self, match_id: str, connection: Any, seat: str | None,
                           views: bool, identity: int, after_seq: int) -> None:
        """Subscribe `connection` again where the match runs now. Tried until it works,
        for as long as the connection still watches the match as the same account and
        the match is active: a match being taken over answers `match_moved` for a
        while (its lease has to expire, then its new node loads it), which on a busy
        machine outlasted a few tries, and a subscription given up on left its client
        waiting for pushes that never came."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + RESUBSCRIBE_GIVE_UP
        while _still_wanted(connection, match_id, identity) and loop.time() < deadline:
            if self.hub.stopping:  # (its clients are told to reconnect elsewhere)
                return
            try:
                target = await self.hub.running(match_id)
                if target is None and not await self._still_active(match_id):
                    # (it ended meanwhile, at its new node: its end from the store)
                    await push_end(self.hub, connection, match_id, seat, identity, after_seq)
                    return
                if target is not None:
                    await target.submit("subscribe", connection=connection,
                                        request_id=None, seat=seat, after_seq=after_seq,
                                        views=views, identity=identity)
                    return
            except ProtocolError as problem:
                if not problem.retryable:
                    return
            except Exception:
                log.warning("could not follow match %s to its new node", match_id,
                            exc_info=True)
            await asyncio.sleep(OWNER_CHECK)
        log.warning("gave up following match %s to its new node", match_id)

    async def _watch_owners(self) -> None:
        """Relays and watches whose match changed node follow it there."""
        while True:
            await asyncio.sleep(OWNER_CHECK)
            try:
                await self._follow_moves()
            except Exception:  # (the database is away, say: next round)
                log.warning("could not check where followed matches run", exc_info=True)

    async def _follow_moves(self) -> None:
        """One query for all the followed matches' holders; those that moved are
        followed to their new node all at once (one slow move holds up no other)."""
        # (only what exists before the query: one made while it ran read as "moved",
        # and a subscription under way lost its answer; docs/cluster.md)
        relays, watches = list(self.relays.values()), list(self.watches.values())
        followed = sorted({r.match_id for r in relays} | set(self.remotes)
                          | {w.match_id for w in watches})
        self._ended = {m: at for m, at in self._ended.items() if m in followed}
        holders = {match_id: lease.owner for match_id, lease
                   in (await self.hub.keeper.leases.holders(followed)).items()}
        for match_id in followed:
            known = self.remotes.get(match_id)
            if known is not None and holders.get(match_id) != known.owner:
                self.forget(match_id)
        moves = []
        for relay in relays:
            holder = holders.get(relay.match_id)
            if relay.ended or holder == relay.owner:
                continue
            if holder is None and not await self._still_active(relay.match_id):
                if self._overdue(relay.match_id):  # (its match_over was lost)
                    await self.end_relay(relay, tell_owner=False)
                    moves.append(push_end(self.hub, relay.connection, relay.match_id,
                                          relay.seat, relay.identity, relay.last_seq))
                continue  # (it ended: its match_over came or is coming)
            await self.end_relay(relay)
            moves.append(self._resubscribe(relay.match_id, relay.connection, relay.seat,
                                           relay.views, relay.identity, relay.last_seq))
        for watch in watches:
            if watch.idle():  # (its last spectator here left a round ago or more)
                await watch.end()
                continue
            holder = holders.get(watch.match_id)
            if watch.ended or watch.owner is None or holder == watch.owner:
                continue
            if holder is None and not await self._still_active(watch.match_id):
                if self._overdue(watch.match_id):
                    moves.append(self._end_watch(watch))
                continue
            moves.append(self._move_watch(watch))
        for task in [asyncio.create_task(move) for move in moves]:
            self._moving.add(task)
            task.add_done_callback(self._moving.discard)

    def _overdue(self, match_id: str) -> bool:
        """Whether the followed match was found over END_GRACE seconds ago and its
        `match_over` has still not come (the broker lost it, or its node stopped
        first): then its end is read from the store (server.cluster.endings)."""
        now = asyncio.get_running_loop().time()
        return now - self._ended.setdefault(match_id, now) >= END_GRACE

    async def _end_watch(self, watch: SharedWatch) -> None:
        """A watched match ended and its end never came on the stream: from the store."""
        async with watch._in_order:  # (a frame being pushed now goes first)
            spectators = list(watch.spectators)
            await watch.end(tell_owner=False)
        for connection, identity in spectators:
            await push_end(self.hub, connection, watch.match_id, None, identity,
                           watch.delivered)

    async def _move_watch(self, watch: SharedWatch) -> None:
        """The watched match changed node: the stream goes on from its new owner, or,
        should this node run the match now, its spectators subscribe to it here."""
        try:
            target = await self.hub.running(watch.match_id)
            if isinstance(target, RemoteMatch):
                await watch.attach(target.owner)
                return
        except ProtocolError:
            return  # (moving still: tried again next round)
        spectators = list(watch.spectators)
        await watch.end(tell_owner=False)
        for connection, identity in spectators:
            if target is None:  # (it ended meanwhile, at its new node)
                await push_end(self.hub, connection, watch.match_id, None, identity,
                               watch.delivered)
                continue
            with contextlib.suppress(ProtocolError):
                await target.submit("subscribe", connection=connection, request_id=None,
                                    seat=None, after_seq=watch.delivered, views=False,
                                    identity=identity)

    async def _still_active(self, match_id: str) -> bool:
        row = await self.store.match(match_id)
        return row is not None and row["status"] == "active"

    # -- open matches: clients of every node wait for the start ------------------------
    async def announce(self, match_id: str, status: str) -> None:
        """An open match started ("active") or was withdrawn ("aborted") here: the
        other nodes tell their clients waiting for it."""
        with contextlib.suppress(Exception):  # (their clients see it in the lobby anyway)
            await self.client.publish(f"{self.space}.lobby.match_status",
                                      pack({"match_id": match_id, "status": status,
                                            "node": self.node}))

    async def _on_match_status(self, message: Msg) -> None:
        told = unpack(message.data)
        if told["node"] == self.node or told["match_id"] not in self.hub.waiting:
            return
        if told["status"] != "active":
            self.hub.withdrawn(told["match_id"])
            return
        waiting = self.hub.waiting.pop(told["match_id"], [])
        target = await self.hub.running(told["match_id"])
        for connection, account_id, views, identity in waiting:
            if target is None or connection.identity != identity:
                continue
            seat = target.seat_for(account_id) if account_id is not None else None
            with contextlib.suppress(ProtocolError):
                await target.submit("subscribe", connection=connection, request_id=None,
                                    seat=seat, after_seq=0, views=views, identity=identity)


def _still_wanted(connection: Any, match_id: str, identity: int) -> bool:
    """Whether `connection` still watches the match as the account that subscribed
    (not closed, unsubscribed, signed out or in as another)."""
    watching = getattr(connection, "watching", None)  # (the gateway's connections)
    return connection.identity == identity and (watching is None or match_id in watching)
