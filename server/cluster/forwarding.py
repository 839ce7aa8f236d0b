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
owner) answers a repeated id with the first answer (MatchActor, `command_by_request`).

The stand-ins are in server.cluster.remote, following a move in
server.cluster.following, the owner's side in server.cluster.owner_requests."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import msgspec
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout

from protocol.errors import ProtocolError
from server.cluster.following import FollowingMoves
from server.cluster.owner_requests import AnsweringForwarded
from server.cluster.remote import Relay, RemoteMatch
from server.cluster.serving import Served, rpc_subject
from server.cluster.spectating import SharedWatch
from server.stopping import cancel_and_wait

pack = msgspec.msgpack.encode
unpack = msgspec.msgpack.decode

RPC_TIMEOUT = 10.0  # seconds a forwarded request waits for the owner's answer
KNOWN_REMOTES = 10_000  # matches remembered as running elsewhere


class Forwarder(AnsweringForwarded, FollowingMoves):
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
        # match id -> a flag for each request waiting on its owner, set if the match is
        # taken up here meanwhile (`taken_here`)
        self._waiting: dict[str, set[asyncio.Future]] = {}

    async def start(self) -> None:
        self._rpc = await self.client.subscribe(rpc_subject(self.space, self.node),
                                                cb=self._serve)
        # (an open match started or was withdrawn on another node)
        self._lobby = await self.client.subscribe(f"{self.space}.lobby.match_status",
                                                  cb=self._on_match_status)
        self._tasks = [asyncio.create_task(self._watch_owners(), name="relay-owners"),
                       asyncio.create_task(self.served.keep_expiring(), name="relay-expiry")]

    async def stop(self) -> None:
        await cancel_and_wait(*self._tasks, *self._moving, *self._answering)
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

    def taken_here(self, match_id: str) -> None:
        """This node runs the match now (resumed here after its owner stopped or died):
        the requests still waiting on the former owner are told `match_moved` at once,
        not after RPC_TIMEOUT (a node stopping may have got them as it went, and answers
        nothing), so their clients send them again, here."""
        self.forget(match_id)
        for taken in self._waiting.get(match_id, ()):
            if not taken.done():
                taken.set_result(None)

    async def call(self, owner: str, request: dict[str, Any]) -> Any:
        match_id = request.get("match_id", "")
        sent = asyncio.ensure_future(self.client.request(
            rpc_subject(self.space, owner), pack(request), timeout=RPC_TIMEOUT))
        taken = asyncio.get_running_loop().create_future()
        waiting = self._waiting.setdefault(match_id, set())
        waiting.add(taken)
        try:
            await asyncio.wait((sent, taken), return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiting.discard(taken)
            if not waiting:
                self._waiting.pop(match_id, None)
            if not sent.done():  # (taken up here, or the client's request was cut)
                sent.cancel()
        if not sent.done():  # taken up here meanwhile: no answer is coming (a node that
            raise ProtocolError("match_moved")  # stops may get a request and answer nothing)
        try:
            answer = sent.result()
        except (TimeoutError, NatsTimeout, NoRespondersError):
            # (the owner died or is stopping: the match moves once its lease expires;
            # the client sends the request again, with its id, and is answered once)
            self.forget(match_id)
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
