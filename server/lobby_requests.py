"""A connection's lobby requests: create, list, join, leave and abort matches,
seek an opponent, ask a rematch. Mixed into gateway.ClientConnection."""

from __future__ import annotations

from typing import Any

from protocol.messages import (
    Abort,
    CancelSeek,
    CreateMatch,
    Join,
    Leave,
    ListLive,
    ListMine,
    ListOpen,
    Rematch,
    Seek,
)
from server.seeks import wanted_match


class LobbyRequests:
    services: Any  # the ClientConnection's

    async def on_create_match(self, request: CreateMatch) -> dict:
        return await self.services.lobby.create(self._signed_in(), request)

    async def on_list_open(self, request: ListOpen) -> dict:
        self._signed_in()
        return await self.services.lobby.list_open(request.system, request.invite_code)

    async def on_list_live(self, request: ListLive) -> dict:
        self._signed_in()
        return await self.services.lobby.list_live(request.system)

    async def on_list_mine(self, request: ListMine) -> dict:
        return await self.services.lobby.list_mine(self._signed_in(), request.system,
                                                   request.limit)

    async def on_join(self, request: Join) -> dict:
        return await self.services.lobby.join(self._signed_in(), request.match_id,
                                              request.invite_code, request.seat,
                                              warband=request.warband)

    async def on_leave(self, request: Leave) -> dict:
        left = await self.services.lobby.leave(self._signed_in(), request.match_id)
        if left["status"] == "aborted":  # the creator left: the challenge is withdrawn
            await self.services.hub.withdraw(request.match_id)
        return left

    async def on_abort(self, request: Abort) -> dict:
        aborted = await self.services.lobby.abort(self._signed_in(), request.match_id)
        await self.services.hub.withdraw(request.match_id)
        return aborted

    async def on_seek(self, request: Seek) -> dict:
        return await self.services.seeks.seek(self._signed_in(), self, wanted_match(request))

    async def on_rematch(self, request: Rematch) -> dict:
        return await self.services.rematches.rematch(self._signed_in(), request.match_id)

    async def on_cancel_seek(self, request: CancelSeek) -> dict:
        self._signed_in()
        return await self.services.seeks.cancel(self, request.seek_id)
