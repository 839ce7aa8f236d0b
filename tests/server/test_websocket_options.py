"""How the server's websockets are set up: compression (`--compression`), the
command metric counted from the moment a frame was read off the socket, and frames
queued together leaving together."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect

from protocol.codec import decode_server, encode_request
from server.app import ServerOptions, WarbandServer
from server.cli import main
from server.compression import websocket_compression
from server.config import Settings
from tests.server.test_rules_workers import SLOW_SECONDS, pair, start


@pytest.mark.parametrize("mode, offered", [
    ("none", None),
    ("deflate", "permessage-deflate; server_no_context_takeover; "
                "client_no_context_takeover; server_max_window_bits=12; "
                "client_max_window_bits=12"),
    ("deflate-takeover", "permessage-deflate; server_max_window_bits=12; "
                         "client_max_window_bits=12"),
])
async def test_compression_is_what_the_server_was_told(tmp_path, mode, offered):
    server = WarbandServer(ServerOptions(port=0, compression=mode, database_url=f"sqlite+"
                                         f"aiosqlite:///{tmp_path / 'c.db'}"))
    await server.start()
    try:
        async with connect(server.url) as websocket:  # (a client that offers deflate)
            assert websocket.response.headers.get("Sec-WebSocket-Extensions") == offered
            await websocket.send(encode_request({"type": "ping", "id": 1}))
            assert decode_server(await asyncio.wait_for(websocket.recv(), 5))["id"] == 1
    finally:
        await server.stop()


def test_compression_setting_and_flag(monkeypatch, capsys):
    assert Settings.from_env().compression == "none"
    monkeypatch.setenv("WARBAND_COMPRESSION", "deflate")
    assert Settings.from_env().compression == "deflate"
    monkeypatch.setenv("WARBAND_COMPRESSION", "gzip")
    assert main(["serve"]) == 1
    assert "WARBAND_COMPRESSION must be one of none, deflate" in capsys.readouterr().err
    monkeypatch.setenv("WARBAND_RULES_WORKERS", "two")
    monkeypatch.delenv("WARBAND_COMPRESSION")
    assert main(["serve"]) == 1
    assert "WARBAND_RULES_WORKERS" in capsys.readouterr().err
    with pytest.raises(ValueError):
        websocket_compression("brotli")


def command_seconds(server) -> tuple[float, float]:
    """(observations, of which at most 0.25 s) of warband_command_seconds."""
    histogram = server.metrics.command_seconds
    samples = {s.name + str(s.labels.get("le", "")): s.value
               for metric in histogram.collect() for s in metric.samples}
    return samples["warband_command_seconds_count"], samples["warband_command_seconds_bucket0.25"]


async def test_the_command_clock_starts_when_the_frame_is_read(tmp_path, monkeypatch):
    """Ann sends a slow command in one match and, at once, a quick one in another. The
    quick one waits for the slow one (a connection's requests are handled in order),
    and the metric says so: it counts from the frame's arrival, not its handling."""
    from server.rules import registry

    monkeypatch.setitem(registry.SYSTEMS, "slow-bids", "tests.server.test_rules_workers:SLOW")
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    server = await start(f"sqlite+aiosqlite:///{tmp_path / 'clock.db'}", 2)
    try:
        ann, bob, slow_match = await pair(server, "slow-bids")
        quick_match = (await ann.request("create_match", system="secret-bids"))["match_id"]
        await bob.request("join", match_id=quick_match)
        slow = ann.request("command", match_id=slow_match, command="bid", args={"amount": 3})
        quick = ann.request("command", match_id=quick_match, command="bid", args={"amount": 1})
        await asyncio.gather(slow, quick)
        count, quick_ones = command_seconds(server)
        assert count == 2 and quick_ones == 0, "both took as long as the slow one"
        assert SLOW_SECONDS > 0.25
    finally:
        await server.stop()


async def test_frames_queued_together_leave_in_one_write(tmp_path):
    """Subscribing to a finished match queues the reply, every event and match_over at
    once: they leave in one write."""
    server = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                         f"{tmp_path / 'w.db'}"))
    await server.start()
    try:
        ann, bob, match_id = await pair(server, "sbh")
        await bob.request("resign", match_id=match_id)
        writes = []
        [connection] = [c for c in server.server.connections
                        if c.remote_address[1] == ann.websocket.local_address[1]]
        write = connection.transport.write
        connection.transport.write = lambda data: (writes.append(data), write(data))
        subscribed = await ann.request("subscribe", match_id=match_id)
        assert subscribed["to_seq"] >= 1
        await ann.next_push("match_over", timeout=5)
        assert len(writes) == 1, "the reply, the events and match_over in one write"
    finally:
        await server.stop()


async def test_a_fragmented_request_is_read_whole_and_too_many_pieces_close(tmp_path):
    """server.websocket reads messages itself: a request sent in several frames is
    answered as one; one in more than MAX_FRAGMENTS pieces closes the connection
    with 1009 (message too big), as websockets' own reader does."""
    from websockets.exceptions import ConnectionClosed

    from server.websocket import MAX_FRAGMENTS

    server = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                         f"{tmp_path / 'f.db'}"))
    await server.start()
    try:
        async with connect(server.url) as websocket:
            frame = encode_request({"type": "ping", "id": 7})
            await websocket.send([frame[:3], frame[3:5], frame[5:]])  # three frames
            assert decode_server(await asyncio.wait_for(websocket.recv(), 5))["id"] == 7
            await websocket.send(encode_request({"type": "ping", "id": 8}))  # and after it
            assert decode_server(await asyncio.wait_for(websocket.recv(), 5))["id"] == 8
        async with connect(server.url) as websocket:
            await websocket.send([b"\x80"] * (MAX_FRAGMENTS + 1))
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(websocket.recv(), 5)
            assert websocket.close_code == 1009
    finally:
        await server.stop()
