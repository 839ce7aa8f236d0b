"""The server process: websockets on /ws, health check at /healthz."""

from __future__ import annotations

import asyncio
import http
import signal

from websockets.asyncio.server import serve


def _http_routes(connection, request):
    if request.path == "/healthz":
        return connection.respond(http.HTTPStatus.OK, "ok\n")
    if request.path != "/ws":
        return connection.respond(http.HTTPStatus.NOT_FOUND, "not found\n")
    return None


async def run(host: str, port: int, database_url: str, ready: asyncio.Event | None = None) -> None:
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            asyncio.get_running_loop().add_signal_handler(sig, stop.cancel)
        except (NotImplementedError, RuntimeError):
            pass

    async def handler(ws):
        async for _ in ws:
            pass

    async with serve(handler, host, port, process_request=_http_routes):
        print(f"warband listening on http://{host}:{port} (database {database_url})", flush=True)
        if ready is not None:
            ready.set()
        try:
            await stop
        except asyncio.CancelledError:
            pass
