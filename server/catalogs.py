"""Warband catalogs and list checks, for the gateway's connections: `catalog`
(the roster profiles priced by the server, and the ready-made lists) and
`check_list` (a list priced and judged as `submit_list` would judge it).

A mixin of `server.gateway.ClientConnection` (it uses the connection's
`_signed_in`). The rules system answers through its optional `catalog(options)`
and `check_list(warband, options)` (server/rules/kernel.py); nothing here knows
SBH."""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError
from protocol.messages import CatalogRequest, CheckList
from server.rules.kernel import RulesError
from server.rules.registry import UnknownSystem, get_system


class Catalogs:
    _signed_in: Any  # the ClientConnection's

    async def on_catalog(self, request: CatalogRequest) -> dict:
        self._signed_in()
        system = _system(request.system, "catalog")
        try:
            return {"system": system.name, **system.catalog(request.options)}
        except RulesError as invalid:
            raise ProtocolError("invalid_setup", invalid.message) from None

    async def on_check_list(self, request: CheckList) -> dict:
        self._signed_in()
        system = _system(request.system, "check_list")
        try:
            return {"system": system.name, **system.check_list(request.warband,
                                                                request.options)}
        except RulesError as invalid:
            raise ProtocolError("invalid_setup", invalid.message) from None


def _system(name: str, method: str):
    try:
        system = get_system(name)
    except UnknownSystem as unknown:
        said = str(unknown)
        raise ProtocolError("unknown_system", f"{said[:1].upper()}{said[1:]}.") from None
    if getattr(system, method, None) is None:
        raise ProtocolError("unknown_system", f"The rules system {name!r} has no warband "
                            "catalog to build lists from.")
    return system
