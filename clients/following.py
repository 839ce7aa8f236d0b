"""A session's matches followed to the node that runs them (docs/cluster.md, "Told where
to go"). With several nodes, a player connected to one node whose match another node
runs is forwarded: each command crosses nodes (a NATS round trip) and each push is
relayed. The owner's subscribe reply (or `match_status`) then names the node's address,
`node_url`; a session that follows opens a second connection there for that match's
subscription and requests, and the match costs one node's CPU.

Forwarding stays the fallback: a node that cannot be reached, or a followed connection
that closes (its node died or stopped), puts the match back on the session's main
connection, resubscribed from the last seq delivered, with the unanswered requests sent
again there under their own ids (the server answers a repeated id with the first
answer, so nothing is applied twice). A match that moves while followed is forwarded by
the node it was followed to until its new owner's `match_status` names the new address.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any
from urllib.parse import urljoin

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from clients.client import ServerError
from protocol.codec import decode_server, encode_request

log = logging.getLogger("warband.session")

# requests about one match that go where its subscription is (the others, lobby and
# account requests, stay on the main connection)
MATCH_TRAFFIC = frozenset({"command", "resign", "claim_timeout", "takeback_offer",
                           "takeback_answer", "odds", "get_view", "unsubscribe"})
FOLLOW_TIMEOUT = 5.0  # seconds to open a followed connection and sign in there
REFOLLOW_AFTER = 10.0  # seconds an address that failed is not followed again
RESUBSCRIBE_TRIES, RESUBSCRIBE_PAUSE = 600, 0.25  # (a lease's ttl many times over)
NOT_RESENT = frozenset({"authenticate", "subscribe", "unsubscribe"})  # (redone instead)


class NodeLink:
    """A connection to the node that runs some of the session's matches. What it
    receives is dispatched as the session's own; it does not reconnect: when it closes,
    its matches go back to the main connection."""

    def __init__(self, session: Following, url: str, websocket: Any) -> None:
        self.session = session
        self.url = url
        self.websocket = websocket
        self.matches: set[str] = set()
        self.sent: set[str] = set()  # ids of requests sent over it
        self.closed = False
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, session: Following, url: str) -> NodeLink:
        async with asyncio.timeout(FOLLOW_TIMEOUT):
            link = cls(session, url, await connect(url, max_size=None))
            try:
                await link.request("authenticate", token=session.token)
            except BaseException:
                await link.close()
                raise
        return link

    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        frame, future = self.session._track(kind, **fields)
        await self.send(frame)
        return await future

    async def send(self, frame: dict) -> None:
        self.sent.add(frame["id"])
        with contextlib.suppress(ConnectionClosed):  # (the session sends it again)
            await self.websocket.send(encode_request(frame))
        if self.closed:  # (lost before it went: what the loss did for the rest, now)
            self.session._missed(frame)

    async def close(self) -> None:
        self.closed = True
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.reader
        with contextlib.suppress(Exception):
            await self.websocket.close()

    async def _read(self) -> None:
        try:
            async for frame in self.websocket:
                self.session._dispatch(decode_server(frame))
        except ConnectionClosed:
            pass
        if not self.closed:
            self.closed = True
            self.session._link_lost(self)


class Following:
    """A mixin of `clients.session.Session` (it uses the session's `_track`,
    `_dispatch`, `request`, `_subscribe` and `_send_main`): where each match's traffic
    goes."""

    follow_matches: bool
    url: str
    token: str | None
    streams: dict
    _unanswered: dict
    _closed: bool

    def _init_following(self, follow: bool) -> None:
        self.follow_matches = follow
        self._links: dict[str, NodeLink] = {}  # url -> its connection
        self._opening: dict[str, asyncio.Future] = {}  # url -> its connection, opening
        self._routes: dict[str, NodeLink] = {}  # match id -> the connection it is on
        self._unreachable: dict[str, float] = {}  # url -> until when it is not followed
        self._moving: set[str] = set()  # matches being followed now
        self._tasks: set[asyncio.Task] = set()
        self.follows = 0  # (matches followed to their node, for tests and benches)

    def followed_url(self, match_id: str) -> str | None:
        """The address of the node the match's traffic goes to (None: the main one)."""
        link = self._routes.get(match_id)
        return None if link is None else link.url

    def _route(self, kind: str, fields: dict) -> NodeLink | None:
        return self._routes.get(fields.get("match_id")) if kind in MATCH_TRAFFIC else None

    def _told_where(self, match_id: str, answer: dict) -> None:
        """A subscribe reply or match_status push: follow its node_url, if any."""
        url = self._node_address(answer.get("node_url"))
        stream = self.streams.get(match_id)
        if not self.follow_matches or not url or stream is None or stream.over is not None:
            return
        if match_id in self._moving or self.followed_url(match_id) == url:
            return
        if url == self.url:  # (it moved to the node of the main connection: back there)
            if match_id in self._routes:
                self._spawn(self._home(stream))
            return
        self._spawn(self._follow(stream, url))

    async def _home(self, stream: Any) -> None:
        """The match now runs on the main connection's node: its traffic goes there."""
        self._moving.add(stream.match_id)
        try:
            with contextlib.suppress(ServerError, ConnectionError):
                await self.request("unsubscribe", match_id=stream.match_id)
            self._unroute(stream.match_id)
            await self._back_to_main([stream], [])
        finally:
            self._moving.discard(stream.match_id)

    def _node_address(self, told: str | None) -> str | None:
        """The address told, resolved against the one this session reached (a node
        may be told as a path on the balancer's address, /node/<name>/ws)."""
        return urljoin(self.url, told) if told else None

    async def _follow(self, stream: Any, url: str, *, subscribed: bool = True) -> bool:
        """Take the match's subscription to `url`. `subscribed`: whether the main
        connection has one now (else the server only told where: `subscribe` with
        `follow`). True once the match is subscribed somewhere (at `url`, or back on
        the main connection); False if nothing was done (the address is unreachable)."""
        loop = asyncio.get_running_loop()
        if self._unreachable.get(url, 0.0) > loop.time() or self._closed:
            return False
        self._moving.add(stream.match_id)
        try:
            link = self._links.get(url)
            if link is None or link.closed:
                try:
                    link = await self._open_link(url)
                except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ServerError,
                        ConnectionError) as failed:
                    log.info("cannot follow match %s to %s (%s): forwarded", stream.match_id,
                             url, failed)
                    self._unreachable[url] = loop.time() + REFOLLOW_AFTER
                    return False
            # Stop the pushes where they come now, then subscribe from the last seq
            # delivered: the pushes before the unsubscribe's reply were taken first.
            if subscribed:
                with contextlib.suppress(ServerError):
                    await self.request("unsubscribe", match_id=stream.match_id)
            self._unroute(stream.match_id)
            self._routes[stream.match_id] = link
            link.matches.add(stream.match_id)
            try:
                reply = await link.request("subscribe", match_id=stream.match_id,
                                           after_seq=stream.seq, spectate=stream.spectate,
                                           views=stream.views)
                self.follows += 1
                if not stream.players:  # (told only where: the names come from there)
                    stream.players = dict(reply.get("players") or {})
            except (ServerError, ConnectionError) as refused:
                if link.closed:
                    return True  # (_link_lost puts it back on the main connection)
                log.info("match %s not followed to %s (%s): forwarded", stream.match_id,
                         url, refused)
                self._unreachable[url] = loop.time() + REFOLLOW_AFTER
                self._unroute(stream.match_id)
                await self._back_to_main([stream], [])
            return True
        finally:
            self._moving.discard(stream.match_id)

    async def _open_link(self, url: str) -> NodeLink:
        """The connection to `url`, opened once however many matches are told of it
        while it opens (each opening its own, all but the last were lost track of)."""
        opening = self._opening.get(url)
        if opening is None:
            opening = self._opening[url] = asyncio.ensure_future(NodeLink.open(self, url))
            opening.add_done_callback(lambda _: self._opening.pop(url, None))
        link = await asyncio.shield(opening)  # (one follower cancelled: not the others)
        self._links[url] = link
        return link

    def _unroute(self, match_id: str) -> None:
        """The match's traffic goes back to the main connection (a link left with no
        match is closed)."""
        link = self._routes.pop(match_id, None)
        if link is not None:
            link.matches.discard(match_id)
            if not link.matches and not link.closed:
                self._links.pop(link.url, None)
                self._spawn(self._retire(link))

    async def _retire(self, link: NodeLink) -> None:
        """Close a link no match uses; what it had not answered goes on the main one."""
        await link.close()
        for frame in self._unanswered_on(link):
            await self._send_main(frame)

    def _unanswered_on(self, link: NodeLink) -> list[dict]:
        return [frame for request_id, (frame, _) in self._unanswered.items()
                if request_id in link.sent and frame["type"] not in NOT_RESENT]

    def _on_a_link(self, request_id: str) -> bool:
        """Whether the request went over a live link (the main connection's reconnect
        does not send it again)."""
        return any(request_id in link.sent for link in self._links.values())

    def _answered(self, request_id: str) -> None:
        for link in self._links.values():
            link.sent.discard(request_id)

    def _missed(self, frame: dict) -> None:
        """A request sent over a link already lost: sent again on the main connection,
        or, if it is not sent again (a subscription there), failed."""
        waiting = self._unanswered.get(frame["id"])
        if waiting is None or waiting[1].done():
            return
        if frame["type"] in NOT_RESENT:
            waiting[1].set_exception(ConnectionError("the followed connection closed"))
        else:
            self._spawn(self._send_main(frame))

    def _link_lost(self, link: NodeLink) -> None:
        """A followed node's connection closed: its matches are forwarded again."""
        if self._links.get(link.url) is link:
            del self._links[link.url]
        if self._closed:
            return
        self._unreachable[link.url] = asyncio.get_running_loop().time() + REFOLLOW_AFTER
        streams = [self.streams[m] for m in link.matches if m in self.streams]
        for match_id in list(link.matches):
            self._routes.pop(match_id, None)
        again = self._unanswered_on(link)
        # what is not sent again (its sign-in, a subscription there) fails now: a
        # follow waiting for its subscription's answer gives up (it waited for ever)
        for request_id, (frame, future) in list(self._unanswered.items()):
            if request_id in link.sent and frame["type"] in NOT_RESENT and not future.done():
                future.set_exception(ConnectionError(f"the connection to {link.url} closed"))
        log.info("connection to %s lost: %d matches forwarded again", link.url, len(streams))
        self._spawn(self._back_to_main(streams, again))

    async def _back_to_main(self, streams: list, again: list[dict]) -> None:
        """Resubscribe on the main connection (tried again while the answer is
        retryable: a match whose node stopped is `match_moved` until another node
        takes it), then send again what was unanswered, under the same ids."""
        for stream in streams:
            for _ in range(RESUBSCRIBE_TRIES):
                if stream.over is not None or self._closed:
                    break
                try:
                    reply = await self._subscribe(stream)
                    if not stream.players:  # (a follow told only where had no names)
                        stream.players = dict(reply.get("players") or {})
                    # (told of another node now, the match's new one: followed there)
                    self._told_where(stream.match_id, reply)
                    break
                except ServerError as refused:
                    if not refused.retryable:
                        break
                except ConnectionError:
                    break  # (the session is closing: it fails its streams itself)
                await asyncio.sleep(RESUBSCRIBE_PAUSE)
        for frame in again:
            await self._send_main(frame)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _close_links(self) -> None:
        for task in list(self._tasks) + list(self._opening.values()):
            task.cancel()
        for link in list(self._links.values()):
            await link.close()
        self._links.clear()
        self._routes.clear()
