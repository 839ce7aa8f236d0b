"""`warband serve`: run the match server."""

from __future__ import annotations

import argparse
import asyncio
import logging

from server.compression import COMPRESSIONS
from server.config import Settings


def register(sub: argparse._SubParsersAction) -> None:
    defaults = Settings.from_env()
    p = sub.add_parser("serve", help="run the match server", description="Run the match server.")
    p.add_argument("--host", default=defaults.host,
                   help=f"address to bind (default {defaults.host})")
    p.add_argument("--port", type=int, default=defaults.port,
                   help=f"port (default {defaults.port}; 0 picks a free one)")
    p.add_argument("--database", default=defaults.database_url,
                   help="SQLAlchemy database URL (default: embedded SQLite ./warband.db)")
    p.add_argument("--snapshot-every", type=int, default=500, metavar="N",
                   help="store a state snapshot every N events (default 500)")
    p.add_argument("--compression", choices=COMPRESSIONS, default=defaults.compression,
                   help="websocket permessage-deflate: none (default; CPU and memory go to "
                   "the matches), deflate (no state kept between messages) or "
                   "deflate-takeover (websockets' default: ~47 KiB per connection)")
    p.add_argument("--rules-workers", type=int, default=defaults.rules_workers, metavar="N",
                   help="run the rules of the matches in N worker processes, so a slow "
                   f"command does not hold up the others (default {defaults.rules_workers}: "
                   "in the server's own event loop)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from server import gc_tuning
    from server.app import ServerOptions, StartupError
    from server.app import run as run_server
    from server.cli import CommandError

    gc_tuning.thresholds()  # (a bad WARBAND_GC_THRESHOLDS stops it before it starts)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        asyncio.run(run_server(ServerOptions(host=args.host, port=args.port,
                                             database_url=args.database,
                                             snapshot_every=args.snapshot_every,
                                             compression=args.compression,
                                             rules_workers=max(0, args.rules_workers))))
    except StartupError as failure:
        raise CommandError(str(failure)) from None
    return 0
