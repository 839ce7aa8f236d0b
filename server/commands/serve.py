"""`warband serve`: run the match server."""

from __future__ import annotations

import argparse
import asyncio

from server.config import Settings


def register(sub: argparse._SubParsersAction) -> None:
    defaults = Settings.from_env()
    p = sub.add_parser("serve", help="run the match server", description="Run the match server.")
    p.add_argument("--host", default=defaults.host,
                   help=f"address to bind (default {defaults.host})")
    p.add_argument("--port", type=int, default=defaults.port,
                   help=f"port (default {defaults.port})")
    p.add_argument("--database", default=defaults.database_url,
                   help="SQLAlchemy database URL (default: embedded SQLite ./warband.db)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from server.app import run as run_server

    asyncio.run(run_server(host=args.host, port=args.port, database_url=args.database))
    return 0
