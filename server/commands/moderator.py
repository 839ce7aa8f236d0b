"""`warband moderator USERNAME [--revoke]`: make a registered account a chat
moderator (it may hide messages and silence accounts: server/chat), or no longer.
Guests cannot be moderators."""

from __future__ import annotations

import argparse
import asyncio

from server.config import Settings


def register(sub: argparse._SubParsersAction) -> None:
    defaults = Settings.from_env()
    p = sub.add_parser("moderator", help="grant or revoke an account's chat moderation",
                       description="Make a registered account a chat moderator (hide "
                                   "messages, silence accounts), or with --revoke no longer.")
    p.add_argument("username", help="the registered account's username")
    p.add_argument("--revoke", action="store_true", help="take the role away")
    p.add_argument("--database", default=defaults.database_url,
                   help="SQLAlchemy database URL (default: WARBAND_DATABASE_URL or ./warband.db)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from server.chat.store import ChatStore
    from server.cli import CommandError
    from server.store.engine import CANNOT_OPEN, cannot_open
    from server.store.store import Store

    async def change() -> str | None:
        store = await Store.open(args.database)
        try:
            account = await store.account(username=args.username)
            if account is None or account["guest"]:
                return None
            await ChatStore(store.engine).set_moderator(account["id"], not args.revoke)
            return account["username"]
        finally:
            await store.close()

    try:
        username = asyncio.run(change())
    except CANNOT_OPEN as failure:
        raise CommandError(cannot_open(args.database, failure)) from None
    if username is None:
        raise CommandError(f"no registered account is named {args.username!r}")
    print(f"{username} is {'no longer' if args.revoke else 'now'} a chat moderator")
    return 0
