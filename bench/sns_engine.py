"""Swords & Sorcery in-engine speed and bot strength (issue 34):

    PYTHONPATH=. .venv/bin/python bench/sns_engine.py [--games 20] [--duel 200] [--layout L]

Whole seeded games between random-legal players through the kernel loop on one
core: games/s and µs a command (prompt, choice and apply, checksums off), and
evolve-only replay (events/s). With --duel N, N seeded games of the heuristic
player against the random one, swapping sides every game: the heuristic's win
rate (the issue asks >= 80%)."""

from __future__ import annotations

import argparse
import random
import time

from server.rules.dice import SeededDice
from server.rules.kernel import Viewer
from server.rules.runner import apply_command
from server.rules.sns.heuristic_player import heuristic_command
from server.rules.sns.random_player import random_command
from server.rules.sns.system import SYSTEM

SETUP: dict = {}


def play(seed: int, players: dict[str, str]):
    rng = random.Random(seed)
    dice = SeededDice(seed.to_bytes(8, "big"))
    state = SYSTEM.initial(SETUP)
    commands, events = 0, []
    while not SYSTEM.is_over(state):
        prompt = SYSTEM.prompt(state)
        seat = prompt.seats[rng.randrange(len(prompt.seats))]
        if players[seat] == "heuristic":
            command = heuristic_command(prompt, seat, SYSTEM.view(state, Viewer(seat)), rng)
        else:
            command = random_command(prompt, seat, rng)
        state, applied = apply_command(SYSTEM, state, command, dice, checksums=False,
                                       keep_input=False)
        events += [a.event for a in applied]
        commands += 1
    return state, commands, events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--duel", type=int, default=0)
    parser.add_argument("--layout", default="", help="a table layout (data/layouts.toml)")
    args = parser.parse_args()
    if args.layout:
        SETUP["layout"] = args.layout
    started = time.perf_counter()
    commands, logs = 0, []
    for seed in range(args.games):
        _, n, events = play(seed, {"a": "random", "b": "random"})
        commands += n
        logs.append(events)
    elapsed = time.perf_counter() - started
    print(f"random v random: {args.games / elapsed:.2f} games/s, "
          f"{elapsed / commands * 1e6:,.0f} µs a command ({commands} commands)")
    started = time.perf_counter()
    folded = 0
    for events in logs:
        state = SYSTEM.initial(SETUP)
        for event in events:
            state = SYSTEM.evolve(state, event)
        folded += len(events)
    print(f"evolve-only replay: {folded / (time.perf_counter() - started):,.0f} events/s")
    if args.duel:
        wins = draws = 0
        for seed in range(args.duel):
            heuristic = "a" if seed % 2 == 0 else "b"
            players = {heuristic: "heuristic", ("b" if heuristic == "a" else "a"): "random"}
            final, _, _ = play(10_000 + seed, players)
            wins += final.winner == heuristic
            draws += final.winner is None
        print(f"heuristic v random: {wins}/{args.duel} wins ({100 * wins / args.duel:.1f}%), "
              f"{draws} draws")


if __name__ == "__main__":
    main()
