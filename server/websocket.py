"""The server side of one websocket, as the gateway needs it: websockets' own
`ServerConnection` with two changes.

- Messages are not waited for: each one read off the socket goes to `inbox` with
  when it was read (so that `warband_command_seconds` counts from there, including
  the time a request waits behind the connection's earlier requests), and
  `on_message` is told. websockets' `recv` is a chain of three coroutines and a
  future per message, made anew for each one and waiting until the next: at 1,000
  matches every idle connection held one, seconds old, for the garbage collector's
  older generations to walk. Here an idle connection holds nothing, and reading is
  paused while `INBOX_HIGH` messages wait (as websockets' `max_queue` does).
- `send_now`: frames handed to the socket at once, in one write (one system call,
  not one per frame), with no coroutine, task or future per write. A command sends
  a seat its events and its prompt together; the socket writes were a fifth of the
  server's busy time under load. websockets' own `send` is a coroutine that waits
  while the socket's buffer is full; the gateway instead watches `buffered()` and
  disconnects a client that owes too much (server/gateway.py, slow consumers), so
  nothing needs to wait.

Both rest on websockets' documented Sans-I/O layer (`protocol`) and on the hooks its
asyncio connection is built from (`process_event`, `send_data`, `set_connection_exc`);
`tests/server/test_websocket_options.py` checks them against the installed version.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import CONT, DATA_OPCODES, TEXT, CloseCode, Frame
from websockets.protocol import OPEN

INBOX_HIGH, INBOX_LOW = 64, 16  # messages waiting: pause reading at HIGH, resume at LOW
MAX_FRAGMENTS = 1024  # a message in more pieces than this is refused (as websockets does)


class WarbandConnection(ServerConnection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.inbox: deque[tuple[str | bytes, float]] = deque()  # (message, when read)
        self.on_message: Callable[[], None] | None = None  # told when the inbox gains one
        self._parts: list[bytes] = []  # of a fragmented message
        self._text = False
        self._paused = False

    def process_event(self, event: Any) -> None:
        if self.request is not None and isinstance(event, Frame) \
                and event.opcode in DATA_OPCODES:
            self._data(event)
        else:  # the handshake, and control frames (ping, pong, close)
            super().process_event(event)

    def _data(self, frame: Frame) -> None:
        if frame.opcode is not CONT:
            self._parts, self._text = [], frame.opcode is TEXT
        self._parts.append(frame.data)
        if len(self._parts) > MAX_FRAGMENTS:
            self._parts = []
            self.protocol.fail(CloseCode.MESSAGE_TOO_BIG, "too many fragments")
            self.send_data()
            return
        if not frame.fin:
            return
        parts, self._parts = self._parts, []
        data = bytes(parts[0]) if len(parts) == 1 else b"".join(parts)
        # (a text frame is refused by the gateway whatever it says)
        self.inbox.append((data.decode(errors="replace") if self._text else data,
                           time.perf_counter()))
        if len(self.inbox) >= INBOX_HIGH and not self._paused:
            self._paused = True
            self.transport.pause_reading()
        if self.on_message is not None:
            self.on_message()

    def take(self) -> tuple[str | bytes, float] | None:
        """The oldest message not yet taken and when it was read; None if none."""
        if not self.inbox:
            return None
        taken = self.inbox.popleft()
        if self._paused and len(self.inbox) <= INBOX_LOW:
            self._paused = False
            self.transport.resume_reading()
        return taken

    def send_now(self, frames: list[bytes]) -> None:
        """Send binary messages, in order, written to the socket together (dropped
        if the connection is no longer open). As websockets' `send_context` does, a
        failed write ends the connection."""
        if self.protocol.state is not OPEN:
            return
        for frame in frames:
            self.protocol.send_binary(frame)
        try:
            self.send_data()
        except Exception as failure:  # (the socket broke under us)
            self.set_connection_exc(failure)
            self.transport.abort()

    def buffered(self) -> int:
        """Bytes written but not yet taken by the client (the socket's buffer)."""
        return self.transport.get_write_buffer_size()

    def send_data(self) -> None:
        # As websockets' own, but the frames ready to go are joined into one write.
        chunks = self.protocol.data_to_send()
        data = [chunk for chunk in chunks if chunk]
        if data:
            self.transport.write(data[0] if len(data) == 1 else b"".join(data))
        if len(data) < len(chunks):  # the empty chunk: half-close the TCP connection
            if self.transport.can_write_eof():
                with contextlib.suppress(Exception):
                    self.transport.write_eof()
            else:
                self.transport.close()
