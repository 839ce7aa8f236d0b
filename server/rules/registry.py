"""The rules systems the server hosts, by name. Imported lazily so a process
loads only the systems it uses."""

from __future__ import annotations

import importlib

from server.rules.kernel import RulesSystem

SYSTEMS: dict[str, str] = {
    # name -> "module:attribute" of a RulesSystem instance
    "sbh": "server.rules.sbh.system:SYSTEM",
    "asoiaf": "server.rules.asoiaf.system:SYSTEM",
    "sns": "server.rules.sns.system:SYSTEM",
}


class UnknownSystem(LookupError):
    pass


def get_system(name: str) -> RulesSystem:
    try:
        target = SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS)) or "none"
        raise UnknownSystem(f"no rules system named {name!r} (known: {known})") from None
    module, attribute = target.split(":")
    return getattr(importlib.import_module(module), attribute)


def warm_systems() -> None:
    """Let every system build now the process-wide tables its matches share (a
    system's optional `warm()`): a server process calls this before it freezes
    what start-up made (server.gc_tuning)."""
    for name in SYSTEMS:
        warm = getattr(get_system(name), "warm", None)
        if warm is not None:
            warm()
