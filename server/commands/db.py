"""`warband db upgrade`: apply the schema migrations (the server also does it on start)."""

from __future__ import annotations

import argparse
import asyncio

from server.config import Settings


def register(sub: argparse._SubParsersAction) -> None:
    defaults = Settings.from_env()
    p = sub.add_parser("db", help="manage the match database",
                       description="Manage the match database schema.")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    up = actions.add_parser("upgrade", help="apply every pending migration",
                            description="Apply every pending schema migration.")
    up.add_argument("--database", default=defaults.database_url,
                    help="SQLAlchemy database URL (default: WARBAND_DATABASE_URL or ./warband.db)")
    up.set_defaults(handler=run_upgrade)


def run_upgrade(args: argparse.Namespace) -> int:
    from server.cli import CommandError
    from server.store import migrate
    from server.store.engine import CANNOT_OPEN, cannot_open, create_engine

    async def upgrade() -> tuple[str | None, str]:
        engine = create_engine(args.database)
        try:
            before = await migrate.current(engine)
            return before, await migrate.upgrade(engine)
        finally:
            await engine.dispose()

    try:
        before, after = asyncio.run(upgrade())
    except CANNOT_OPEN as failure:
        raise CommandError(cannot_open(args.database, failure)) from None
    if before == after:
        print(f"database already at revision {after}")
    else:
        print(f"database upgraded from {before or 'empty'} to revision {after}")
    return 0
