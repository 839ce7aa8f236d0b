"""A followed match that moves to a third node (docs/cluster.md, "Told where to go";
issue 35): Ann's session is connected to north and follows her match to south, which
runs it; then south pauses past its lease, or dies, and west takes the match over. Her
session ends up followed to west (forwarded meanwhile), and no acknowledged command is
lost or applied twice: every bid acknowledged is stored once, and her stream has every
event once, in order. Three nodes on one database and the real NATS."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import Client, ServerError
from protocol.errors import ProtocolError
from tests.cluster.test_following import bid_until_placed, events_until
from tests.cluster.test_nodes import TTL, _never_released, nats_running, node, stored_counts

pytestmark = pytest.mark.skipif(not nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 for several nodes")


@pytest.fixture
async def nodes(database_url, tmp_path, monkeypatch):
    from server.rules import registry
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    started = [await node(database_url, tmp_path, name) for name in ("north", "south", "west")]
    for server in started:  # (port 0 until listening: the address is known only now)
        server.hub.node_url = server.url
    yield started
    for server in started:
        if not server.hub.stopping:
            await server.stop()


async def followed_to_south(north, south):
    """Ann (on north, following) and Bob (on south) in a match south runs; a round of
    bids played (events 1-4)."""
    from clients.session import Session

    ann = await Session.open(north.url, follow_matches=True)
    await ann.guest("Ann")
    match_id = (await ann.create_match("secret-bids", options={"target": 1000}))["match_id"]
    bob = await Client.connect(south.url)
    bob.token = (await bob.request("guest", name="Bob"))["token"]
    await bob.request("join", match_id=match_id)
    await bob.request("subscribe", match_id=match_id)
    stream = await ann.watch(match_id)
    assert ann.followed_url(match_id) == south.url
    acks = [await ann.command(match_id, "bid", {"amount": 2}),
            await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})]
    assert await events_until(stream, 4) == [1, 2, 3, 4]
    return ann, bob, match_id, stream, acks


def north_takes_nothing(north, monkeypatch, match_id: str) -> None:
    """Of the two nodes left, west wins the race for the match: north neither takes
    orphans over nor takes the match for a request (it answers `match_moved`, retryable,
    as while a match changes node)."""
    north.hub._takeover.cancel()
    claim = north.hub.claim

    async def refused(asked: str) -> bool:
        if asked == match_id:
            raise ProtocolError("match_moved")
        return await claim(asked)

    monkeypatch.setattr(north.hub, "claim", refused)


async def until_on(server, match_id: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10 * TTL
    while match_id not in server.hub.actors:
        assert loop.time() < deadline, f"{server.hub.node} took the match over"
        await asyncio.sleep(0.05)


async def until_followed(ann, match_id: str, url: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10 * TTL
    while ann.followed_url(match_id) != url:
        assert loop.time() < deadline, f"followed to {url}; now {ann.followed_url(match_id)}"
        await asyncio.sleep(0.05)


async def bob_bids(bob, match_id: str, amount: int) -> dict:
    for _ in range(200):
        try:
            return await bob.request("command", match_id=match_id, command="bid",
                                     args={"amount": amount})
        except ServerError as refused:
            assert refused.retryable, refused
            await asyncio.sleep(0.05)
    raise AssertionError("Bob's bid was never placed")


async def nothing_lost_or_twice(server, ann, stream, match_id: str, acks: list[dict]):
    """Every acknowledged command stored once; Ann's stream every event once, in order."""
    last = max(ack["last_seq"] for ack in acks)
    assert sorted(ack["first_seq"] for ack in acks) == [
        ack["first_seq"] for ack in sorted(acks, key=lambda a: a["first_seq"])]
    assert len({ack["first_seq"] for ack in acks}) == len(acks)
    stored_commands, stored_events = await stored_counts(server, match_id)
    assert (stored_commands, stored_events) == (len(acks), last)
    assert await events_until(stream, last) == list(range(5, last + 1))


async def test_a_followed_match_taken_over_by_a_third_node_is_followed_there(
        nodes, monkeypatch):
    """South pauses past its lease (no renewals) and west takes the match over. Ann's
    next bid, refused at south (its append is stale), is retried; south, finding the
    match gone, carries her subscription to west, whose match_status names west: she
    follows it there, and her bid is placed there."""
    north, south, west = nodes
    ann, bob, match_id, stream, acks = await followed_to_south(north, south)
    north_takes_nothing(north, monkeypatch, match_id)
    south.hub.keeper._task.cancel()  # south pauses: its lease runs out
    await until_on(west, match_id)
    acks.append(await bid_until_placed(ann, match_id, 3))
    assert acks[-1]["first_seq"] == 5
    await until_followed(ann, match_id, west.url)
    acks.append(await bob_bids(bob, match_id, 1))
    acks.append(await bid_until_placed(ann, match_id, 2))  # (straight to west now)
    assert west.hub.forwarder.relays == {} and ann.follows == 2
    await nothing_lost_or_twice(west, ann, stream, match_id, acks)
    await ann.close()
    await bob.close()


