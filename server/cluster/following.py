"""Following a match that changed node (docs/cluster.md): the subscriptions this node
carries for its clients (relays, shared watches) and its own subscribers of a match it
lost go on at the match's new owner from the last seq each delivered; a followed match
that ended meanwhile, or whose `match_over` never came, is told from the store
(server.cluster.endings).

A mixin of `Forwarder` (server.cluster.forwarding: its `hub`, `store`, `relays`,
`watches`, `remotes`, `_moving` and `_ended`), apart from it because how a
subscription follows a move is read on its own, without the requests that open one."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from protocol.errors import ProtocolError
from server.cluster.endings import push_end
from server.cluster.remote import RemoteMatch
from server.cluster.spectating import SharedWatch

log = logging.getLogger("warband.cluster")

OWNER_CHECK = 1.0  # seconds between checks that followed matches are still on their node
RESUBSCRIBE_GIVE_UP = 300.0  # seconds a subscription tries to follow its match's move
END_GRACE = 5.0  # seconds a followed match may be over before its end is read from the store


class FollowingMoves:
    async def follow_elsewhere(self, match_id: str, subscribers: list[Any]) -> None:
        """This node lost the match: its subscribers go on wherever it runs now, from
        the last seq each was told of."""
        await asyncio.gather(*(self._resubscribe(match_id, sub.connection, sub.seat,
                                                 sub.views, sub.identity, sub.sent)
                               for sub in subscribers))

    async def _resubscribe(self, match_id: str, connection: Any, seat: str | None,
                           views: bool, identity: int, after_seq: int) -> None:
        """Subscribe `connection` again where the match runs now. Tried until it works,
        for as long as the connection still watches the match as the same account and
        the match is active: a match being taken over answers `match_moved` for a
        while (its lease has to expire, then its new node loads it), which on a busy
        machine outlasted a few tries, and a subscription given up on left its client
        waiting for pushes that never came."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + RESUBSCRIBE_GIVE_UP
        while _still_wanted(connection, match_id, identity) and loop.time() < deadline:
            if self.hub.stopping:  # (its clients are told to reconnect elsewhere)
                return
            try:
                target = await self.hub.running(match_id)
                if target is None and not await self._still_active(match_id):
                    # (it ended meanwhile, at its new node: its end from the store)
                    await push_end(self.hub, connection, match_id, seat, identity, after_seq)
                    return
                if target is not None:
                    await target.submit("subscribe", connection=connection,
                                        request_id=None, seat=seat, after_seq=after_seq,
                                        views=views, identity=identity)
                    return
            except ProtocolError as problem:
                if not problem.retryable:
                    return
            except Exception:
                log.warning("could not follow match %s to its new node", match_id,
                            exc_info=True)
            await asyncio.sleep(OWNER_CHECK)
        log.warning("gave up following match %s to its new node", match_id)

    async def _watch_owners(self) -> None:
        """Relays and watches whose match changed node follow it there."""
        while True:
            await asyncio.sleep(OWNER_CHECK)
            try:
                await self._follow_moves()
            except Exception:  # (the database is away, say: next round)
                log.warning("could not check where followed matches run", exc_info=True)

    async def _follow_moves(self) -> None:
        """One query for all the followed matches' holders; those that moved are
        followed to their new node all at once (one slow move holds up no other)."""
        # (only what exists before the query: one made while it ran read as "moved",
        # and a subscription under way lost its answer; docs/cluster.md)
        relays, watches = list(self.relays.values()), list(self.watches.values())
        followed = sorted({r.match_id for r in relays} | set(self.remotes)
                          | {w.match_id for w in watches})
        self._ended = {m: at for m, at in self._ended.items() if m in followed}
        holders = {match_id: lease.owner for match_id, lease
                   in (await self.hub.keeper.leases.holders(followed)).items()}
        for match_id in followed:
            known = self.remotes.get(match_id)
            if known is not None and holders.get(match_id) != known.owner:
                self.forget(match_id)
        moves = []
        for relay in relays:
            holder = holders.get(relay.match_id)
            if relay.ended or holder == relay.owner:
                continue
            if holder is None and not await self._still_active(relay.match_id):
                if self._overdue(relay.match_id):  # (its match_over was lost)
                    await self.end_relay(relay, tell_owner=False)
                    moves.append(push_end(self.hub, relay.connection, relay.match_id,
                                          relay.seat, relay.identity, relay.last_seq))
                continue  # (it ended: its match_over came or is coming)
            await self.end_relay(relay)
            moves.append(self._resubscribe(relay.match_id, relay.connection, relay.seat,
                                           relay.views, relay.identity, relay.last_seq))
        for watch in watches:
            if watch.idle():  # (its last spectator here left a round ago or more)
                await watch.end()
                continue
            holder = holders.get(watch.match_id)
            if watch.ended or watch.owner is None or holder == watch.owner:
                continue
            if holder is None and not await self._still_active(watch.match_id):
                if self._overdue(watch.match_id):
                    moves.append(self._end_watch(watch))
                continue
            moves.append(self._move_watch(watch))
        for task in [asyncio.create_task(move) for move in moves]:
            self._moving.add(task)
            task.add_done_callback(self._moving.discard)

    def _overdue(self, match_id: str) -> bool:
        """Whether the followed match was found over END_GRACE seconds ago and its
        `match_over` has still not come (the broker lost it, or its node stopped
        first): then its end is read from the store (server.cluster.endings)."""
        now = asyncio.get_running_loop().time()
        return now - self._ended.setdefault(match_id, now) >= END_GRACE

    async def _end_watch(self, watch: SharedWatch) -> None:
        """A watched match ended and its end never came on the stream: from the store."""
        async with watch._in_order:  # (a frame being pushed now goes first)
            spectators = list(watch.spectators)
            await watch.end(tell_owner=False)
        for connection, identity in spectators:
            await push_end(self.hub, connection, watch.match_id, None, identity,
                           watch.delivered)

    async def _move_watch(self, watch: SharedWatch) -> None:
        """The watched match changed node: the stream goes on from its new owner, or,
        should this node run the match now, its spectators subscribe to it here."""
        try:
            target = await self.hub.running(watch.match_id)
            if isinstance(target, RemoteMatch):
                await watch.attach(target.owner)
                return
        except ProtocolError:
            return  # (moving still: tried again next round)
        spectators = list(watch.spectators)
        await watch.end(tell_owner=False)
        for connection, identity in spectators:
            if target is None:  # (it ended meanwhile, at its new node)
                await push_end(self.hub, connection, watch.match_id, None, identity,
                               watch.delivered)
                continue
            with contextlib.suppress(ProtocolError):
                await target.submit("subscribe", connection=connection, request_id=None,
                                    seat=None, after_seq=watch.delivered, views=False,
                                    identity=identity)

    async def _still_active(self, match_id: str) -> bool:
        row = await self.store.match(match_id)
        return row is not None and row["status"] == "active"


def _still_wanted(connection: Any, match_id: str, identity: int) -> bool:
    """Whether `connection` still watches the match as the account that subscribed
    (not closed, unsubscribed, signed out or in as another)."""
    watching = getattr(connection, "watching", None)  # (the gateway's connections)
    return connection.identity == identity and (watching is None or match_id in watching)
