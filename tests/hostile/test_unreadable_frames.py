"""Frames MessagePack cannot read are answered, whatever bytes they hold (issue 29,
finding 1: a string that is not UTF-8 once made the decoder raise an exception the
gateway did not expect, and the connection went silent)."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import Client
from protocol.codec import decode_request
from protocol.errors import ProtocolError
from server.app import ServerOptions, WarbandServer

NOT_UTF8 = b"\x83\xa1v\x01\xa4type\xa4ping\xa2id\xa2\xff\xfe"  # id: two bytes, not UTF-8
NOT_UTF8_KEY = b"\x83\xa1v\x01\xa4type\xa4ping\xa2\xff\xfe\x01"  # a map key, not UTF-8
TOO_DEEP = b"\x91" * 60_000 + b"\x01"  # arrays nested 60,000 deep (under 64 KiB)
DEEP_MAP = b"\x81\xa1a" * 20_000 + b"\x01"  # maps nested 20,000 deep

CASES = {"not_utf8_value": (NOT_UTF8, "not valid UTF-8"),
         "not_utf8_key": (NOT_UTF8_KEY, "not valid UTF-8"),
         "deep_arrays": (TOO_DEEP, "too deeply"),
         "deep_maps": (DEEP_MAP, "too deeply")}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_decoder_calls_every_unreadable_frame_malformed(case):
    frame, words = CASES[case]
    with pytest.raises(ProtocolError) as refused:
        decode_request(frame)
    assert refused.value.code == "malformed_frame"
    assert words in refused.value.message


@pytest.fixture
async def server(tmp_path):
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'frames.db'}"))
    await instance.start()
    yield instance
    await instance.stop()


@pytest.mark.parametrize("case", sorted(CASES))
async def test_an_unreadable_frame_gets_an_error_and_a_close(server, case):
    frame, words = CASES[case]
    client = await Client.connect(server.url)
    try:
        await client.send_raw(frame)
        answer = await client.next_push("error", timeout=10)
        async with asyncio.timeout(10):
            await client.websocket.wait_closed()
    finally:
        await client.close()
    assert answer["code"] == "malformed_frame" and words in answer["message"]
    assert answer["id"] is None
    assert client.websocket.close_code == 1007
