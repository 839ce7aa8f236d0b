"""Playing a match, for the gateway's connections: a command or its odds for the
caller's seat, resigning, claiming a win on time, and takeback requests and answers,
each handed to the match's actor (server.matches.actor) with the seat the caller holds.

A mixin of `server.gateway.ClientConnection` (it uses the connection's `services`,
`websocket`, `_signed_in` and, from server.tournaments.requests, `_refuse_event_list`),
kept apart so each file stays readable."""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError
from protocol.messages import ClaimTimeout, Odds, Play, Resign, TakebackAnswer, TakebackOffer
from server.rules.kernel import Command


class PlayRequests:
    services: Any  # these two are the ClientConnection's
    websocket: Any

    async def on_resign(self, request: Resign) -> dict:
        actor, seat = await self._held_seat(request.match_id)
        return await actor.submit("command", seat=seat, request_id=str(request.id),
                                  command=Command(seat, "concede"), lag=self._lag())

    async def _held_seat(self, match_id: str):
        """The running match's actor and the seat the signed-in account holds in it."""
        account = self._signed_in()
        actor = await self._actor(match_id)
        seat = actor.seat_for(account.id)
        if seat is None:
            raise ProtocolError("not_in_match")
        return actor, seat

    async def on_claim_timeout(self, request: ClaimTimeout) -> dict:
        actor, seat = await self._held_seat(request.match_id)
        return await actor.submit("claim", seat=seat, request_id=str(request.id))

    async def on_takeback_offer(self, request: TakebackOffer) -> dict:
        actor, seat = await self._held_seat(request.match_id)
        return await actor.submit("takeback_offer", seat=seat, to_seq=request.to_seq)

    async def on_takeback_answer(self, request: TakebackAnswer) -> dict:
        actor, seat = await self._held_seat(request.match_id)
        return await actor.submit("takeback_answer", seat=seat, accept=request.accept,
                                  request_id=str(request.id))

    def _lag(self) -> float:
        """The connection's round trip as websockets' keepalive pings last measured
        it (0 before the first): the bound of a command's lag credit (server.clocks)."""
        return float(getattr(self.websocket, "latency", 0.0) or 0.0)

    async def on_command(self, request: Play) -> dict:
        account = self._signed_in()
        await self._refuse_event_list(request.match_id, request.command)
        actor = await self._actor(request.match_id)
        seat = actor.seat_for(account.id, request.seat)
        if seat is None:
            raise ProtocolError("not_your_seat", "You hold no seat in this match.")
        return await actor.submit("command", seat=seat, request_id=str(request.id),
                                  command=Command(seat, request.command, request.args),
                                  at_seq=request.at_seq, lag=self._lag())

    async def on_odds(self, request: Odds) -> dict:
        account = self._signed_in()
        actor = await self._actor(request.match_id)
        seat = actor.seat_for(account.id, request.seat)
        if seat is None:
            raise ProtocolError("not_your_seat", "You hold no seat in this match.")
        return await actor.submit("odds", seat=seat,
                                  command=Command(seat, request.command, request.args))

    async def _actor(self, match_id: str):
        actor, row = await self.services.hub.running_or_stored(match_id)
        if actor is not None:
            return actor
        if row is None:
            raise ProtocolError("no_such_match")
        if row["status"] == "open":
            raise ProtocolError("match_not_started")
        raise ProtocolError("match_finished")
