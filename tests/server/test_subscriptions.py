"""The life of a subscription: long catch-ups, waiting for an open match to
start, unsubscribing, signing out, a delayed spectator across a restart, and a
match whose actor is not running. Played with the kernel's example game."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.rules import registry
from tests.server.test_watching import bid_round, drain, event_seqs, seated_pair


@pytest.fixture
def database(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    return f"sqlite+aiosqlite:///{tmp_path / 'subscriptions.db'}"


@pytest.fixture
async def server(database):
    instance = WarbandServer(ServerOptions(port=0, database_url=database, rate=10_000,
                                           burst=10_000))
    await instance.start()
    yield instance
    await instance.stop()


async def guest(server, name: str) -> Client:
    client = await Client.connect(server.url)
    await client.request("guest", name=name)
    return client


async def test_a_catch_up_of_more_than_a_thousand_events_arrives_whole(server):
    """Watching a finished match sends its whole log, one frame per event: more
    than a thousand frames at once; none is dropped and nobody is cut off."""
    ann, bob, match_id = await seated_pair(server)
    while await bid_round(ann, bob, match_id) < 1100:
        pass
    await ann.request("resign", match_id=match_id)
    # The resignation is answered before the result is written; until then the match
    # is live, and a live subscriber this far behind gets a snapshot, not the log.
    async with asyncio.timeout(10):
        while server.hub.actor(match_id) is not None:
            await asyncio.sleep(0.01)
    eve = await guest(server, "Eve")
    await eve.request("subscribe", match_id=match_id)
    frames = await drain(eve)
    assert frames[-1]["type"] == "match_over"
    assert event_seqs(frames) == list(range(1, frames[-1]["seq"] + 1))


async def test_subscribing_twice_while_waiting_gives_one_stream(server):
    ann = await guest(server, "Ann")
    match_id = (await ann.request("create_match", system="secret-bids"))["match_id"]
    for _ in range(2):
        waiting = await ann.request("subscribe", match_id=match_id)
        assert waiting["status"] == "open"
    bob = await guest(server, "Bob")
    await bob.request("join", match_id=match_id)
    await ann.next_push("match_status")
    frames = await drain(ann)
    assert [f["type"] for f in frames].count("prompt") == 1
    assert not [f for f in frames if f["type"] == "match_status"], "the start came once"


async def test_subscribing_as_the_match_starts_gives_the_live_stream(server):
    """Ann subscribes just as Bob's join starts the match: the server first reads the
    match as open, and its row as active before its actor runs (the interleaving
    forced here). She is subscribed to the live match, not sent it as if it were over
    with nothing after (the hang a bot over the network met, one run in about 80)."""
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    match_id = (await ann.request("create_match", system="secret-bids"))["match_id"]
    hub = server.hub
    found_running = hub.running
    joined = []

    async def running_then_started(wanted):
        actor = await found_running(wanted)
        if wanted == match_id and not joined:
            hub.running = found_running  # (once)
            joined.append(asyncio.create_task(bob.request("join", match_id=match_id)))
            while (await hub.store.match(match_id))["status"] != "active":
                await asyncio.sleep(0)  # the join has stored the start, not yet run it
        return actor

    hub.running = running_then_started
    answer = await ann.request("subscribe", match_id=match_id)
    await joined[0]
    assert answer["status"] == "active" and answer["seat"] == "a"
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    frames = await drain(ann)
    assert [f["type"] for f in frames if f["type"] == "prompt"], frames
    assert event_seqs(frames), "the live match's events come after the subscription"


async def test_unsubscribing_from_an_open_match_stops_the_wait(server):
    ann, eve = await guest(server, "Ann"), await guest(server, "Eve")
    match_id = (await ann.request("create_match", system="secret-bids"))["match_id"]
    await eve.request("subscribe", match_id=match_id)
    await eve.request("unsubscribe", match_id=match_id)
    bob = await guest(server, "Bob")
    await bob.request("join", match_id=match_id)
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert await drain(eve) == []
    with pytest.raises(ServerError) as refused:
        await eve.request("unsubscribe", match_id=match_id)
    assert refused.value.code == "not_subscribed"


async def test_signing_out_ends_what_the_account_was_shown(server):
    """A seat's stream carries its secrets: after logout (or signing in as someone
    else on the same connection) it stops."""
    ann, bob, match_id = await seated_pair(server)
    await ann.request("subscribe", match_id=match_id, views=True)
    assert await drain(ann), "the seat's prompt and view"
    await ann.request("logout")
    await ann.request("guest", name="Someone else")
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 2})
    assert await drain(ann) == []


async def test_a_delayed_spectator_keeps_seeing_public_events_after_a_restart(database):
    """The events a delayed spectator has yet to see come from the log after a
    restart, not as blanks."""
    first = WarbandServer(ServerOptions(port=0, database_url=database))
    await first.start()
    ann, bob = await Client.connect(first.url), await Client.connect(first.url)
    tokens = [(await c.request("guest", name=n))["token"] for c, n in ((ann, "A"), (bob, "B"))]
    match_id = (await ann.request("create_match", system="secret-bids",
                                  spectator_delay=6))["match_id"]
    await bob.request("join", match_id=match_id)
    for _ in range(3):
        last = await bid_round(ann, bob, match_id)
    await first.stop()

    second = WarbandServer(ServerOptions(port=0, database_url=database))
    await second.start()
    try:
        ann, bob = await Client.connect(second.url), await Client.connect(second.url)
        for client, token in zip((ann, bob), tokens, strict=True):
            await client.request("authenticate", token=token)
        eve = await guest(second, "Eve")
        assert (await eve.request("subscribe", match_id=match_id))["to_seq"] == last - 6
        await drain(eve)
        await bid_round(ann, bob, match_id)
        released = [f for f in await drain(eve) if f["type"] == "event"]
        assert [f["seq"] for f in released] == [last - 5, last - 4, last - 3]
        assert all(f["event"] is not None for f in released), released
    finally:
        await second.stop()


async def test_a_match_whose_actor_stopped_is_resumed_on_demand(server):
    """If an active match's actor is not running (its resume failed at start-up),
    the next request for it resumes it rather than calling it finished."""
    ann, bob, match_id = await seated_pair(server)
    await bid_round(ann, bob, match_id)
    await server.hub.actors.pop(match_id).stop()
    done = await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert done["first_seq"] == 4
    assert server.hub.actor(match_id) is not None
