"""`warband bot --server URL [--system sbh|asoiaf] [--account NAME] [--password PASSWORD]
[--level random|heuristic] [--warband PRESET] [--match ID] [--invite CODE] [--once] [--seed N]
[--no-follow]`:
a bot that takes a seat (in a named match, or in whatever open challenge of its
system it finds) and plays from the prompts over the network, like any client. An
ASOIAF match's warbands are its setup's: `--warband` is SBH's."""

from __future__ import annotations

import argparse
import asyncio
import logging

from server.commands.play import default_server, server_url

log = logging.getLogger("warband.bot")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bot", help="seat a bot in open challenges or a named match",
                       description="Connect to a warband server and play as a bot: join "
                                   "the named match, or keep taking open challenges of "
                                   "its rules system.")
    p.add_argument("--server", type=server_url, default=default_server(),
                   help="the server's websocket URL, or HOST:PORT (default: "
                        "ws://WARBAND_HOST:WARBAND_PORT/ws, i.e. ws://127.0.0.1:8000/ws)")
    p.add_argument("--account", default="Bot", help="guest name, or username with "
                   "--password")
    p.add_argument("--password", help="log in to a registered account instead of a guest")
    p.add_argument("--system", default="sbh", choices=["sbh", "asoiaf"],
                   help="the rules system it plays (default sbh)")
    p.add_argument("--level", default="heuristic", choices=["random", "heuristic"])
    p.add_argument("--warband", default="goblins", help="SBH: preset warband (elves, goblins)")
    p.add_argument("--match", help="join (or resume) this match instead of open challenges")
    p.add_argument("--invite", help="join the private match with this invite code")
    p.add_argument("--once", action="store_true", help="stop after one match")
    p.add_argument("--seed", type=int, default=0, help="the bot's own choices' seed")
    p.add_argument("--no-follow", dest="follow", action="store_false",
                   help="with several nodes, stay on the node it connected to (its "
                   "commands forwarded) rather than taking a match's traffic to the node "
                   "that runs it when told where that is (docs/cluster.md)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from server.cli import CommandError
    from server.rules.sbh.presets import preset

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        warband = preset(args.warband) if getattr(args, "system", "sbh") == "sbh" else None
    except KeyError as bad:
        raise CommandError(str(bad).strip('"')) from None
    try:
        asyncio.run(serve_as_bot(args, warband))
    except OSError as unreachable:
        raise CommandError(f"cannot reach {args.server}: {unreachable}") from None
    return 0


async def serve_as_bot(args: argparse.Namespace, warband: dict | None) -> None:
    from clients.bots.match import play_seat
    from clients.session import Session

    if getattr(args, "system", "sbh") == "asoiaf":
        from clients.bots.asoiaf import make_bot
    else:
        from clients.bots.sbh import make_bot

    follow = getattr(args, "follow", True)  # (on unless --no-follow)
    async with await Session.open(args.server, follow_matches=follow) as session:
        if args.password:
            await session.login(args.account, args.password)
        else:
            await session.guest(args.account)
        games = 0
        while True:
            match_id = await _take_a_seat(session, args, warband)
            if match_id is None:
                await asyncio.sleep(1.0)  # nobody is waiting for a game yet
                continue
            stream = await session.watch(match_id, views=True)
            # (on stdout, whatever the log level: which match to watch or play)
            print(f"joined match {match_id} as seat {stream.seat}", flush=True)
            over = await play_seat(session, stream, make_bot(args.level, warband,
                                                             args.seed + games))
            log.info("match %s over: %s", match_id, over["result"])
            games += 1
            if args.once or args.match or args.invite:
                return


def _fits(warband: dict | None, setup: dict) -> bool:
    """Whether the bot's warband is a valid list at the match's points limit (an
    ASOIAF bot has none: the match's setup holds the warbands)."""
    from server.rules.sbh.builder import DEFAULT_LIMIT, normalize

    if warband is None:
        return True
    limit = (setup.get("options") or {}).get("points_limit", DEFAULT_LIMIT)
    return not normalize(warband, limit)[1]


async def _take_a_seat(session, args, warband: dict | None) -> str | None:
    from clients.client import ServerError

    if args.match or args.invite:
        try:
            joined = await session.join(args.match, invite_code=args.invite)
            return joined["match_id"]
        except ServerError as refused:
            if refused.code == "already_seated":
                return args.match
            raise
    for match in await session.list_open(getattr(args, "system", "sbh")):
        if not _fits(warband, match["setup"]):
            continue  # (its list would be refused: a challenge for another warband)
        try:
            return (await session.join(match["match_id"]))["match_id"]
        except ServerError as refused:  # someone was quicker
            log.info("could not join %s: %s", match["match_id"], refused)
    return None
