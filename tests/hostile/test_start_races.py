"""Races around the start and the end of a match (issue 29, and the "Known issues"
of docs/protocol.md they replace): a match read as active before its actor is
running gets one actor, not two; a subscription made just as the match is
aborted is told so; a subscription to a match that has ended is over. Played with
the kernel's example game."""

from __future__ import annotations

import asyncio
import random

import pytest

from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.rules import registry


@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'races.db'}", rate=10_000,
                                           burst=10_000))
    await instance.start()
    yield instance
    await instance.stop()


async def guest(server, name: str) -> Client:
    client = await Client.connect(server.url)
    await client.request("guest", name=name)
    return client


async def test_requests_racing_the_start_find_the_one_actor(server):
    """Requests sent while the last seat is being taken, which read the match as
    active before its actor was registered, used to resume a second actor for it."""
    ann, bob, eve = [await guest(server, name) for name in ("Ann", "Bob", "Eve")]
    rng = random.Random(7)
    started = []
    original = server.hub._run

    def run(actor):
        started.append(actor.match_id)
        original(actor)

    server.hub._run = run
    for _ in range(20):
        match_id = (await ann.request("create_match", system="secret-bids"))["match_id"]

        async def view(match_id=match_id):
            await asyncio.sleep(rng.random() * 0.01)
            try:
                return await eve.request("get_view", match_id=match_id)
            except ServerError as refused:
                return refused.code

        await asyncio.gather(bob.request("join", match_id=match_id),
                             *(view() for _ in range(5)))
        await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert len(started) == len(set(started)) == 20, "one actor a match"


async def test_a_subscription_made_as_the_match_is_aborted_is_told_so(server):
    rng = random.Random(11)
    ann, eve = await guest(server, "Ann"), await guest(server, "Eve")
    for _ in range(30):
        match_id = (await ann.request("create_match", system="secret-bids"))["match_id"]

        async def subscribe(match_id=match_id):
            await asyncio.sleep(rng.random() * 0.01)
            return await eve.request("subscribe", match_id=match_id)

        answer, _ = await asyncio.gather(subscribe(), ann.request("abort", match_id=match_id))
        if answer["status"] == "open":  # then the abort must reach it
            status = await eve.next_push("match_status", timeout=5)
            assert (status["match_id"], status["status"]) == (match_id, "aborted")
        else:
            assert answer["status"] == "aborted"


async def test_a_subscription_ends_with_its_match(server):
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    match_id = (await ann.request("create_match", system="secret-bids"))["match_id"]
    await bob.request("join", match_id=match_id)
    await bob.request("subscribe", match_id=match_id)
    await ann.request("resign", match_id=match_id)
    await bob.next_push("match_over")
    with pytest.raises(ServerError) as refused:
        await bob.request("unsubscribe", match_id=match_id)
    assert refused.value.code == "not_subscribed"
