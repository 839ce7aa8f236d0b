"""Ready-made armies (data/armies.toml): the basic scenario's default match,
the lobby's skirmish and the house bot's (clients/bots/sns_house.py). Each is
an army list as army/check.py reads it."""

from __future__ import annotations

import copy
import functools
import tomllib

import msgspec

from server.rules.sns.army.catalog import DATA


class ReadyArmy(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    key: str
    name: str
    units: tuple[str, ...]

    def army_list(self) -> dict:
        return {"name": self.name, "units": [{"unit": name} for name in self.units]}


@functools.cache
def _read() -> tuple[ReadyArmy, ...]:
    with open(DATA / "armies.toml", "rb") as file:
        raw = tomllib.load(file)["army"]
    return msgspec.convert(raw, tuple[ReadyArmy, ...])


def ready_armies() -> dict[str, ReadyArmy]:
    return {army.key: army for army in _read()}


def army_list(key: str) -> dict:
    """The ready-made army `key` as an army list (a fresh copy each time)."""
    return copy.deepcopy(ready_armies()[key].army_list())
