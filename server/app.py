"""The server process: the protocol over websockets at /ws, GET /healthz,
Prometheus text at GET /metrics, and the static web client at / (from
`static_dir`, when it exists)."""

from __future__ import annotations

import asyncio
import contextlib
import http
import logging
import mimetypes
import signal
import time
from collections.abc import Awaitable
from dataclasses import dataclass
from pathlib import Path

import nats
from websockets.asyncio.server import Server, serve
from websockets.datastructures import Headers
from websockets.http11 import Response

from protocol.codec import MAX_FRAME_BYTES
from server import gc_tuning
from server.admission import HANDSHAKE_BURST, HANDSHAKES_PER_SECOND, PER_ADDRESS, Admission
from server.chat.limits import ChatSettings
from server.cluster import presence
from server.cluster.forwarding import Forwarder
from server.cluster.presence import Presence
from server.cluster.replies import SharedReplies
from server.cluster.serving import space_of
from server.cluster.shared_limits import SharedAdmission, SharedLoginGuard, SharedWriteRate
from server.cluster.shared_seeks import SharedSeekPool
from server.compression import websocket_compression
from server.gateway import ClientConnection, client_address
from server.matches.hub import Hub
from server.matches.rules_host import InlineHost
from server.matches.rules_pool import RulesPool
from server.metrics import Metrics
from server.rules.registry import warm_systems
from server.services import Services
from server.store.engine import CANNOT_OPEN, cannot_open
from server.store.store import Store
from server.websocket import WarbandConnection

log = logging.getLogger("warband")
STATIC_DIR = Path(__file__).resolve().parent.parent / "clients" / "web" / "dist"


class StartupError(Exception):
    """The server cannot start: why, in one line for the person starting it."""


@dataclass
class ServerOptions:
    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = "sqlite+aiosqlite:///./warband.db"
    static_dir: Path = STATIC_DIR
    snapshot_every: int = 500
    rate: float = 50.0
    burst: float = 100.0
    compression: str = "none"  # see server.compression
    rules_workers: int = 0  # 0: the rules run in the event loop; N: in N worker processes
    # server.admission: connections open at once and handshakes a second from one address,
    # and the reverse proxies whose X-Forwarded-For names the client
    per_address: int = PER_ADDRESS
    handshake_rate: float = HANDSHAKES_PER_SECOND
    handshake_burst: float = HANDSHAKE_BURST
    trusted_proxies: frozenset[str] = frozenset()
    node_id: str | None = None  # several nodes (docs/cluster.md); None: one process
    nats_url: str = "nats://127.0.0.1:4222"
    lease_ttl: float = 10.0
    # several nodes: the Redis they share for quick pairing and the limits per address
    # and account (server.cluster.shared_*); None: those stay per node. The prefix of
    # its keys lets clusters (or test runs) share one Redis.
    redis_url: str | None = None
    cluster: str | None = None  # the cluster's name on NATS (None: from the database's)
    # the websocket URL clients can reach this node by, or a path on the address they
    # reached (behind a balancer, one that leads to this node alone, e.g.
    # /node/north/ws): told to players of its matches relayed from other nodes, so
    # their commands need not cross nodes
    advertise_url: str | None = None
    redis_prefix: str = "warband"
    chat: ChatSettings = ChatSettings()  # server.chat: limits, guests writing, the filter
    event_tick: float = 1.0  # seconds between the event director's passes (server.tournaments)
    stop_step: float = 10.0  # seconds each step of a stop may take before it is cut


def _response(status: http.HTTPStatus, body: bytes, content_type: str) -> Response:
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))),
                       ("Cache-Control", "no-cache")])
    return Response(status.value, status.phrase, headers, body)


