"""Takeback requests, as a match's actor handles them (server.rules.takeback has the
line of play and the fold).

A mixin of `MatchActor`. A seat asks to go back to one of its decision points; the
other seat accepts or declines. Only one request is open at a time, kept in memory:
it lapses when any command is applied (the position it was asked about is gone),
when the server restarts, or when the proposer asks again (the newer one stands).
On acceptance the server appends the proposer's `takeback` command through the same
path as any command (durable first, then acknowledged and broadcast).

Clocks are not rewound: time spent stays spent. The takeback charges whoever's clock
was running up to the moment it is applied, gives no increment, and then runs the
clocks of whoever the rules wait for at the point taken back to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from protocol.errors import ProtocolError
from server.rules.kernel import Command
from server.rules.takeback import TAKEBACK, line_of
from server.store.store import unpack


@dataclass(frozen=True, slots=True)
class TakebackRequest:
    seat: str  # who asked
    to_seq: int  # the decision point asked for
    at_seq: int  # the match's seq when asked (a command since then lapses it)


def takebacks_allowed(row: dict[str, Any]) -> bool:
    """A match row's setting: as created, or (rows from before it was stored) allowed
    in casual matches only."""
    stored = row.get("takebacks")
    return (not row["rated"]) if stored is None else bool(stored)


class Takebacks:
    match_id: str
    seq: int
    over: bool
    hub: Any
    holders: dict[str, str]
    subscribers: list
    takebacks: bool = True  # the match's setting (the hub sets it from the match's row)
    takeback_request: TakebackRequest | None = None

    def _open_request(self) -> TakebackRequest | None:
        request = self.takeback_request
        if request is not None and request.at_seq != self.seq:  # a move was made since
            self.takeback_request = request = None
        return request

    async def _do_takeback_offer(self, seat: str, to_seq: int | None,
                                 queued: float = 0.0) -> dict:
        if self.over:
            raise ProtocolError("match_finished")
        if not self.takebacks:
            raise ProtocolError("takebacks_not_allowed")
        pending = self._open_request()
        if pending is not None and pending.seat != seat:
            raise ProtocolError("takeback_pending")
        rows = await self.hub.store.commands(self.match_id)
        line = line_of([(Command.from_wire(unpack(r.payload)), r.first_seq, r.last_seq)
                        for r in rows])
        points = line.points(seat)
        if to_seq is None:  # your last move
            if not points:
                raise ProtocolError("not_a_decision_point", "You have made no move in the "
                                    "current line of play to take back.")
            to_seq = points[0]
        refusal = line.refusal(seat, to_seq)
        if refusal is not None:
            raise ProtocolError("not_a_decision_point", refusal,
                                details={"points": points[:50]})
        self.takeback_request = TakebackRequest(seat, to_seq, self.seq)
        self._push_to_players({"v": 1, "type": "takeback_offered", "match_id": self.match_id,
                               "seat": seat, "to_seq": to_seq, "seq": self.seq})
        return {"match_id": self.match_id, "to_seq": to_seq, "seq": self.seq}

    async def _do_takeback_answer(self, seat: str, accept: bool, request_id: str,
                                  queued: float = 0.0) -> dict:
        if self.over:
            raise ProtocolError("match_finished")
        request = self._open_request()
        if request is None or request.seat == seat:
            raise ProtocolError("no_takeback_offer")
        self.takeback_request = None
        if not accept:
            self._push_to_players({"v": 1, "type": "takeback_declined",
                                   "match_id": self.match_id, "seat": seat,
                                   "to_seq": request.to_seq})
            return {"match_id": self.match_id, "accepted": False}
        command = Command(request.seat, TAKEBACK, {"to_seq": request.to_seq,
                                                   "accepted_by": seat})
        log = [(r.seq, r.payload) for r in await self.hub.store.events_after(self.match_id, 0,
                                                                               self.seq)]
        # (a request id of the proposer's no client can have used: unique by seq)
        answer = await self._apply(request.seat, f"takeback@{self.seq}", command, None,
                                   queued, takeback_log=log)
        return {**answer, "accepted": True}

    def _push_to_players(self, message: dict) -> None:
        """Offers and answers go to the players' subscriptions only (a delayed spectator
        must not learn of a position before its delay shows it)."""
        for sub in self.subscribers:
            if sub.seat is not None and sub.current:
                sub.connection.push(message)
