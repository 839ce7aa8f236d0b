"""Swiss pairing speed (issue 33): rounds of a Swiss paired through
`server.tournaments.pairing.pair_round` (pairing-core's Dutch kernel, its first choices
computed by `fast_dutch`), results drawn by a seeded rng between rounds. Prints seconds
per round and how many rounds needed the kernel's own search; the goal is under a second
a round for 1,000 players on this machine. Not a test.

    PYTHONPATH=. .venv/bin/python bench/swiss_pairing.py [--players 1000] [--rounds 5]
        [--seed 1] [--clubs 0] [--late 0] [--withdraw 0] [--kernel-only] [--json]

--clubs N puts the players in N clubs (same club never meets); --late K adds K players
before round 2; --withdraw K withdraws K players before round 3; --kernel-only pairs
with pairing-core alone, without the fast path (slow: ~30 s for round 1 of 1,000); the
printed digest of all pairings is the same either way.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import server.tournaments.pairing as pairing  # noqa: E402
from server.tournaments.format import EventSettings  # noqa: E402
from server.tournaments.models import Bye, Game, Player  # noqa: E402


def run(options) -> list[dict]:
    rng = random.Random(options.seed)

    def club(i: int) -> str | None:
        return f"club{i % options.clubs}" if options.clubs else None

    field = [
        Player(f"p{i}", rating=rng.randint(800, 2400), club=club(i)) for i in range(options.players)
    ]
    settings = EventSettings(rounds=options.rounds, late_registration_until_round=2)
    history: list[Game | Bye] = []
    searches = {"kernel": 0}
    real_first_choice = pairing.first_choice

    def counted_first_choice(entrants):
        pairs, rest = real_first_choice(entrants)
        searches["kernel"] += bool(rest)
        return pairs, rest

    pairing.first_choice = (
        (lambda entrants: ([], list(entrants))) if options.kernel_only else counted_first_choice
    )
    figures, digest = [], hashlib.sha256()
    for round_number in range(1, options.rounds + 1):
        if round_number == 2:
            field += [
                Player(f"late{i}", rating=rng.randint(800, 2400), joined_round=2, club=club(i))
                for i in range(options.late)
            ]
        if round_number == 3:
            leaving = set(rng.sample([p.id for p in field], options.withdraw))
            field = [Player(p.id, p.rating, p.joined_round, p.id in leaving, p.club) for p in field]
        searches["kernel"] = 0
        started = time.perf_counter()
        pairings = pairing.pair_round(field, history, settings, round_number)
        seconds = time.perf_counter() - started
        figures.append({"round": round_number, "seconds": seconds, "kernel": searches["kernel"]})
        tables = sorted(tuple(sorted(t)) for t in pairings.tables)  # results not order-bound
        digest.update(repr((tables, pairings.bye)).encode())
        history += [Game(round_number, a, b, rng.choice([a, b, None])) for a, b in tables]
        if pairings.bye:
            history.append(Bye(round_number, pairings.bye))
    print(f"pairings digest {digest.hexdigest()[:16]} (equal with --kernel-only: same pairs)")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clubs", type=int, default=0)
    parser.add_argument("--late", type=int, default=0)
    parser.add_argument("--withdraw", type=int, default=0)
    parser.add_argument("--kernel-only", action="store_true")
    parser.add_argument("--json", action="store_true", help="one JSON object of figures")
    options = parser.parse_args()
    figures = run(options)
    if options.json:
        print(json.dumps({f"round{f['round']}_us": round(f["seconds"] * 1e6) for f in figures}))
        return
    for f in figures:
        searched = f" (kernel searched {f['kernel']}x)" if f["kernel"] else ""
        print(f"round {f['round']}: {f['seconds']:.3f} s{searched}")
    worst = max(f["seconds"] for f in figures)
    print(f"worst {worst:.3f} s for {options.players} players (goal < 1 s)")


if __name__ == "__main__":
    main()
