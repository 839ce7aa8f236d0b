"""The fuzzing suite of issue 29, in CI: whatever bytes a frame holds, it is answered
(a reply, or an error carrying a stable code) or refused with its error and the
proper close code; the server logs no exception; a refused frame changes nothing in
the store; and the server still serves afterwards.

The decoder alone, under hypothesis; then tens of thousands of frames (structured
mutations of every request type, byte flips, truncations, random bytes: see
tests/hostile/fuzz_frames.py) against a live server over real websockets
(tests/hostile/fuzz_live.py): 14,000 on SQLite, 4,500 on PostgreSQL and 1,500 with the
rate limit on. bench/fuzz.py drives a million.
"""

from __future__ import annotations

import itertools

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.codec import TYPE_NAMES, decode_request
from protocol.errors import ERRORS, ProtocolError
from tests.hostile.fuzz_frames import Context, FrameSource
from tests.hostile.fuzz_live import LiveFuzz, live_server, still_serves

# The errors a frame itself can get from the decoder: each closes the connection.
FRAME_CODES = {"malformed_frame", "frame_too_large", "unsupported_version", "unknown_type",
               "invalid_message"}
FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats()
    | st.text(max_size=20) | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=10) | st.integers(-5, 5), inner, max_size=4),
    max_leaves=12)
envelopes = st.fixed_dictionaries(
    {"v": st.just(1) | values, "type": st.sampled_from(sorted(TYPE_NAMES)) | values,
     "id": st.integers(-(2**63), 2**64 - 1) | st.text(max_size=70) | values},
    optional={name: values for name in ("match_id", "system", "args", "options", "list",
                                        "after_seq", "at_seq", "name", "token", "seat",
                                        "command", "limit", "since", "private", "extra")})


def judge(frame: bytes) -> None:
    """A frame decodes to a request of protocol version 1, or is refused with a frame
    code that closes the connection, carrying the id only when it could be read."""
    try:
        request = decode_request(frame)
    except ProtocolError as problem:
        assert problem.code in FRAME_CODES
        assert ERRORS[problem.code].close_code in (1002, 1007, 1009)
        assert problem.request_id is None or type(problem.request_id) in (int, str)
        return
    assert request.v == 1 and type(request).__struct_config__.tag in TYPE_NAMES


@FUZZ
@given(st.binary(max_size=300))
def test_the_decoder_answers_any_bytes(frame):
    judge(frame)


@FUZZ
@given(envelopes)
def test_the_decoder_answers_any_map(request):
    judge(msgspec.msgpack.encode(request))


@FUZZ
@given(envelopes, st.data())
def test_the_decoder_answers_any_map_with_a_byte_changed(request, data):
    frame = bytearray(msgspec.msgpack.encode(request))
    at = data.draw(st.integers(0, len(frame) - 1))
    frame[at] = data.draw(st.integers(0, 255))
    judge(bytes(frame))
    judge(bytes(frame[:at]))


@pytest.mark.parametrize(("database", "count"), [("sqlite", 10_000), ("postgresql", 4_500)])
async def test_hostile_frames_against_a_live_server(request, database, count):
    """`count` frames: the byte sweep of two short requests, then random mutations of
    every request type and random noise."""
    url = "sqlite" if database == "sqlite" else request.getfixturevalue("postgres_url")
    async with live_server(url) as server:
        source = FrameSource(Context(), seed=29)
        frames = itertools.islice(
            itertools.chain(source.sweep(["ping", "unsubscribe"]), source.frames(count)),
            count)
        tally = await LiveFuzz(server, source, connections=32).run(frames)
        alive = await still_serves(server.url)

    assert tally.frames == count
    assert tally.silent == 0, tally.wrong[:5]
    assert tally.wrong == []  # every answer as the protocol says (ids, codes, close codes)
    assert tally.server_failures == []  # no internal_error, server_busy...
    assert tally.server_exceptions == []  # nothing logged, nothing "Exception ignored"
    assert tally.state_changes == [] and tally.state_checks > count // 50
    assert alive
    # Every frame is accounted for, and the fuzz reached what it is meant to reach.
    assert tally.answered + sum(tally.closed.values()) == count
    assert set(tally.kinds) >= TYPE_NAMES
    assert set(tally.close_errors) == FRAME_CODES | {"text_frame"}
    assert set(tally.closed) == {1002, 1003, 1007, 1009}
    assert len(tally.accepted) >= 15 and len(tally.refusals) >= 15


async def test_hostile_frames_with_the_rate_limit_on():
    """With a tight rate limit, readable requests over it are answered rate_limited
    (with their id, changing nothing); frames that break the protocol still get their
    own error and close."""
    async with live_server(rate=5, burst=5) as server:
        source = FrameSource(Context(), seed=50)
        # (3,000: enough readable requests in bursts, whatever share of the frames the
        # request types take as more are added)
        tally = await LiveFuzz(server, source, connections=16).run(source.frames(3000))
        alive = await still_serves(server.url)
    assert tally.silent == 0 and tally.wrong == [] and tally.server_failures == []
    assert tally.server_exceptions == [] and tally.state_changes == [] and alive
    assert tally.refusals["rate_limited"] > 50 and tally.replies > 50
    assert set(tally.close_errors) == FRAME_CODES | {"text_frame"}
