"""The server side of one websocket, as the gateway needs it: websockets' own
`ServerConnection` with two additions.

- `arrivals`: when each incoming message was read off the socket, so that
  `warband_command_seconds` counts from there, including the time a request waits
  behind the connection's earlier requests (the gateway handles them in order).
- `send_now`: frames handed to the socket at once, in one write (one system call,
  not one per frame), with no coroutine, task or future per write. A command sends
  a seat its events and its prompt together; the socket writes were a fifth of the
  server's busy time under load. websockets' own `send` is a coroutine that waits
  while the socket's buffer is full; the gateway instead watches `buffered()` and
  disconnects a client that owes too much (server/gateway.py, slow consumers), so
  nothing needs to wait, and 3,000 idle connections hold no writer coroutine each
  for the garbage collector to walk.

Both rest on websockets' documented Sans-I/O layer (`protocol`) and on the hooks its
asyncio connection is built from (`process_event`, `send_data`, `set_connection_exc`);
`tests/server/test_websocket_options.py` checks them against the installed version.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import DATA_OPCODES, Frame
from websockets.protocol import OPEN


class WarbandConnection(ServerConnection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.arrivals: deque[float] = deque()  # perf_counter() of each unread message

    def process_event(self, event: Any) -> None:
        if isinstance(event, Frame) and event.fin and event.opcode in DATA_OPCODES:
            self.arrivals.append(time.perf_counter())
        super().process_event(event)

    def arrival(self) -> float:
        """When the message just received was read off the socket."""
        return self.arrivals.popleft() if self.arrivals else time.perf_counter()

    def send_now(self, frames: list[bytes]) -> bool:
        """Send binary messages, in order, written to the socket together; False
        (and nothing sent) if the connection is no longer open. As websockets'
        `send_context` does, a failed write ends the connection."""
        if self.protocol.state is not OPEN:
            return False
        for frame in frames:
            self.protocol.send_binary(frame)
        try:
            self.send_data()
        except Exception as failure:  # (the socket broke under us)
            self.set_connection_exc(failure)
            self.transport.abort()
            return False
        return True

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
