"""`warband watch MATCH [--server URL]`: spectate a match in the terminal."""

from __future__ import annotations

import argparse

from server.commands.play import default_server, run_app, server_url


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("watch", help="watch a match live in the terminal",
                       description="Spectate a match: the board and the log, live; a "
                                   "finished match shows its final board, both lists, the "
                                   "result and how to replay it.")
    p.add_argument("match", help="match id")
    p.add_argument("--server", type=server_url, default=default_server(),
                   help="the server's websocket URL, or HOST:PORT (default: "
                        "ws://127.0.0.1:8000/ws)")
    p.add_argument("--name", default="Spectator", help="your display name (default Spectator)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    return run_app(args.server, name=args.name, watch=args.match)
