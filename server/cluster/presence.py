"""The nodes' shared Redis (docs/cluster.md, "Shared in Redis"): the connection, and
this node's presence there, a key that lives while the node renews it. What a node
keeps in Redis on behalf of its connections (waiting seeks, connections open per
address) counts only while its node's presence key is there: a node that dies stops
renewing it, and within a ttl the others stop counting what it left."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from server.stopping import cancel_and_wait

log = logging.getLogger("warband.cluster")


async def connect(url: str) -> aioredis.Redis:
    """A Redis client for `url`, checked with a PING (ConnectionError if unreachable)."""
    client = aioredis.from_url(url, socket_connect_timeout=2, socket_timeout=5,
                               decode_responses=True)
    try:
        await client.ping()
    except (RedisError, OSError) as failure:
        await client.aclose()
        raise ConnectionError(str(failure)) from failure
    return client


class Presence:
    """`<prefix>:node:<node>` set with a ttl and renewed at a third of it."""

    def __init__(self, redis: aioredis.Redis, prefix: str, node: str, ttl: float) -> None:
        self.redis, self.prefix, self.node, self.ttl = redis, prefix, node, ttl
        self._renewer: asyncio.Task | None = None

    def key(self, node: str) -> str:
        return f"{self.prefix}:node:{node}"

    async def start(self) -> None:
        await self._renew_once()
        self._renewer = asyncio.create_task(self._renew(), name="presence")

    async def stop(self) -> None:
        await cancel_and_wait(self._renewer)
        with contextlib.suppress(RedisError, OSError):
            await self.redis.delete(self.key(self.node))

    async def alive(self, nodes: set[str]) -> set[str]:
        """Which of `nodes` are present now."""
        ordered = sorted(nodes)
        if not ordered:
            return set()
        found = await self.redis.mget([self.key(node) for node in ordered])
        return {node for node, value in zip(ordered, found, strict=True) if value is not None}

    async def _renew_once(self) -> None:
        await self.redis.set(self.key(self.node), "1", px=int(self.ttl * 1000))

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                await self._renew_once()
            except (RedisError, OSError):  # (Redis away a moment: tried again soon)
                log.warning("renewing this node's presence in Redis failed", exc_info=True)
