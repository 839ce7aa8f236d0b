"""The `warband` command line."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys


def _serve(args: argparse.Namespace) -> int:
    from server.app import run

    asyncio.run(run(host=args.host, port=args.port, database_url=args.database))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="warband", description="Play tabletop skirmish wargames online."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    serve = sub.add_parser("serve", help="run the match server")
    serve.add_argument("--host", default=os.environ.get("WARBAND_HOST", "127.0.0.1"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("WARBAND_PORT", "8000")))
    serve.add_argument(
        "--database",
        default=os.environ.get("WARBAND_DATABASE_URL", "sqlite+aiosqlite:///./warband.db"),
        help="SQLAlchemy URL (default: embedded SQLite file ./warband.db)",
    )
    serve.set_defaults(handler=_serve)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return args.handler(args)
    except KeyboardInterrupt:
        return 0
    except Exception as exc:  # one clear line, non-zero exit
        print(f"warband: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
