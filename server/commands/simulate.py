"""`warband simulate sbh|asoiaf|sns --games N --seed S --players random,heuristic [--json]`:
bots play whole matches in this process; prints win rates, mean turns (ASOIAF:
rounds), games/s and events/s."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any

DEFAULT_WARBANDS = {"sbh": "elves,goblins"}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="let bots play matches in-process and count wins",
                       description="Bots play whole matches in this process (the two "
                                   "players swap sides every game); prints win rates, mean "
                                   "turns, games/s and events/s.")
    p.add_argument("system", choices=["sbh", "asoiaf", "sns"])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1, help="first match seed (then +1 a game)")
    p.add_argument("--players", default="random,heuristic",
                   help="two bot levels, comma-separated (random, heuristic)")
    p.add_argument("--warbands", default=None,
                   help="the ready-made warband of seat a and of seat b (sbh: default "
                        "elves,goblins; asoiaf: default the first two of the scenario's "
                        "size, by key)")
    p.add_argument("--turns", type=int, default=30, help="sbh: turn limit of each match")
    p.add_argument("--points", type=int, default=300,
                   help="sbh: points limit of each match (default 300, the book's)")
    p.add_argument("--scenario", default="learn_to_play",
                   help="asoiaf: the scenario (default learn_to_play)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=run)


def _sbh(args: argparse.Namespace, keys: list[str], players: list[str]):
    """SBH's system, setup and bot maker, the warbands checked against the limit."""
    from clients.bots.sbh import make_bot
    from server.cli import CommandError
    from server.rules.sbh.builder import normalize
    from server.rules.sbh.presets import preset
    from server.rules.sbh.system import SYSTEM

    try:
        warbands = {"a": preset(keys[0]), "b": preset(keys[1])}
        for level in players:
            make_bot(level, warbands["a"])
    except (KeyError, ValueError) as bad:
        raise CommandError(str(bad).strip('"')) from None
    for key, warband in zip(keys, warbands.values(), strict=True):
        # (refused here in one line, not by the first match's list check mid-run)
        problems = normalize(warband, args.points)[1]
        if problems:
            raise CommandError(f"the {key} warband does not fit a {args.points}-point match: "
                               + " ".join(p.message for p in problems)
                               + " (give --points, or another warband)")
    setup = {"board_size": 24, "options": {"turn_limit": args.turns,
                                           "points_limit": args.points}}
    return SYSTEM, setup, lambda level, seat, seed: make_bot(level, warbands[seat], seed)


def _asoiaf(args: argparse.Namespace, keys: list[str] | None, players: list[str]):
    """ASOIAF's system, setup (the scenario and, if given, the warbands: they are
    the setup's) and bot maker; a setup the rules refuse is refused here."""
    from clients.bots.asoiaf import make_bot
    from server.cli import CommandError
    from server.rules.asoiaf.system import SYSTEM
    from server.rules.kernel import RulesError

    options: dict[str, Any] = {"scenario": args.scenario}
    if keys:
        options["warbands"] = {"a": keys[0], "b": keys[1]}
    setup = {"options": options}
    try:
        for level in players:
            make_bot(level)
        SYSTEM.initial(setup)
    except ValueError as bad:
        raise CommandError(str(bad)) from None
    except RulesError as refused:
        raise CommandError(refused.message) from None
    return SYSTEM, setup, lambda level, seat, seed: make_bot(level, options.get(
        "warbands", {}).get(seat), seed)


def _sns(args: argparse.Namespace, keys: list[str] | None, players: list[str]):
    """Swords & Sorcery's system and bot maker: the book's two sample armies (its
    setup's default) on the default table; ready-made warbands are not its way."""
    from clients.bots.sns import make_bot
    from server.cli import CommandError
    from server.rules.sns.system import SYSTEM

    if keys:
        raise CommandError("sns matches are played with the book's two sample armies: "
                           "leave out --warbands")
    try:
        for level in players:
            make_bot(level)
    except ValueError as bad:
        raise CommandError(str(bad)) from None
    return SYSTEM, {}, lambda level, seat, seed: make_bot(level, seed)


SYSTEMS = {"sbh": _sbh, "asoiaf": _asoiaf, "sns": _sns}


def run(args: argparse.Namespace) -> int:
    from rich.progress import Progress

    from clients.bots.match import play_in_process
    from server.cli import CommandError

    players = [p.strip() for p in args.players.split(",")]
    given = args.warbands or DEFAULT_WARBANDS.get(args.system)
    keys = [w.strip() for w in given.split(",")] if given else None
    if len(players) != 2 or (keys is not None and len(keys) != 2) or args.games < 1:
        raise CommandError("give two players, two warbands and at least one game")
    labels = players if players[0] != players[1] else [f"{p} #{i + 1}"
                                                        for i, p in enumerate(players)]
    system, setup, make = SYSTEMS[args.system](args, keys, players)
    wins: Counter = Counter()
    turns = events = 0
    started = time.perf_counter()
    with Progress(disable=args.json or not sys.stderr.isatty(), transient=True) as bar:
        task = bar.add_task("playing", total=args.games)
        for game in range(args.games):
            seed = args.seed + game
            order = (0, 1) if game % 2 == 0 else (1, 0)  # who sits in seat a
            seats = {"a": order[0], "b": order[1]}
            bots = {seat: make(players[i], seat, seed) for seat, i in seats.items()}
            outcome = play_in_process(bots, setup, seed, system)
            wins["draws" if outcome.winner is None else labels[seats[outcome.winner]]] += 1
            turns += outcome.turns
            events += outcome.events
            bar.advance(task)
    elapsed = time.perf_counter() - started
    report = {"system": args.system, "games": args.games, "players": labels,
              "seed": args.seed,
              "wins": {label: wins[label] for label in labels} | {"draws": wins["draws"]},
              "win_rates": {label: wins[label] / args.games for label in labels},
              "mean_turns": turns / args.games, "games_per_second": args.games / elapsed,
              "events_per_second": events / elapsed}
    if args.json:
        print(json.dumps(report))
        return 0
    for label in labels:
        print(f"{label:>12}: {wins[label]:4d} wins ({100 * wins[label] / args.games:.1f}%)")
    print(f"{'draws':>12}: {wins['draws']:4d}")
    turn = {"asoiaf": "rounds"}.get(args.system, "turns")
    print(f"mean {turn} {turns / args.games:.1f}; {args.games / elapsed:.2f} games/s, "
          f"{events / elapsed:,.0f} events/s ({args.games} games from seed {args.seed})")
    return 0
