"""The websocket gateway: one `ClientConnection` per socket. It decodes and
validates frames, enforces the message rate, authenticates, routes requests to
the accounts, the lobby, the match actors and the replay store, and writes
replies and pushes through a bounded outgoing queue (a client that cannot keep
up is disconnected rather than allowed to grow the server's memory)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import OrderedDict
from typing import Any

from websockets.exceptions import ConnectionClosed

from protocol.codec import decode_request, error, reply
from protocol.errors import ProtocolError
from protocol.messages import (
    Ping,
    Request,
)
from server.account_requests import AccountRequests
from server.accounts import Account
from server.admission import Admission, TokenBucket
from server.catalogs import Catalogs
from server.chat.requests import ChatRequests
from server.frames import Frame, data_of
from server.lobby_requests import LobbyRequests
from server.play_requests import PlayRequests
from server.ratings.requests import RatingRequests
from server.services import Services
from server.store.engine import STORE_BUSY, connection_lost
from server.tournaments.requests import EVENT_HANDLERS, EventRequests
from server.watching import Watching

log = logging.getLogger("warband.gateway")

REMEMBERED_REPLIES = 256  # per account: repeated request ids answered from here
REMEMBERED_ACCOUNTS = 10_000  # accounts whose recent replies are kept (least recent go)
_ids = itertools.count(1)


def _failure_code(kind: str, failure: Exception) -> str:
    """What a request that failed unexpectedly answers. The store's overloads and its
    lost connections are states of the server that a retry outlives; anything else is
    a bug, logged with its traceback (called inside the `except`)."""
    if isinstance(failure, STORE_BUSY):
        log.warning("request %s: no database connection came free in time", kind)
        return "server_busy"
    if connection_lost(failure):
        log.warning("request %s: the database could not be reached (%s)", kind,
                    type(getattr(failure, "orig", None) or failure).__name__)
        return "database_unavailable"
    log.exception("request %s failed", kind)
    return "internal_error"


class ClientConnection(AccountRequests, LobbyRequests, PlayRequests, Watching, Catalogs,
                       RatingRequests, ChatRequests, EventRequests):
    follows_moves = True  # (its subscriptions follow a match to another node: owning.py)

    def __init__(self, services: Services, websocket) -> None:
        self.services = services
        self.websocket = websocket
        self.key = f"connection-{next(_ids)}"
        self.account: Account | None = None
        self.token: str | None = None
        self._expiry: asyncio.TimerHandle | None = None  # signs out when the token ends
        # Counts the connection's changes of identity (sign-in as another account,
        # sign-out). A subscription records the count it was made under and is
        # served only while it holds: work already queued in a match (a subscribe
        # waiting for the start, say) cannot outlive the identity that asked for it.
        self.identity = 0
        # Frames to write in this turn of the event loop; with the socket's own
        # buffer, bounded in bytes: a catch-up of a thousand small events is fine,
        # a client that stops reading is not.
        self.outgoing: list[bytes] = []
        self.queued = 0  # bytes in `outgoing`
        self.flushing = False  # a _flush is scheduled
        self.bucket = TokenBucket(services.rate, services.burst)
        self.watching: set[str] = set()
        self.chat_followed: dict[str | None, bool] = {}  # chats it follows (server.chat)
        self.closing = False
        self.closer: asyncio.Task | None = None  # closing a slow consumer
        self.reader: asyncio.Task | None = None  # handling what was read, while there is some
        self.address = client_address(services.admission, websocket)

    # -- sending ----------------------------------------------------------------------
    def push(self, message: dict[str, Any] | Frame) -> None:
        if self.closing:
            return
        frame = data_of(message)  # (a shared Frame is encoded once for all its connections)
        owed = self.queued + len(frame) + self.websocket.buffered()
        if owed > self.services.outgoing_bytes:
            self.closing = True
            self.services.metrics.errors.labels("slow_consumer").inc()
            problem = ProtocolError("slow_consumer")
            self.closer = asyncio.get_running_loop().create_task(
                self.websocket.close(problem.close_code, _close_reason(problem)))
            return
        self.outgoing.append(frame)
        self.queued += len(frame)
        if not self.flushing:  # what else is pushed before the loop turns leaves with it
            self.flushing = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self.flushing = False
        frames, self.outgoing, self.queued = self.outgoing, [], 0
        if frames:
            self.websocket.send_now(frames)  # (a closed connection drops them)

    async def _fail(self, problem: ProtocolError) -> None:
        """Send the error, then close with its code (protocol violations only)."""
        self.push(error(problem))
        self.closing = True
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(2):
                while self.flushing:
                    await asyncio.sleep(0.005)
        await self.websocket.close(problem.close_code, _close_reason(problem))

    # -- the connection's life --------------------------------------------------------
    async def serve(self) -> None:
        admission = self.services.admission
        if not await admission.admit(self.address):  # (handshakes that came all at once)
            await self._fail(ProtocolError("too_many_connections"))
            return
        try:
            await self._serve()
        finally:
            await admission.release(self.address)

    async def _serve(self) -> None:
        metrics = self.services.metrics
        metrics.connections.inc()
        websocket = self.websocket
        websocket.on_message = self._read  # (server.websocket: messages are not awaited)
        self._read()  # (any that came before we listened)
        try:
            await websocket.wait_closed()
        finally:
            websocket.on_message = None
            self.closing = True  # (nothing more is read, or queued for a connection that ended)
            reader = self.reader
            if reader is not None:  # (a request under way finishes, as it would have,
                await asyncio.wait([reader])  # unless a stop cuts it: abandon)
            if self.closer is not None:  # (its close code, not the 1000 of a handler's end)
                with contextlib.suppress(Exception):
                    await self.closer
            self._stop_watching()
            self._stop_chat()
            self.services.seeks.drop(self)  # (a seek lives while its connection does)
            self._hold_token(None)
            if self._expiry is not None:
                self._expiry.cancel()
            self.services.replies.pop(self.key, None)
            metrics.connections.dec()

    def abandon(self) -> None:
        """The server stops and can wait no more (server.app): the request under way is
        cut, unanswered, and the socket dropped."""
        self.closing = True
        if self.reader is not None:
            self.reader.cancel()
        transport = getattr(self.websocket, "transport", None)
        if transport is not None:
            transport.abort()

    def _read(self) -> None:
        """A message came: handle it (and any after it) unless that is under way. The
        task lives only while there is something to handle."""
        if self.reader is None and self.websocket.inbox and not self.closing:
            self.reader = asyncio.get_running_loop().create_task(self._handle_inbox())

    async def _handle_inbox(self) -> None:
        metrics = self.services.metrics
        try:
            while not self.closing:
                taken = self.websocket.take()
                if taken is None:
                    break
                # The clock starts when the frame was read off the socket, so that the
                # command metric includes any wait behind this connection's earlier
                # requests, and decoding.
                frame, arrived = taken
                if isinstance(frame, str):
                    await self._fail(ProtocolError("text_frame"))
                    break
                try:
                    request = decode_request(frame)
                except ProtocolError as problem:
                    metrics.errors.labels(problem.code).inc()
                    await self._fail(problem)
                    break
                if not self.bucket.take():  # (after decoding, so the error carries the id)
                    metrics.errors.labels("rate_limited").inc()
                    self.push(error(ProtocolError("rate_limited", request_id=request.id)))
                    continue
                try:
                    await self._handle(request, arrived)
                except ConnectionClosed:
                    raise
                except Exception:  # a bug outside the handlers: answered all the same
                    log.exception("request %r failed outside its handler", request.id)
                    metrics.errors.labels("internal_error").inc()
                    self.push(error(ProtocolError("internal_error", request_id=request.id)))
        except Exception:  # the socket broke; nothing to answer
            log.debug("connection %s ended", self.key, exc_info=True)
        finally:
            self.reader = None

    async def _handle(self, request: Request, arrived: float | None = None) -> None:
        kind = type(request).__struct_config__.tag
        metrics = self.services.metrics
        metrics.requested(kind)
        request_id = request.id
        memory = self._memory()
        answered = kind in IDEMPOTENT or kind in REMEMBERED_WHEN
        remembered = memory.get(f"{kind}:{request_id}") if answered else None
        shared = self.services.shared_replies  # (several nodes: server.cluster.replies)
        if remembered is None and answered and shared is not None:
            with contextlib.suppress(Exception):  # (NATS away: this node's memory only)
                remembered = await shared.get(self._memory_key(), kind, request_id)
        if remembered is not None:
            self.push(reply(request_id, remembered))
            return
        started = time.perf_counter() if arrived is None else arrived
        try:
            result = await HANDLERS[kind](self, request)
        except ProtocolError as problem:
            problem.request_id = request_id
            metrics.errors.labels(problem.code).inc()
            if problem.close_code is not None:
                await self._fail(problem)
            else:
                self.push(error(problem))
            return
        except Exception as failure:
            problem = ProtocolError(_failure_code(kind, failure), request_id=request_id)
            metrics.errors.labels(problem.code).inc()
            self.push(error(problem))
            return
        if kind == "command":
            metrics.command_seconds.observe(time.perf_counter() - started)
        if result is None:  # the handler replied itself (subscribe)
            return
        if kind in IDEMPOTENT or REMEMBERED_WHEN.get(kind, lambda _: False)(result):
            memory = self._memory()  # (the account may have changed: register, login)
            memory[f"{kind}:{request_id}"] = result
            while len(memory) > REMEMBERED_REPLIES:
                memory.popitem(last=False)
            if shared is not None:
                with contextlib.suppress(Exception):
                    await shared.put(self._memory_key(), kind, request_id, result)
        self.push(reply(request_id, result))

    def _memory_key(self) -> str:
        return self.account.id if self.account else self.key

    def _memory(self) -> OrderedDict[str, dict]:
        key = self._memory_key()
        replies = self.services.replies
        memory = replies.setdefault(key, OrderedDict())
        replies.move_to_end(key)
        while len(replies) > REMEMBERED_ACCOUNTS:
            replies.popitem(last=False)
        return memory

    def _signed_in(self) -> Account:
        if self.account is None:
            raise ProtocolError("not_authenticated")
        return self.account

    # -- playing and watching (server/play_requests.py, server/watching.py) ---------
    async def on_ping(self, request: Ping) -> dict:
        return {"pong": time.time()}


def client_address(admission: Admission, websocket, request=None) -> str:
    """The client's IP address, as the admission rules read it (server.admission)."""
    peer = getattr(websocket, "remote_address", None)
    request = request if request is not None else getattr(websocket, "request", None)
    forwarded = request.headers.get("X-Forwarded-For") if request is not None else None
    return admission.client_address(str(peer[0]) if peer else "unknown", forwarded)


