"""Swords & Sorcery's house bot (clients/bots/house.py): a ready-made army
(server/rules/sns/data/armies.toml) of as many figures as the match's, played by
the heuristic or the random bot. The armies are the match setup's
(`options.armies`, server/rules/sns/setup.py), not a command of the match:
`seat_setup` writes the bot's into the setup, the other seat keeping the army
the creator named (or the basic scenario's default for it)."""

from __future__ import annotations

from typing import Any

from clients.bots.sns import make_bot
from server.rules.sns.army.ready import ready_armies
from server.rules.sns.setup import DEFAULT_ARMIES, named_armies, seat_warband


def _given(setup: dict) -> dict:
    """The armies the setup names (top level or in its options), by seat."""
    armies = named_armies(setup)
    return dict(armies) if isinstance(armies, dict) else {}


def _sizes(setup: dict) -> set[int]:
    """How many figures the match's armies have: those of the armies the setup
    names, or the basic scenario's when it names none."""
    armies = [a for a in _given(setup).values() if isinstance(a, dict)] or \
        list(DEFAULT_ARMIES.values())
    return {len(a["units"]) for a in armies if isinstance(a.get("units"), list)}


def fitting(setup: dict) -> list[str]:
    """The keys of the ready-made armies of the match's size, sorted."""
    sizes = _sizes(setup)
    return sorted(key for key, army in ready_armies().items() if len(army.units) in sizes)


def describe(setup: dict) -> str:
    """What the bot's army must fit, in words (the lobby's refusal)."""
    counts = " or ".join(str(n) for n in sorted(_sizes(setup))) or "no"
    ready = " or ".join(str(n) for n in sorted({len(a.units) for a in ready_armies().values()}))
    return f"an army of {counts} figures, as the match's (the ready-made ones have {ready})"


def seat_setup(setup: dict, seat: str, key: str) -> dict[str, Any]:
    """The setup with the bot's army in its seat and the other seat's as named
    (or its default)."""
    return seat_warband(setup, seat, key)


def make(level: str, key: str, seed: int = 0):
    """A bot of `level` playing the ready-made army `key` (its army is in the
    setup already; the bot plays whatever its prompts offer)."""
    return make_bot(level, seed=seed)
