"""Benchmark: full A Song of Ice & Fire games between random-legal players, and
evolve-only replay speed, next to SBH's (bench/sbh_engine.py) in the same run, so
the two read as a ratio on whatever machine runs them. Prints its figures; not a
test.

    .venv/bin/python bench/asoiaf_engine.py [--games 6] [--sbh-games 20] [--seed 1]
                                            [--scenario learn_to_play] [--by-kind] [--json]

ASOIAF games are played with server/rules/asoiaf/random_player.py from the prompts
(its two default warbands of the scenario's size: Learn to Play, 2-4-12, 12 models
a side, 4 rounds) through the kernel runner, as `warband serve` applies commands;
SBH's are bench/sbh_engine.py's (two 300-point warbands, 40-turn limit). "us a
command" is the comparable figure: the games differ in length. `--by-kind`: where
an ASOIAF game's time goes, by command type: the prompt the command answers, and
applying it (decide checks the command against the prompt again, then evolve).
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

from bench import sbh_engine  # noqa: E402
from server.rules.asoiaf.random_player import random_command  # noqa: E402
from server.rules.asoiaf.system import SYSTEM  # noqa: E402
from server.rules.dice import SeededDice  # noqa: E402
from server.rules.runner import apply_command  # noqa: E402

KINDS: Counter = Counter()  # commands played, by type


def play(setup: dict, seed: int, checksums: bool, stages: dict | None = None):
    """One random-legal game; its events. With `stages`, each command type's
    [count, seconds in its prompt, seconds applying it] are added up."""
    rng, dice = random.Random(seed), SeededDice(seed.to_bytes(8, "big"))
    state = SYSTEM.initial(setup)
    events = []
    clock = time.perf_counter
    while not SYSTEM.is_over(state):
        started = clock()
        prompt = SYSTEM.prompt(state)
        asked = clock()
        command = random_command(prompt, prompt.seats[0], rng)
        chosen = clock()
        state, applied = apply_command(SYSTEM, state, command, dice, checksums=checksums,
                                       keep_input=False)
        if stages is not None:
            row = stages.setdefault(command.type, [0, 0.0, 0.0])
            row[0] += 1
            row[1] += asked - started
            row[2] += clock() - chosen
        events.extend(a.event for a in applied)
        KINDS[command.type] += 1
    return events


def asoiaf_figures(setup: dict, games: int, seed: int, say) -> dict[str, float]:
    figures: dict[str, float] = {}
    logs = []
    for label, checksums in (("with per-event checksums", True), ("engine only", False)):
        KINDS.clear()
        start = time.perf_counter()
        count = 0
        for game in range(games):
            events = play(setup, seed + game, checksums)
            count += len(events)
            if not checksums:
                logs.append(events)
        elapsed = time.perf_counter() - start
        commands = sum(KINDS.values())
        key = "checksums" if checksums else "engine"
        figures[f"asoiaf_{key}_games_per_second"] = games / elapsed
        figures[f"asoiaf_{key}_us_a_command"] = elapsed / commands * 1e6
        say(f"ASOIAF full games ({label}): {games / elapsed:.3f} games/s, "
            f"{count / elapsed:,.0f} events/s, {count / games:.0f} events and "
            f"{commands / games:.0f} commands a game, {elapsed / commands * 1e6:,.0f} us a "
            "command (prompt, choice, decide and evolve)")
    say("ASOIAF commands a game: " + ", ".join(f"{kind} {n / games:.1f}" for kind, n
                                                in KINDS.most_common(8)))
    start = time.perf_counter()
    total = 0
    folding = 0.0  # the evolve calls alone, without building the opening state
    for events in logs:
        state = SYSTEM.initial(setup)
        folded = time.perf_counter()
        for event in events:
            state = SYSTEM.evolve(state, event)
        folding += time.perf_counter() - folded
        total += len(events)
    elapsed = time.perf_counter() - start
    figures["asoiaf_evolve_events_per_second"] = total / elapsed
    figures["asoiaf_evolve_alone_events_per_second"] = total / folding
    say(f"ASOIAF evolve-only rebuild: {total / elapsed:,.0f} events/s over {total} events "
        f"(as SBH's: the opening state and the events); the evolve calls alone "
        f"{total / folding:,.0f} events/s, so the opening state (`initial`) took "
        f"{(elapsed - folding) / len(logs) * 1e3:.0f} ms a game")
    return figures


def sbh_figures(games: int, seed: int, say) -> dict[str, float]:
    """bench/sbh_engine.py's engine-only games and evolve rebuild, in this run."""
    sbh_engine.SYSTEM.warm()
    sbh_engine.play(10**6, False)
    sbh_engine.KINDS.clear()
    start = time.perf_counter()
    logs = [sbh_engine.play(seed + game, False)[1] for game in range(games)]
    elapsed = time.perf_counter() - start
    commands = sum(sbh_engine.KINDS.values())
    events = sum(len(log) for log in logs)
    start = time.perf_counter()
    for log in logs:
        state = sbh_engine.SYSTEM.initial(sbh_engine.SETUP)
        for event in log:
            state = sbh_engine.SYSTEM.evolve(state, event)
    rebuilt = time.perf_counter() - start
    figures = {"sbh_engine_games_per_second": games / elapsed,
               "sbh_engine_us_a_command": elapsed / commands * 1e6,
               "sbh_evolve_events_per_second": events / rebuilt}
    say(f"SBH full games (engine only): {games / elapsed:.2f} games/s, "
        f"{commands / games:.0f} commands a game, {elapsed / commands * 1e6:,.1f} us a command; "
        f"evolve-only rebuild {events / rebuilt:,.0f} events/s")
    return figures


