"""A server frame that goes to several connections (every spectator of a match gets
the same event and prompt pushes): encoded to MessagePack once, on first use,
however many connections send it."""

from __future__ import annotations

from typing import Any

import msgspec

from protocol.codec import encode


class Frame:
    __slots__ = ("message", "_data")

    def __init__(self, message: dict[str, Any]) -> None:
        self.message = message
        self._data: bytes | None = None

    @classmethod
    def encoded(cls, data: bytes) -> Frame:
        """A frame already encoded elsewhere (relayed from another node: its map is not
        decoded again; `message_of` cannot read it)."""
        frame = cls({})
        frame._data = data
        return frame

    @property
    def data(self) -> bytes:
        if self._data is None:
            self._data = encode(self.message)
        return self._data


def message_of(message: dict[str, Any] | Frame) -> dict[str, Any]:
    """The plain map, for in-process receivers (the house bot): with its parts that
    were encoded in advance (views, decisions: `msgspec.Raw`) decoded."""
    message = message.message if isinstance(message, Frame) else message
    if any(isinstance(value, msgspec.Raw) for value in message.values()):
        message = {key: msgspec.msgpack.decode(value) if isinstance(value, msgspec.Raw)
                   else value for key, value in message.items()}
    return message


def data_of(message: dict[str, Any] | Frame) -> bytes:
    return message.data if isinstance(message, Frame) else encode(message)
