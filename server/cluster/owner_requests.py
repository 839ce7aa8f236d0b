"""The owner's side of forwarding (server.cluster.forwarding): a node answers the
requests other nodes forward to the matches it runs (`<space>.node.<node>.rpc`) —
commands and views submitted to the actor, relays and shared watches opened and
dropped — each on a task of its own. A mixin of `Forwarder` (its `client`, `hub`,
`served`, `relays`, `watches` and `_answering`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import msgspec
from nats.aio.msg import Msg

from protocol.errors import ProtocolError
from server.rules.kernel import Command

log = logging.getLogger("warband.cluster")
pack = msgspec.msgpack.encode
unpack = msgspec.msgpack.decode


class AnsweringForwarded:
    async def _serve(self, message: Msg) -> None:
        """Each request runs on its own: nats-py awaits a subscription's callback
        before it hands on the next message, so answering here made every forwarded
        request wait for the one before it, whatever its match (a command for its
        commit): the owner's commits went one forwarded command at a time instead of
        in groups, and each cost a transaction. Requests of one match still reach its
        actor in the order they came: each task puts its work in the actor's mailbox
        before its first wait, and tasks start in the order they were made."""
        task = asyncio.get_running_loop().create_task(self._respond(unpack(message.data),
                                                                    message.reply))
        self._answering.add(task)
        task.add_done_callback(self._answering.discard)

    async def _respond(self, request: dict[str, Any], reply_to: str) -> None:
        try:
            result = await self._answer(request)
            reply = {"result": result}
        except ProtocolError as problem:
            reply = {"error": problem.to_wire()}
        except asyncio.CancelledError:  # (this node is stopping: ask where it runs next)
            if reply_to:
                with contextlib.suppress(Exception):
                    await self.client.publish(reply_to, pack(
                        {"error": ProtocolError("match_moved").to_wire()}))
            raise
        except Exception:
            log.exception("forwarded %s failed", request.get("op"))
            reply = {"error": ProtocolError("internal_error").to_wire()}
        if reply_to:
            with contextlib.suppress(Exception):  # (NATS away: the asker times out)
                await self.client.publish(reply_to, pack(reply))

    async def _answer(self, request: dict[str, Any]) -> Any:
        op = request["op"]
        if op == "drop":
            self.served.drop_relay(request["relay"])
            return None
        if op == "unspectate":
            self.served.unfollow(request["match_id"], request["watch"])
            return None
        if op == "still_followed":  # (asked by an owner: serving.Served.expire)
            mine = {watch.key for watch in self.watches.values()}
            return {"relays": [s for s in request["relays"] if s in self.relays],
                    "watches": [w for w in request["watches"] if w in mine]}
        actor = self.hub.actors.get(request["match_id"])
        if actor is None or actor.moved:
            raise ProtocolError("match_moved")
        if op == "submit":
            args = dict(request["args"])
            if "command" in args:
                args["command"] = Command.from_wire(args["command"])
            return await actor.submit(request["kind"], **args)
        if op == "where":  # (a client that can follow asks before subscribing)
            if request["seat"] is None and not request["views"]:
                return self.served.spectators_told(actor)
            return self.hub.node_url  # (as the actor's header tells a relayed player)
        if op == "spectate":
            return await self.served.follow(actor, request["node"], request["watch"])
        if op == "subscribe":
            relay = self.served.add_relay(request["match_id"], request["relay"])
            try:
                await actor.submit("subscribe", connection=relay,
                                   request_id=request["request_id"], seat=request["seat"],
                                   after_seq=request["after_seq"], views=request["views"],
                                   identity=0)
            except BaseException:
                self.served.relays.pop(request["relay"], None)
                raise
            if relay.dropped:  # (its drop overtook the subscription: see _serve)
                actor.drop(relay)
            return None
        raise ProtocolError("internal_error", f"unknown forwarded operation {op!r}")