def print_by_kind(setup: dict, games: int, seed: int) -> None:
    stages: dict[str, list[float]] = {}
    for game in range(games):
        play(setup, seed + game, False, stages)
    total = sum(row[1] + row[2] for row in stages.values())
    print(f"{'command':22} {'count':>6} {'share':>6} {'prompt':>10} {'apply':>10}  (us each)")
    for kind, (n, asked, applied) in sorted(stages.items(), key=lambda i: -(i[1][1] + i[1][2])):
        print(f"{kind:22} {n:6.0f} {(asked + applied) / total:6.1%} {asked / n * 1e6:10.0f} "
              f"{applied / n * 1e6:10.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="ASOIAF games")
    parser.add_argument("--sbh-games", type=int, default=20, help="SBH games, the baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", default="learn_to_play")
    parser.add_argument("--by-kind", action="store_true",
                        help="instead, where an ASOIAF game's time goes, by command type")
    parser.add_argument("--json", action="store_true", help="one JSON object of figures")
    args = parser.parse_args()
    setup = {"options": {"scenario": args.scenario}}
    say = (lambda text: None) if args.json else print
    say(f"python {platform.python_version()} ({sys.executable})")
    play(setup, 10**6, False)  # (warm: the scenario, the card pack, the geometry caches)
    if args.by_kind:
        print_by_kind(setup, args.games, args.seed)
        return
    figures = asoiaf_figures(setup, args.games, args.seed, say)
    figures |= sbh_figures(args.sbh_games, args.seed, say)
    figures["asoiaf_to_sbh_us_a_command"] = (figures["asoiaf_engine_us_a_command"]
                                             / figures["sbh_engine_us_a_command"])
    figures["asoiaf_to_sbh_evolve"] = (figures["asoiaf_evolve_events_per_second"]
                                       / figures["sbh_evolve_events_per_second"])
    say(f"ASOIAF / SBH: {figures['asoiaf_to_sbh_us_a_command']:.1f}x the time a command, "
        f"{figures['asoiaf_to_sbh_evolve']:.2f}x the evolve events/s")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
