"""The house bot of each rules system, as the server seats it ("play against the
bot"): which ready-made lists fit a match's setup, and a bot of a level playing one.
The server knows systems' bots only through this table, so a new system brings its
own: a module with `fitting(setup) -> [list keys]`, `describe(setup)` (what a list
must fit, in words, for the refusal when none does) and `make(level, key, seed)`;
and, where a warband is part of the match's setup rather than a command of the
match, `seat_setup(setup, seat, key) -> setup` (the lobby stores what it returns)."""

from __future__ import annotations

import importlib
from types import ModuleType

# system -> its house bot's module
HOUSE_BOTS = {"sbh": "clients.bots.sbh_house", "asoiaf": "clients.bots.asoiaf_house",
              "sns": "clients.bots.sns_house"}
LEVELS = ("heuristic", "random")


def house_bot(system: str) -> ModuleType | None:
    """The system's house bot module, or None if it has none."""
    module = HOUSE_BOTS.get(system)
    return importlib.import_module(module) if module else None
