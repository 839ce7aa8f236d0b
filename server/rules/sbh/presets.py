"""Ready-made warbands (data/warbands.toml), priced by the builder."""

from __future__ import annotations

import functools
import tomllib

from server.rules.sbh.builder import from_profiles
from server.rules.sbh.catalog import DATA


@functools.cache
def _table() -> dict[str, dict]:
    with open(DATA / "warbands.toml", "rb") as f:
        return {row["key"]: row for row in tomllib.load(f)["warband"]}


def preset_names() -> list[str]:
    return sorted(_table())


def preset(key: str) -> dict:
    """A warband list ready for `submit_list`; KeyError names the known ones."""
    try:
        row = _table()[key]
    except KeyError:
        raise KeyError(f"no preset warband {key!r} (known: {', '.join(preset_names())})") \
            from None
    return from_profiles(row["name"], dict(row["models"]))


@functools.cache
def preset_points() -> dict[str, int]:
    """What each ready-made warband costs (the builder's price)."""
    from server.rules.sbh.builder import normalize

    return {key: sum(m["points"] for m in normalize(preset(key))[0]["models"])
            for key in preset_names()}
