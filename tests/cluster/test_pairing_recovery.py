"""A pairing node that stalls or dies between claiming two seeks and making their match
(docs/cluster.md, "A pairing node that dies"; server.cluster.pairings): before, both
seekers waited on, told nothing. Two nodes, the real NATS and Redis; the pairing node
(south) is held at that moment, between the claim and the match."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import func, select

from server import seeks
from server.cluster import pairings
from server.store.schema import matches
from tests.cluster.test_shared_pool import TTL, guest, listening, nodes  # noqa: F401
from tests.server.seeking import SBH_300

pytestmark = [pytest.mark.skipif(not (listening(4222) and listening(6379)),
                                 reason="no NATS (127.0.0.1:4222) or Redis (127.0.0.1:6379) "
                                 "for several nodes"),
              # (the pairing runs through the lobby alike on both databases)
              pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)]


def held_between_claim_and_match(server, monkeypatch) -> tuple[asyncio.Event, asyncio.Event]:
    """`server`'s pairings stop after the claim until `release` is set."""
    pool = server.services.seeks
    make, claimed, release = pool._make, asyncio.Event(), asyncio.Event()

    async def held(*args):
        claimed.set()
        await release.wait()
        return await make(*args)

    monkeypatch.setattr(pool, "_make", held)
    return claimed, release


async def match_count(server) -> int:
    """Matches made (a withdrawn pairing leaves an aborted row keeping its id)."""
    async with server.store.engine.connect() as conn:
        return (await conn.execute(select(func.count()).select_from(matches).where(
            matches.c.status != "aborted"))).scalar()


async def test_a_stalled_pairing_is_made_by_another_node_and_both_seekers_told(
        nodes, monkeypatch):  # noqa: F811
    """South claims Ann's waiting seek for Bob's and stalls past the pairing's deadline:
    north, sweeping Ann's seek, makes the match and tells her; when south goes on, it
    finds the match made and answers Bob with it: one match, both seated."""
    north, south = nodes
    monkeypatch.setattr(pairings, "DEADLINE", 1.0)
    monkeypatch.setattr(seeks, "SWEEP_SECONDS", 0.2)
    ann, bob = await guest(north, "Ann"), await guest(south, "Bob")
    waiting = await ann.request("seek", **SBH_300)
    claimed, release = held_between_claim_and_match(south, monkeypatch)
    bobs = asyncio.create_task(bob.request("seek", **SBH_300))
    await claimed.wait()
    told = await ann.next_push("seek_paired", timeout=10)
    assert told["seek_id"] == waiting["seek_id"] and told["seat"] == "a"
    assert told["opponent"] == "Bob (guest)"
    names = (await north.store.seat_names([told["match_id"]]))[told["match_id"]]
    assert names == {"a": "Ann (guest)", "b": "Bob (guest)"}
    assert not bobs.done()
    release.set()
    answer = await bobs
    assert answer == {"seek_id": answer["seek_id"], "status": "paired",
                      "match_id": told["match_id"], "seat": "b", "opponent": "Ann (guest)"}
    assert await match_count(north) == 1
    assert await north.redis.hlen(f"{north.options.redis_prefix}:pairings") == 0


async def test_a_dead_pairing_nodes_claim_puts_the_live_seek_back(nodes, monkeypatch):  # noqa: F811
    """South claims Ann's seek for Bob's and dies there (its presence gone; Bob with
    it): north puts Ann's seek back in the pool, where Cy's seek finds it. South,
    should it come back, finds the pairing given back and makes no match."""
    north, south = nodes
    monkeypatch.setattr(seeks, "SWEEP_SECONDS", 0.2)
    ann, bob = await guest(north, "Ann"), await guest(south, "Bob")
    waiting = await ann.request("seek", **SBH_300)
    claimed, release = held_between_claim_and_match(south, monkeypatch)
    bobs = asyncio.create_task(bob.request("seek", **SBH_300))
    await claimed.wait()
    south.presence._renewer.cancel()  # south dies: its presence expires
    pool_key = f"{north.options.redis_prefix}:seeks"
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 4 * TTL
    while not await north.redis.hexists(pool_key, waiting["seek_id"]):
        assert loop.time() < deadline, "Ann's seek was never put back"
        await asyncio.sleep(0.1)
    cy = await guest(north, "Cy")
    paired = await cy.request("seek", **SBH_300)
    assert paired["status"] == "paired" and paired["opponent"] == "Ann (guest)"
    told = await ann.next_push("seek_paired", timeout=5)
    assert told["match_id"] == paired["match_id"] and told["opponent"] == "Cy (guest)"
    release.set()  # south goes on: the pairing is no longer its own
    refused = await asyncio.gather(bobs, return_exceptions=True)
    assert getattr(refused[0], "code", None) == "server_busy"
    assert await match_count(north) == 1


async def test_a_pairing_node_stalled_after_its_check_makes_no_second_match(
        nodes, monkeypatch):  # noqa: F811
    """South claims Ann's seek for Bob's, checks the pairing is still its own, and
    stalls right there, before creating the match; its presence expires; north puts
    Ann's seek back, and Cy's seek pairs with it. When south goes on, its create of
    the pairing's match is refused by the database (north withdrew that id), so Bob
    is told to seek again and Ann plays one match, Cy's."""
    north, south = nodes
    monkeypatch.setattr(seeks, "SWEEP_SECONDS", 0.2)
    ann, bob = await guest(north, "Ann"), await guest(south, "Bob")
    waiting = await ann.request("seek", **SBH_300)
    lobby = south.services.seeks.lobby
    create, creating, release = lobby.create, asyncio.Event(), asyncio.Event()

    async def stalled_create(*args, **kwargs):
        creating.set()  # (the pairing's holds() said yes a moment ago)
        await release.wait()
        return await create(*args, **kwargs)

    monkeypatch.setattr(lobby, "create", stalled_create)
    bobs = asyncio.create_task(bob.request("seek", **SBH_300))
    await asyncio.wait_for(creating.wait(), 10)
    south.presence._renewer.cancel()  # south seems dead: its presence expires
    pool_key = f"{north.options.redis_prefix}:seeks"
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 4 * TTL
    while not await north.redis.hexists(pool_key, waiting["seek_id"]):
        assert loop.time() < deadline, "Ann's seek was never put back"
        await asyncio.sleep(0.1)
    cy = await guest(north, "Cy")
    paired = await cy.request("seek", **SBH_300)
    assert paired["status"] == "paired" and paired["opponent"] == "Ann (guest)"
    release.set()  # south goes on, past its check, and creates the pairing's match
    refused = await asyncio.gather(bobs, return_exceptions=True)
    assert getattr(refused[0], "code", None) == "server_busy"
    assert await match_count(north) == 1
    assert (await north.store.match(paired["match_id"]))["status"] == "active"
