"""Fingerprint of SBH engine behaviour: plays seeded games between random-legal
players over varied scenarios, options, board sizes and warbands (catalog
profiles and custom models with random special rules), and hashes per game
everything a client could observe. Optimisations must leave it unchanged.

    .venv/bin/python bench/sbh_fingerprint.py --out /tmp/fp.json    # record
    .venv/bin/python bench/sbh_fingerprint.py --check /tmp/fp.json  # compare

bench/sbh_fingerprint_baseline.json is the record of the code as last
committed with a deliberate change of behaviour (re-record it with such a
change and say so in the commit); an optimisation must leave it unchanged.

Per game, "play" hashes the prompts (wire form), commands, events (wire form),
each viewer's view every 10 commands and at the end, the result, the outcome
of probe commands (a perturbed copy of the chosen command and a random
offered option with random values, decided on the same state with their own
dice: the events or the exact refusal) and some attack odds. "digest" hashes
the per-event state checksums separately: they may change only with a
deliberate change of the checksum algorithm.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.rules.dice import SeededDice  # noqa: E402
from server.rules.kernel import SPECTATOR, Command, RulesError, Viewer  # noqa: E402
from server.rules.runner import apply_command  # noqa: E402
from server.rules.sbh.builder import from_profiles, normalize  # noqa: E402
from server.rules.sbh.catalog import load  # noqa: E402
from server.rules.sbh.random_player import random_command  # noqa: E402
from server.rules.sbh.system import SYSTEM  # noqa: E402

SCENARIOS = ["all_out_battle", "ambush", "treasure_hunt", "place_of_power",
             "on_difficult_ground", "quest_for_a_magic_item"]
FLAGS = ("following_up", "priority_in_melee", "morale_skip_turn", "larger_groups",
         "sub_commanders")
BENCH = {  # bench/sbh_engine.py's warbands
    "a": from_profiles("Elves", {"Elf Commander (Sword And Shield, Chainmail)": 1,
                                 "Wood Elf Archer (Shortsword, Longbow)": 2,
                                 "Wood Elf Warrior (Sword, Leather Armor)": 2,
                                 "Elf Young Warrior (Spear And Shield)": 1}),
    "b": from_profiles("Goblins", {"Goblin Commander (Hand Weapon And Shield)": 1,
                                   "Goblin Archer (Leather Armor And Shortbow)": 2,
                                   "Goblin Warrior (Hand Weapon And Shield)": 10,
                                   "Goblin Sneak (Dagger)": 1, "Troll": 1}),
}
TESTS = {  # tests/sbh/test_games.py's warbands (400 points)
    "a": from_profiles("Elves", {"Elf Wizard (Dagger)": 1,
                                 "Wood Elf Archer (Shortsword, Longbow)": 1,
                                 "Wood Elf Warrior (Sword, Leather Armor)": 2,
                                 "Elf Young Warrior (Spear And Shield)": 1}),
    "b": from_profiles("Goblins", {"Goblin Commander (Hand Weapon And Shield)": 1,
                                   "Goblin Hero (Hand Weapon And Shield)": 1,
                                   "Goblin Archer (Leather Armor And Shortbow)": 2,
                                   "Goblin Warrior (Hand Weapon And Shield)": 4,
                                   "Giant Spider": 1, "Troll": 1}),
}


def random_warband(rng: random.Random, limit: int) -> dict:
    """A legal list: catalog profiles and custom models with random playable rules."""
    catalog = load()
    playable = sorted(a.name for a in catalog.abilities.values() if not a.unplayable)
    while True:
        models = []
        for _ in range(rng.randint(3, 9)):
            if rng.random() < 0.6:
                models.append({"profile": rng.choice(catalog.profiles).name})
            else:
                rules = rng.sample(playable, rng.randint(1, 3))
                models.append({"name": f"Custom {len(models)}", "quality": rng.randint(2, 5),
                               "combat": rng.randint(1, 5), "rules": rules})
        warband = {"name": "Random", "models": models}
        if not normalize(warband, limit)[1]:
            return warband


def game_config(game: int) -> tuple[dict, dict]:
    rng = random.Random(f"config {game}")
    options = {"scenario": SCENARIOS[game % 6], "turn_limit": rng.choice([20, 30, 40, 40])}
    for flag in FLAGS:
        if rng.random() < 0.4:
            options[flag] = True
    if rng.random() < 0.3:
        options["climbing"] = "extra_action"
    kind = game % 5
    if kind in (0, 1):
        warbands, limit, size = BENCH, 300, rng.choice([24, 30, 36, 48])
    elif kind == 2:
        warbands, limit, size = TESTS, 400, rng.choice([24, 30])
    else:
        limit = rng.choice([300, 400, 500])
        warbands = {"a": random_warband(rng, limit), "b": random_warband(rng, limit)}
        size = rng.choice([16, 20, 24, 36])
    options["points_limit"] = limit
    return {"board_size": size, "options": options}, warbands


def _pack(value) -> bytes:
    return msgpack.packb(value, use_bin_type=True, default=repr)


def _outcome(state, command: Command, seed: bytes):
    try:
        events = SYSTEM.decide(state, command, SeededDice(seed))
        return ["events", [e.to_wire() for e in events]]
    except RulesError as refused:
        return ["refused", refused.to_wire()]
    except Exception as exc:  # a crash is behaviour too
        return ["crash", type(exc).__name__, str(exc)]


def _perturbed(command: Command, state, rng: random.Random) -> Command:
    args = dict(command.args)
    if args and rng.random() < 0.8:
        key = rng.choice(sorted(args))
        pick = rng.random()
        if pick < 0.4:
            args[key] = [rng.randrange(-5, state.board.width + 5), rng.randrange(-3, 50)]
        elif pick < 0.7 and state.figures:
            args[key] = rng.choice(sorted(state.figures))
        elif pick < 0.85:
            args[key] = rng.choice([0, 1, 2, 3, 4, True, False, None, "x"])
        else:
            del args[key]
    seat = command.seat if rng.random() < 0.9 else ("b" if command.seat == "a" else "a")
    return Command(seat, command.type, args)


def _random_offered(prompt, seat: str, rng: random.Random) -> Command | None:
    decision = prompt.for_seat(seat)
    specs = [s for s in decision.options if s.type not in ("concede", "lay_terrain",
                                                           "submit_list")]
    if not specs:
        return None
    spec = rng.choice(specs)
    args = dict(spec.args)
    for name, values in spec.params.items():
        args[name] = rng.choice(list(values))
    return Command(seat, spec.type, args)


def play(game: int, probes: bool = True) -> tuple[str, str, int]:
    setup, warbands = game_config(game)
    rng = random.Random(game)
    probe_rng = random.Random(f"probe {game}")
    dice = SeededDice(game.to_bytes(8, "big"))
    state = SYSTEM.initial(setup)
    play_hash, digest_hash = hashlib.sha256(), hashlib.sha256()
    play_hash.update(_pack([setup, warbands]))
    viewers = (Viewer("a"), Viewer("b"), SPECTATOR)
    n = 0
    while not SYSTEM.is_over(state) and n < 5000:
        prompt = SYSTEM.prompt(state)
        play_hash.update(_pack(["prompt", prompt.to_wire()]))
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, warbands[seat])
        play_hash.update(_pack(["command", command.to_wire()]))
        if probes and state.phase == "play":
            key = f"{game}/{n}".encode()
            for probe in (_perturbed(command, state, probe_rng),
                          _random_offered(prompt, seat, probe_rng)):
                if probe is not None:
                    play_hash.update(_pack(["probe", probe.to_wire(),
                                            _outcome(state, probe, key)]))
            if command.type in ("attack", "shoot", "cast_bolt") and probe_rng.random() < 0.1:
                try:
                    odds = SYSTEM.odds(state, command)
                except RulesError as refused:
                    odds = refused.to_wire()
                play_hash.update(_pack(["odds", odds]))
        state, applied = apply_command(SYSTEM, state, command, dice, keep_input=False)
        for a in applied:
            play_hash.update(_pack(["event", a.event.to_wire()]))
            digest_hash.update(a.checksum.encode())
        n += 1
        if n % 10 == 0:
            for viewer in viewers:
                play_hash.update(_pack(["view", SYSTEM.view(state, viewer)]))
    for viewer in viewers:
        play_hash.update(_pack(["final view", SYSTEM.view(state, viewer)]))
    result = SYSTEM.result(state)
    play_hash.update(_pack(["result", None if result is None else result.to_wire()]))
    return play_hash.hexdigest(), digest_hash.hexdigest(), n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--out", help="write the fingerprints here (JSON)")
    parser.add_argument("--check", help="compare with fingerprints recorded earlier")
    args = parser.parse_args()
    start = time.perf_counter()
    found = {}
    for game in range(args.games):
        play_fp, digest_fp, commands = play(game)
        found[str(game)] = {"play": play_fp, "digest": digest_fp, "commands": commands}
    print(f"{args.games} games, {sum(g['commands'] for g in found.values())} commands, "
          f"{time.perf_counter() - start:.1f} s")
    if args.out:
        Path(args.out).write_text(json.dumps(found, indent=1))
    if args.check:
        expected = json.loads(Path(args.check).read_text())
        same_play = [g for g in found if expected.get(g, {}).get("play") == found[g]["play"]]
        same_digest = [g for g in found
                       if expected.get(g, {}).get("digest") == found[g]["digest"]]
        print(f"play identical: {len(same_play)}/{len(found)}; "
              f"checksums identical: {len(same_digest)}/{len(found)}")
        differ = sorted(set(found) - set(same_play), key=int)
        if differ:
            print("play differs in games:", ", ".join(differ))
            sys.exit(1)


if __name__ == "__main__":
    main()
