"""Match leases (issue 35): one owner at a time, taken over only once expired, with an
epoch that fences a stale owner: its appends are refused and nothing of them is
written, while the new owner's go in. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import time

import pytest
from sqlalchemy import func, select

from server.cluster.leases import Leases
from server.store.schema import commands, events
from server.store.store import Append, CommandRow, EventRow, StaleOwner


def append(idx: int, lease=None) -> Append:
    return Append("m1", CommandRow(idx, "a", f"request-{idx}", b"\x80", idx + 1, idx + 1, 0),
                  [EventRow(idx + 1, b"\x80", "c" * 64)], lease=lease)


async def rows(store) -> tuple[int, int]:
    async with store.engine.connect() as conn:
        return ((await conn.execute(select(func.count()).select_from(commands))).scalar(),
                (await conn.execute(select(func.count()).select_from(events))).scalar())


async def test_two_nodes_racing_for_a_match_one_gets_it(store):
    north, south = Leases(store.engine, "north"), Leases(store.engine, "south")
    got = await asyncio.gather(north.acquire("m1"), south.acquire("m1"))
    assert [lease is not None for lease in got].count(True) == 1
    [lease] = [g for g in got if g is not None]
    assert lease.epoch == 1 and (await north.holder("m1")) == lease


async def test_a_held_lease_is_renewed_and_not_taken(store):
    north, south = Leases(store.engine, "north"), Leases(store.engine, "south")
    lease = await north.acquire("m1")
    renewed = await north.renew(lease)
    assert renewed.epoch == lease.epoch and renewed.expires_at >= lease.expires_at
    assert await south.acquire("m1") is None


async def test_an_expired_lease_passes_on_with_a_higher_epoch(store):
    north = Leases(store.engine, "north", ttl=0.3)
    south = Leases(store.engine, "south")
    old = await north.acquire("m1")
    await asyncio.sleep(0.5)
    new = await south.acquire("m1")
    assert new is not None and new.epoch == old.epoch + 1
    assert await north.renew(old) is None  # north learns it lost the match


async def test_a_released_lease_is_taken_at_once(store):
    north, south = Leases(store.engine, "north"), Leases(store.engine, "south")
    await north.release(await north.acquire("m1"))
    assert (await south.acquire("m1")).epoch == 2


async def test_a_paused_stale_owner_that_wakes_and_appends_is_refused(store):
    """North holds the match and appends; it pauses past its lease (a GC pause, a
    frozen VM); south takes the match; north wakes and appends: refused, nothing of it
    written; south's appends go in."""
    north = Leases(store.engine, "north", ttl=0.3)
    south = Leases(store.engine, "south")
    held = await north.acquire("m1")
    await store.write_appends([append(0, (held.owner, held.epoch))])
    await asyncio.sleep(0.5)  # the pause
    taken = await south.acquire("m1")
    with pytest.raises(StaleOwner) as refused:
        await store.write_appends([append(1, (held.owner, held.epoch))])
    assert refused.value.match_ids == ["m1"]
    assert await rows(store) == (1, 1)  # nothing of the stale append
    await store.write_appends([append(1, (taken.owner, taken.epoch))])
    assert await rows(store) == (2, 2)


async def test_an_append_without_a_lease_row_for_its_match_is_refused(store):
    with pytest.raises(StaleOwner):
        await store.write_appends([append(0, ("north", 1))])
    assert await rows(store) == (0, 0)


async def test_many_leases_renewed_at_once_only_where_still_held(store, monkeypatch):
    """`renew_many` (one statement a few leases, as the keeper renews): the leases
    still this node's at their epoch are pushed on; one another node took after it
    expired, and an old epoch of one this node took again, are not."""
    monkeypatch.setattr("server.cluster.leases.ACQUIRE_CHUNK", 2)  # (several chunks)
    for index in range(2, 6):
        await store.create_match({"id": f"m{index}", "system": "sbh", "setup": b"\x80",
                                  "status": "active", "created_by": "acct",
                                  "created_at": time.time(), "private": False,
                                  "invite_code": None, "spectator_delay": 0,
                                  "seed": b"s" * 32, "seed_commitment": "c" * 64},
                                 "a", "acct")
    north = Leases(store.engine, "north", ttl=0.3)
    south = Leases(store.engine, "south")
    held = [await north.acquire(f"m{i}") for i in range(1, 6)]
    await asyncio.sleep(0.5)  # all expired
    taken = await south.acquire("m1")
    again = await north.acquire("m2")  # (epoch 2: the epoch-1 lease is stale)
    renewed = await north.renew_many(held)
    assert set(renewed) == {"m3", "m4", "m5"}
    assert all(renewed[lease.match_id].epoch == lease.epoch
               and renewed[lease.match_id].expires_at > lease.expires_at for lease in held[2:])
    assert await south.acquire("m3") is None  # renewed: not taken
    assert taken.epoch == 2 and again.epoch == 2
