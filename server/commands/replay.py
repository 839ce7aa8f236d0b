"""`warband replay export MATCH` and `warband replay verify FILE|MATCH`."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from server.config import Settings

OTHER_RULES = 3  # exit status: recorded under rules this server does not run


def register(sub: argparse._SubParsersAction) -> None:
    defaults = Settings.from_env()
    p = sub.add_parser("replay", help="export or verify a finished match",
                       description="Export a finished match's replay, or verify one.")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    export = actions.add_parser("export", help="print a finished match's replay as JSON",
                                description="Print a finished match's replay (setup, "
                                            "revealed seed, commands, events) as JSON.")
    export.add_argument("match", help="match id")
    verify = actions.add_parser("verify", help="re-run a replay and compare every event",
                                description="Re-run decide over the recorded commands with "
                                            "the revealed seed; compare every event and "
                                            "checksum; print the first divergence. Exit "
                                            "status: 0 verified, 1 diverges, 3 recorded under "
                                            "other rules (not re-decided: seed and event "
                                            "checksums checked only).")
    verify.add_argument("replay", help="a replay file (JSON) or a match id")
    for action in (export, verify):
        action.add_argument("--database", default=defaults.database_url,
                            help="SQLAlchemy database URL (default: WARBAND_DATABASE_URL or "
                                 "./warband.db)")
    export.set_defaults(handler=run_export)
    verify.set_defaults(handler=run_verify)


async def _document(database: str, match_id: str) -> dict:
    from server.replays import replay_document
    from server.store.store import Store

    store = await Store.open(database, upgrade=False)
    try:
        return await replay_document(store, match_id)
    finally:
        await store.close()


def _load(args: argparse.Namespace) -> dict:
    from server.cli import CommandError
    from server.replays import ReplayUnavailable
    from server.store.engine import CANNOT_OPEN, cannot_open

    path = Path(args.replay if hasattr(args, "replay") else args.match)
    if hasattr(args, "replay") and path.is_file():
        try:
            return json.loads(path.read_text())
        except (OSError, ValueError) as bad:
            raise CommandError(f"{path} is not a replay file: {bad}") from None
    match_id = args.replay if hasattr(args, "replay") else args.match
    try:
        return asyncio.run(_document(args.database, match_id))
    except ReplayUnavailable as missing:
        raise CommandError(str(missing)) from None
    except CANNOT_OPEN as failure:
        raise CommandError(cannot_open(args.database, failure)) from None


def run_export(args: argparse.Namespace) -> int:
    json.dump(_load(args), sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")
    return 0


def run_verify(args: argparse.Namespace) -> int:
    from server.replays import verify_document

    document = _load(args)
    verdict = verify_document(document)
    if verdict.verified:
        print(f"replay of match {document['match_id']} verified: "
              f"{len(document['commands'])} commands, {len(document['events'])} events, "
              "every event and checksum identical; seed matches its commitment")
        return 0
    if verdict.status == "other_rules":
        print(f"replay of match {document.get('match_id')} NOT RE-DECIDED: {verdict.detail}")
        return OTHER_RULES
    print(f"replay of match {document.get('match_id')} DIVERGES: {verdict.detail}")
    return 1
