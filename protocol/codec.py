"""MessagePack framing shared by server and clients. Imports nothing from server/.

Frames are MessagePack maps. Binary payloads are `bin`, text is `str`; decoding
refuses frames over `MAX_FRAME_BYTES` and anything that is not a map at the top.
"""

from __future__ import annotations

from typing import Any

import msgpack

MAX_FRAME_BYTES = 64 * 1024


class FrameError(ValueError):
    """A frame that is not valid MessagePack, too large, or not a map."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def encode(message: dict[str, Any]) -> bytes:
    return msgpack.packb(message, use_bin_type=True)


def decode(frame: bytes, max_bytes: int = MAX_FRAME_BYTES) -> dict[str, Any]:
    if len(frame) > max_bytes:
        raise FrameError("frame_too_large",
                         f"Frame of {len(frame)} bytes exceeds the limit of {max_bytes} bytes.")
    try:
        message = msgpack.unpackb(frame, raw=False, strict_map_key=True)
    except Exception as exc:
        raise FrameError("malformed_frame", f"Frame is not valid MessagePack: {exc}.") from None
    if not isinstance(message, dict):
        raise FrameError("malformed_frame", "Frame must be a MessagePack map.")
    return message