def _close_reason(problem: ProtocolError) -> str:
    """The close frame's reason: at most 123 bytes of UTF-8 (RFC 6455, 5.5)."""
    reason = f"{problem.code}: {problem.message}".encode()[:123]
    return reason.decode(errors="ignore")  # (a cut multi-byte character is dropped)


HANDLERS = {
    "register": ClientConnection.on_register, "login": ClientConnection.on_login,
    "guest": ClientConnection.on_guest, "authenticate": ClientConnection.on_authenticate,
    "logout": ClientConnection.on_logout, "create_match": ClientConnection.on_create_match,
    "list_open": ClientConnection.on_list_open, "list_live": ClientConnection.on_list_live,
    "list_mine": ClientConnection.on_list_mine,
    "join": ClientConnection.on_join,
    "leave": ClientConnection.on_leave, "abort": ClientConnection.on_abort,
    "resign": ClientConnection.on_resign, "command": ClientConnection.on_command,
    "claim_timeout": ClientConnection.on_claim_timeout,
    "seek": ClientConnection.on_seek, "cancel_seek": ClientConnection.on_cancel_seek,
    "rematch": ClientConnection.on_rematch,
    "takeback_offer": ClientConnection.on_takeback_offer,
    "takeback_answer": ClientConnection.on_takeback_answer,
    "odds": ClientConnection.on_odds, "subscribe": ClientConnection.on_subscribe,
    "unsubscribe": ClientConnection.on_unsubscribe,
    "get_view": ClientConnection.on_get_view, "list_replays": ClientConnection.on_list_replays,
    "get_replay": ClientConnection.on_get_replay, "ping": ClientConnection.on_ping,
    "get_summary": ClientConnection.on_get_summary,
    "catalog": ClientConnection.on_catalog, "check_list": ClientConnection.on_check_list,
}
HANDLERS.update({  # ratings (server/ratings/requests.py)
    "get_ratings": ClientConnection.on_get_ratings,
    "rating_history": ClientConnection.on_rating_history,
    "leaderboard": ClientConnection.on_leaderboard,
})
HANDLERS.update({  # chat (server/chat/requests.py)
    "chat_history": ClientConnection.on_chat_history,
    "chat_unfollow": ClientConnection.on_chat_unfollow,
    "chat_send": ClientConnection.on_chat_send,
    "chat_mute": ClientConnection.on_chat_mute,
    "chat_unmute": ClientConnection.on_chat_unmute,
    "chat_report": ClientConnection.on_chat_report,
    "chat_hide": ClientConnection.on_chat_hide,
    "chat_silence": ClientConnection.on_chat_silence,
    "chat_reports": ClientConnection.on_chat_reports,
})
HANDLERS.update(EVENT_HANDLERS)  # hosted events (server/tournaments/requests.py)
# Requests whose repeat (same id, same account) must be answered, not applied again.
# Commands and resignations are also remembered durably by their match actor.
IDEMPOTENT = frozenset({"register", "guest", "create_match", "join", "leave", "abort",
                        "create_event", "register_event", "chat_send"})
# ... and those answered so only when their first reply says so: a seek that paired at
# once (sent again after a lost reply, it answers with that match), not one that waited
# (that seek ended with its connection: sent again, it seeks afresh).
REMEMBERED_WHEN = {"seek": lambda result: result.get("status") == "paired"}
