"""The rating requests, for the gateway's connections: `get_ratings` (a player's
ratings per rules system and category), `rating_history` (a rating's course, for
the chart) and `leaderboard` (the best established ratings of a system).

A mixin of `server.gateway.ClientConnection` (it uses the connection's
`_signed_in` and the hub's rating records). Players are named by username, as
login finds them; guests have no ratings and are never listed."""

from __future__ import annotations

import time
from typing import Any

from protocol.community_messages import GetRatings, Leaderboard, RatingHistory
from protocol.errors import ProtocolError
from server.rules.registry import UnknownSystem, get_system


class RatingRequests:
    _signed_in: Any  # the ClientConnection's
    services: Any

    async def on_get_ratings(self, request: GetRatings) -> dict:
        account_id, name = await self._player(request.player)
        ratings = await self.services.hub.ratings.of_account(account_id, time.time())
        return {"player": name, "ratings": ratings}

    async def on_rating_history(self, request: RatingHistory) -> dict:
        account_id, name = await self._player(request.player)
        _known(request.system)
        history = await self.services.hub.ratings.history(account_id, request.system,
                                                           request.category, request.limit)
        return {"player": name, "system": request.system, "category": request.category,
                "history": history}

    async def on_leaderboard(self, request: Leaderboard) -> dict:
        self._signed_in()
        _known(request.system)
        players = await self.services.hub.ratings.leaderboard(
            request.system, request.category, request.limit, time.time())
        return {"system": request.system, "category": request.category, "players": players}

    async def _player(self, username: str | None) -> tuple[str, str | None]:
        """(account id, name) of the player asked about: one's own account (a guest's
        name is not shown: guests have no ratings) or a registered player's."""
        me = self._signed_in()
        if username is None:
            return me.id, None if me.guest else me.display_name
        found = await self.services.hub.ratings.registered(username)
        if found is None:
            raise ProtocolError("no_such_player")
        return found


def _known(system: str) -> None:
    try:
        get_system(system)
    except UnknownSystem as unknown:
        said = str(unknown)
        raise ProtocolError("unknown_system", f"{said[:1].upper()}{said[1:]}.") from None