async def test_a_followed_node_that_dies_mid_bid_leaves_the_match_to_a_third_node(
        nodes, monkeypatch):
    """South dies (keeping its lease, which west waits out) while Ann's bid is under
    way. Her followed connection closes: the match goes back to north, which forwards
    it once west has taken it, and west's answer names west: she follows it there. The
    bid, unanswered or not, is placed once."""
    north, south, west = nodes
    ann, bob, match_id, stream, acks = await followed_to_south(north, south)
    north_takes_nothing(north, monkeypatch, match_id)
    south.hub.keeper.leases.release = _never_released  # (a death: no lease handed over)
    bid = asyncio.create_task(bid_until_placed(ann, match_id, 3))
    await south.stop()
    await until_on(west, match_id)
    acks.append(await bid)
    assert acks[-1]["first_seq"] == 5
    await until_followed(ann, match_id, west.url)
    token = bob.token
    bob = await Client.connect(west.url)  # (his node gone, he signs in again on west)
    await bob.request("authenticate", token=token)
    acks.append(await bob_bids(bob, match_id, 1))
    acks.append(await bid_until_placed(ann, match_id, 2))
    assert ann.follows == 2
    await nothing_lost_or_twice(west, ann, stream, match_id, acks)
    await ann.close()
    await bob.close()


async def test_two_matches_told_of_one_node_at_once_share_one_connection_there(
        nodes, monkeypatch):
    """Two of Ann's matches, both run by south, told while the connection there is
    still opening (slowed here): one followed connection to south carries both (the
    second waits for the first's to open, rather than opening another, which the
    session then lost track of)."""
    from clients import following
    from clients.session import Session

    real_connect = following.connect

    async def slow_connect(*args, **kwargs):
        await asyncio.sleep(0.3)
        return await real_connect(*args, **kwargs)

    monkeypatch.setattr(following, "connect", slow_connect)
    north, south, _ = nodes
    ann = await Session.open(north.url, follow_matches=True)
    await ann.guest("Ann")
    bob = await Client.connect(south.url)
    await bob.request("guest", name="Bob")
    match_ids = []
    for _ in range(2):
        created = await ann.create_match("secret-bids", options={"target": 1000})
        await bob.request("join", match_id=created["match_id"])
        match_ids.append(created["match_id"])
    streams = await asyncio.gather(*(ann.watch(m) for m in match_ids))
    assert [ann.followed_url(m) for m in match_ids] == [south.url, south.url]
    assert list(ann._links) == [south.url] and ann.follows == 2
    ours = [c for c in south.clients if c.account and c.account.display_name == "Ann"]
    assert len(ours) == 1
    for match_id, stream in zip(match_ids, streams, strict=True):
        placed = await ann.command(match_id, "bid", {"amount": 2})
        assert placed["first_seq"] == 1
        assert (await stream.next("event", timeout=10))["seq"] == 1
    await ann.close()
    await bob.close()


@pytest.mark.parametrize("closed", ["before it is sent", "once it is sent"])
async def test_a_followed_connection_lost_before_its_subscription_is_answered(
        nodes, monkeypatch, closed):
    """South's connection closes after Ann signed in there but before her subscription
    was answered (as when the node dies then): the follow gives up, the match stays
    forwarded by north, and her bids are placed (the subscription there used to wait
    for ever, and the match with it: never followed again)."""
    from clients import following
    from clients.session import Session

    north, south, _ = nodes
    real_send = following.NodeLink.send

    async def closed_first(link, frame):
        if frame["type"] == "subscribe" and closed == "before it is sent":
            await link.websocket.close()
        await real_send(link, frame)
        if frame["type"] == "subscribe" and closed == "once it is sent":
            await link.websocket.close()

    monkeypatch.setattr(following.NodeLink, "send", closed_first)
    ann = await Session.open(north.url, follow_matches=True)
    await ann.guest("Ann")
    match_id = (await ann.create_match("secret-bids", options={"target": 1000}))["match_id"]
    bob = await Client.connect(south.url)
    await bob.request("guest", name="Bob")
    await bob.request("join", match_id=match_id)
    stream = await asyncio.wait_for(ann.watch(match_id), 10)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while ann._moving or ann._tasks:  # (back on north: resubscribed there)
        assert loop.time() < deadline, "the follow ended"
        await asyncio.sleep(0.05)
    assert ann.followed_url(match_id) is None and not ann._links
    placed = await asyncio.wait_for(ann.command(match_id, "bid", {"amount": 2}), 10)
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert placed["first_seq"] == 1 and await events_until(stream, 4) == [1, 2, 3, 4]
    await ann.close()
    await bob.close()
