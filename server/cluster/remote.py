"""What a client's node holds for a match another node runs (server.cluster.forwarding):
`RemoteMatch`, which the gateway uses as it would the match's actor, its requests sent
to the owner node; and `Relay`, one of its clients' subscriptions carried from the
owner, each frame pushed on while the client is still the one that subscribed.

Both call back into their node's `Forwarder`, which makes them and which they do not
import (its module imports this one)."""

from __future__ import annotations

from typing import Any

from nats.aio.msg import Msg

from server.cluster.serving import EVENT, OVER, relay_subject, relayed_frames
from server.frames import Frame
from server.matches.seats import seat_of
from server.rules.kernel import Command


class Relay:
    """On the client's node: one subscription carried from another node."""

    def __init__(self, forwarder: Any, match_id: str, connection: Any, seat: str | None,
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

    def __init__(self, forwarder: Any, match_id: str, owner: str,
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
