"""Rematches (issue 32): one click after a match ends offers the same match again with
the seats swapped; the opponent's click on the same button accepts it.

`rematch` on a finished match, by a player of it:
- against the house bot, the new match starts at once (the bot at the same level and
  pace takes the other seat, with a fresh list drawn with the new match's seed);
- otherwise the first to ask creates the new match, private, in the seat the opponent
  had, and the opponent is told (`rematch_offered`, with its invite code, on every
  connection of theirs); the second to ask (or anyone with the code) joins it, and it
  starts. Asking again answers the same new match.

Which new match answers which finished one is kept in memory: after a restart the
offered match is still there, open and joined with its invite code."""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError
from protocol.messages import CreateMatch
from server.accounts import Account
from server.clocks import control as time_controls
from server.matches.takebacks import takebacks_allowed
from server.names import shown_name
from server.rules.registry import get_system
from server.store.store import unpack


def _warbands_with_players(system_name: str, setup: dict,
                           moved: dict[str, str]) -> dict | None:
    """Each seat's warband (a system whose warbands are part of the setup: its
    `seat_warbands`) for the seat its player takes in the rematch, so players who swap
    seats keep their own warbands; None where warbands are chosen in play. (Against
    the house bot, the bot's seat is then drawn afresh, as in any new match.)"""
    seat_warbands = getattr(get_system(system_name), "seat_warbands", None)
    if seat_warbands is None:
        return None
    warbands = seat_warbands(setup)
    return {moved.get(s, s): w for s, w in warbands.items()} or None


class Rematches:
    def __init__(self, lobby, store, connections_of) -> None:
        self.lobby = lobby
        self.store = store
        self.connections_of = connections_of  # account id -> its connections (pushes)
        self.offered: dict[str, dict[str, Any]] = {}  # finished match -> the reply made

    async def rematch(self, account: Account, match_id: str) -> dict[str, Any]:
        row = await self.store.match(match_id)
        if row is None:
            raise ProtocolError("no_such_match")
        if row["status"] not in ("finished", "aborted"):
            raise ProtocolError("match_not_finished", "A rematch is offered once the match "
                                "has ended.")
        held = await self.store.seats(match_id)
        mine = [seat for seat, holder in held.items() if holder == account.id]
        if not mine:
            raise ProtocolError("not_in_match")
        async with self.lobby._lock(f"rematch:{match_id}"):
            offer = self.offered.get(match_id)
            if offer is not None:
                return await self._accept(account, offer)
            offer = await self._offer(account, row, mine[0], held)
            self.offered[match_id] = offer
            return offer

    async def _offer(self, account: Account, row: dict, seat: str,
                     held: dict[str, str]) -> dict[str, Any]:
        setup = unpack(row["setup"])
        options = dict(setup.get("options") or {})
        stored = row.get("time_control")
        clock = time_controls.from_stored(unpack(stored) if stored else None)
        others = [s for s in held if s != seat]
        swapped = others[0] if others else seat
        bot = row.get("bot")
        warbands = _warbands_with_players(row["system"], setup, {seat: swapped,
                                                                 swapped: seat})
        request = CreateMatch(
            v=1, id=f"rematch:{row['id']}", system=row["system"],
            scenario=options.pop("scenario", None),
            points_limit=options.pop("points_limit", None),
            board_size=setup.get("board_size"), options=options, warbands=warbands,
            private=bot is None, seat=swapped, spectator_delay=row["spectator_delay"],
            rated=row["rated"], time_control=clock.to_wire() if clock.timed else None,
            takebacks=takebacks_allowed(row),
            opponent=f"bot:{bot.split(':')[1]}" if bot else None,
            bot_pace=(bot.split(":") + ["instant"])[3] if bot else None)
        created = await self.lobby.create(account, request)
        offer = {"match_id": row["id"], "rematch_id": created["match_id"],
                 "invite_code": created["invite_code"], "status": created["status"],
                 "seat": created["seat"]}
        if bot is None:
            name = shown_name(account.display_name, guest=account.guest)
            for holder in {h for s, h in held.items() if s != seat}:
                for connection in self.connections_of(holder):
                    connection.push({"v": 1, "type": "rematch_offered", "match_id": row["id"],
                                     "rematch_id": created["match_id"],
                                     "invite_code": created["invite_code"], "from": name})
        return offer

    async def _accept(self, account: Account, offer: dict[str, Any]) -> dict[str, Any]:
        held = await self.store.seats(offer["rematch_id"])
        if account.id in held.values():  # (the one who offered, asking again)
            seat = next(s for s, h in held.items() if h == account.id)
            row = await self.store.match(offer["rematch_id"])
            return {**offer, "seat": seat, "status": row["status"]}
        joined = await self.lobby.join(account, offer["rematch_id"], offer["invite_code"],
                                       None)
        return {**offer, "seat": joined["seat"], "status": joined["status"]}
