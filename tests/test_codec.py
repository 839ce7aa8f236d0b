"""protocol.codec: MessagePack frames, the size limit, and malformed input."""

from __future__ import annotations

import msgpack
import pytest

from protocol.codec import MAX_FRAME_BYTES, FrameError, decode, encode


def test_round_trip_keeps_types():
    message = {"v": 1, "type": "command", "id": 7, "args": {"to": [3, -2, -1]},
               "blob": b"\x00\xff", "none": None, "ok": True}
    assert decode(encode(message)) == message


@pytest.mark.parametrize("frame, code", [
    (b"\xc1", "malformed_frame"),                      # never-used msgpack byte
    (msgpack.packb([1, 2, 3]), "malformed_frame"),     # not a map
    (msgpack.packb({1: "int key"}), "malformed_frame"),
    (b"\x81", "malformed_frame"),                      # truncated map
    (b"\x00" * (MAX_FRAME_BYTES + 1), "frame_too_large"),
])
def test_bad_frames_have_stable_codes(frame, code):
    with pytest.raises(FrameError) as caught:
        decode(frame)
    assert caught.value.code == code
    assert caught.value.message.endswith(".")
