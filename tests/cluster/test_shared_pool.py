"""Quick pairing across nodes (docs/cluster.md, "Shared in Redis"; issue 35: "quick
pairing ... works across nodes"): two nodes over one database, the real NATS and the
real Redis (keys under a prefix of the test's own). Seekers on two nodes are paired;
under a race every seek is paired once; a cancelled seek is not paired; a node that
dies stops counting its seekers' seeks; the rating window widens across nodes as on
one. On SQLite and PostgreSQL; skipped, saying so, without NATS or Redis."""

from __future__ import annotations

import asyncio
import collections
import socket

import pytest

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.store.store import unpack
from tests.server.seeking import SBH_300, paired_across_a_wide_gap

TTL = 1.5  # seconds: a node's presence (and leases) last this long unless renewed


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
        return True
    except OSError:
        return False


pytestmark = pytest.mark.skipif(not (listening(4222) and listening(6379)),
                                reason="no NATS (127.0.0.1:4222) or Redis (127.0.0.1:6379) "
                                "for several nodes")


async def shared_node(database_url, tmp_path, name: str, prefix: str,
                      **options) -> WarbandServer:
    options = {"rate": 500, "burst": 500} | options
    server = WarbandServer(ServerOptions(
        port=0, database_url=database_url, static_dir=tmp_path / "static", node_id=name,
        lease_ttl=TTL, redis_url="redis://127.0.0.1:6379/0", redis_prefix=prefix, **options))
    await server.start()
    return server


@pytest.fixture
async def nodes(database_url, tmp_path, prefix):
    started = [await shared_node(database_url, tmp_path, name, prefix)
               for name in ("north", "south")]
    yield started
    for server in started:
        await server.stop()
    await _forget(started[0], prefix)


async def _forget(server: WarbandServer, prefix: str) -> None:
    """The test's keys go (the Redis is shared with other runs)."""
    import redis.asyncio as aioredis
    client = aioredis.from_url("redis://127.0.0.1:6379/0")
    keys = [key async for key in client.scan_iter(match=f"{prefix}:*")]
    if keys:
        await client.delete(*keys)
    await client.aclose()


async def guest(server: WarbandServer, name: str) -> Client:
    client = await Client.connect(server.url)
    await client.request("guest", name=name)
    return client


# (SQLite only: the race below pairs through the lobby on PostgreSQL too)
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_seekers_on_two_nodes_are_paired_cancelled_or_kept_apart(nodes):
    """Seeks "paired when two seekers want the same match": Ann on north, Bob on south;
    "different settings never pair"; a cancelled or closed seek is paired with no one."""
    north, south = nodes
    ann, bob = await guest(north, "Ann"), await guest(south, "Bob")
    waiting = await ann.request("seek", **SBH_300)
    assert waiting["status"] == "waiting"
    paired = await bob.request("seek", **SBH_300)
    assert paired["status"] == "paired" and paired["seat"] == "b"
    assert paired["opponent"] == "Ann (guest)"
    told = await ann.next_push("seek_paired", timeout=5)  # (across the nodes)
    assert told == {"v": 1, "type": "seek_paired", "seek_id": waiting["seek_id"],
                    "match_id": paired["match_id"], "seat": "a", "opponent": "Bob (guest)"}
    names = (await north.store.seat_names([paired["match_id"]]))[paired["match_id"]]
    assert names == {"a": "Ann (guest)", "b": "Bob (guest)"}
    assert north.services.seeks.seeks == [] and south.services.seeks.seeks == []
    # different settings never pair, on any node
    cy, dan = await guest(north, "Cy"), await guest(south, "Dan")
    assert (await cy.request("seek", **SBH_300))["status"] == "waiting"
    other = SBH_300 | {"points_limit": 400}
    assert (await dan.request("seek", **other))["status"] == "waiting"
    # "a seek goes with its connection, its identity, or when cancelled"
    third = await cy.request("seek", **SBH_300 | {"points_limit": 500})
    assert (await cy.request("cancel_seek", seek_id=third["seek_id"]))["status"] == \
        "cancelled"
    fay = await guest(south, "Fay")
    assert (await fay.request("seek", **SBH_300 | {"points_limit": 500}))["status"] == \
        "waiting", "the cancelled seek was paired with no one"
    await dan.close()
    await asyncio.sleep(0.2)
    eve = await guest(north, "Eve")
    assert (await eve.request("seek", **other))["status"] == "waiting", "no one is left"
    assert [s.account.display_name for s in north.services.seeks.seeks] == ["Cy", "Eve"]
    assert [s.account.display_name for s in south.services.seeks.seeks] == ["Fay"]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_asoiaf_seekers_on_two_nodes_are_each_seated_with_their_own_warband(nodes):
    """As on one node (tests/server/test_seeks.py): a seeker's warband goes with them,
    also when the pairing is made on the other seeker's node."""
    north, south = nodes
    ann, bob = await guest(north, "Ann"), await guest(south, "Bob")
    learn = {"system": "asoiaf", "options": {"scenario": "learn_to_play"}}
    await ann.request("seek", **learn, warband="baratheon-small-robert")
    paired = await bob.request("seek", **learn, warband="targaryen-small-prince")
    assert paired["status"] == "paired" and paired["seat"] == "b"
    assert (await ann.next_push("seek_paired", timeout=5))["match_id"] == paired["match_id"]
    setup = unpack((await north.store.match(paired["match_id"]))["setup"])
    assert setup["options"]["warbands"] == {"a": "baratheon-small-robert",
                                            "b": "targaryen-small-prince"}


