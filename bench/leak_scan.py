"""The leak scanner's big run (issue 29, "Redaction under races"): many whole SBH
matches played over real sockets while a third connection signs out, switches
accounts and signs back in at random moments (also as each match starts), with a
spectator (delayed in every third match); every frame every connection received is
checked against what its identity at that moment was entitled to see
(tests/hostile/leak_scan.py says what counts as a leak). Prints its figures; not
a test.

    PYTHONPATH=. .venv/bin/python bench/leak_scan.py [--matches 100] [--seed 1]

The server runs in this process on a SQLite file in a temporary directory (or
`--database URL`, an empty database). Exits 1 if any leak was found.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.app import ServerOptions, WarbandServer  # noqa: E402
from server.replays import replay_document  # noqa: E402
from tests.hostile.leak_scan import play_watched_match, scan  # noqa: E402
from tests.server.test_full_match import SETUP  # noqa: E402

SCENARIOS = ("all_out_battle", "ambush", "treasure_hunt", "place_of_power")


async def run(matches: int, seed: int, database: str) -> int:
    server = WarbandServer(ServerOptions(port=0, database_url=database, rate=10_000,
                                         burst=10_000))
    await server.start()
    started = time.perf_counter()
    frames = switches = found = 0
    try:
        for index in range(matches):
            scenario = SCENARIOS[index % len(SCENARIOS)]
            delay = 6 if index % 3 == 2 else 0
            played = await play_watched_match(server, SETUP | {"scenario": scenario},
                                              seed + index, spectator_delay=delay)
            replay = await replay_document(server.store, played.match_id)
            leaks = scan(played, replay)
            frames += sum(len(party.frames) for party in played.parties.values())
            switches += played.switches
            found += len(leaks)
            for leak in leaks[:5]:
                print(f"  LEAK in match {played.match_id} ({scenario}): {leak.party} "
                      f"({leak.identity}) got {leak.what}")
            for party in played.parties.values():
                await party.close()
            if (index + 1) % 10 == 0 or index + 1 == matches:
                print(f"{index + 1}/{matches} matches, {frames} frames scanned, "
                      f"{switches} sign-outs and switches, {found} leaks "
                      f"({time.perf_counter() - started:.0f} s)", flush=True)
    finally:
        await server.stop()
    print(f"matches: {matches}; frames scanned: {frames}; identity changes during play: "
          f"{switches}; leaks: {found}")
    return 1 if found else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default=None,
                        help="SQLAlchemy URL of an empty database (default: a SQLite file)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = options.database or f"sqlite+aiosqlite:///{folder}/leaks.db"
        sys.exit(asyncio.run(run(options.matches, options.seed, database)))


if __name__ == "__main__":
    main()
