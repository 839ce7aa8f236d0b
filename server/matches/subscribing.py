"""Subscribing to a match and asking for its view, as a match's actor answers them:
the events a subscriber missed (or a view snapshot when it is far behind), then the
prompt and view of now; a delayed spectator's view from memory or the folded log.

A mixin of `MatchActor` (server.matches.actor); server.matches.fanout pushes what
follows to the subscribers made here.
"""

from __future__ import annotations

from typing import Any

from protocol.codec import event_push, reply
from protocol.errors import ProtocolError
from server.matches.fanout import Connection, Subscriber
from server.rules.kernel import SPECTATOR, Event
from server.rules.runner import rebuild
from server.store.store import unpack

FAR_BEHIND = 1000  # a subscriber further behind than this gets a view snapshot instead


class Subscribing:
    async def _do_subscribe(self, connection: Connection, request_id: Any, seat: str | None,
                            after_seq: int, views: bool, identity: int,
                            queued: float = 0.0) -> None:
        """`identity`: the connection's identity when it asked (see gateway); if it has
        changed by the time anything is pushed, nothing is."""
        self.drop(connection)
        sub = Subscriber(connection, seat, views, after_seq, identity)
        upto = self.seq if seat is not None else self.spectator_seq()
        snapshot = upto - after_seq > FAR_BEHIND and (seat is not None or upto == self.seq)
        header = {"match_id": self.match_id, "system": self.system.name, "seat": seat,
                  "status": "active",
                  "from_seq": after_seq + 1, "to_seq": upto, "snapshot": snapshot,
                  "spectator_delay": self.spectator_delay, "players": dict(self.players)}
        if getattr(connection, "remote", False) and self.hub.node_url is not None:
            # (a player's subscription relayed from another node: the address of the
            # node that runs the match, where its client may take the match's traffic
            # so its commands cross no node; docs/cluster.md, "Told where to go")
            header["node_url"] = self.hub.node_url
        # (Views are built before anything is pushed: a retry after RulesLost repeats
        # this whole call, and must not push the header twice.)
        view = await self.rules.view(seat) if snapshot or (views and upto == self.seq) \
            else None
        rows = [] if snapshot else await self.hub.store.events_after(self.match_id,
                                                                     after_seq, upto)
        if connection.identity != identity:  # it signed out (or in as another) meanwhile
            if request_id is not None:
                raise ProtocolError("not_subscribed", "You signed out before the "
                                    "subscription was made; subscribe again.")
            return
        if request_id is None:  # a subscriber that was waiting for the match to start
            connection.push({"v": 1, "type": "match_status", **header})
        else:
            connection.push(reply(request_id, header))
        if snapshot:
            connection.push({"v": 1, "type": "snapshot", "match_id": self.match_id,
                             "seq": upto, "view": view})
        for row in rows:
            event = Event.from_wire(unpack(row.payload)).for_viewer(sub.viewer)
            connection.push(event_push(self.match_id, row.seq,
                                       None if event is None else event.to_wire()))
        sub.sent = upto
        self.subscribers.append(sub)
        if upto == self.seq:  # (a delayed spectator is not told who must act now)
            connection.push(self._prompt_message(seat, self.seq))
            if views:
                connection.push(self._view_message(self.seq, view))

    async def _do_view(self, seat: str | None, queued: float = 0.0) -> dict:
        if seat is None and self.spectator_delay and not self.over:
            visible = self.spectator_seq()
            for seq, view in reversed(self.delayed_views):
                if seq <= visible:
                    return {"match_id": self.match_id, "seq": seq, "view": view}
            # Not kept in memory (no spectator asked for views): fold the log that far.
            rows = await self.hub.store.events_after(self.match_id, 0, visible)
            state = rebuild(self.system, self.setup,
                            [Event.from_wire(unpack(row.payload)) for row in rows])
            return {"match_id": self.match_id, "seq": visible,
                    "view": self.system.view(state, SPECTATOR)}
        return {"match_id": self.match_id, "seq": self.seq,
                "view": await self.rules.view(seat), "clock": self.clock_wire()}
