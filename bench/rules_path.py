"""Benchmark: the rules side of a command in the server, as a match actor runs it
(`RulesCore.apply`): decide and fold with per-event checksums, the prompt listed and
encoded for the seats (`status`), each audience's view built and encoded (`_views`),
the state released. Prints us a command, split by stage; not a test.

    .venv/bin/python bench/rules_path.py [--games 6] [--seed 1] [--json]

The games are those of bench/sbh_engine.py (random-legal players, two ~300-point
warbands); the players choose from a prompt worked out apart, untimed (a client's
work, not the server's). Every command asks for the views of both seats and of the
spectators, as a match watched by both players and a spectator does.
`bench/compare.py` runs it against another revision in the same run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.sbh_engine import SETUP, WARBANDS  # noqa: E402
from server.matches import rules_host  # noqa: E402
from server.matches.rules_host import RulesCore  # noqa: E402
from server.rules.sbh.random_player import random_command  # noqa: E402
from server.rules.sbh.system import SYSTEM  # noqa: E402

VIEWERS = ("a", "b", None)  # both seats and the spectators


class Stages:
    """Time spent in each stage of `RulesCore.apply`, by wrapping what it calls
    (`timed`: the module function it calls too, `rules_host.apply_command`)."""

    def __init__(self, core: RulesCore) -> None:
        self.seconds = {"decide+fold+checksums": 0.0, "prompt (listed, encoded)": 0.0,
                        "views (built, encoded)": 0.0}
        core.status = self.timed("prompt (listed, encoded)", core.status)
        core._views = self.timed("views (built, encoded)", core._views)

    def timed(self, stage: str, call):
        def timed(*args, **kwargs):
            start = time.perf_counter()
            try:
                return call(*args, **kwargs)
            finally:
                self.seconds[stage] += time.perf_counter() - start
        return timed


def play(seed: int, totals: dict) -> int:
    """One game through a RulesCore; adds each stage's seconds to `totals`."""
    core = RulesCore(SYSTEM, seed.to_bytes(8, "big"))
    core.state = SYSTEM.initial(SETUP)
    stages = Stages(core)
    rng = random.Random(seed)
    applying = rules_host.apply_command
    commands = 0
    rules_host.apply_command = stages.timed("decide+fold+checksums", applying)
    try:
        while not SYSTEM.is_over(core.state):
            prompt = SYSTEM.prompt(core.state)  # (the client's: untimed)
            seat = rng.choice(prompt.seats)
            command = random_command(prompt, seat, rng, WARBANDS[seat])
            SYSTEM.release(core.state)  # (as the server leaves a state between commands)
            start = time.perf_counter()
            core.apply(command, VIEWERS)
            totals["total"] = totals.get("total", 0.0) + time.perf_counter() - start
            commands += 1
    finally:
        rules_host.apply_command = applying
    for stage, seconds in stages.seconds.items():
        totals[stage] = totals.get(stage, 0.0) + seconds
    return commands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object of figures")
    args = parser.parse_args()

    SYSTEM.warm()  # (as `warband serve` does before it takes matches)
    play(10**6, {})  # warm the caches matches share
    if args.games == 0:  # (start-up and warm-up only: bench/compare.py --instructions)
        print(json.dumps({}) if args.json else "no games")
        return
    totals: dict[str, float] = {}
    commands = sum(play(args.seed + game, totals) for game in range(args.games))
    total = totals.pop("total")
    totals["release and the rest"] = total - sum(totals.values())
    figures = {"commands": commands, "us_a_command": total / commands * 1e6,
               **{f"us_{stage}": seconds / commands * 1e6 for stage, seconds in totals.items()}}
    if args.json:
        print(json.dumps(figures))
        return
    print(f"rules side of a command in the server: {figures['us_a_command']:.1f} us "
          f"({commands} commands, {args.games} games)")
    for stage, seconds in totals.items():
        print(f"  {stage:28s} {seconds / commands * 1e6:7.1f} us  {seconds / total:6.1%}")


if __name__ == "__main__":
    main()
