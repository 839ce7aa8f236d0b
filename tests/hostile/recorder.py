"""A connection that records every frame it receives, in order, with the identity
it held when the frame came: what the leak tests read (issue 29, finding 2)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import secrets
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from protocol.codec import decode_server, encode_request


@dataclass
class Received:
    frame: dict[str, Any]
    identity: str | None  # the account the connection was signed in as (None: signed out)
    live_seq: int | None = None  # the match's newest seq when it arrived (see `live`)


@dataclass
class Recorder:
    websocket: Any
    frames: list[Received] = field(default_factory=list)
    identity: str | None = None
    _waiting: dict[str, asyncio.Future] = field(default_factory=dict)
    _ids: Any = field(default_factory=itertools.count)
    _prefix: str = field(default_factory=lambda: secrets.token_hex(4))
    _reader: asyncio.Task | None = None
    pushes: asyncio.Queue = field(default_factory=asyncio.Queue)  # frames but replies
    # match id -> its newest seq, asked as each frame arrives (a test in the server's
    # process passes the hub's actors' seqs)
    live: Any = None

    @classmethod
    async def connect(cls, url: str) -> Recorder:
        recorder = cls(await connect(url, max_size=None))
        recorder._reader = asyncio.create_task(recorder._read())
        return recorder

    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        """The reply frame (or the error frame) to a request."""
        request_id = f"{self._prefix}-{next(self._ids)}"
        future = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = future
        await self.websocket.send(encode_request({"type": kind, "id": request_id, **fields}))
        async with asyncio.timeout(30):
            return await future

    async def sign_in(self, kind: str, **fields: Any) -> dict[str, Any]:
        """guest/authenticate/login/register: the identity changes when the reply comes
        (frames before it were sent to the earlier identity)."""
        answer = await self.request(kind, **fields)
        return answer

    async def settle(self) -> None:
        """Everything the server queued for this connection before now has arrived."""
        await self.request("ping")

    def about(self, match_id: str) -> list[Received]:
        return [r for r in self.frames if r.frame.get("match_id") == match_id
                or (r.frame.get("result") or {}).get("match_id") == match_id]

    async def close(self) -> None:
        await self.websocket.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    async def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for data in self.websocket:
                frame = decode_server(data)
                live = None
                if self.live is not None and "match_id" in frame:
                    live = self.live(frame["match_id"])
                self.frames.append(Received(frame, self.identity, live))
                future = None
                if frame.get("type") in ("reply", "error"):
                    self._identity_after(frame)
                    future = self._waiting.pop(frame.get("id"), None)
                if future is not None:
                    if not future.done():
                        future.set_result(frame)
                else:
                    self.pushes.put_nowait(frame)

    async def next_push(self, *kinds: str, timeout: float = 60) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            while True:
                frame = await self.pushes.get()
                if frame.get("type") in kinds:
                    return frame

    def _identity_after(self, frame: dict[str, Any]) -> None:
        """A reply to a sign-in or sign-out changes who this connection is, from the
        next frame on (the server handles a connection's requests in order)."""
        result = frame.get("result") or {}
        if frame["type"] == "reply" and "account_id" in result:
            self.identity = result["account_id"]
        elif frame["type"] == "reply" and result.get("logged_out"):
            self.identity = None
