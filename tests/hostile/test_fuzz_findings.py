"""What the fuzzing suite (tests/hostile/test_fuzz.py, bench/fuzz.py) found, each
case on its own, on SQLite and PostgreSQL.

1. A seq beyond what the store's integers hold (`subscribe`'s `after_seq`,
   `get_view`'s `at_seq`: 2**31 and up on PostgreSQL, whose `seq` columns are 32-bit,
   2**63 and up on SQLite) reached the database as a query parameter, which refused
   it, and `from_seq` (after_seq + 1) of 2**64 could not be encoded: the request was
   answered `internal_error` and logged as a server failure. No seq is larger than
   MAX_SEQ; a larger one now counts as MAX_SEQ, "after every event there is".
2. A NUL character in a string field, 3. the gc-pause metric at the recursion limit,
4. a string request id over 64 characters, 5. an id of true or false echoed (below).
"""

from __future__ import annotations

import asyncio
import gc
import sys

import pytest

from clients.client import Client
from protocol.codec import decode_request, encode, encode_request
from protocol.errors import ProtocolError
from server.metrics import Metrics
from server.rules.sbh.presets import preset
from server.store.store import MAX_SEQ
from tests.hostile.fuzz_frames import Context, valid_requests
from tests.server.conftest import database_url, server  # noqa: F401 (fixtures)

HUGE_SEQS = [2**31 - 1, 2**31, 2**32, 2**53 + 1, 2**63 - 1, 2**63, 2**64 - 1]


async def two_matches(instance):
    """Ann's client, an active match (Ann holds seat a) and a finished one."""
    ann, bob = await Client.connect(instance.url), await Client.connect(instance.url)
    ann.token = (await ann.request("guest", name="Ann"))["token"]
    await bob.request("guest", name="Bob")
    active = (await ann.request("create_match", system="sbh"))["match_id"]
    await bob.request("join", match_id=active)
    finished = (await ann.request("create_match", system="sbh"))["match_id"]
    await bob.request("join", match_id=finished)
    await bob.request("resign", match_id=finished)
    await bob.close()
    async with asyncio.timeout(10):  # (the match is marked finished just after the reply)
        while (await instance.store.match(finished))["status"] != "finished":
            await asyncio.sleep(0.01)
    return ann, active, finished


async def test_a_seq_past_any_integer_the_store_holds_is_after_every_event(server):  # noqa: F811
    ann, active, finished = await two_matches(server)
    try:
        for huge in HUGE_SEQS:
            live = await ann.request("subscribe", match_id=active, after_seq=huge)
            assert live["status"] == "active" and live["from_seq"] > live["to_seq"]
            await ann.request("unsubscribe", match_id=active)
            done = await ann.request("subscribe", match_id=finished, after_seq=huge)
            assert done["status"] == "finished" and done["from_seq"] > done["to_seq"]
            view = await ann.request("get_view", match_id=finished, at_seq=huge)
            whole = await ann.request("get_view", match_id=finished)
            assert view["seq"] == whole["seq"] > 0 and view["view"] == whole["view"]
        assert not server.metrics.errors.labels("internal_error")._value.get()
    finally:
        await ann.close()


@pytest.mark.parametrize("huge", [2**63, 2**64 - 1])
async def test_a_seq_past_any_integer_the_store_holds_is_answered_in_order(server, huge):  # noqa: F811
    """Pipelined: the catch-up of a finished match comes after the reply, and the next
    request is answered after it."""
    ann, _, finished = await two_matches(server)
    try:
        reply = await ann.request("subscribe", match_id=finished, after_seq=huge)
        assert reply["to_seq"] == MAX_SEQ  # (after_seq past the end: to_seq is after_seq)
        assert (await ann.next_push("match_over"))["match_id"] == finished
        assert "pong" in await ann.request("ping")
    finally:
        await ann.close()


# 2. A NUL character (U+0000) in a string field reached PostgreSQL, whose text cannot
#    hold one: a guest's name, a login's username, a match id, a request id (stored
#    with each command: the match's append failed, and with it the group commit's
#    transaction) ... were answered internal_error, or worse. SQLite took them. Every
#    string field of every request now refuses U+0000, as invalid_message, everywhere.
def string_fields() -> list[tuple[str, str]]:
    return [(kind, name) for kind, request in sorted(valid_requests(Context()).items())
            for name, value in request.items() if isinstance(value, str) and name != "type"]


@pytest.mark.parametrize(("kind", "name"), string_fields())
def test_the_decoder_refuses_a_nul_in_every_string_field(kind, name):
    request = valid_requests(Context(), "id-1")[kind]
    decode_request(encode(request))  # (valid as it is)
    with pytest.raises(ProtocolError) as refused:
        decode_request(encode({**request, name: "a\x00b"}))
    assert refused.value.code == "invalid_message"
    assert f"$.{name}" in refused.value.message
    assert refused.value.request_id == ("a\x00b" if name == "id" else "id-1")


