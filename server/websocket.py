"""The server side of one websocket, as the gateway needs it: websockets' own
`ServerConnection` with two additions.

- `arrivals`: when each incoming message was read off the socket, so that
  `warband_command_seconds` counts from there, including the time a request waits
  behind the connection's earlier requests (the gateway handles them in order).
- `send_batch`: several frames queued for one connection leave in one write (one
  system call, not one per frame). A command sends a seat its events and its prompt
  together; the socket writes were a fifth of the server's busy time under load.

Both rest on websockets' documented Sans-I/O layer (`protocol`) and on the hooks its
asyncio connection is built from (`process_event`, `send_data`, `send_context`);
`tests/server/test_websocket_options.py` checks them against the installed version.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import DATA_OPCODES, Frame


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

    async def send_batch(self, frames: list[bytes]) -> None:
        """Send binary messages, in order, written to the socket together."""
        async with self.send_context():
            for frame in frames:
                self.protocol.send_binary(frame)

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
