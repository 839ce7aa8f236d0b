"""A following client asks where a match runs before subscribing (issue 35; docs/
cluster.md, "Told where to go"): `subscribe` with `follow` to a match another node
runs is answered at once with that node's address and `"subscribed": false`, nothing
set up at the client's node (no relay, no shared watch); the client subscribes there.
A node with no address, or an owner past its spectators cap, names none: the
subscription is forwarded as before. Two nodes on one database and the real NATS."""

from __future__ import annotations

import pytest

from clients.session import Session
from tests.cluster.test_following import ann_on, events_until
from tests.cluster.test_following import nodes as two_nodes
from tests.cluster.test_nodes import guest, match_on, nats_running

pytestmark = pytest.mark.skipif(not nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 for several nodes")


nodes = pytest.fixture(two_nodes.__wrapped__, name="nodes")  # (north and south)


def count_forwarded(monkeypatch, server) -> list[str]:
    """What `server` forwards from now on: each relay or shared watch it sets up."""
    made = []
    forwarder = server.hub.forwarder
    real_open, real_spectate = forwarder._open, forwarder._spectate

    async def opening(relay, *args, **kwargs):
        made.append("relay")
        return await real_open(relay, *args, **kwargs)

    async def spectating(*args, **kwargs):
        made.append("watch")
        return await real_spectate(*args, **kwargs)

    monkeypatch.setattr(forwarder, "_open", opening)
    monkeypatch.setattr(forwarder, "_spectate", spectating)
    return made


async def test_a_player_asking_to_follow_is_told_where_and_nothing_is_set_up(nodes):
    north, south = nodes
    ann, bob, match_id = await match_on(south, north)  # (south runs it; Ann is on north)
    answer = await ann.request("subscribe", match_id=match_id, follow=True)
    assert answer == {"match_id": match_id, "status": "active", "seat": "a",
                      "node_url": south.url, "subscribed": False}
    assert not north.hub.forwarder.relays and not north.hub.forwarder.served.relays
    assert not south.hub.forwarder.served.relays  # (the owner made no relay either)
    with pytest.raises(Exception, match="not_subscribed"):  # (nothing to unsubscribe)
        await ann.request("unsubscribe", match_id=match_id)
    for client in (ann, bob):
        await client.close()


async def test_a_following_player_subscribes_at_the_owner_with_no_relay_made(
        nodes, monkeypatch):
    north, south = nodes
    made = count_forwarded(monkeypatch, north)
    ann, bob, match_id, stream = await ann_on(north, south, follow=True)
    assert ann.followed_url(match_id) == south.url and made == []
    assert stream.seat == "a" and set(stream.players) == {"a", "b"}
    await ann.command(match_id, "bid", {"amount": 3})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert await events_until(stream, 4) == [1, 2, 3, 4]  # each once, in order
    assert made == [] and ann.follows == 1
    await ann.close()


async def test_a_following_spectator_is_told_where_with_no_shared_watch_made(
        nodes, monkeypatch):
    north, south = nodes
    ann, bob, match_id, _ = await ann_on(south, south, follow=True)  # (south runs it)
    made = count_forwarded(monkeypatch, north)
    wes = await Session.open(north.url, follow_matches=True)
    await wes.guest("Wes")
    stream = await wes.watch(match_id, spectate=True)
    assert wes.followed_url(match_id) == south.url and made == []
    assert not north.hub.forwarder.watches and not south.hub.forwarder.served.streams
    await ann.command(match_id, "bid", {"amount": 3})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert await events_until(stream, 4) == [1, 2, 3, 4]
    assert made == []
    await wes.close()
    await ann.close()


async def test_a_node_with_no_address_subscribes_the_follower_as_before(nodes, monkeypatch):
    north, south = nodes
    south.hub.node_url = None  # (nothing advertised: nowhere to go)
    made = count_forwarded(monkeypatch, north)
    ann, bob, match_id, stream = await ann_on(north, south, follow=True)
    assert ann.followed_url(match_id) is None and made == ["relay"]
    assert [r.match_id for r in north.hub.forwarder.relays.values()] == [match_id]
    await ann.command(match_id, "bid", {"amount": 3})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert await events_until(stream, 4) == [1, 2, 3, 4]
    await ann.close()


async def test_past_the_spectators_cap_a_follower_shares_the_stream_as_before(
        nodes, monkeypatch):
    from server.cluster import serving
    monkeypatch.setattr(serving, "FOLLOWED_SPECTATORS", 1)
    north, south = nodes
    ann, bob, match_id, _ = await ann_on(south, south, follow=True)
    first = await guest(south, "Wes")  # (watching at the owner: its own audience of 1)
    await first.request("subscribe", match_id=match_id, spectate=True)
    watcher = await guest(north, "Wil")
    answer = await watcher.request("subscribe", match_id=match_id, spectate=True,
                                   follow=True)
    assert "node_url" not in answer and "subscribed" not in answer
    assert list(north.hub.forwarder.watches) == [match_id]
    assert list(south.hub.forwarder.served.streams) == [match_id]
    await ann.command(match_id, "bid", {"amount": 3})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    seqs = []
    while not seqs or seqs[-1] < 4:
        seqs.append((await watcher.next_push("event", timeout=10))["seq"])
    assert seqs == [1, 2, 3, 4]
    for client in (first, watcher):
        await client.close()
    await ann.close()


async def test_a_follow_lost_during_its_subscribe_still_learns_the_players_names(
        nodes, monkeypatch):
    """Told only where (no names in that answer), Ann's connection to the owner closes
    while her subscription there is unanswered: the match goes back to her first node,
    forwarded, and that subscription's answer names the players."""
    import asyncio

    from clients.following import NodeLink
    north, south = nodes
    real_request = NodeLink.request

    async def lost_on_subscribe(link, kind, **fields):
        if kind == "subscribe":
            await link.websocket.close()
        return await real_request(link, kind, **fields)

    monkeypatch.setattr(NodeLink, "request", lost_on_subscribe)
    ann, bob, match_id, stream = await ann_on(north, south, follow=True)
    for _ in range(200):  # (the resubscription on north runs after `watch` returned)
        if north.hub.forwarder.relays and stream.players:
            break
        await asyncio.sleep(0.05)
    assert ann.followed_url(match_id) is None
    assert [r.match_id for r in north.hub.forwarder.relays.values()] == [match_id]
    assert stream.players == {"a": "Ann (guest)", "b": "Bob (guest)"}
    await ann.command(match_id, "bid", {"amount": 3})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert await events_until(stream, 4) == [1, 2, 3, 4]
    await ann.close()
