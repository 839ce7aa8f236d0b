"""Spectators on a node that does not run the match share one stream (docs/cluster.md,
"Spectators of another node's match"; issue 35): the owner publishes each event once
for all of them, redacted for spectators and held back by the spectator delay; and
the owner forgets what a client node that is gone followed (its relays, its stream).
Real NATS; skipped, saying so, without NATS."""

from __future__ import annotations

import asyncio

import pytest

from tests.cluster.test_nodes import guest, nats_running, nodes  # noqa: F401 (a fixture)

pytestmark = pytest.mark.skipif(not nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 for several nodes")


@pytest.fixture
def database_url(tmp_path) -> str:
    """SQLite only: what is tested here is the broker's part, the same on either
    database (test_nodes.py runs the nodes on both); one database keeps it quick."""
    return f"sqlite+aiosqlite:///{tmp_path / 'warband.db'}"


async def delayed_match(north, south, delay: int):
    """Ann (on north) creates a secret-bids match watched `delay` events behind; Bob
    joins on south, which runs it."""
    ann = await guest(north, "Ann")
    created = await ann.request("create_match", system="secret-bids",
                                options={"target": 30}, spectator_delay=delay)
    bob = await guest(south, "Bob")
    await bob.request("join", match_id=created["match_id"])
    return ann, bob, created["match_id"]


def drained(client) -> list[dict]:
    out = []
    while not client.pushes.empty():
        out.append(client.pushes.get_nowait())
    return out


async def test_two_spectators_on_another_node_share_one_publish_an_event(nodes):  # noqa: F811
    north, south = nodes
    ann, bob, match_id = await delayed_match(north, south, delay=2)
    watchers = [await guest(north, name) for name in ("Wes", "Wil")]
    for watcher in watchers:
        header = await watcher.request("subscribe", match_id=match_id, spectate=True)
        assert header["seat"] is None and header["spectator_delay"] == 2
    served = south.hub.forwarder.served
    assert list(served.streams) == [match_id] and served.relays == {}  # (no relay each)
    last = 0
    for amount_a, amount_b in ((3, 1), (2, 3), (2, 2)):
        await ann.request("command", match_id=match_id, command="bid",
                          args={"amount": amount_a})
        placed = await bob.request("command", match_id=match_id, command="bid",
                                   args={"amount": amount_b})
        last = placed["last_seq"]
    await asyncio.sleep(0.5)
    seen = [[p for p in drained(w) if p["type"] == "event"] for w in watchers]
    for events in seen:
        # every event once, in order, two behind the match ("spectator_delay")
        assert [e["seq"] for e in events] == list(range(1, last - 1))
        bids = [e["event"]["data"] for e in events if e["event"]["type"] == "bid_placed"]
        assert bids and all("amount" not in bid for bid in bids)  # (hidden from them)
    assert seen[0] == seen[1]
    # one publish an event the spectators may see, however many watch
    assert served.streams[match_id].events_published == last - 2


async def test_the_owner_forgets_what_a_gone_client_node_followed(nodes):  # noqa: F811
    north, south = nodes
    ann = await guest(north, "Ann")
    created = await ann.request("create_match", system="secret-bids")
    bob = await guest(south, "Bob")
    await bob.request("join", match_id=created["match_id"])
    match_id = created["match_id"]
    await ann.request("subscribe", match_id=match_id)  # (a relay)
    watcher = await guest(north, "Wes")
    await watcher.request("subscribe", match_id=match_id, spectate=True)  # (the stream)
    served, actor = south.hub.forwarder.served, south.hub.actors[match_id]
    assert await served.expire() == 0  # north is there and follows both: kept
    watch = north.hub.forwarder.watches[match_id]
    assert len(served.relays) == 1 and served.followers == {match_id: {watch.key: "north"}}
    await north.hub.forwarder._rpc.unsubscribe()  # north is gone, as NATS sees it
    await north.nats.flush()
    assert await served.expire() == 2
    assert served.relays == {} and served.streams == {} and served.followers == {}
    assert [s.seat for s in actor.subscribers] == []  # (Bob never subscribed)


async def test_a_frame_the_broker_lost_is_read_from_the_store(nodes, monkeypatch):  # noqa: F811
    """Core NATS delivers at most once: a message of the stream that never arrives
    leaves a gap in its seqs, which the watch reads from the store before going on
    (server/cluster/spectating.py): the spectator gets every event once, in order."""
    from server.cluster import spectating
    from server.cluster.serving import EVENT, relayed_frames

    north, south = nodes
    on_frame, lost = spectating.SharedWatch.on_frame, []

    async def losing(watch, message):
        if not lost and any(kind == EVENT for kind, _, _ in relayed_frames(message.data)):
            lost.append([seq for kind, seq, _ in relayed_frames(message.data) if kind == EVENT])
            return  # (this one never arrives)
        await on_frame(watch, message)

    monkeypatch.setattr(spectating.SharedWatch, "on_frame", losing)
    ann, bob, match_id = await delayed_match(north, south, delay=0)
    wes = await guest(north, "Wes")
    await wes.request("subscribe", match_id=match_id, spectate=True)
    last = 0
    for amount_a, amount_b in ((3, 1), (2, 3), (2, 2)):
        await ann.request("command", match_id=match_id, command="bid",
                          args={"amount": amount_a})
        last = (await bob.request("command", match_id=match_id, command="bid",
                                  args={"amount": amount_b}))["last_seq"]
    await asyncio.sleep(0.5)
    assert lost and lost[0]  # (a message with events was lost)
    seqs = [p["seq"] for p in drained(wes) if p["type"] == "event"]
    assert seqs == list(range(1, last + 1))
