"""SBH's house bot (clients/bots/house.py): the ready-made warbands of the catalog that
fit the match's points limit (a third at most on Personalities), played by the
heuristic or the random bot."""

from __future__ import annotations

from clients.bots.sbh import make_bot
from server.rules.sbh.lists import catalog
from server.rules.sbh.presets import preset


def fitting(setup: dict) -> list[str]:
    """The keys of the ready-made lists that fit `setup`, sorted."""
    limit = (setup.get("options") or {}).get("points_limit", 300)
    return sorted(p["key"] for p in catalog({"points_limit": limit})["presets"]
                  if not p["problems"])


def describe(setup: dict) -> str:
    """What the bot's list must fit, in words (the lobby's refusal)."""
    return f"{(setup.get('options') or {}).get('points_limit', 300)} points"


def make(level: str, key: str, seed: int = 0):
    """A bot of `level` playing the ready-made list `key`."""
    return make_bot(level, preset(key), seed=seed)
