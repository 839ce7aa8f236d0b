"""Repeated request ids answered the same on any node (docs/protocol.md, "Repeated
requests"): a lobby request (`create_match`, `join`, ...) resent after a reconnect may
reach another node than the first, which must answer it as the first did rather than
apply it again. One node keeps its recent replies in memory (server.gateway); several
also keep them in a NATS JetStream key-value bucket, for an hour. (Commands and
resignations need none of this: the store remembers them by request id.)

JetStream runs in the NATS the nodes already share, so this adds no service; the store
would do too, at the cost of a write per lobby request to the database every node waits
on."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
from nats.aio.client import Client
from nats.js.api import KeyValueConfig
from nats.js.errors import KeyNotFoundError

BUCKET = "warband_replies"
KEPT = 3600.0  # seconds a reply is remembered across nodes


def _key(owner: str, kind: str, request_id: Any) -> str:
    # (bucket keys allow few characters: the request id is anything the client sent)
    digest = hashlib.sha256(f"{kind}:{request_id!r}".encode()).hexdigest()[:40]
    return f"{hashlib.sha256(owner.encode()).hexdigest()[:24]}.{digest}"


class SharedReplies:
    def __init__(self, bucket, space: str = "warband") -> None:
        self.bucket = bucket
        self.space = space  # (serving.cluster_space: "warband.<hex>", a valid key prefix)

    @classmethod
    async def open(cls, client: Client, space: str = "warband") -> SharedReplies:
        """One bucket for every cluster on the NATS server, its keys in the cluster's
        space (a bucket a cluster would be a stream each on the server, for ever)."""
        stream = client.jetstream()
        return cls(await stream.create_key_value(KeyValueConfig(bucket=BUCKET, ttl=KEPT,
                                                                history=1)), space)

    async def get(self, owner: str, kind: str, request_id: Any) -> dict | None:
        try:
            entry = await self.bucket.get(f"{self.space}.{_key(owner, kind, request_id)}")
        except KeyNotFoundError:
            return None
        return msgspec.msgpack.decode(entry.value) if entry.value else None

    async def put(self, owner: str, kind: str, request_id: Any, result: dict) -> None:
        await self.bucket.put(f"{self.space}.{_key(owner, kind, request_id)}",
                              msgspec.msgpack.encode(result))
