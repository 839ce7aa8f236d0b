"""Smaller leaks of issue 29, finding 7: a delayed match's live seq in `list_live`,
and a house bot whose list could be known in advance (always the largest that fit)."""

from __future__ import annotations

import hashlib

import pytest

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.lobby import house_bot_list_index
from server.rules import registry
from server.rules.sbh.lists import catalog
from tests.server.test_watching import bid_round


@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'leaks.db'}", rate=1000, burst=1000))
    await instance.start()
    yield instance
    await instance.stop()


async def test_list_live_shows_a_delayed_match_only_as_far_as_spectators_see_it(server):
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    await ann.request("guest", name="Ann")
    await bob.request("guest", name="Bob")
    match_id = (await ann.request("create_match", system="secret-bids", spectator_delay=4,
                                  options={"target": 1000}))["match_id"]
    await bob.request("join", match_id=match_id)
    for _ in range(3):
        last = await bid_round(ann, bob, match_id)
    eve = await Client.connect(server.url)
    await eve.request("guest", name="Eve")
    [listed] = (await eve.request("list_live"))["matches"]
    assert listed["seq"] == last - 4, "four events behind, as a spectator sees it"
    subscribed = await eve.request("subscribe", match_id=match_id, spectate=True)
    assert subscribed["to_seq"] == listed["seq"]
    for client in (ann, bob, eve):
        await client.close()


def test_the_house_bot_list_index_is_the_documented_draw():
    """docs/protocol.md, create_match `opponent`: SHA-256 of "house bot list" + seed,
    big-endian, modulo the count of fitting lists."""
    seed = bytes(range(32))
    digest = hashlib.sha256(b"house bot list" + seed).hexdigest()
    assert house_bot_list_index(seed, 7) == int(digest, 16) % 7


async def test_the_house_bot_draws_its_list_among_those_that_fit(server):
    fitting = sorted(p["key"] for p in catalog({"points_limit": 400})["presets"]
                     if not p["problems"])
    assert len(fitting) > 2
    drawn = set()
    ann = await Client.connect(server.url)
    await ann.request("guest", name="Ann")
    for _ in range(12):
        created = await ann.request("create_match", system="sbh", opponent="bot",
                                    points_limit=400)
        row = await server.store.match(created["match_id"])
        warband = row["bot"].split(":")[2]
        assert warband == fitting[house_bot_list_index(row["seed"], len(fitting))]
        drawn.add(warband)
        await ann.request("resign", match_id=created["match_id"])
    assert len(drawn) > 1, "not always the same list"
    await ann.close()
