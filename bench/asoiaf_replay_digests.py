"""Fingerprints of seeded random ASOIAF games, to show a speed-up changed nothing:
for each scenario and seed, the number of events, a hash of the event list and
a hash of the state digests after every evolve of a rebuild (the final state's
digest too). Write them before a change, compare after it. Not a test (20 games
take ~10 s); bench/asoiaf_engine.py measures the speed.

    .venv/bin/python bench/asoiaf_replay_digests.py --write /tmp/before.json
    .venv/bin/python bench/asoiaf_replay_digests.py --compare /tmp/before.json
        [--seeds 10] [--scenarios learn_to_play village_skirmish]

The games are bench/asoiaf_engine.py's (random_player, seeded dice, the kernel
runner); a game's rebuild must also end in the state its play ended in.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.asoiaf_engine import play  # noqa: E402
from server.rules.asoiaf.system import SYSTEM  # noqa: E402
from server.rules.checksum import state_digest  # noqa: E402


def fingerprint(scenario: str, seed: int) -> list:
    setup = {"options": {"scenario": scenario}}
    events = play(setup, seed, False)
    event_hash = hashlib.sha256()
    for event in events:
        event_hash.update(msgpack.packb(
            [event.type, event.data, list(event.visible_to or ()), repr(event.redacted)],
            use_bin_type=True, default=str))
    state, states_hash = SYSTEM.initial(setup), hashlib.sha256()
    for event in events:
        state = SYSTEM.evolve(state, event)
        states_hash.update(state_digest(state).encode())
    return [len(events), event_hash.hexdigest(), state_digest(state), states_hash.hexdigest()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--scenarios", nargs="+", default=["learn_to_play", "village_skirmish"])
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", type=Path, help="write the fingerprints here")
    what.add_argument("--compare", type=Path, help="compare with fingerprints written before")
    args = parser.parse_args()
    found = {f"{scenario}/{seed}": fingerprint(scenario, seed)
             for scenario in args.scenarios for seed in range(args.seeds)}
    print(f"{len(found)} games, {sum(f[0] for f in found.values())} events")
    if args.write:
        args.write.write_text(json.dumps(found, indent=1))
        return
    before = json.loads(args.compare.read_text())
    differ = [game for game in found if before.get(game) != found[game]]
    for game in differ:
        print(f"{game}: {before.get(game)} before, {found[game]} now")
    print("the same events and states" if not differ else f"{len(differ)} games differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
