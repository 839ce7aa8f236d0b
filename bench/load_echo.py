"""The baseline for bench/load.py: a bare websockets server that sends every binary
frame straight back. It prints `echo listening on PORT` once it accepts connections.

    .venv/bin/python bench/load_echo.py [--port 0] [--compression none]

It compresses as `warband serve --compression` does with the same value, so the two are
compared on the same websocket settings.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from server.compression import websocket_compression  # noqa: E402


async def echo(websocket) -> None:
    with contextlib.suppress(ConnectionClosed):  # clients may just go away
        async for frame in websocket:
            await websocket.send(frame)


async def main(port: int, compression: str) -> None:
    stop = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.cancel)
    async with serve(echo, "127.0.0.1", port, max_size=None, max_queue=64,
                     **websocket_compression(compression)) as server:
        print(f"echo listening on {server.sockets[0].getsockname()[1]}", flush=True)
        try:
            await stop
        except asyncio.CancelledError:
            pass


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--compression", default="none")
    args = parser.parse_args()
    asyncio.run(main(args.port, args.compression))
