"""The baseline for bench/load.py: a bare websockets server that sends every binary
frame straight back. It prints `echo listening on PORT` once it accepts connections.

    .venv/bin/python bench/load_echo.py [--port 0]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed


async def echo(websocket) -> None:
    with contextlib.suppress(ConnectionClosed):  # clients may just go away
        async for frame in websocket:
            await websocket.send(frame)


async def main(port: int) -> None:
    stop = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.cancel)
    async with serve(echo, "127.0.0.1", port, max_size=None, max_queue=64) as server:
        print(f"echo listening on {server.sockets[0].getsockname()[1]}", flush=True)
        try:
            await stop
        except asyncio.CancelledError:
            pass


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    asyncio.run(main(parser.parse_args().port))
