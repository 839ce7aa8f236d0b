"""`warband play [--server URL] [--name NAME] [--no-follow]`: the terminal client."""

from __future__ import annotations

import argparse

from server.config import Settings


def default_server() -> str:
    settings = Settings.from_env()
    return f"ws://{settings.host}:{settings.port}/ws"


def server_url(value: str) -> str:
    """`ws://host:port/ws` as given, or `host:port` / `http://host:port` made into one."""
    if "://" not in value:
        value = f"ws://{value}"
    scheme, rest = value.split("://", 1)
    scheme = {"http": "ws", "https": "wss"}.get(scheme, scheme)
    if scheme not in ("ws", "wss") or not rest:
        raise argparse.ArgumentTypeError(f"{value!r} is not a server address (ws://, wss://, "
                                         "http://, https:// or HOST:PORT)")
    if "/" not in rest:
        rest += "/ws"
    return f"{scheme}://{rest}"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play in the terminal (lobby, board, prompts)",
                       description="Play SBH in a full-screen terminal client: sign in as a "
                                   "guest, pick or create a match in the lobby, and play it "
                                   "with the keyboard.")
    p.add_argument("--server", type=server_url, default=default_server(),
                   help="the server's websocket URL, or HOST:PORT (default: "
                        "ws://WARBAND_HOST:WARBAND_PORT/ws, i.e. ws://127.0.0.1:8000/ws)")
    p.add_argument("--name", default=None,
                   help="your display name (default: Guest- and six hex digits)")
    p.add_argument("--no-follow", dest="follow", action="store_false",
                   help="with several server nodes, play your matches through the node "
                        "you connected to (forwarded) rather than following each to the "
                        "node that runs it (the default: docs/cluster.md)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    return run_app(args.server, name=args.name, follow=args.follow)


def run_app(url: str, *, name: str | None = None, watch: str | None = None,
            follow: bool = True) -> int:
    from clients.tui.app import WarbandApp
    from server.cli import CommandError

    app = WarbandApp(url, name=name, watch=watch, follow=follow)
    app.run()
    if app.error:
        raise CommandError(app.error)
    return app.return_code or 0
