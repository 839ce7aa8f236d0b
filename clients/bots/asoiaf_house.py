"""ASOIAF's house bot (clients/bots/house.py): the ready-made warbands of the
scenario's size, played by the heuristic or the random bot. ASOIAF's warbands are
the match setup's (`options.warbands`, docs/rules/asoiaf.md "The match setup"),
not a command of the match: `seat_setup` writes the bot's into the setup."""

from __future__ import annotations

from typing import Any

from clients.bots.asoiaf import make_bot
from server.rules.asoiaf.scenarios import load_scenarios
from server.rules.asoiaf.setup import DEFAULT_SCENARIO, seat_warbands
from server.rules.asoiaf.warband import presets


def _size(setup: dict) -> str:
    """The match's warband size, "gold-silver-copper", from its scenario's coins."""
    options = setup.get("options") or {}
    key = setup.get("scenario") or options.get("scenario") or DEFAULT_SCENARIO
    scenario = load_scenarios().get(key) if isinstance(key, str) else None
    return "-".join(map(str, scenario.coins)) if scenario else ""


def fitting(setup: dict) -> list[str]:
    """The keys of the ready-made warbands of the match's size, sorted."""
    size = _size(setup)
    return sorted(p["key"] for p in presets() if p.get("size") == size)


def describe(setup: dict) -> str:
    """What the bot's warband must fit, in words (the lobby's refusal)."""
    return f"the scenario's size ({_size(setup) or 'unknown'})"


def seat_setup(setup: dict, seat: str, key: str) -> dict[str, Any]:
    """The setup with the bot's warband in its seat; a seat the creator named no
    warband for gets its default (setup.seat_warbands)."""
    options = dict(setup.get("options") or {})
    given = options.get("warbands") or setup.get("warbands") or {}
    if not isinstance(given, dict):
        return setup  # (refused as it is by the system's check, with its reason)
    warbands = seat_warbands(setup) | {seat: key}
    return {**{k: v for k, v in setup.items() if k != "warbands"},
            "options": {**options, "warbands": warbands}}


def make(level: str, key: str, seed: int = 0):
    """A bot of `level` playing the ready-made warband `key`."""
    return make_bot(level, key, seed=seed)