async def test_seeks_racing_on_two_nodes_are_each_paired_once(nodes):
    """A seek "is claimed by exactly one pairing": eight seekers at once, four a node."""
    north, south = nodes
    players = [await guest(north if i % 2 else south, f"P{i}") for i in range(8)]
    replies = await asyncio.gather(*(p.request("seek", **SBH_300) for p in players))
    seats_of = collections.defaultdict(list)  # match -> the seek ids seated in it
    for player, reply in zip(players, replies, strict=True):
        if reply["status"] == "waiting":  # (told when a sweep pairs it)
            reply = await player.next_push("seek_paired", timeout=10)
        seats_of[reply["match_id"]].append((reply["seek_id"], reply["seat"]))
    assert len(seats_of) == 4, "eight seekers, four matches"
    for match_id, seated in seats_of.items():
        assert sorted(seat for _, seat in seated) == ["a", "b"], match_id
    told_again = await asyncio.gather(*(p.next_push("seek_paired", timeout=0.5)
                                        for p in players), return_exceptions=True)
    assert all(isinstance(t, TimeoutError) for t in told_again), "nobody paired twice"


# (SQLite only: what is across nodes here is in Redis; reading the ratings is the
# single-node code, tested on both databases in tests/server/test_seeks.py)
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_the_window_widens_across_nodes_and_a_dead_nodes_seeks_stop_counting(
        nodes, monkeypatch):
    """"the window widening with time waited": 1900 on north, 1500 on south; then a
    node's death drops its seekers' seeks (they reconnect and seek again)."""
    north, south = nodes
    ann, bob = await Client.connect(north.url), await Client.connect(south.url)
    await ann.request("register", username="ann_strong", password="long enough")
    await bob.request("register", username="bob_new", password="long enough")
    await paired_across_a_wide_gap(ann, bob, north.store, monkeypatch)
    bob = await guest(south, "Bob")
    assert (await bob.request("seek", **SBH_300))["status"] == "waiting"
    south.presence._renewer.cancel()  # south freezes: its presence is not renewed
    await asyncio.sleep(TTL + 0.3)
    cy = await guest(north, "Cy")
    assert (await cy.request("seek", **SBH_300))["status"] == "waiting"
    waiting = await north.redis.hgetall(f"{north.options.redis_prefix}:seeks")
    assert len(waiting) == 1, "Bob's seek on the dead node was removed"
