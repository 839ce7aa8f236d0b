"""Floods, each bounded (issue 29, "Floods"): connections from one address (at once,
and in quick succession), the address behind a trusted reverse proxy, idle
connections' memory, and fragmented or oversized frames. A subscriber that never
reads is cut off at 8 MiB (tests/server/test_errors.py, slow_consumer) and login
guessing is locked out (tests/server/test_accounts.py)."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from clients.client import Client
from protocol.codec import encode_request
from server.admission import Admission, parse_proxies
from server.app import ServerOptions, WarbandServer
from tests.server.test_restart import ServerProcess


async def started(tmp_path, **options) -> WarbandServer:
    server = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                         f"{tmp_path / 'floods.db'}", **options))
    await server.start()
    return server


async def refused_status(url: str, **connect_options) -> int | None:
    """The HTTP status a handshake is refused with (None: it was accepted)."""
    try:
        websocket = await connect(url, **connect_options)
    except InvalidStatus as refused:
        return refused.response.status_code
    await websocket.close()
    return None


async def test_connections_open_at_once_from_one_address_are_bounded(tmp_path):
    server = await started(tmp_path, per_address=10, handshake_rate=1000, handshake_burst=1000)
    held = []
    try:
        held = [await connect(server.url) for _ in range(10)]
        assert await refused_status(server.url) == 429
        other = await connect(server.url, local_addr=("127.0.0.2", 0))  # another address
        await other.send(encode_request({"type": "ping", "id": 1}))
        assert b"pong" in await other.recv()
        await other.close()
        await held.pop().close()
        await asyncio.sleep(0.05)
        held.append(await connect(server.url))  # a freed place is taken again
        assert server.admission.open == {"127.0.0.1": 10}
    finally:
        for websocket in held:
            await websocket.close()
        await server.stop()
    assert server.admission.open == {}, "every closed connection was counted out"


async def test_a_burst_of_handshakes_at_once_opens_no_more_than_the_limit(tmp_path):
    """Handshakes that all pass the check before any connection is counted are held to
    the limit when they open: refused with too_many_connections (close 1008)."""
    server = await started(tmp_path, per_address=10, handshake_rate=1000, handshake_burst=1000)
    outcomes = await asyncio.gather(*(connect(server.url) for _ in range(40)),
                                    return_exceptions=True)
    opened = [w for w in outcomes if not isinstance(w, BaseException)]
    try:
        await asyncio.sleep(0.2)
        alive = []
        for websocket in opened:
            try:
                await websocket.send(encode_request({"type": "ping", "id": 1}))
                reply = await asyncio.wait_for(websocket.recv(), 5)
                alive.append(b"pong" in reply)
            except ConnectionClosed:
                assert websocket.close_code == 1008
                assert websocket.close_reason.startswith("too_many_connections")
        assert alive.count(True) == 10
        assert all(isinstance(o, InvalidStatus) and o.response.status_code == 429
                   for o in outcomes if isinstance(o, BaseException))
    finally:
        for websocket in opened:
            await websocket.close()
        await server.stop()


async def test_new_connections_from_one_address_are_rate_limited(tmp_path):
    server = await started(tmp_path, handshake_rate=1, handshake_burst=5)
    try:
        statuses = [await refused_status(server.url) for _ in range(7)]
        assert statuses == [None] * 5 + [429, 429]
        assert await refused_status(server.url, local_addr=("127.0.0.3", 0)) is None
        await asyncio.sleep(1.1)
        assert await refused_status(server.url) is None, "the bucket refills"
    finally:
        await server.stop()


async def test_behind_a_trusted_proxy_the_forwarded_address_counts(tmp_path):
    server = await started(tmp_path, per_address=2, trusted_proxies=frozenset({"127.0.0.1"}))
    held = []
    try:
        for client in ("203.0.113.7", "203.0.113.8"):
            for _ in range(2):
                held.append(await connect(server.url, additional_headers={
                    "X-Forwarded-For": f"198.51.100.1, {client}"}))
        assert server.admission.open == {"203.0.113.7": 2, "203.0.113.8": 2}
        assert await refused_status(server.url, additional_headers={
            "X-Forwarded-For": "203.0.113.7"}) == 429
        # from a peer that is not a trusted proxy the header is the client's own words
        held.append(await connect(server.url, local_addr=("127.0.0.4", 0),
                                  additional_headers={"X-Forwarded-For": "203.0.113.7"}))
        assert server.admission.open["127.0.0.4"] == 1
    finally:
        for websocket in held:
            await websocket.close()
        await server.stop()


async def test_a_fragmented_message_over_the_size_limit_is_refused(tmp_path):
    """300 fragments of 1 KiB: over the 256 KiB a message may reach, the connection is
    closed with 1009 as the pieces arrive, not after they were all kept."""
    server = await started(tmp_path)
    try:
        websocket = await connect(server.url, max_size=None)
        with pytest.raises(ConnectionClosed):
            await websocket.send(b"\x00" * 1024 for _ in range(300))
            await asyncio.wait_for(websocket.recv(), 10)
        assert websocket.close_code == 1009
        alive = await Client.connect(server.url)
        assert "pong" in await alive.request("ping")
        await alive.close()
    finally:
        await server.stop()


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


IDLE = 500
IDLE_BOUND_KIB = 32  # what one idle connection may cost the server (17.6 measured)


async def test_idle_connections_cost_a_bounded_memory_each(tmp_path):
    """`warband serve` in a process of its own, IDLE connections signed in as guests
    and left idle: the server's resident memory grows by at most IDLE_BOUND_KIB each
    (bench/floods.py measures 5,000)."""
    server = ServerProcess(f"sqlite+aiosqlite:///{tmp_path / 'idle.db'}",
                           tmp_path / "server.log")
    server.extra_args = ["--handshakes-per-second", "100000",
                         "--max-connections-per-address", "100000"]
    await server.start()
    clients = []
    try:
        warm = [await Client.connect(server.url) for _ in range(20)]  # (first-use costs)
        for client in warm:
            await client.request("guest", name="Warm")
            await client.close()
        await asyncio.sleep(0.5)
        before = rss_kib(server.process.pid)
        for _ in range(IDLE):
            client = await Client.connect(server.url)
            await client.request("guest", name="Idle")
            clients.append(client)
        await asyncio.sleep(0.5)
        each = (rss_kib(server.process.pid) - before) / IDLE
        print(f"\n  {IDLE} idle connections: {each:.1f} KiB each in the server")
        assert each <= IDLE_BOUND_KIB
    finally:
        for client in clients:
            await client.close()
        await server.stop()


def test_a_trusted_proxy_may_be_a_network():
    """WARBAND_TRUSTED_PROXIES names addresses or networks (a container network, where
    the proxy's address is not fixed: deploy/compose.yaml); a peer outside them is
    never trusted, whatever its header says."""
    trusted = parse_proxies("127.0.0.1, 10.89.0.0/16")
    assert trusted == frozenset({"127.0.0.1", "10.89.0.0/16"})
    admission = Admission(trusted_proxies=trusted)
    assert admission.client_address("10.89.3.7", "198.51.100.1, 203.0.113.9") == "203.0.113.9"
    assert admission.client_address("127.0.0.1", "203.0.113.9") == "203.0.113.9"
    assert admission.client_address("10.90.0.1", "203.0.113.9") == "10.90.0.1"
    with pytest.raises(ValueError):
        parse_proxies("10.89.0.0/33")
