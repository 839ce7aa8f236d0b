"""Building a warband list, as a service for clients: the roster catalog with
every profile priced by the point formula, the ready-made lists, and a list
checked against a match's settings with every violation and its reason
(`builder.py`, the same check `submit_list` makes). Clients show these
figures; they never price a model or judge a list themselves.

    catalog({"points_limit": 300})      -> rosters, profiles, presets
    check_list(warband, {"points_limit": 300})
        -> {"valid", "points_limit", "total", "personality_points", "models", "problems"}
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from server.rules.sbh import builder
from server.rules.sbh.catalog import load
from server.rules.sbh.options import validate_setup
from server.rules.sbh.presets import preset, preset_names
from server.rules.sbh.scenarios import SCENARIO_NAMES


def points_limit(options: Mapping[str, Any] | None) -> int:
    """The match's points limit; RulesError('invalid_setup') for settings no
    match could have."""
    options = dict(options or {})
    validate_setup({"options": options})
    return options.get("points_limit", builder.DEFAULT_LIMIT)


@functools.cache
def _profiles() -> tuple[dict, ...]:
    """Every roster profile as the wire shows it, priced by the formula; a
    profile the engine cannot play says why in `problems`."""
    out = []
    for profile in load().profiles:
        priced, problems = builder.normalize({"models": [{"profile": profile.name}]},
                                             limit=10**9)
        model = priced["models"][0] if priced else None
        out.append({"name": profile.name, "roster": profile.roster,
                    "quality": profile.quality, "combat": profile.combat,
                    "rules": profile.rule_names(),
                    "points": model["points"] if model else None,
                    "printed_points": profile.points,
                    "personality": model["personality"] if model else None,
                    "problems": [p.message for p in problems]})
    return tuple(out)


def catalog(options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Rosters (in book order), profiles, and the ready-made lists with what
    each costs and, under these settings, what is wrong with it (nothing: it
    can be submitted as it is)."""
    limit = points_limit(options)
    profiles = _profiles()
    rosters = list(dict.fromkeys(p["roster"] for p in profiles))
    presets = []
    for key in preset_names():
        warband = preset(key)
        checked = check_list(warband, {"points_limit": limit})
        presets.append({"key": key, "name": warband["name"],
                        "models": [m["profile"] for m in warband["models"]],
                        "points": checked["total"],
                        "personality_points": checked["personality_points"],
                        "problems": checked["problems"]})
    return {"points_limit": limit, "rosters": rosters, "profiles": list(profiles),
            "presets": presets,
            "scenarios": [{"key": key, "name": name} for key, name in SCENARIO_NAMES.items()]}


def check_list(warband: Any, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The list priced model by model and judged as a whole under the match's
    settings: every violation (code, sentence, rulebook passage, and the
    offending model's index, or None for the whole list)."""
    limit = points_limit(options)
    _, problems = builder.normalize(warband, limit)
    entries = warband.get("models") if isinstance(warband, dict) else None
    models = []
    for entry in entries if isinstance(entries, list) else ():
        priced, _ = builder.normalize({"models": [entry]}, limit=10**9)
        model = priced["models"][0] if priced else None
        models.append({"name": model["name"] if model else _entry_name(entry),
                       "points": model["points"] if model else None,
                       "personality": model["personality"] if model else None})
    known = models and all(m["points"] is not None for m in models)
    return {"valid": not problems, "points_limit": limit,
            "total": sum(m["points"] for m in models) if known else None,
            "personality_points": sum(m["points"] for m in models if m["personality"])
            if known else None,
            "models": models, "problems": [p.to_wire() for p in problems]}


def _entry_name(entry: Any) -> str | None:
    if isinstance(entry, dict):
        name = entry.get("profile", entry.get("name"))
        return name if isinstance(name, str) else None
    return None
