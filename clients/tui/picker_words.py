"""The picker's words (picker.py): a spec's line, a value in words, the
question each param asks, and which specs the picker can build at all (none
needing free-form text it cannot fill, nor `concede`).
"""

from __future__ import annotations

from typing import Any

from clients.tui.board import as_hex

PARAM_QUESTIONS = {
    "to": "Where to?", "figure": "Which figure?", "dice": "How many activation dice?",
    "cast": "Declare casting (or teleporting)?", "target": "Which target?",
    "power": "Power blow (2 actions, -1 to the foe)?", "aimed": "Aimed shot (2 actions)?",
    "special": "Use the Combat Master's special rule?", "role": "Attacker or defender?",
    "edge": "Which table edge?", "hacker": "Who strikes next?", "list": "Which warband?",
    "interceptor": "Intercept with which figure?", "reroll": "Use the Hero's re-roll?",
    "die": "Which die to re-roll (0 = first)?",
    "members": "Which figures? (tick each one, then Done)",
    "facing": "Which way does it face? (t: type a direction)",
    "point": "Where? (any cell in range, or t: type it)",
    "path": "The path: enter on each waypoint, enter again on the last to end it",
    "card": "Which spell to discard?", "piece": "Which terrain piece?",
    "place": "Where, and what?", "spell": "Which spell?",
}
HIDDEN_SPECS = {"concede"}  # (the screen's resign key concedes)


def is_placeholder(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("<") and value.endswith(">")


def usable(spec: dict) -> bool:
    """Whether the picker can build this spec's command."""
    if spec["type"] in HIDDEN_SPECS:
        return False
    if not all(spec.get("subsets", {}).values()):
        return False
    for name, values in (spec.get("params") or {}).items():
        if not values:
            return False
        if any(is_placeholder(v) for v in values) and not (
                spec["type"] == "submit_list" and name in ("list", "salt")):
            return False
    return True


def spec_words(spec: dict, specs: list[dict]) -> str:
    """A spec's line: its label; its type in words when it has none ("end
    activation") or when another spec has the same label (an ASOIAF attack and
    charge both name the attack mode: "charge: Dagger")."""
    words = spec["type"].replace("_", " ")
    label = spec.get("label") or ""
    if not label:
        return words
    same = [s for s in specs if s.get("label") == label]
    figures = [(s.get("args") or {}).get("figure") for s in same]
    if len(same) > 1 and all(figures) and len(set(figures)) == len(figures):
        return f"{label} ({figures[same.index(spec)]})"  # (two Pikemen: which one)
    if len(same) > 1:
        return f"{words}: {label}"
    return label


def value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value == []:
        return "none"  # (an empty choice of improvements or abilities)
    hexed = as_hex(value)
    if hexed is not None:
        return f"[{hexed[0]}, {hexed[1]}]"
    if isinstance(value, list) and value and all(_is_placement(v) for v in value):
        return ", ".join(f"{figure} to [{q}, {r}]" for figure, q, r in value)
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return ", ".join(value)  # (a subset's figures, an attack's improvements)
    if isinstance(value, list) and value and all(_is_named(v) for v in value):
        # ASOIAF's defence abilities: [[ability, [its choices]], ...]
        return ", ".join(v[0] + (f" ({value_words(v[1])})" if v[1] else "") for v in value)
    return str(value)


def _is_named(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str)
            and isinstance(value[1], list))


def is_point(value: Any) -> bool:
    """[x, y]: a table point (units)."""
    return isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)


def _is_placement(value: Any) -> bool:
    """[figure id, q, r]: a figure placed on a hex (a Swarm's tightening plan)."""
    return (isinstance(value, list) and len(value) == 3 and isinstance(value[0], str)
            and all(type(v) is int for v in value[1:]))
