"""A session with a warband server that survives dropped connections.

    session = await Session.open("ws://127.0.0.1:8000/ws")
    await session.guest("Ann")
    match = await session.create_match("sbh", scenario="all_out_battle")
    stream = await session.watch(match["match_id"])
    while True:
        push = await stream.next()          # events, prompts, views, match_over
        ...
        ack = await session.command(stream.match_id, "activate", {"figure": "a1", "dice": 2},
                                    at_seq=stream.seq)

When the connection drops, the session reconnects (with backoff), signs in again
with its token, resubscribes every stream from the last seq it delivered, and
sends again every request that had no answer, with its original id: the server
answers a repeat with the first answer, so nothing is applied twice and the
caller only sees a delay. A seek (quick pairing, clients/seeking.py) is the
exception: the server ends it with the connection, so its wait ends saying so. The
wire protocol is docs/protocol.md; `Client` (clients/client.py) is the plain
one-connection client underneath.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clients.client import ServerError
from clients.following import Following
from clients.seeking import DROPPED, SIGNED_AGAIN, SIGNED_OUT, SeekEnded, Seeking
from protocol.codec import decode_server, encode_request

log = logging.getLogger("warband.session")

RETRY_DELAYS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0)  # then every 2 s, until `give_up_after`


class SessionClosed(ConnectionError):
    """The session was closed, or could not reconnect in time."""


@dataclass
class MatchStream:
    """Everything the server pushes about one match, in seq order, once each."""

    match_id: str
    spectate: bool = False
    views: bool = False
    seq: int = 0  # the last event seq delivered (or the snapshot's)
    seat: str | None = None
    players: dict = field(default_factory=dict)  # seat -> display name, once seated
    prompt: dict | None = None  # the newest prompt push
    view: dict | None = None  # the newest view (or snapshot) push
    over: dict | None = None  # the match_over push, once the match has ended
    pushes: asyncio.Queue = field(default_factory=asyncio.Queue)

    async def next(self, *kinds: str, timeout: float | None = None) -> dict[str, Any]:
        """The next push for this match (of one of `kinds`, if given)."""
        async with asyncio.timeout(timeout):
            while True:
                push = await self.pushes.get()
                if isinstance(push, BaseException):
                    self.pushes.put_nowait(push)  # every later caller learns it too
                    raise push
                if not kinds or push["type"] in kinds:
                    return push

    def arrived(self, *kinds: str) -> list[dict[str, Any]]:
        """The pushes already here (of one of `kinds`, if given), without waiting; the
        others among them are dropped, as `next` drops them."""
        taken = []
        while not self.pushes.empty():
            push = self.pushes.get_nowait()
            if isinstance(push, BaseException):
                self.pushes.put_nowait(push)
                raise push
            if not kinds or push["type"] in kinds:
                taken.append(push)
        return taken

    def _take(self, push: dict[str, Any]) -> None:
        kind = push["type"]
        if kind == "event":
            if push["seq"] <= self.seq:
                return  # already delivered before a reconnect
            self.seq = push["seq"]
        elif kind == "snapshot":
            self.seq, self.view = push["seq"], push
        elif kind == "prompt":
            self.prompt = push
        elif kind == "view":
            self.view = push
        elif kind == "match_over":
            self.over = push
        elif kind == "match_status" and push.get("players"):
            self.players = dict(push["players"])
        self.pushes.put_nowait(push)


class Session(Following, Seeking):
    """`follow_matches`: with several nodes, take a match's subscription and requests
    to the node that runs it when the server names it (clients/following.py); off,
    they are forwarded by the node this session is connected to. Quick pairing's
    `seek`, `cancel_seek` and `seek_paired`: clients/seeking.py."""

    def __init__(self, url: str, *, give_up_after: float = 60.0,
                 follow_matches: bool = False) -> None:
        self.url = url
        self.give_up_after = give_up_after
        self.token: str | None = None
        self.account: dict | None = None
        self.streams: dict[str, MatchStream] = {}
        self._prefix = secrets.token_hex(4)
        self._ids = itertools.count(1)
        self._unanswered: dict[str, tuple[dict, asyncio.Future]] = {}
        self._websocket = None
        self._connected = asyncio.Event()
        self._closed = False
        self._runner: asyncio.Task | None = None
        self.reconnects = 0
        self._init_following(follow_matches)
        self._init_seeking()

    @classmethod
    async def open(cls, url: str, *, token: str | None = None, **options: Any) -> Session:
        session = cls(url, **options)
        session.token = token
        await session._connect()
        session._connected.set()
        session._runner = asyncio.create_task(session._run())
        if token is not None:
            session.account = await session.request("authenticate", token=token)
        return session

    async def close(self) -> None:
        self._closed = True
        await self._close_links()
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
        if self._websocket is not None:
            await self._websocket.close()
        self._fail_everything(SessionClosed("the session was closed"))

    @property
    def online(self) -> bool:
        """Connected now (False while it reconnects, and once closed)."""
        return self._connected.is_set() and not self._closed

    async def __aenter__(self) -> Session:
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    # -- requests -------------------------------------------------------------------
    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send one request and return its result; ServerError if refused. Sent
        again with the same id after a reconnect until it is answered."""
        if self._closed:
            raise SessionClosed("the session was closed")
        frame, future = self._track(kind, **fields)
        link = self._route(kind, fields)
        if link is not None:  # (a match followed to its node: clients/following.py)
            await link.send(frame)
        else:
            await self._send_main(frame)
        return await future

    async def _send_main(self, frame: dict) -> None:
        if self._connected.is_set():
            with contextlib.suppress(ConnectionClosed):  # (the reconnect sends it)
                await self._websocket.send(encode_request(frame))

    async def guest(self, name: str) -> dict:
        return self._signed_in(await self.request("guest", name=name))

    async def register(self, username: str, password: str) -> dict:
        return self._signed_in(await self.request("register", username=username,
                                                  password=password))

    async def login(self, username: str, password: str) -> dict:
        return self._signed_in(await self.request("login", username=username,
                                                  password=password))

    async def logout(self) -> None:
        await self.request("logout")
        self.token, self.account = None, None
        self.streams.clear()
        self._end_seeks(SeekEnded(SIGNED_OUT))

    async def list_open(self, system: str | None = None,
                        invite_code: str | None = None) -> list[dict]:
        """Open public matches; with `invite_code`, that code's open match only."""
        fields = {"invite_code": invite_code} if invite_code else {}
        return (await self.request("list_open", system=system, **fields))["matches"]

    async def list_live(self, system: str | None = None) -> list[dict]:
        """Matches being played (to spectate)."""
        return (await self.request("list_live", system=system))["matches"]

    async def create_match(self, system: str, **settings: Any) -> dict:
        return await self.request("create_match", system=system, **settings)

    async def join(self, match_id: str | None = None, *, invite_code: str | None = None,
                   seat: str | None = None, warband=None) -> dict:
        """`warband`: your own, where the system's warbands are part of the setup."""
        fields = {"warband": warband} if warband is not None else {}
        return await self.request("join", match_id=match_id, invite_code=invite_code,
                                  seat=seat, **fields)

    async def leave(self, match_id: str) -> dict:
        return await self.request("leave", match_id=match_id)

    async def resign(self, match_id: str) -> dict:
        return await self.request("resign", match_id=match_id)

    async def claim_timeout(self, match_id: str) -> dict:
        """The win on time, once the opponent's clock is at zero (a match without auto)."""
        return await self.request("claim_timeout", match_id=match_id)

    async def takeback_offer(self, match_id: str, to_seq: int | None = None) -> dict:
        """Ask the opponent to take play back to `to_seq` (None: your last move)."""
        return await self.request("takeback_offer", match_id=match_id, to_seq=to_seq)

    async def takeback_answer(self, match_id: str, accept: bool) -> dict:
        """Accept (it is applied) or decline the opponent's takeback request."""
        return await self.request("takeback_answer", match_id=match_id, accept=accept)

    async def command(self, match_id: str, command: str, args: dict | None = None, *,
                      at_seq: int | None = None) -> dict:
        """{"first_seq", "last_seq"} of the events it caused, once they are durable."""
        return await self.request("command", match_id=match_id, command=command,
                                  args=args or {}, at_seq=at_seq)

    async def odds(self, match_id: str, command: str, args: dict | None = None) -> dict:
        """Exact outcome probabilities of an attack before making it (no_odds for
        anything else): {"total", "outcomes": [{loser, result, ways, probability}],
        "modifiers"}."""
        return await self.request("odds", match_id=match_id, command=command,
                                  args=args or {})

    async def catalog(self, system: str = "sbh", options: dict | None = None) -> dict:
        """What lists are built from, priced by the server: {"rosters", "profiles",
        "presets" (each with its "problems" under `options`), "points_limit"}."""
        return await self.request("catalog", system=system, options=options or {})

    async def check_list(self, warband: dict, options: dict | None = None, *,
                         system: str = "sbh") -> dict:
        """A list priced and judged as submit_list would judge it: {"valid", "total",
        "personality_points", "models", "problems"}; nothing changes."""
        return await self.request("check_list", system=system, list=warband,
                                  options=options or {})

    async def watch(self, match_id: str, *, spectate: bool = False,
                    views: bool = False) -> MatchStream:
        """Subscribe (from the start) and return the match's stream of pushes."""
        stream = MatchStream(match_id, spectate, views)
        self.streams[match_id] = stream
        # (only this first subscribe asks to be told where instead: a resubscription,
        # after a reconnect or a failed follow, is forwarded and then told node_url)
        reply = await self._subscribe(stream, follow=self.follow_matches)
        stream.seat = reply.get("seat")
        stream.players = dict(reply.get("players") or {})
        if reply.get("subscribed") is False:  # (told where, nothing subscribed yet)
            url = self._node_address(reply.get("node_url"))
            if not url or not await self._follow(stream, url, subscribed=False):
                reply = await self._subscribe(stream)  # (forwarded after all)
                stream.players = dict(reply.get("players") or {})
                self._told_where(match_id, reply)
        elif reply.get("node_url") and self.follow_matches:  # (another node runs it)
            await self._follow(stream, self._node_address(reply["node_url"]))
        return stream

    async def get_view(self, match_id: str, *, at_seq: int | None = None) -> dict:
        """The view now; of a finished match, also the view after event `at_seq`
        (a replay viewer's step)."""
        return await self.request("get_view", match_id=match_id, at_seq=at_seq)

    async def list_replays(self, **filters: Any) -> list[dict]:
        return (await self.request("list_replays", **filters))["replays"]

    async def get_replay(self, match_id: str) -> dict:
        """The finished match's replay document (see server/replays.py)."""
        return await self.request("get_replay", match_id=match_id)

    def _signed_in(self, session: dict) -> dict:
        self.token, self.account = session["token"], session
        self._end_seeks(SeekEnded(SIGNED_AGAIN))  # (a seek is its signed-in identity's)
        return session

    async def _subscribe(self, stream: MatchStream, *, follow: bool = False) -> dict:
        extra = {"follow": True} if follow else {}  # (sent only when asked)
        return await self.request("subscribe", match_id=stream.match_id, after_seq=stream.seq,
                                  spectate=stream.spectate, views=stream.views, **extra)

    # -- the connection ---------------------------------------------------------------
    async def _connect(self) -> None:
        self._websocket = await connect(self.url, max_size=None)

    async def _run(self) -> None:
        while not self._closed:
            try:
                async for frame in self._websocket:
                    self._dispatch(decode_server(frame))
            except ConnectionClosed:
                pass
            if self._closed:
                return
            self._connected.clear()
            self._end_seeks(SeekEnded(DROPPED))  # (the server dropped them with it)
            try:
                await self._reconnect()
            except SessionClosed as gave_up:
                self._fail_everything(gave_up)
                return

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind in ("reply", "error"):
            waiting = self._unanswered.get(message.get("id"))
            if waiting is not None and not waiting[1].done():
                if kind == "reply":
                    if waiting[0]["type"] == "seek":
                        self._seek_replied(message["result"])
                    waiting[1].set_result(message["result"])
                else:
                    waiting[1].set_exception(ServerError(message))
            return
        if kind == "seek_paired":  # (a push of no match stream)
            self._seek_push(message)
            return
        stream = self.streams.get(message.get("match_id"))
        if stream is not None:
            stream._take(message)
            if kind == "match_over":
                self._unroute(stream.match_id)
            elif kind == "match_status" and message.get("node_url"):
                self._told_where(stream.match_id, message)  # (it started or moved there)

    async def _reconnect(self) -> None:
        """Connect again, sign in, resume every stream, resend what was unanswered."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.give_up_after
        for attempt in itertools.count():
            await asyncio.sleep(RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)])
            try:
                await self._connect()
                break
            except OSError as refused:
                if loop.time() > deadline:
                    raise SessionClosed(f"could not reconnect to {self.url}: {refused}") \
                        from None
        self.reconnects += 1
        log.info("reconnected to %s (%d)", self.url, self.reconnects)
        # The server handles one connection's requests in order: sign in first,
        # resume the streams from their last seq, then send again every request
        # still unanswered, with its original id.
        resumed = []
        if self.token is not None:
            resumed.append(self._track("authenticate", token=self.token))
            for stream in self.streams.values():
                if stream.over is None and stream.match_id not in self._routes:
                    resumed.append(self._track(
                        "subscribe", match_id=stream.match_id, after_seq=stream.seq,
                        spectate=stream.spectate, views=stream.views))
        for frame, _ in resumed:
            with contextlib.suppress(ConnectionClosed):
                await self._websocket.send(encode_request(frame))
        resent = {frame["id"] for frame, _ in resumed}
        # (no await between these two lines: a request made from now on sends itself)
        self._connected.set()
        again = [frame for frame, _ in self._unanswered.values()
                 if frame["id"] not in resent and not self._on_a_link(frame["id"])]
        for frame in again:
            with contextlib.suppress(ConnectionClosed):
                await self._websocket.send(encode_request(frame))
        for _, future in resumed:
            future.add_done_callback(self._check_resumed)

    def _track(self, kind: str, **fields: Any) -> tuple[dict, asyncio.Future]:
        """A request whose answer the reader will deliver to the returned future."""
        request_id = f"{self._prefix}-{next(self._ids)}"
        frame = {"type": kind, "id": request_id, **fields}
        future = asyncio.get_running_loop().create_future()
        self._unanswered[request_id] = (frame, future)
        future.add_done_callback(lambda _: self._forget_request(request_id))
        return frame, future

    def _forget_request(self, request_id: str) -> None:
        self._unanswered.pop(request_id, None)
        self._answered(request_id)  # (clients/following.py)

    def _check_resumed(self, future: asyncio.Future) -> None:
        if future.cancelled() or future.exception() is None:
            return
        self._fail_everything(SessionClosed(f"could not resume the session: "
                                            f"{future.exception()}"))

    def _fail_everything(self, error: BaseException) -> None:
        for _, future in self._unanswered.values():
            if not future.done():
                future.set_exception(error)
        for stream in self.streams.values():
            stream.pushes.put_nowait(error)
        self._end_seeks(error)
