"""Owning matches among several nodes (docs/cluster.md): a mixin of the `Hub`.

With a node id (`warband serve --node-id`), the hub runs a match only while it holds
the match's lease (server/cluster/leases.py): it takes the leases of the matches no
live node owns when it starts, of each match it starts, and, every half ttl, of any
match whose node died (its lease expired); every append carries the lease's epoch, so
a node that lost a match (a pause, a partition) cannot write to it again; a match
another node owns is reached through that node (server/cluster/forwarding.py). With no
node id, none of this runs: one process owns every match, as before."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from protocol.errors import ProtocolError
from server.cluster.keeper import LeaseKeeper
from server.cluster.leases import Leases
from server.stopping import cancel_and_wait

log = logging.getLogger("warband.hub")
HAND_OVER_WAIT = 5.0  # seconds a lost match's actor has to refuse what it had queued


class Owning:
    """The hub's part in a cluster. Uses the hub's `actors`, `store`, `resume`,
    `_lock` and `forwarder` (set by the app when there is a broker)."""

    keeper: LeaseKeeper | None = None
    stopping = False  # (a graceful stop: no lease is taken again meanwhile)
    forwarder: Any = None  # server.cluster.forwarding.Forwarder, with a node id
    # the address clients can reach this node by (its own websocket URL, or a path of
    # the balancer's that leads to it), told to players of its matches who are
    # relayed from another node; None: clients are not told (they stay forwarded)
    node_url: str | None = None
    _takeover: asyncio.Task | None = None
    actors: dict[str, Any]

    def own_matches(self, node: str, ttl: float) -> None:
        """Run as node `node` of a cluster (before `start`)."""
        self.keeper = LeaseKeeper(Leases(self.store.engine, node, ttl), self.lost)

    @property
    def node(self) -> str | None:
        return self.keeper.leases.node if self.keeper is not None else None

    async def claimed_at_start(self) -> list[str]:
        """The active matches this node runs after it starts: with leases, those no
        live node owns (their leases taken now); else every active match."""
        if self.keeper is None:
            return await self.store.match_ids("active")
        ids = await self.keeper.take_many(await self.keeper.leases.claimable())
        self.keeper.start()
        self._takeover = asyncio.create_task(self._take_over_orphans(), name="takeover")
        return ids

    def fence(self, match_id: str) -> tuple[str, int] | None:
        """What an append for the match is made under (None: one node, no leases)."""
        return self.keeper.fence(match_id) if self.keeper is not None else None

    async def claim(self, match_id: str) -> bool:
        """This node's lease of a match it is about to run: False if another node holds
        it (then that node runs it). Always True with one node."""
        if self.keeper is None:
            return True
        if self.stopping:  # (its clients go to another node, which takes it; a match
            raise ProtocolError("match_moved")  # resumed now would outlive the stop)
        if match_id in self.keeper.held:
            return True
        return await self.keeper.take(match_id) is not None

    async def owner_elsewhere(self, match_id: str) -> str | None:
        """The node that runs an active match, if not this one and it is alive."""
        if self.keeper is None:
            return None
        holder = await self.keeper.leases.holder(match_id)
        if holder is None or holder.owner == self.node:
            return None
        return holder.owner

    async def let_go(self, match_id: str) -> None:
        """The match ended here: its lease goes at once."""
        if self.keeper is not None:
            await self.keeper.let_go(match_id)

    def lost(self, match_id: str) -> None:
        """Another node holds the match now (found on renewal, or an append refused as
        stale): stop running it here; its subscribers follow it to its new node."""
        actor = self.actors.pop(match_id, None)
        if actor is None:
            return
        log.warning("match %s: its lease passed to another node; it stops here", match_id)
        if self.keeper is not None:
            self.keeper.held.pop(match_id, None)
        task = asyncio.get_running_loop().create_task(self._hand_over(actor))
        self._handing_over.add(task)
        task.add_done_callback(self._handing_over.discard)

    async def _hand_over(self, actor: Any) -> None:
        # (clients follow the match; relays for other nodes' clients are followed by
        # those nodes, and the house bot starts again wherever the match goes)
        subscribers = [s for s in actor.subscribers
                       if s.current and getattr(s.connection, "follows_moves", False)]
        actor.subscribers = []
        bot = self.bots.pop(actor.match_id, None)
        if bot is not None:
            await bot.stop()
        actor.move_away()
        if actor.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(actor.task), HAND_OVER_WAIT)
        if self.forwarder is not None:
            await self.forwarder.follow_elsewhere(actor.match_id, subscribers)

    async def _take_over_orphans(self) -> None:
        """Every half ttl: the matches whose node died are taken and resumed here (the
        lease's acquire decides between nodes racing for them)."""
        while True:
            await asyncio.sleep(self.keeper.leases.ttl / 2)
            if self.stopping:
                return
            try:
                orphans = [m for m in await self.keeper.leases.claimable()
                           if m not in self.actors]
                for match_id in await self.keeper.take_many(orphans) if orphans else ():
                    async with self._lock(match_id):
                        if match_id not in self.actors:
                            await self.resume(match_id)
                            log.info("took over match %s", match_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # (the database is away: try again next round)
                log.warning("could not take over orphaned matches", exc_info=True)

    async def stop_owning(self) -> None:
        """A graceful stop: no more takeovers; every lease released (after the actors
        stopped) so other nodes take the matches at once, not a ttl later."""
        # (from now on a request for a match this node does not run is told to retry
        # elsewhere: a lease taken while stopping would be left to expire, not released)
        self.stopping = True
        await cancel_and_wait(self._takeover)
        for task in list(self._handing_over):
            with contextlib.suppress(Exception):
                await task

    async def release_all(self) -> None:
        if self.keeper is not None:
            await self.keeper.stop()
