"""A waiting seeker is told of its pairing on another node even when the NATS notice
is lost (issue 35; core NATS delivers at most once): the pairing node writes the
notice to Redis first, and the seeker's node, sweeping its waiting seeks, finds it.
Two nodes on the real NATS and Redis; skipped, saying so, without them."""

from __future__ import annotations

import pytest

from tests.cluster.test_shared_pool import guest, nodes, pytestmark  # noqa: F401
from tests.server.seeking import SBH_300


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # (all in Redis)
async def test_a_lost_pairing_notice_is_found_by_the_seekers_node(nodes,  # noqa: F811
                                                                   monkeypatch):
    """"A waiting seeker is told (seek_paired) when a later seek pairs with it": Ann
    waits on north; Bob's seek on south pairs them; every notice to north is lost."""
    north, south = nodes
    lost = []

    async def losing(message):
        lost.append(message)

    monkeypatch.setattr(north.services.seeks, "_told", losing)
    await north.services.seeks._subscription.unsubscribe()  # (its callback was bound)
    north.services.seeks._subscription = await north.nats.subscribe(
        f"{north.services.seeks.space}.seeks.north", cb=losing)
    ann, bob = await guest(north, "Ann"), await guest(south, "Bob")
    waiting = await ann.request("seek", **SBH_300)
    paired = await bob.request("seek", **SBH_300)
    assert paired["status"] == "paired"
    told = await ann.next_push("seek_paired", timeout=15)
    assert lost, "the NATS notice was sent, and lost"
    assert told == {"v": 1, "type": "seek_paired", "seek_id": waiting["seek_id"],
                    "match_id": paired["match_id"], "seat": "a", "opponent": "Bob (guest)"}
    assert north.services.seeks.seeks == []
    prefix = north.options.redis_prefix
    assert await north.redis.exists(f"{prefix}:paired:{waiting['seek_id']}") == 0, \
        "the notice is removed once told"
