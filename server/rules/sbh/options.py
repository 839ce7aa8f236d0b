"""The match settings an SBH match accepts, checked before a match is created
so a lobby never opens a match the rules cannot start."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from server.rules.kernel import RulesError
from server.rules.sbh.scenarios import RANDOM_SCENARIO, VP_DIVISOR
from server.rules.sbh.terrain import DEFAULT_SIZE

DEFAULTS = {"scenario": "all_out_battle", "points_limit": 300, "turn_limit": 0}
SCENARIOS = tuple(VP_DIVISOR)
FLAGS = ("following_up", "priority_in_melee", "morale_skip_turn", "larger_groups",
         "sub_commanders")
CLIMBING = ("quality_roll", "extra_action")
BOARD_SIZES = range(12, 97)  # hexes a side; 24 is the 60 cm table, 36 the 90 cm one
PASSAGE = "seed 000, SCENARIOS and OPTIONAL RULES"


def validate_setup(setup: Mapping[str, Any]) -> None:
    """Raise RulesError('invalid_setup') naming every problem with the settings."""
    problems: list[str] = []
    unknown = set(setup) - {"board_size", "options"}
    if unknown:
        problems.append(f"unknown setting(s) {', '.join(sorted(unknown))}")
    size = setup.get("board_size", 48)
    if not isinstance(size, int) or size not in BOARD_SIZES:
        problems.append(f"board_size must be a whole number from {BOARD_SIZES.start} to "
                        f"{BOARD_SIZES.stop - 1}")
    options = setup.get("options") or {}
    if not isinstance(options, Mapping):
        problems.append("options must be a map")
        options = {}
    known = set(DEFAULTS) | set(FLAGS) | {"climbing", "spellcasting_altars"}
    unknown = set(options) - known
    if unknown:
        problems.append(f"unknown option(s) {', '.join(sorted(unknown))} (known: "
                        f"{', '.join(sorted(known))})")
    if options.get("scenario", "all_out_battle") not in (*SCENARIOS, RANDOM_SCENARIO):
        problems.append(f"scenario must be one of {', '.join(SCENARIOS)} or "
                        f"{RANDOM_SCENARIO} (rolled once both lists are in)")
    points = options.get("points_limit", 300)
    if not isinstance(points, int) or not 50 <= points <= 10000:
        problems.append("points_limit must be a whole number from 50 to 10000")
    turns = options.get("turn_limit", 0)
    if not isinstance(turns, int) or turns < 0:
        problems.append("turn_limit must be 0 (no limit) or a positive whole number")
    for flag in FLAGS:
        if not isinstance(options.get(flag, False), bool):
            problems.append(f"{flag} must be true or false")
    if options.get("climbing", "quality_roll") not in CLIMBING:
        problems.append(f"climbing must be one of {', '.join(CLIMBING)}")
    altars = options.get("spellcasting_altars", [])
    if not isinstance(altars, list | tuple) or not all(
            isinstance(h, list | tuple) and len(h) == 2 and all(isinstance(c, int) for c in h)
            for h in altars):
        problems.append("spellcasting_altars must be a list of [q, r] hexes")
    if problems:
        raise RulesError("invalid_setup", "Invalid match settings: " + "; ".join(problems) + ".",
                         PASSAGE)


def with_defaults(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The setup with each setting it leaves out as the match plays it (quick pairing
    pairs a seek naming 300 points with one naming none)."""
    return {**setup, "board_size": setup.get("board_size", DEFAULT_SIZE),
            "options": DEFAULTS | dict(setup.get("options") or {})}
