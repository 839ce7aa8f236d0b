"""A small async client for the warband protocol (see docs/protocol.md).

    async with await Client.connect("ws://127.0.0.1:8000/ws") as client:
        await client.request("guest", name="Ann")
        match = await client.request("create_match", system="sbh")
        push = await client.next_push("prompt")

`request` sends one message and returns its reply's `result` (or raises
`ServerError` with the error's code). Everything else the server sends
(events, prompts, views, match status) is queued for `next_push`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import secrets
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from protocol.codec import decode_server, encode_request

_CLOSED: dict[str, Any] = {"type": "connection_closed"}  # queued when the reader ends


class ServerError(Exception):
    def __init__(self, frame: dict[str, Any]) -> None:
        self.code = frame.get("code")
        self.message = frame.get("message", "")
        self.retryable = bool(frame.get("retryable"))
        self.details = frame.get("details") or {}
        super().__init__(f"{self.code}: {self.message}")


def said(failed: BaseException) -> str:
    """What a player reads of a failure: a refusal's sentence (not its code), else
    what went wrong (a connection lost)."""
    if isinstance(failed, ServerError) and failed.message:
        return failed.message
    return str(failed)


class Client:
    def __init__(self, websocket: ClientConnection) -> None:
        self.websocket = websocket
        self.pushes: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._waiting: dict[Any, asyncio.Future] = {}
        # The server answers a repeated id (per account) with the first reply, across
        # connections and restarts: ids must not repeat, so each client gets a prefix.
        self._prefix = secrets.token_hex(4)
        self._ids = itertools.count(1)
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def connect(cls, url: str, open_timeout: float = 10.0) -> Client:
        """`open_timeout`: seconds the opening handshake may take (a bench's server
        busy resuming thousands of matches may take longer)."""
        return cls(await connect(url, max_size=None, open_timeout=open_timeout))

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    async def close(self) -> None:
        await self.websocket.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader

    async def request(self, kind: str, *, request_id: Any = None, timeout: float = 30,
                      **fields: Any) -> dict[str, Any]:
        if request_id is None:
            request_id = f"{self._prefix}-{next(self._ids)}"
        future = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = future
        try:
            await self.websocket.send(encode_request({"type": kind, "id": request_id,
                                                      **fields}))
        except ConnectionClosed:  # (as for a reply the closing connection never gave)
            self._waiting.pop(request_id, None)
            raise ConnectionError("the connection closed") from None
        try:
            async with asyncio.timeout(timeout):
                return await future
        finally:
            self._waiting.pop(request_id, None)

    async def send_raw(self, frame: bytes | str) -> None:
        await self.websocket.send(frame)

    async def next_push(self, *kinds: str, timeout: float = 30) -> dict[str, Any]:
        """The next queued push (skipping kinds not asked for, when kinds are given)."""
        async with asyncio.timeout(timeout):
            while True:
                frame = await self.pushes.get()
                if frame is _CLOSED:
                    self.pushes.put_nowait(_CLOSED)  # for the next caller too
                    raise ConnectionError("the connection closed")
                if not kinds or frame.get("type") in kinds:
                    return frame

    async def _read(self) -> None:
        try:
            async for frame in self.websocket:
                message = decode_server(frame)
                kind = message.get("type")
                future = self._waiting.get(message.get("id")) if kind in ("reply",
                                                                           "error") else None
                if future is not None and not future.done():
                    if kind == "reply":
                        future.set_result(message["result"])
                    else:
                        future.set_exception(ServerError(message))
                else:
                    await self.pushes.put(message)
        except ConnectionClosed:
            pass  # the close code and reason stay on self.websocket
        finally:
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("the connection closed"))
            self.pushes.put_nowait(_CLOSED)
