"""The `warband` command line.

Each subcommand lives in its own module under `server/commands/` and exposes
`register(subparsers)`, which adds its parser and sets `handler` to a function
taking the parsed arguments and returning an exit code.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import threading

from server.config import ConfigError

# Order here is the order `warband --help` lists them.
COMMAND_MODULES = ["serve", "play", "watch", "db", "replay", "catalog", "points", "simulate",
                   "bot", "moderator"]


class CommandError(Exception):
    """A user-facing failure: printed as one line, exit status 1."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="warband", description="Play tabletop skirmish wargames online."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(f"server.commands.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    # (from the start: the thread can die as `asyncio.run` closes the loop, before the
    # command's error is even printed)
    threading.excepthook = _quiet_about_closed_loops
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "handler", None):
            parser.print_help()
            return 2
        return args.handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0
    except (CommandError, ConfigError) as exc:
        print(f"warband: error: {exc}", file=sys.stderr)
        return 1


def _quiet_about_closed_loops(failure: threading.ExceptHookArgs) -> None:
    """When a command fails: aiosqlite stops the worker thread of a connection that
    could not be opened by queueing a stop that reports back to the event loop; when
    `asyncio.run` has closed the loop first (a race), the thread dies on "Event loop
    is closed" and, as the process exits, Python prints its traceback under the
    one-line error. Harmless (the thread had nothing left to do): not printed."""
    if failure.exc_type is RuntimeError and "Event loop is closed" in str(failure.exc_value):
        return
    threading.__excepthook__(failure)


if __name__ == "__main__":
    # Run as `python -m server.cli`, this file is `__main__`, a module apart from
    # `server.cli`, whose CommandError the commands raise: use that module's main.
    from server.cli import main as cli_main

    sys.exit(cli_main())
