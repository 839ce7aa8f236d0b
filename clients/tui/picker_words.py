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
    # ASOIAF's (the web's PARAM_WORDS as questions)
    "model": "Which model?", "targets": "Which models?", "friend": "Which friendly model?",
    "square": "Which square?", "improvements": "Which coin improvements?",
    "abilities": "Which defence abilities?", "zone": "Which deployment zone?",
    "first_player": "Who goes first?", "agenda": "Which agenda?",
    "removal": "Kill or capture?", "nemesis": "Which nemesis?",
}
# A spec type in words where its own would read as a parameter name (the
# web's OPTION_WORDS): ASOIAF's granted actions (granted.py) and door charge.
TYPE_WORDS = {
    "charge_terrain": "charge the door", "granted_move": "move (granted)",
    "granted_attack": "attack (granted)", "granted_charge": "charge (granted)",
    "granted_charge_terrain": "charge the door (granted)",
    "granted_interact": "take a plunder token (granted)",
    "granted_idle": "stand idle (granted)", "forfeit_action": "forfeit the granted action",
    "decline_trigger_ability": "don't use it", "decline_will_ability": "don't use it",
    "decline_end_phase_ability": "don't use it",
}
PICK_PREFIX = "pick_"  # an ASOIAF ability's picks of several (pick_1, pick_2 ...)
HIDDEN_SPECS = {"concede"}  # (the screen's resign key concedes)


def is_pick(name: str) -> bool:
    return name.startswith(PICK_PREFIX) and name[len(PICK_PREFIX):].isdigit()


def param_question(name: str) -> str:
    """The question a param asks ("Which model(s) for pick 2?" for an ASOIAF
    ability's picks of several)."""
    if is_pick(name):
        return f"Which model(s) for pick {name[len(PICK_PREFIX):]}?"
    return PARAM_QUESTIONS.get(name, f"{name.replace('_', ' ')}?")


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
    charge both name the attack mode: "charge: Dagger"); the id of the ASOIAF model
    a labelled spec is about, as the side panel and the lists name it ("a3"): the
    rules' label names its card only."""
    words = TYPE_WORDS.get(spec["type"]) or spec["type"].replace("_", " ")
    label = spec.get("label") or ""
    if spec["type"] in TYPE_WORDS and label and spec["type"] != "granted_interact":
        return f"{words}: {label}"  # "attack (granted): Warhammer" (a plunder's: "plunder")
    if spec["type"] in TYPE_WORDS or not label:
        return words
    model = (spec.get("args") or {}).get("model")
    if model:  # "Baratheon Warden stands idle (a3)": which one, as the panel names it
        return f"{label} ({model})"
    picking = _picking(spec)
    if picking:  # (an ASOIAF attack's or defence's set that picks models)
        return f"{words}: {label}{picking}"
    same = [s for s in specs if s.get("label") == label]
    figures = [(s.get("args") or {}).get("figure") for s in same]
    if len(same) > 1 and all(figures) and len(set(figures)) == len(figures):
        return f"{label} ({figures[same.index(spec)]})"  # (two Pikemen: which one)
    if len(same) > 1:
        return f"{words}: {label}"
    return label


def _picking(spec: dict) -> str:
    """" (improvements 1, 3; picking models)": an ASOIAF attack, charge or defence
    whose one set of improvements (or defence abilities) aims at models its player
    picks, an option of its own beside the same attack's other sets (the web's)."""
    params = spec.get("params") or {}
    if not any(is_pick(name) for name in params):
        return ""
    sets = params.get("improvements") or []
    if len(sets) != 1 or spec["type"] == "defend":
        return " (picking models)"  # (a defence's label names its abilities)
    bought = ", ".join(str(i + 1) for i in sets[0])
    return f" (improvement{'s' if len(sets[0]) > 1 else ''} {bought}; picking models)"


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
