"""A real WarbandServer on a free port, run by an event loop in a thread of its
own, so synchronous browser tests (Playwright's sync API) can drive it."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from server.app import ServerOptions, WarbandServer

DIST = Path(__file__).resolve().parents[2] / "clients" / "web" / "dist"


class ServerThread:
    def __init__(self, database_url: str, static_dir: Path = DIST) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="warband-server",
                                       daemon=True)
        self.server = WarbandServer(ServerOptions(port=0, database_url=database_url,
                                                  static_dir=static_dir))

    def run(self, coroutine, timeout: float = 30):
        """Run a coroutine on the server's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def start(self) -> ServerThread:
        self.thread.start()
        self.run(self.server.start())
        return self

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.server.port}/"

    def stop(self) -> None:
        try:
            self.run(self.server.stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()
