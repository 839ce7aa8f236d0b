"""Benchmark: full SBH games between random-legal players, and evolve-only
replay speed. Prints its figures; not a test.

    .venv/bin/python bench/sbh_engine.py [--games 30] [--seed 1] [--by-kind]

`--json` prints the figures as one JSON object; `bench/compare.py` runs this against
another revision in the same run, alternating.

Goals (issue 3): >= 100 full games/s on one core for two 300-point warbands;
>= 300,000 evolve events/s when rebuilding a match from its events.

"what a game held" says what the timed games were: random-legal players wander, so
their games run to the 40-turn limit with almost no fighting (two warbands deployed
40 hexes apart seldom meet). Games/s is therefore a figure for games of ~485
mostly-movement commands; "us a command" is the comparable figure.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.rules.dice import SeededDice  # noqa: E402
from server.rules.runner import apply_command  # noqa: E402
from server.rules.sbh.builder import from_profiles  # noqa: E402
from server.rules.sbh.random_player import random_command  # noqa: E402
from server.rules.sbh.system import SYSTEM  # noqa: E402

WARBANDS = {  # two warbands of about 300 points from seed 000's rosters
    "a": from_profiles("Elves", {"Elf Commander (Sword And Shield, Chainmail)": 1,
                                 "Wood Elf Archer (Shortsword, Longbow)": 2,
                                 "Wood Elf Warrior (Sword, Leather Armor)": 2,
                                 "Elf Young Warrior (Spear And Shield)": 1}),
    "b": from_profiles("Goblins", {"Goblin Commander (Hand Weapon And Shield)": 1,
                                   "Goblin Archer (Leather Armor And Shortbow)": 2,
                                   "Goblin Warrior (Hand Weapon And Shield)": 10,
                                   "Goblin Sneak (Dagger)": 1, "Troll": 1}),
}
SETUP = {"options": {"turn_limit": 40}}


def new_game(seed: int):
    """The random player's generator, the dice and the opening state of game `seed`
    (`play` and `time_by_kind` play the same games)."""
    return random.Random(seed), SeededDice(seed.to_bytes(8, "big")), SYSTEM.initial(SETUP)


def choose(prompt, rng: random.Random):
    """The random-legal player's command: a seat the prompt waits for, then one of
    its options with random arguments."""
    seat = rng.choice(prompt.seats)
    return random_command(prompt, seat, rng, WARBANDS[seat])


def play(seed: int, checksums: bool):
    rng, dice, state = new_game(seed)
    events = []
    while not SYSTEM.is_over(state):
        command = choose(SYSTEM.prompt(state), rng)
        state, applied = apply_command(SYSTEM, state, command, dice, checksums=checksums,
                                       keep_input=False)
        events.extend(a.event for a in applied)
        KINDS[command.type] += 1
    TURNS.append(state.turn)
    return state, events


KINDS: Counter = Counter()  # commands played, by type (what the timed games were made of)
TURNS: list[int] = []  # the turn each game ended in


def time_by_kind(games: int, first_seed: int) -> dict[str, list[float]]:
    """The games `play` plays, timed by stage: command type -> [count, seconds in
    the prompt before it, in the player's choice, in applying it]. (The prompt is
    the one the command answers: a move's is the activated figure's actions.)"""
    clock = time.perf_counter
    stages: dict[str, list[float]] = {}
    for seed in range(first_seed, first_seed + games):
        rng, dice, state = new_game(seed)
        while not SYSTEM.is_over(state):
            started = clock()
            prompt = SYSTEM.prompt(state)
            asked = clock()
            command = choose(prompt, rng)
            chosen = clock()
            state, _ = apply_command(SYSTEM, state, command, dice, checksums=False,
                                     keep_input=False)
            row = stages.setdefault(command.type, [0, 0.0, 0.0, 0.0])
            row[0] += 1
            row[1] += asked - started
            row[2] += chosen - asked
            row[3] += clock() - chosen
    return stages


GOAL_GAMES_PER_SECOND = 100  # issue 3


def goal_budget(stages: dict[str, list[float]], games: int) -> tuple[float, str, float]:
    """What the goal leaves a command, against the cheapest common command:
    (us a command at GOAL_GAMES_PER_SECOND, given these games' commands a game;
    the command type costing least in all (prompt, choice and apply), among those
    played at least once a game on average; its us). The cheapest type does little
    beyond the kernel's fixed path (checks, context, journal, an event, evolve,
    the end-of-match test), which every command pays."""
    commands = sum(row[0] for row in stages.values())
    budget = 1e6 / GOAL_GAMES_PER_SECOND / (commands / games)
    common = {kind: sum(row[1:]) / row[0] * 1e6 for kind, row in stages.items()
              if row[0] >= games}
    cheapest = min(common, key=common.__getitem__)
    return budget, cheapest, common[cheapest]


def print_by_kind(stages: dict[str, list[float]], games: int) -> None:
    total = sum(sum(row[1:]) for row in stages.values())
    print(f"{'command':22} {'count':>6} {'share':>6} {'prompt':>8} {'choice':>8} {'apply':>8}"
          "  (us each)")
    for kind, (n, asked, chosen, applied) in sorted(
            stages.items(), key=lambda item: -sum(item[1][1:])):
        print(f"{kind:22} {n:6.0f} {(asked + chosen + applied) / total:6.1%} "
              f"{asked / n * 1e6:8.1f} {chosen / n * 1e6:8.1f} {applied / n * 1e6:8.1f}")
    budget, cheapest, cost = goal_budget(stages, games)
    print(f"the goal ({GOAL_GAMES_PER_SECOND} games/s) leaves {budget:.1f} us a command; "
          f"the cheapest common command, {cheapest}, took {cost:.1f} us in all "
          f"({cost / budget:.2f}x the budget)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true",
                        help="one JSON object of figures (bench/compare.py reads it)")
    parser.add_argument("--by-kind", action="store_true",
                        help="instead, where the engine-only games' time goes: by command "
                        "type, the prompt, the player's choice and applying it, and what "
                        "the 100 games/s goal leaves a command")
    args = parser.parse_args()
    figures: dict[str, float] = {}
    say = (lambda text: None) if args.json else print
    # (builds differ: pyenv's here runs these games ~10-15% slower than Debian's; README)
    say(f"python {platform.python_version()} ({sys.executable})")

    # A server process lives long, so its geometry caches (hex lines by offset,
    # board layouts) are warm in steady state: build what `warband serve` builds
    # before it takes matches (every sight line, move ray and the flight grid of
    # the default table: a first flee drew the grid inside a timed game, ~19 ms),
    # and play one untimed game.
    SYSTEM.warm()
    play(10**6, False)
    if args.by_kind:
        print_by_kind(time_by_kind(args.games, args.seed), args.games)
        return
    if args.games == 0:  # (start-up and warm-up only: bench/compare.py --instructions)
        print(json.dumps(figures) if args.json else "no games")
        return
    logs = []
    for label, checksums in (("with per-event checksums", True), ("engine only", False)):
        KINDS.clear()  # (both runs play the same games)
        TURNS.clear()
        start, cpu = time.perf_counter(), time.process_time()
        count = 0
        for game in range(args.games):
            state, events = play(args.seed + game, checksums)
            count += len(events)
            if not checksums:
                logs.append(events)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        commands = sum(KINDS.values())
        key = "checksums" if checksums else "engine"
        figures[f"{key}_games_per_second"] = args.games / elapsed
        figures[f"{key}_us_a_command"] = elapsed / commands * 1e6
        say(f"full games ({label}): {args.games / elapsed:.2f} games/s "
              f"({args.games / cpu:.2f} per CPU second), {count / elapsed:,.0f} events/s, "
              f"{count / args.games:.0f} events and {commands / args.games:.0f} commands "
              f"a game, {elapsed / commands * 1e6:.1f} us a command (prompt, choice, "
              "decide and evolve)")

    games = len(TURNS)
    at_limit = sum(turn >= SETUP["options"]["turn_limit"] for turn in TURNS)
    say(f"what a game held: {sum(TURNS) / games:.1f} turns ({at_limit} of {games} games "
          f"ended at the {SETUP['options']['turn_limit']}-turn limit); commands a game: "
          + ", ".join(f"{kind} {count / games:.1f}" for kind, count in KINDS.most_common(8))
          + f"; melee attacks {KINDS['attack'] / games:.1f}, shots {KINDS['shoot'] / games:.1f}")

    start = time.perf_counter()
    total = 0
    for events in logs:
        state = SYSTEM.initial(SETUP)
        for event in events:
            state = SYSTEM.evolve(state, event)
        total += len(events)
    elapsed = time.perf_counter() - start
    figures["evolve_events_per_second"] = total / elapsed
    say(f"evolve-only rebuild: {total / elapsed:,.0f} events/s over {total} events")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
