"""Keeping a node's leases: renewed at a third of their ttl while held, so two renewals in
a row may fail (a slow database, a pause) before another node can take the match; a lease
found taken is dropped and reported, so its match's actor stops acting for it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from server.cluster.leases import Lease, Leases
from server.stopping import cancel_and_wait

log = logging.getLogger(__name__)


class LeaseKeeper:
    def __init__(self, leases: Leases, on_lost: Callable[[str], None]) -> None:
        self.leases = leases
        self.on_lost = on_lost  # called with a match id once another node holds it
        self.held: dict[str, Lease] = {}
        self._task: asyncio.Task | None = None

    async def take(self, match_id: str) -> Lease | None:
        """The match's lease, kept from now on; None if another node holds it."""
        lease = await self.leases.acquire(match_id)
        if lease is not None:
            self.held[match_id] = lease
        return lease

    async def take_many(self, match_ids: list[str]) -> list[str]:
        """The leases of those matches no other node holds, kept from now on: their ids."""
        got = await self.leases.acquire_many(match_ids)
        self.held.update(got)
        return list(got)

    def fence(self, match_id: str) -> tuple[str, int]:
        """What this node's appends for the match are made under: its lease's (owner,
        epoch); epoch 0, which the store refuses, once it is no longer held."""
        lease = self.held.get(match_id)
        return (self.leases.node, lease.epoch if lease is not None else 0)

    async def let_go(self, match_id: str) -> None:
        """Release one lease (its match ended): no renewing, no waiting for the ttl."""
        lease = self.held.pop(match_id, None)
        if lease is not None:
            with contextlib.suppress(Exception):  # (it expires by itself otherwise)
                await self.leases.release(lease)

    async def renew_all(self) -> None:
        """Every held lease renewed, in one statement a few hundred (Leases.renew_many)."""
        asked = list(self.held.values())
        try:
            renewed = await self.leases.renew_many(asked)
        except Exception:  # (the database is away: try again next round)
            log.warning("could not renew the leases of %d matches", len(asked), exc_info=True)
            return
        for lease in asked:
            if self.held.get(lease.match_id) is not lease:
                continue  # let go (or taken again) meanwhile
            again = renewed.get(lease.match_id)
            if again is None:
                del self.held[lease.match_id]
                log.warning("lost the lease of %s (epoch %d)", lease.match_id, lease.epoch)
                self.on_lost(lease.match_id)
            else:
                self.held[lease.match_id] = again

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.leases.ttl / 3)
            await self.renew_all()

    async def stop(self) -> None:
        """Stop renewing and release every lease, so other nodes need not wait out the
        ttl to take the matches over."""
        await cancel_and_wait(self._task)
        for lease in list(self.held.values()):
            with contextlib.suppress(Exception):
                await self.leases.release(lease)
        self.held.clear()
