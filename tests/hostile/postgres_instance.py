"""A PostgreSQL server of the test's own (initdb in a temporary folder, its own port),
so that a test can stop and start it under load without touching the shared one
that every other test uses. The binaries are Debian's PostgreSQL 15; PostgreSQL
refuses to run as root, so as root it runs as the `postgres` user."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import tempfile
import time
from pathlib import Path

BIN = Path("/usr/lib/postgresql/15/bin")


def available() -> bool:
    return (BIN / "initdb").exists() and (os.geteuid() != 0 or shutil.which("runuser"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresInstance:
    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="warband-pg-", dir="/tmp"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.url = f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    async def _run(self, *args: str) -> None:
        command = [str(BIN / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        process = await asyncio.create_subprocess_exec(
            *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        output, _ = await process.communicate()
        if process.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed: {output.decode()[-2000:]}")

    async def create(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        await self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                        "--no-sync", "-E", "UTF8")
        await self.start()

    async def start(self) -> float:
        """Start it and wait until it accepts connections; the seconds that took."""
        began = time.monotonic()
        await self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"),
                        "-w", "-o", f"-p {self.port} -k {self.folder} "
                        "-c listen_addresses=127.0.0.1 -c max_connections=60", "start")
        return time.monotonic() - began

    async def stop(self, mode: str = "fast") -> None:
        """`fast`: what `pg_ctlcluster stop` and a restart do (sessions ended, their
        transactions rolled back); `immediate`: as a crash of the database server."""
        await self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    async def remove(self) -> None:
        try:
            await self.stop("immediate")
        except RuntimeError:
            pass  # (already stopped)
        shutil.rmtree(self.folder, ignore_errors=True)
