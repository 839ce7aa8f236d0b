"""Benchmark: memory one live SBH match holds (issue 6: <= 64 KiB a match).
Prints its figures; not a test.

    .venv/bin/python bench/sbh_memory.py [--matches 40] [--commands 150]

`--matches` matches (bench/sbh_engine.py's warbands and table) are each
played `--commands` commands into the battle by random-legal players, as the
server plays them (a prompt before each command, a checksum after each
event), and kept alive; tracemalloc's growth over them, divided by their
number, is the memory a match holds: its state, its board and every cache
attributable to it, including entries it adds to process-wide caches keyed
by its own objects. Process-wide tables shared by every match (hex lines by
offset, ray tables, board layouts by size) are not counted: the very same
matches are played once first and dropped, which draws every line they need.
The largest allocation sites follow, and what stays once the matches are
dropped (bounded process-wide caches).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.rules.dice import SeededDice  # noqa: E402
from server.rules.runner import apply_command  # noqa: E402
from server.rules.sbh.random_player import random_command  # noqa: E402
from server.rules.sbh.system import SYSTEM  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sbh_engine import SETUP, WARBANDS  # noqa: E402


def play(seed: int, commands: int | None):
    """A match `commands` commands in (None: to its end), prompts asked each
    time as the server does."""
    rng = random.Random(seed)
    dice = SeededDice(seed.to_bytes(8, "big"))
    state = SYSTEM.initial(SETUP)
    done = 0
    while not SYSTEM.is_over(state) and (commands is None or done < commands):
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        state, _ = apply_command(SYSTEM, state, command, dice, keep_input=False)
        done += 1
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--commands", type=int, default=150,
                        help="commands played into each match (about 60 are set-up)")
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args()

    for seed in range(args.matches):  # the same matches: the shared tables they need
        play(seed, args.commands)
    gc.collect()
    tracemalloc.start(1)
    before = tracemalloc.take_snapshot()
    start = tracemalloc.get_traced_memory()[0]
    matches = [play(seed, args.commands) for seed in range(args.matches)]
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - start
    alive = tracemalloc.take_snapshot()
    count, turns = len(matches), sum(s.turn for s in matches) / len(matches)
    del matches
    gc.collect()
    stays = tracemalloc.get_traced_memory()[0] - start
    print(f"{held / count / 1024:.1f} KiB ({held // count:,} bytes) per live match "
          f"({count} matches, {args.commands} commands each, turn {turns:.1f} on average); "
          f"{stays / 1024:.0f} KiB stays once they are dropped")
    for stat in alive.compare_to(before, "lineno")[:args.top]:
        frame = stat.traceback[0]
        print(f"  {stat.size_diff / count / 1024:7.1f} KiB  "
              f"{Path(frame.filename).name}:{frame.lineno}")


if __name__ == "__main__":
    main()
