"""The preset warbands offered for `submit_list`, so a terminal player can start
a match without writing a list by hand. They are the shared ready-made lists
(server/rules/sbh/data/warbands.toml, also used by the bots), priced by the
builder for the picker's labels."""

from __future__ import annotations

import functools
from dataclasses import dataclass


@dataclass(frozen=True)
class Preset:
    key: str
    name: str
    points: int
    list: dict  # as `submit_list` takes it: {"name", "models": [{"profile": ...}, ...]}

    def warband(self) -> dict:
        return self.list

    def describe(self) -> str:
        counts: dict[str, int] = {}
        for model in self.list["models"]:
            name = str(model.get("profile") or model.get("name")).split(" (")[0]
            counts[name] = counts.get(name, 0) + 1
        parts = ", ".join(f"{n} x {name}" if n > 1 else name for name, n in counts.items())
        return f"{self.name} ({self.points} pts): {parts}"


@functools.cache
def presets() -> tuple[Preset, ...]:
    from server.rules.sbh.presets import preset, preset_names, preset_points

    return tuple(Preset(key, preset(key).get("name", key), preset_points()[key], preset(key))
                 for key in preset_names())
