"""Chat across several nodes (docs/cluster.md): each node delivers a chat message or
a hiding to its own followers, and publishes it on one NATS subject for the others,
which deliver it to theirs by the same rules. What the rules need travels with it
(whether the match is live, its players, who muted the author), so no node reads the
store for another's message."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Any

import msgspec

log = logging.getLogger("warband.chat")
pack = msgspec.msgpack.encode
unpack = msgspec.msgpack.decode


class ChatRelay:
    def __init__(self, client: Any, node: str, space: str = "warband") -> None:
        self.client, self.node = client, node
        self.subject = f"{space}.chat"  # (the cluster's space: serving.cluster_space)
        self.subscription = None

    async def start(self, deliver: Callable[[dict[str, Any]], None]) -> None:
        async def received(message) -> None:
            try:
                news = unpack(message.data)
                if news.get("node") != self.node:  # (this node delivered its own)
                    deliver(news)
            except Exception:  # one bad message must not stop the others
                log.exception("a relayed chat message could not be delivered")

        self.subscription = await self.client.subscribe(self.subject, cb=received)

    async def publish(self, news: dict[str, Any]) -> None:
        """Best effort, as the node's own pushes are: a message is stored before this,
        and a follower on another node that missed it finds it in chat_history."""
        try:
            await self.client.publish(self.subject, pack({**news, "node": self.node}))
        except Exception:
            log.warning("a chat message could not be relayed to the other nodes",
                        exc_info=True)

    async def stop(self) -> None:
        if self.subscription is not None:
            with contextlib.suppress(Exception):
                await self.subscription.unsubscribe()
            self.subscription = None
