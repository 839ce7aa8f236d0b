"""Swiss pairing speed (issue 33): rounds 1..5 of a 1,000-player Swiss paired through
`server.tournaments.pairing.pair_round` (caissify-pairings' Dutch engine underneath),
results drawn by a seeded rng between rounds. Prints seconds per round; the goal is
under a second a round on this machine. Not a test.

    PYTHONPATH=. .venv/bin/python bench/swiss_pairing.py [--players 1000] [--rounds 5]
        [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.tournaments.format import EventSettings  # noqa: E402
from server.tournaments.models import Bye, Game, Player  # noqa: E402
from server.tournaments.pairing import pair_round  # noqa: E402


def run(players: int, rounds: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    field = [Player(f"p{i}", rating=rng.randint(800, 2400)) for i in range(players)]
    settings, history, seconds = EventSettings(rounds=rounds), [], []
    for round_number in range(1, rounds + 1):
        started = time.perf_counter()
        pairings = pair_round(field, history, settings, round_number)
        seconds.append(time.perf_counter() - started)
        history += [Game(round_number, a, b, rng.choice([a, b, None])) for a, b in pairings.tables]
        if pairings.bye:
            history.append(Bye(round_number, pairings.bye))
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object of figures")
    options = parser.parse_args()
    seconds = run(options.players, options.rounds, options.seed)
    if options.json:
        print(json.dumps({f"round{i}_us": round(s * 1e6) for i, s in enumerate(seconds, start=1)}))
        return
    for i, s in enumerate(seconds, start=1):
        print(f"round {i}: {s:.3f} s")
    print(f"worst {max(seconds):.3f} s for {options.players} players (goal < 1 s)")


if __name__ == "__main__":
    main()
