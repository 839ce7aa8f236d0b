"""The hosted-event requests, for the gateway's connections (server/tournaments/
service.py does the work). A mixin of `server.gateway.ClientConnection`: it uses the
connection's `_signed_in` and the services' event service."""

from __future__ import annotations

from typing import Any

from protocol.community_messages import (
    CheckIn,
    CorrectResult,
    CreateEvent,
    DropPlayer,
    GetEvent,
    GiveBye,
    ListEvents,
    RegisterEvent,
    RepairRound,
    StartEvent,
    WithdrawEvent,
)
from protocol.errors import ProtocolError


class EventRequests:
    _signed_in: Any  # the ClientConnection's
    services: Any

    async def _refuse_event_list(self, match_id: str, command: str) -> None:
        """An event's game is played with the list entered, which the server submits:
        a player's own `submit_list` there is refused."""
        if command == "submit_list" and await self.services.director.events.is_event_match(
                match_id):
            raise ProtocolError("illegal_command", "In an event your list is the one you "
                                "entered; the server submits it for you.",
                                details={"rule": "event_list_locked", "passage": ""})

    async def on_create_event(self, request: CreateEvent) -> dict:
        return await self.services.events.create(self._signed_in(), request.name,
                                                 request.system, request.settings)

    async def on_list_events(self, request: ListEvents) -> dict:
        self._signed_in()
        return await self.services.events.list(request.status, request.limit)

    async def on_get_event(self, request: GetEvent) -> dict:
        return await self.services.events.get(self._signed_in(), request.event_id)

    async def on_register_event(self, request: RegisterEvent) -> dict:
        return await self.services.events.register(self._signed_in(), request.event_id,
                                                   request.warband, request.club)

    async def on_withdraw_event(self, request: WithdrawEvent) -> dict:
        return await self.services.events.withdraw(self._signed_in(), request.event_id)

    async def on_check_in(self, request: CheckIn) -> dict:
        return await self.services.events.check_in(self._signed_in(), request.event_id)

    async def on_start_event(self, request: StartEvent) -> dict:
        return await self.services.events.start(self._signed_in(), request.event_id)

    async def on_repair_round(self, request: RepairRound) -> dict:
        return await self.services.events.repair(self._signed_in(), request.event_id)

    async def on_drop_player(self, request: DropPlayer) -> dict:
        return await self.services.events.drop(self._signed_in(), request.event_id,
                                               request.player)

    async def on_give_bye(self, request: GiveBye) -> dict:
        return await self.services.events.give_bye(self._signed_in(), request.event_id,
                                                   request.player)

    async def on_correct_result(self, request: CorrectResult) -> dict:
        return await self.services.events.correct(
            self._signed_in(), request.event_id, request.round, request.table,
            request.winner, request.vp_a, request.vp_b, request.why)


EVENT_HANDLERS = {
    "create_event": EventRequests.on_create_event, "list_events": EventRequests.on_list_events,
    "get_event": EventRequests.on_get_event,
    "register_event": EventRequests.on_register_event,
    "withdraw_event": EventRequests.on_withdraw_event, "check_in": EventRequests.on_check_in,
    "start_event": EventRequests.on_start_event,
    "repair_round": EventRequests.on_repair_round,
    "drop_player": EventRequests.on_drop_player, "give_bye": EventRequests.on_give_bye,
    "correct_result": EventRequests.on_correct_result,
}
