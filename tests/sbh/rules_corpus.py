"""The rules corpus: what SBH's `decide` gives for a fixed set of recorded games,
so that a change of behaviour cannot land without raising RULES_VERSION
(server/rules/sbh/system.py). Replays carry the version they were played under;
`warband replay verify` re-decides only those of the version it runs
(server/replays.py), so an unraised version would make honest replays read as
tampered.

Most games are heuristic bot against heuristic bot (they close in and fight:
melee, shooting, morale, magic) over a scenario and two ready-made warbands; a
few are random bots on a small table (they try what the heuristic never does:
regroups, volleys, jumps, climbs, carrying). Each is recorded as its setup, its
seed and its commands, with a digest of every event and state checksum the
commands gave. tests/sbh/test_rules_version.py re-decides
the recorded commands. After a deliberate change of the rules, raise
RULES_VERSION and re-record:

    .venv/bin/python -m tests.sbh.rules_corpus
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import msgpack

from clients.bots.sbh import make_bot
from server.rules.dice import SeededDice
from server.rules.kernel import Command, Viewer
from server.rules.runner import Applied, apply_command
from server.rules.sbh.presets import preset
from server.rules.sbh.system import SYSTEM

CORPUS = Path(__file__).with_name("rules_corpus.json")
GAMES = [  # seed, scenario, warband of seat a, warband of seat b[, optional rules]
    (1, "all_out_battle", "elves", "goblins"),
    (2, "all_out_battle", "risen_dead", "human_warband"),
    (3, "treasure_hunt", "dwarf_holdguard", "orc_raiders"),
    (4, "place_of_power", "elf_wardens", "goblin_mob"),
    (5, "quest_for_a_magic_item", "human_patrol", "orc_patrol"),
    (6, "ambush", "elf_scouts", "goblin_warband"),
    (7, "on_difficult_ground", "elf_host", "goblin_horde"),
    (8, "all_out_battle", "orc_raiders", "dwarf_holdguard"),
    (9, "all_out_battle", "goblins", "elf_host", ("following_up", "priority_in_melee")),
    (10, "all_out_battle", "human_warband", "risen_dead", ("morale_skip_turn",)),
    (11, "treasure_hunt", "goblin_horde", "elves", ("larger_groups", "sub_commanders")),
    (12, "all_out_battle", "dwarf_holdguard", "goblin_mob", ("following_up",)),
    (13, "random", "elves", "orc_raiders"),  # the scenario rolled after the lists
]
RANDOM_GAMES = [  # as GAMES, random bots on a 12-hex table
    (21, "all_out_battle", "elves", "goblins"),
    (22, "all_out_battle", "human_warband", "orc_raiders", ("larger_groups",)),
    (23, "treasure_hunt", "elf_host", "risen_dead"),
    (24, "all_out_battle", "goblin_horde", "dwarf_holdguard", ("following_up",)),
]
TURN_LIMIT = 12
MAX_COMMANDS = 3000


def setup_of(scenario: str, flags: tuple[str, ...] = (), size: int = 24) -> dict:
    return {"board_size": size, "options": {"scenario": scenario, "turn_limit": TURN_LIMIT,
                                          "points_limit": 500, **dict.fromkeys(flags, True)}}


def digest(applied: list[Applied]) -> str:
    """Every event (wire form) and state checksum, in order."""
    h = hashlib.sha256()
    for item in applied:
        h.update(msgpack.packb([item.event.to_wire(), item.checksum], use_bin_type=True))
    return h.hexdigest()


def play(seed: int, scenario: str, warband_a: str, warband_b: str,
         flags: tuple[str, ...] = (), level: str = "heuristic", size: int = 24) -> dict:
    setup = setup_of(scenario, flags, size)
    bots = {"a": make_bot(level, preset(warband_a), seed),
            "b": make_bot(level, preset(warband_b), seed)}
    state, dice = SYSTEM.initial(setup), SeededDice(seed.to_bytes(8, "big"))
    commands, applied = [], []
    while not SYSTEM.is_over(state) and len(commands) < MAX_COMMANDS:
        decision = SYSTEM.prompt(state).decisions[0]
        view = SYSTEM.view(state, Viewer(decision.seat))
        kind, args = bots[decision.seat].choose(decision.to_wire(), view)
        command = Command(decision.seat, kind, args)
        state, done = apply_command(SYSTEM, state, command, dice, keep_input=False)
        commands.append(command.to_wire())
        applied.extend(done)
    return {"setup": setup, "seed": seed, "commands": commands, "digest": digest(applied)}


def redecide(game: dict) -> str:
    """The digest the recorded commands give now (RulesError if one is refused)."""
    state, dice = SYSTEM.initial(game["setup"]), SeededDice(game["seed"].to_bytes(8, "big"))
    applied = []
    for wire in game["commands"]:
        state, done = apply_command(SYSTEM, state, Command.from_wire(wire), dice,
                                    keep_input=False)
        applied.extend(done)
    return digest(applied)


def record() -> None:
    games = [play(*game) for game in GAMES] + [
        play(*game[:4], game[4] if len(game) > 4 else (), "random", 12) for game in RANDOM_GAMES]
    CORPUS.write_text(json.dumps({"rules_version": SYSTEM.rules_version, "games": games},
                                 separators=(",", ":")) + "\n")
    print(f"recorded {len(games)} games, {sum(len(g['commands']) for g in games)} commands, "
          f"under SBH rules version {SYSTEM.rules_version}: {CORPUS}")


if __name__ == "__main__":
    record()
