"""Keeping leases (server/cluster/keeper.py): renewed while held, so no other node takes
the match; reported once taken by another node (after a pause past the ttl); released on
stop so another node takes the match at once. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

from server.cluster.keeper import LeaseKeeper
from server.cluster.leases import Leases


async def test_a_kept_lease_outlives_its_ttl_and_is_not_taken(store):
    lost: list[str] = []
    keeper = LeaseKeeper(Leases(store.engine, "north", ttl=1.2), lost.append)
    first = await keeper.take("m1")
    keeper.start()
    await asyncio.sleep(1.6)  # past the ttl: renewed meanwhile
    assert await Leases(store.engine, "south").acquire("m1") is None
    assert keeper.held["m1"].epoch == first.epoch and lost == []
    await keeper.stop()


async def test_a_lease_taken_while_paused_is_reported_lost(store):
    lost: list[str] = []
    keeper = LeaseKeeper(Leases(store.engine, "north", ttl=0.3), lost.append)
    await keeper.take("m1")
    await asyncio.sleep(0.5)  # paused, not renewing: the lease expires
    taken = await Leases(store.engine, "south").acquire("m1")
    await keeper.renew_all()
    assert lost == ["m1"] and keeper.held == {} and taken.epoch == 2


async def test_stopping_releases_the_leases_for_others_at_once(store):
    keeper = LeaseKeeper(Leases(store.engine, "north", ttl=30), lambda match_id: None)
    await keeper.take("m1")
    await keeper.stop()
    south = Leases(store.engine, "south")
    assert (await south.acquire("m1")).owner == "south"
    assert await LeaseKeeper(Leases(store.engine, "north"), print).take("m1") is None
