"""Watching matches, for the gateway's connections: subscribing (live, or the
whole log of a finished match), unsubscribing, views, and replays.

A mixin of `server.gateway.ClientConnection` (it uses the connection's
`services`, `watching`, `push` and `_signed_in`), kept apart so each file stays
readable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from protocol.codec import event_push, reply
from protocol.errors import ProtocolError
from protocol.messages import GetReplay, GetSummary, GetView, ListReplays, Subscribe, Unsubscribe
from server.replays import ReplayUnavailable, replay_document
from server.rules.kernel import SPECTATOR, Event, Viewer
from server.rules.registry import get_system
from server.rules.runner import rebuild
from server.store.store import MAX_SEQ, unpack

if TYPE_CHECKING:
    from server.accounts import Account


class Watching:
    services: Any  # these four are the ClientConnection's
    watching: set[str]
    push: Any
    identity: int
    async def on_subscribe(self, request: Subscribe) -> dict | None:
        account = self._signed_in()
        hub = self.services.hub
        self._stop_watching(request.match_id)  # a second subscribe replaces the first
        actor, row = await hub.running_or_stored(request.match_id)
        if actor is None:
            if row is None:
                raise ProtocolError("no_such_match")
            if row["status"] != "open":
                return await self._subscribe_finished(row, account, request)
            # Wait for the start. Reading the row awaited: if the match started
            # meanwhile, its waiting list is gone and the actor is there instead.
            if hub.actor(request.match_id) is None:
                self.watching.add(request.match_id)
                hub.waiting.setdefault(row["id"], []).append(
                    (self, None if request.spectate else account.id, request.views,
                     self.identity))
                # Aborted while we read it? An abort is stored before its waiters are
                # told, so either this read sees it or the waiters' list had us.
                again = await self.services.store.match(row["id"])
                told = not any(w[0] is self for w in hub.waiting.get(row["id"], ()))
                if again["status"] == "aborted" and not told:
                    self._stop_watching(row["id"])
                    return await self._subscribe_finished(again, account, request)
                # (if the abort's waiters were told meanwhile, we were among them: the
                # answer is the open match it was, and the push that came says the rest,
                # once, as for any subscription made while the match was open)
                return {"match_id": row["id"], "system": row["system"], "status": "open",
                        "seat": None, "from_seq": 1, "to_seq": 0, "snapshot": False}
            actor = hub.actor(request.match_id)
        seat = None if request.spectate else actor.seat_for(account.id)
        told = await _where(actor, seat, request) if request.follow else None
        if told:  # (another node runs it: the client goes there, nothing set up here)
            return {"match_id": request.match_id, "status": "active", "seat": seat,
                    "node_url": told, "subscribed": False}
        self.watching.add(request.match_id)
        await actor.submit("subscribe", connection=self, request_id=request.id, seat=seat,
                           after_seq=_seq(request.after_seq), views=request.views,
                           identity=self.identity)
        return None

    async def _subscribe_finished(self, row: dict, account: Account,
                                  request: Subscribe) -> None:
        """A finished (or aborted) match: its whole log, then its result. No live part."""
        self.watching.discard(row["id"])
        seats = await self.services.store.seats(row["id"])
        mine = [s for s, holder in seats.items() if holder == account.id]
        viewer = Viewer(mine[0]) if mine and not request.spectate else SPECTATOR
        after = _seq(request.after_seq)
        rows = await self.services.store.events_after(row["id"], after)
        last = rows[-1].seq if rows else await self.services.store.last_seq(row["id"])
        names = (await self.services.store.seat_names([row["id"]])).get(row["id"], {})
        self.push(reply(request.id, {"match_id": row["id"], "status": row["status"],
                                     "seat": viewer.seat, "from_seq": after + 1,
                                     "to_seq": max(last, after), "snapshot": False,
                                     "players": names}))
        for event_row in rows:
            event = Event.from_wire(unpack(event_row.payload)).for_viewer(viewer)
            self.push(event_push(row["id"], event_row.seq,
                                 None if event is None else event.to_wire()))
        if row["status"] == "finished":
            self.push({"v": 1, "type": "match_over", "match_id": row["id"], "seq": last,
                       "result": unpack(row["result"]) if row["result"] else None,
                       "seed": row["seed"].hex(),
                       "ratings": await self.services.hub.ratings.of_match(row["id"])})
        return None

    async def on_unsubscribe(self, request: Unsubscribe) -> dict:
        self._signed_in()
        hub = self.services.hub
        relayed = hub.forwarder is not None and hub.forwarder.carries(request.match_id, self)
        over = (hub.actor(request.match_id) is None and request.match_id not in hub.waiting
                and not relayed)  # (another node's match is live through its relay)
        if over:  # (ended or withdrawn since: nothing is pushed for it any more)
            self.watching.discard(request.match_id)
        if request.match_id not in self.watching:
            raise ProtocolError("not_subscribed")
        self._stop_watching(request.match_id)
        return {"match_id": request.match_id, "unsubscribed": True}

    def _stop_watching(self, *match_ids: str) -> None:
        """No more pushes for these matches (all that this connection watches if none
        are named), live or waiting for the start."""
        hub = self.services.hub
        for match_id in match_ids or list(self.watching):
            actor = hub.actor(match_id)
            if actor is not None:
                actor.drop(self)
            if hub.forwarder is not None:  # (a match another node runs: its relay)
                hub.forwarder.drop(match_id, self)
            waiting = hub.waiting.get(match_id)
            if waiting is not None:
                waiting[:] = [w for w in waiting if w[0] is not self]
                if not waiting:
                    del hub.waiting[match_id]
            self.watching.discard(match_id)

    async def on_get_view(self, request: GetView) -> dict:
        account = self._signed_in()
        actor, row = await self.services.hub.running_or_stored(request.match_id)
        if actor is not None:
            if request.at_seq is not None:
                raise ProtocolError("match_not_finished", "Views of earlier moments are "
                                    "for replays: the match is still being played.")
            return await actor.submit("view", seat=actor.seat_for(account.id))
        if row is None:
            raise ProtocolError("no_such_match")
        if row["status"] == "open":
            raise ProtocolError("match_not_started")
        system = get_system(row["system"])
        upto = None if request.at_seq is None else _seq(request.at_seq)
        rows = await self.services.store.events_after(row["id"], 0, upto)
        state = rebuild(system, unpack(row["setup"]),
                        [Event.from_wire(unpack(r.payload)) for r in rows])
        seats = await self.services.store.seats(row["id"])
        mine = [s for s, holder in seats.items() if holder == account.id]
        viewer = Viewer(mine[0]) if mine else SPECTATOR
        return {"match_id": row["id"], "seq": rows[-1].seq if rows else 0,
                "view": system.view(state, viewer)}

    async def on_list_replays(self, request: ListReplays) -> dict:
        self._signed_in()
        store = self.services.store
        rows = await store.finished_matches(system=request.system, player=request.player,
                                            since=request.since, until=request.until,
                                            limit=request.limit)
        names = await store.seat_names([r["id"] for r in rows])
        return {"replays": [{"match_id": r["id"], "system": r["system"],
                             "players": names.get(r["id"], {}),
                             "finished_at": r["finished_at"],
                             "result": unpack(r["result"]) if r["result"] else None}
                            for r in rows]}

    async def on_get_replay(self, request: GetReplay) -> dict:
        self._signed_in()
        try:
            return await replay_document(self.services.store, request.match_id)
        except ReplayUnavailable as missing:
            row = await self.services.store.match(request.match_id)
            if row is None:
                raise ProtocolError("no_such_match") from None
            raise ProtocolError("match_not_finished", f"{missing}.") from None

    async def on_get_summary(self, request: GetSummary) -> dict:
        """The replay page's facts of a finished match, from the system's optional
        `summary(setup, events)` (the rules fold the whole log: nothing is redacted
        that the replay itself does not show)."""
        self._signed_in()
        store = self.services.store
        row = await _finished_row(store, request.match_id)
        system = get_system(row["system"])
        summarise = getattr(system, "summary", None)
        if summarise is None:
            raise ProtocolError("unknown_system", f"{system.name} has no summary; the "
                                "replay's events and views are all there is.")
        events = [Event.from_wire(unpack(r.payload))
                  for r in await store.events_after(row["id"], 0)]
        return {"match_id": row["id"], "system": system.name,
                "summary": summarise(unpack(row["setup"]), events)}


async def _finished_row(store, match_id: str) -> dict:
    row = await store.match(match_id)
    if row is None:
        raise ProtocolError("no_such_match")
    if row["status"] != "finished":
        raise ProtocolError("match_not_finished", f"Match {match_id} is {row['status']}; its "
                            "summary is available once it has finished.")
    return row


def _seq(asked: int) -> int:
    """A seq a client sent, within what seqs can be: negative counts as 0, and past
    MAX_SEQ (which the store cannot hold, nor a reply add 1 to) as MAX_SEQ (issue 29)."""
    return min(max(0, asked), MAX_SEQ)


async def _where(actor: Any, seat: str | None, request: Subscribe) -> str | None:
    """The address of the node that runs a match another node runs, for a client that
    can go there (None: subscribe here, forwarded). Duck-typed: only a remote match
    (server/cluster/forwarding.py RemoteMatch) has `where`."""
    where = getattr(actor, "where", None)
    if where is None:
        return None
    try:
        return await where(seat, request.views)
    except ProtocolError:  # (moving, or an owner that does not know the question)
        return None
