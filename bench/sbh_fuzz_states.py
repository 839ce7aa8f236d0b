"""Equivalence check for SBH optimisations: prompts and `decide` outcomes on
random mid-battle states, hashed. Run it on two versions of the code; the
hashes must match. Not a test (it has no expected value of its own).

    .venv/bin/python bench/sbh_fuzz_states.py [--states 3000] [--seed 1]

Each state is a random board (every terrain kind, walls, hedges, cliffs) with
figures carrying random special rules and statuses, in a random activation,
group, Regroup or free move; the prompt (wire form) and four commands (two
offered, two perturbed: their events, refusal or crash) are hashed. This
reaches rules that whole random games seldom meet (bench/sbh_fingerprint.py).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.rules.board.hex import hex_at, neighbours  # noqa: E402
from server.rules.dice import SeededDice  # noqa: E402
from server.rules.kernel import Command, RulesError  # noqa: E402
from server.rules.sbh.figures import Figure, parse_rule  # noqa: E402
from server.rules.sbh.state import Activation, SbhState  # noqa: E402
from server.rules.sbh.system import SYSTEM  # noqa: E402
from server.rules.sbh.terrain import KINDS, SbhBoard  # noqa: E402

RULES = ["Flying", "Clinging", "Swarm", "Leader", "Shooter (Long)", "Shooter (Short)",
         "Shooter (Medium)", "Magic-User", "Cleric", "Teleport", "Sorcerer", "Mounted",
         "Standard Bearer", "Combat Master", "Slow", "Short Move", "Long Move", "Stealth",
         "Big", "Terror", "Entangle", "Distract", "Greedy", "Hero", "Forester", "Amphibious",
         "Legendary Shot", "Undead", "Evil", "Paladin", "Acrobat", "Heavy Armor",
         "Free Disengage", "Animal", "Fearless", "Gregarious", "Opportunistic", "Savage"]
EDGES = ["tall_wall", "low_wall", "hedge", "cliff_short", "cliff_medium", "cliff_long"]


def _pack(value) -> bytes:
    return msgpack.packb(value, use_bin_type=True, default=repr)


def random_board(rng: random.Random) -> tuple[SbhBoard, list]:
    size = rng.choice([12, 16, 20])
    cells = [hex_at(q - r // 2, r) for r in range(size) for q in range(size)]
    kinds = [k for k in KINDS if k != "open"]
    terrain = {c: rng.choice(kinds)
               for c in rng.sample(cells, len(cells) // rng.choice([4, 8, 30]))}
    edges, drops = {}, {}
    if rng.random() < 0.6:
        for c in rng.sample(cells, len(cells) // rng.choice([6, 20])):
            nb = rng.choice(neighbours(c))
            kind = rng.choice(EDGES)
            edges[frozenset((c, nb))] = kind
            if kind.startswith("cliff"):
                drops[(c, nb)] = kind.split("_")[1]
    return SbhBoard(size, size, terrain, edges, drops), cells


def random_state(rng: random.Random) -> SbhState:
    board, cells = random_board(rng)
    options = {"scenario": rng.choice(["all_out_battle", "treasure_hunt",
                                       "quest_for_a_magic_item", "place_of_power"]),
               "points_limit": 300, "turn_limit": 0}
    for flag in ("following_up", "priority_in_melee", "larger_groups", "sub_commanders"):
        if rng.random() < 0.3:
            options[flag] = True
    if rng.random() < 0.3:
        options["climbing"] = "extra_action"
    state = SbhState(options=options, board=board)
    free = [c for c in cells if board.passable(c, {})]
    for i, pos in enumerate(rng.sample(free, min(len(free), rng.randint(4, 14)))):
        seat = "a" if i % 2 == 0 else "b"
        rules = dict(parse_rule(r) for r in rng.sample(RULES, rng.randint(0, 3)))
        fig = Figure(f"{seat}{i}", seat, rng.choice(["Orc", "Elf", "Rat"]),
                     rng.choice([20, 30, 50, 70]), rng.randint(2, 5), rng.randint(1, 5), rules)
        fig.pos = pos
        fig.fallen = rng.random() < 0.15
        if rng.random() < 0.1:
            fig.transfixed_by = "x"
        fig.activated = rng.random() < 0.3
        fig.attacked = rng.choice([None, None, None, "melee", "ranged"])
        fig.moves = rng.choice([0, 0, 1])
        fig.wounds = rng.choice([0, 0, 1])
        fig.out_of_missiles = rng.random() < 0.1
        state.figures[fig.id] = fig
    if rng.random() < 0.1 and "b1" in state.figures:  # a dead one
        state.figures["b1"].status, state.figures["b1"].pos = "dead", None
    state.starting_counts = {"a": 7, "b": 7}
    state.phase, state.active_seat, state.turn = "play", "a", 2
    state.attacker, state.attacker_edge = "a", "north"
    if options["scenario"] == "treasure_hunt" and rng.random() < 0.5:
        state.treasure_at = rng.choice(free)
    own = [f for f in state.figures.values() if f.seat == "a" and f.pos is not None]
    if own and rng.random() < 0.8:
        actor = rng.choice(own)
        actor.activated = False
        state.activation = Activation(actor.id, rng.randint(1, 3), rng.random() < 0.2,
                                      casting=rng.random() < 0.3,
                                      free_move=rng.random() < 0.15)
        if rng.random() < 0.15:
            state.group = {"leader": actor.id, "members": [], "all": [f.id for f in own],
                           "successes": 2, "turnover": False, "regroup": rng.random() < 0.7}
    return state


def outcomes(state: SbhState, rng: random.Random, n: int):
    try:
        prompt = SYSTEM.prompt(state)
    except Exception as exc:  # a crash is behaviour too
        yield ["crash", type(exc).__name__, str(exc)]
        return
    yield ["prompt", prompt.to_wire()]
    decision = prompt.decisions[0]
    for k in range(4):
        spec = rng.choice(decision.options)
        args = dict(spec.args)
        for name, values in spec.params.items():
            args[name] = rng.choice(list(values))
        if k >= 2 and args:
            args[rng.choice(sorted(args))] = rng.choice(
                [[rng.randrange(-2, 20), rng.randrange(-2, 20)], "a0", "b3", 1, True, None])
        command = Command(decision.seat, spec.type, args)
        try:
            events = SYSTEM.decide(state, command, SeededDice(bytes([k, n % 256])))
            yield ["events", [e.to_wire() for e in events]]
        except RulesError as refused:
            yield ["refused", refused.to_wire()]
        except Exception as exc:
            yield ["crash", type(exc).__name__, str(exc)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    digest, count = hashlib.sha256(), 0
    for n in range(args.states):
        for outcome in outcomes(random_state(rng), rng, n):
            digest.update(_pack(outcome))
            count += 1
    print(f"{args.states} states, {count} outcomes: {digest.hexdigest()}")


if __name__ == "__main__":
    main()