async def test_a_nul_in_a_string_is_refused_before_any_database_sees_it(server):  # noqa: F811
    ann, active, _ = await two_matches(server)
    await ann.close()
    cases = [{"type": "guest", "id": 1, "name": "Ann\x00"},
             {"type": "login", "id": 2, "username": "ann\x00", "password": "correct horse"},
             {"type": "list_replays", "id": 3, "player": "\x00"},
             {"type": "command", "id": "c\x00", "match_id": active, "command": "submit_list",
              "args": {"list": preset("elves"), "salt": "s"}}]
    for frame in cases:
        client = await Client.connect(server.url)
        try:
            if frame["type"] in ("command", "list_replays"):
                await client.request("authenticate", token=ann.token)
            await client.send_raw(encode_request(frame))
            answer = await client.next_push("error", timeout=10)
            async with asyncio.timeout(10):
                await client.websocket.wait_closed()
        finally:
            await client.close()
        assert answer["code"] == "invalid_message", (frame, answer)
        assert client.websocket.close_code == 1007
    assert not server.metrics.errors.labels("internal_error")._value.get()


# 3. A collection of the garbage collector that began while msgspec decoded a frame
#    nested ~1000 deep ran the server's gc-pause callback a few frames short of the
#    recursion limit: it raised RecursionError, printed as "Exception ignored in:
#    Metrics._on_gc" (the fuzzing bench's stderr had dozens). The callback now skips
#    that sample.
def test_a_collection_during_a_deeply_nested_frame_raises_nothing(monkeypatch):
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", lambda failure: unraisable.append(failure))
    metrics = Metrics()
    thresholds = gc.get_threshold()
    metrics.watch_gc()
    gc.set_threshold(1, 1, 1)  # a collection at (almost) every allocation
    try:
        for _ in range(3):
            with pytest.raises(ProtocolError) as refused:
                decode_request(b"\x91" * 60_000 + b"\xc0")
            assert refused.value.code == "malformed_frame"
        gc.collect()  # (and pauses are still measured)
    finally:
        gc.set_threshold(*thresholds)
        metrics.unwatch_gc()
    assert [(type(u.exc_value).__name__, u.object) for u in unraisable] == []
    assert metrics.registry.get_sample_value("warband_gc_pause_seconds_count",
                                             {"generation": "2"}) >= 1


# 4. A `command` or `resign` id is stored with the command, in a column of 64
#    characters: on PostgreSQL a longer string id failed the match's append (answered
#    store_unavailable, logged, and the group commit's transaction with it). String
#    ids now have at most 64 characters (invalid_message), on SQLite too.
def test_the_decoder_refuses_a_string_id_over_64_characters():
    for kind, request in valid_requests(Context()).items():
        decode_request(encode({**request, "id": "i" * 64}))
        with pytest.raises(ProtocolError) as refused:
            decode_request(encode({**request, "id": "i" * 65}))
        assert refused.value.code == "invalid_message"
        assert refused.value.message == "Request ids are at most 64 characters; this one has 65."
        assert refused.value.request_id == "i" * 65, kind  # (still echoed)


async def test_a_long_request_id_is_refused_before_the_store_sees_it(server):  # noqa: F811
    ann, active, _ = await two_matches(server)
    try:
        reply = await ann.request("resign", match_id=active, request_id="r" * 64)
        assert reply["match_id"] == active
        await ann.send_raw(encode_request({"type": "resign", "id": "s" * 65, "match_id": active}))
        answer = await ann.next_push("error", timeout=10)
        async with asyncio.timeout(10):
            await ann.websocket.wait_closed()
    finally:
        await ann.close()
    assert answer["code"] == "invalid_message" and ann.websocket.close_code == 1007
    assert not server.metrics.errors.labels("store_unavailable")._value.get()


# 5. An `id` of true or false is not an int to the schema (refused, invalid_message),
#    but the error frame echoed it: the diagnosis took a bool for an int (Python's
#    bool is one). docs/protocol.md: the error's id is null when the id is neither an
#    int nor a string. (hypothesis found it: tests/hostile/test_fuzz.py)
@pytest.mark.parametrize("odd_id", [True, False])
def test_an_id_that_is_a_bool_is_not_echoed(odd_id):
    with pytest.raises(ProtocolError) as refused:
        decode_request(encode({"v": 1, "type": "ping", "id": odd_id}))
    assert refused.value.code == "invalid_message" and "$.id" in refused.value.message
    assert refused.value.request_id is None
    with pytest.raises(ProtocolError) as refused:  # (also behind another fault)
        decode_request(encode({"v": 1, "type": "fly", "id": odd_id}))
    assert refused.value.code == "unknown_type" and refused.value.request_id is None