class WarbandServer:
    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.metrics = Metrics()
        self.store: Store | None = None
        self.hub: Hub | None = None
        self.services: Services | None = None
        self.server: Server | None = None
        self.nats = None  # (several nodes: the NATS client)
        self.redis = None  # (several nodes sharing a Redis: its client)
        self.presence: Presence | None = None
        self.clients: dict[ClientConnection, asyncio.Task] = {}  # connections being served
        o = options
        self.admission = Admission(per_address=o.per_address, rate=o.handshake_rate,
                                   burst=o.handshake_burst, trusted_proxies=o.trusted_proxies)

    @property
    def port(self) -> int:
        return self.server.sockets[0].getsockname()[1]

    @property
    def url(self) -> str:
        """The websocket address clients connect to."""
        return f"ws://{self.options.host}:{self.port}/ws"

    async def start(self) -> None:
        """Open the store, resume the matches and listen; StartupError (one line) if the
        database cannot be opened or the address cannot be listened on."""
        o = self.options
        self.metrics.watch_gc()
        try:
            self.store = await Store.open(o.database_url)
        except CANNOT_OPEN as failure:
            raise StartupError(cannot_open(o.database_url, failure)) from failure
        rules_host = RulesPool(o.rules_workers) if o.rules_workers > 0 else InlineHost()
        self.hub = Hub(self.store, self.metrics, snapshot_every=o.snapshot_every,
                       rules_host=rules_host)
        if o.node_id is not None:
            await self._join_cluster()
        await self.hub.start()
        self.services = Services(self.store, self.hub, self.metrics, rate=o.rate,
                                 burst=o.burst, admission=self.admission, chat=o.chat,
                                 event_tick=o.event_tick)
        self.services.director.start()  # (resumes running events from the store)
        if self.nats is not None:  # (a repeated request id answered alike on every node)
            space = space_of(o.cluster, o.database_url)
            self.services.shared_replies = await SharedReplies.open(self.nats, space)
            # (chat reaches the other nodes' followers too)
            await self.services.chat.join_cluster(self.nats, o.node_id, space)
        if self.redis is not None:
            await self._share_limits_and_seeks()
        # websockets refuses frames over 4x the protocol limit outright (close 1009);
        # between 1x and 4x the gateway answers frame_too_large before closing.
        try:
            self.server = await serve(self._connection, o.host, o.port,
                                      process_request=self._http, max_size=4 * MAX_FRAME_BYTES,
                                      max_queue=64, create_connection=WarbandConnection,
                                      **websocket_compression(o.compression))
        except OSError as failure:  # (the port is taken, or the address is not this host's)
            raise StartupError(f"cannot listen on {o.host}:{o.port}: "
                               f"{failure.strerror or failure}") from failure

    async def _join_cluster(self) -> None:
        """Own matches through leases and reach the other nodes' through NATS."""
        o = self.options
        try:
            self.nats = await nats.connect(o.nats_url, connect_timeout=2,
                                           max_reconnect_attempts=-1, allow_reconnect=True)
        except Exception as failure:
            raise StartupError(f"cannot reach NATS at {o.nats_url}: {failure}") from failure
        self.hub.own_matches(o.node_id, o.lease_ttl)
        self.hub.node_url = o.advertise_url
        if o.redis_url is not None:
            try:
                self.redis = await presence.connect(o.redis_url)
            except ConnectionError as failure:
                raise StartupError(f"cannot reach Redis at {o.redis_url}: {failure}") from None
            self.presence = Presence(self.redis, o.redis_prefix, o.node_id, o.lease_ttl)
            await self.presence.start()
        self.hub.forwarder = Forwarder(self.nats, o.node_id, self.hub, self.store,
                                       space_of(o.cluster, o.database_url))
        await self.hub.forwarder.start()
        self.metrics.node.info({"node": o.node_id})

    async def _share_limits_and_seeks(self) -> None:
        """Quick pairing, connections and failed logins per address and chat messages per
        account counted with the other nodes, in Redis (docs/cluster.md, "Shared in Redis")."""
        o, services = self.options, self.services
        self.admission = services.admission = SharedAdmission(
            self.redis, self.presence, per_address=o.per_address, rate=o.handshake_rate,
            burst=o.handshake_burst, trusted_proxies=o.trusted_proxies)
        await self.admission.start()
        services.accounts.guard = SharedLoginGuard(self.redis, o.redis_prefix)
        services.chat.rate = SharedWriteRate(self.redis, o.redis_prefix, o.chat)
        services.seeks = SharedSeekPool(services.lobby, self.hub.ratings, redis=self.redis,
                                        nats=self.nats, presence=self.presence,
                                        space=space_of(o.cluster, o.database_url))
        await services.seeks.start()

    async def stop(self) -> None:
        """Stop listening; then, one node of several (a rolling restart), hand the
        matches over before telling the clients to reconnect (1012: elsewhere, at once);
        one node alone closes them first (1001: going away). Every step is bounded
        (`stop_step` seconds; the matches' three): one stuck on a service that is gone
        or a peer that does not answer is cut and the stop goes on, so a rolling
        restart never waits for ever. What was acknowledged is stored before it was
        acknowledged, so a cut step loses nothing a client was told was done."""
        cluster = self.options.node_id is not None
        step = self.options.stop_step
        if self.hub is not None:  # (from the first moment: no match is taken up again)
            self.hub.stopping = True
        if self.server is not None:
            self.server.close(close_connections=not cluster)
            if not cluster:
                await self._handlers_returned()
        if self.services is not None:
            await self._step("the event director", self.services.director.stop())
            await self._step("quick pairing", self.services.seeks.close())
            await self._step("the chat", self.services.chat.close())
        if self.hub is not None:  # (what was acknowledged is stored; leases released)
            await self._step("the matches", self.hub.stop(), 3 * step)
        if self.hub is not None and self.hub.forwarder is not None:
            await self._step("forwarding", self.hub.forwarder.stop())
        if cluster and self.server is not None:  # (all at once: each may wait for its
            await self._step("telling clients to reconnect", asyncio.gather(*(  # handshake)
                connection.close(1012, "service restart: reconnect")
                for connection in list(self.server.connections)), return_exceptions=True))
            await self._handlers_returned()
        if self.presence is not None:  # (what this node counted stops counting)
            await self._step("presence", self.presence.stop())
        if self.redis is not None:
            await self._step("Redis", self.redis.aclose())
        if self.nats is not None:
            await self._step("NATS", self.nats.close())
        if self.store is not None:
            await self._step("the store", self.store.close())
        self.metrics.unwatch_gc()

    async def _step(self, what: str, work: Awaitable, seconds: float | None = None) -> bool:
        """One step of a stop, cut after `seconds` (default `stop_step`); False if it
        was cut or failed (logged: the stop goes on)."""
        seconds = self.options.stop_step if seconds is None else seconds
        began = time.monotonic()
        try:
            async with asyncio.timeout(seconds):
                await work
            if time.monotonic() - began > seconds / 2:  # (slow, though not cut: say so)
                log.warning("stopping: %s took %.1f s", what, time.monotonic() - began)
            return True
        except TimeoutError:
            log.warning("stopping: %s took over %.1f s and was cut short", what, seconds)
        except Exception:
            log.warning("stopping: %s failed", what, exc_info=True)
        return False

    async def _handlers_returned(self) -> None:
        """Every connection's handler has returned (its connection was told to close):
        waited for a step; then the requests still under way are cut and their sockets
        dropped (a request cut was never answered, so never acknowledged: its client
        sends it again, with its request id, wherever it reconnects), and the handlers
        waited for one more step; then cancelled."""
        if await self._step("closing connections", self.server.wait_closed()):
            return
        log.warning("stopping: %d connections still busy; their requests are cut",
                    len(self.clients))
        for client in list(self.clients):
            client.abandon()
        if await self._step("cutting requests", self.server.wait_closed()):
            return
        for task in list(self.clients.values()):
            task.cancel()
        await self._step("cancelling connections", self.server.wait_closed())

    async def _connection(self, websocket) -> None:
        client = ClientConnection(self.services, websocket)
        self.clients[client] = asyncio.current_task()  # (a stop may have to cut it)
        try:
            await client.serve()
        finally:
            self.clients.pop(client, None)

    async def _http(self, connection, request):
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            refused = await self.admission.check(client_address(self.admission, connection,
                                                                request))
            if refused is not None:
                self.metrics.errors.labels("too_many_connections").inc()
                return _response(http.HTTPStatus.TOO_MANY_REQUESTS, refused.encode() + b"\n",
                                 "text/plain; charset=utf-8")
            return None
        if path == "/healthz":
            return _response(http.HTTPStatus.OK, b"ok\n", "text/plain; charset=utf-8")
        if path == "/metrics":
            return _response(http.HTTPStatus.OK, self.metrics.render(),
                             "text/plain; version=0.0.4; charset=utf-8")
        return self._static(path)

    def _static(self, path: str) -> Response:
        root = self.options.static_dir.resolve()
        relative = path.lstrip("/") or "index.html"
        target = (root / relative).resolve()
        if root not in target.parents or not target.is_file():
            return _response(http.HTTPStatus.NOT_FOUND, b"not found\n",
                             "text/plain; charset=utf-8")
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        return _response(http.HTTPStatus.OK, target.read_bytes(), kind)


async def run(options: ServerOptions, ready: asyncio.Event | None = None) -> None:
    loop = asyncio.get_running_loop()
    stop = loop.create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.cancel)
        except (NotImplementedError, RuntimeError):
            pass
    with contextlib.suppress(NotImplementedError, RuntimeError, AttributeError):
        # `kill -USR1`: what the garbage collector tracks, to the log (gc_tuning.report)
        loop.add_signal_handler(signal.SIGUSR1, lambda: log.warning(gc_tuning.report()))
    server = WarbandServer(options)
    try:
        await server.start()
    except BaseException:
        await server.stop()  # (what did start: the store, the resumed matches)
        raise
    if options.rules_workers == 0:  # (else the workers hold the rules' tables)
        server.hub.build_tables(warm_systems)  # (after the warmer, if it runs)
    gc_tuning.tune()  # (what start-up built, resumed matches included, is frozen)
    print(f"warband listening on http://{options.host}:{server.port} "
          f"(database {options.database_url}, compression {options.compression}, "
          f"rules workers {options.rules_workers})", flush=True)
    if ready is not None:
        ready.set()
    try:
        await stop
    except asyncio.CancelledError:
        pass
    finally:
        await server.stop()
