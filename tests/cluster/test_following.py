"""A player told where its match runs (docs/cluster.md, "Told where to go"; issue 35):
a node with an advertised address names it (`node_url`) in the subscribe reply of a
player relayed from another node; a session that follows (clients/following.py) takes
the match's traffic there, so no command of its crosses nodes; one that does not, or
cannot reach the address, stays forwarded; a followed node that stops puts the match
back on the session's first node. Two nodes on one database and the real NATS."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import ServerError
from clients.session import Session
from server.app import WarbandServer
from server.cli import main
from server.config import ConfigError, Settings
from tests.cluster.test_nodes import TTL, guest, match_on, nats_running, node

pytestmark = pytest.mark.skipif(not nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 for several nodes")


@pytest.fixture
async def nodes(database_url, tmp_path, monkeypatch):
    from server.rules import registry
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    started = [await node(database_url, tmp_path, name) for name in ("north", "south")]
    for server in started:  # (port 0 until listening: the address is known only now)
        server.hub.node_url = server.url
    yield started
    for server in started:
        await server.stop()


async def ann_on(home: WarbandServer, owner: WarbandServer, follow: bool):
    """Ann (a session on `home`) creates a match that Bob joins on `owner` (which then
    runs it); Ann watches it."""
    ann = await Session.open(home.url, follow_matches=follow)
    await ann.guest("Ann")
    match_id = (await ann.create_match("secret-bids", options={"target": 30}))["match_id"]
    bob = await guest(owner, "Bob")
    await bob.request("join", match_id=match_id)
    await bob.request("subscribe", match_id=match_id)
    return ann, bob, match_id, await ann.watch(match_id)


async def events_until(stream, seq: int) -> list[int]:
    seqs = []
    while not seqs or seqs[-1] < seq:
        seqs.append((await stream.next("event", timeout=10))["seq"])
    return seqs


async def bid_until_placed(session: Session, match_id: str, amount: int) -> dict:
    for _ in range(200):
        try:
            return await session.command(match_id, "bid", {"amount": amount})
        except ServerError as refused:
            assert refused.retryable, refused
            await asyncio.sleep(0.05)
    raise AssertionError("the bid was never placed")


async def test_a_following_player_takes_its_matchs_traffic_to_the_node_that_runs_it(nodes):
    north, south = nodes
    ann, bob, match_id, stream = await ann_on(north, south, follow=True)
    assert ann.followed_url(match_id) == south.url
    # nothing of Ann's crosses nodes: north relays nothing, south has her as its own
    assert not north.hub.forwarder.relays
    actor = south.hub.actors[match_id]
    assert [s.seat for s in actor.subscribers if not getattr(s.connection, "remote", False)
            ] == ["b", "a"]
    placed = await ann.command(match_id, "bid", {"amount": 3})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert placed["first_seq"] == 1
    assert await events_until(stream, 4) == [1, 2, 3, 4]  # each once, in order
    assert not north.hub.forwarder.relays and ann.follows == 1
    await ann.close()


async def test_a_player_that_does_not_follow_is_forwarded_as_before(nodes):
    north, south = nodes
    ann, bob, match_id, stream = await ann_on(north, south, follow=False)
    assert ann.followed_url(match_id) is None
    assert [r.match_id for r in north.hub.forwarder.relays.values()] == [match_id]
    await ann.command(match_id, "bid", {"amount": 3})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert await events_until(stream, 4) == [1, 2, 3, 4]
    await ann.close()


async def test_an_address_that_cannot_be_reached_leaves_the_player_forwarded(nodes):
    north, south = nodes
    south.hub.node_url = "ws://127.0.0.1:9/ws"  # (nothing listens there)
    ann, bob, match_id, stream = await ann_on(north, south, follow=True)
    assert ann.followed_url(match_id) is None
    await ann.command(match_id, "bid", {"amount": 2})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert await events_until(stream, 4) == [1, 2, 3, 4]
    await ann.close()


async def test_a_match_on_the_players_own_node_is_told_nothing(nodes):
    north, south = nodes
    ann, bob, match_id, _ = await ann_on(south, south, follow=True)  # (south runs it)
    assert ann.followed_url(match_id) is None and "node_url" not in \
        await bob.request("subscribe", match_id=match_id)
    await ann.close()


async def test_a_following_spectator_watches_at_the_node_that_runs_the_match(nodes):
    """A spectator on another node is told the owner's address too (server/cluster/
    serving.py, `spectators_told`): following, it watches there, costing no relay;
    every event once, in order."""
    north, south = nodes
    ann, bob, match_id, _ = await ann_on(south, south, follow=True)  # (south runs it)
    wes = await Session.open(north.url, follow_matches=True)
    await wes.guest("Wes")
    stream = await wes.watch(match_id, spectate=True)
    assert wes.followed_url(match_id) == south.url
    await ann.command(match_id, "bid", {"amount": 3})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert await events_until(stream, 4) == [1, 2, 3, 4]
    # (the shared stream it first joined at north stops once north's watch is idle)
    assert len([s for s in south.hub.actors[match_id].subscribers if s.seat is None
                and not getattr(s.connection, "remote", False)]) == 1
    await wes.close()
    await ann.close()


async def test_past_its_own_audience_the_owner_keeps_spectators_on_the_shared_stream(
        nodes, monkeypatch):
    """An owner serving FOLLOWED_SPECTATORS spectators of its own tells no more where
    it is: the rest share the relayed stream, which spreads the fan-out."""
    from server.cluster import serving
    monkeypatch.setattr(serving, "FOLLOWED_SPECTATORS", 1)
    north, south = nodes
    ann, bob, match_id, _ = await ann_on(south, south, follow=True)
    first = await guest(south, "Wes")  # (watching at the owner: its own audience of 1)
    await first.request("subscribe", match_id=match_id, spectate=True)
    watcher = await guest(north, "Wil")
    answer = await watcher.request("subscribe", match_id=match_id, spectate=True)
    assert "node_url" not in answer
    assert list(south.hub.forwarder.served.streams) == [match_id]
    await ann.close()


async def test_a_followed_node_that_stops_sends_the_match_back_to_the_first_node(nodes):
    """South runs the match and Ann follows it there; south stops (its leases
    released): her followed connection closes, the match goes back to north, which
    takes it over, and Ann goes on from the last seq she had, nothing missed or
    repeated."""
    north, south = nodes
    ann, bob, match_id, stream = await ann_on(north, south, follow=True)
    await ann.command(match_id, "bid", {"amount": 2})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    before = await events_until(stream, 4)
    await south.stop()
    nodes.remove(south)
    placed = await bid_until_placed(ann, match_id, 1)
    assert placed["first_seq"] == before[-1] + 1
    assert ann.followed_url(match_id) is None and match_id in north.hub.actors
    after = await events_until(stream, placed["last_seq"])
    assert after == list(range(before[-1] + 1, placed["last_seq"] + 1))
    await ann.close()


async def test_unsubscribing_from_a_match_another_node_runs_ends_its_relay(nodes):
    """(Before, `unsubscribe` took a match with no actor on this node for one that had
    ended: `not_subscribed`, and the relay went on pushing.)"""
    north, south = nodes
    ann, bob, match_id, stream = await ann_on(north, south, follow=False)
    assert await ann.request("unsubscribe", match_id=match_id) == {
        "match_id": match_id, "unsubscribed": True}
    await asyncio.sleep(0.1)  # (the relay ends on a task of its own)
    assert not north.hub.forwarder.relays
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    with pytest.raises(TimeoutError):
        await stream.next("event", timeout=0.5)
    await ann.close()


def test_the_address_told_is_a_websocket_address_or_a_path_on_the_one_reached(
        monkeypatch, capsys):
    """`--advertise-url` (WARBAND_ADVERTISE_URL): ws:// or wss://, or a path (behind a
    balancer, /node/<name>/ws), which the client resolves against its own address."""
    for good in ("ws://10.0.0.7:8000/ws", "wss://play.example/node/north/ws",
                 "/node/north/ws"):
        monkeypatch.setenv("WARBAND_ADVERTISE_URL", good)
        assert Settings.from_env().advertise_url == good
    for bad in ("http://play.example/ws", "node/north/ws", "wss://play example/ws"):
        monkeypatch.setenv("WARBAND_ADVERTISE_URL", bad)
        with pytest.raises(ConfigError, match="WARBAND_ADVERTISE_URL must be"):
            Settings.from_env()
    monkeypatch.delenv("WARBAND_ADVERTISE_URL")
    assert main(["serve", "--node-id", "north", "--advertise-url", "north:8000"]) == 1
    assert "--advertise-url: a websocket address" in capsys.readouterr().err
    session = Session("wss://play.example/ws")
    assert session._node_address("/node/north/ws") == "wss://play.example/node/north/ws"
    assert session._node_address("ws://10.0.0.7:8000/ws") == "ws://10.0.0.7:8000/ws"


async def test_a_relay_made_while_owners_are_looked_up_is_not_taken_for_moved(nodes):
    """The check of where followed matches run judged a relay made while its query
    ran with that query's answer, which did not name its match: "moved", so the relay
    was ended and made again, and a subscription under way lost its answer (bench
    runs waited 30 s for it). Only what existed before the query is judged now."""
    north, south = nodes
    forwarder = north.hub.forwarder
    forwarder._tasks[0].cancel()  # (the check runs here by hand)
    leases, real = north.hub.keeper.leases, north.hub.keeper.leases.holders
    looked_up, go_on, calls = asyncio.Event(), asyncio.Event(), []

    async def slow_first(match_ids):
        calls.append(match_ids)
        found = await real(match_ids)
        if len(calls) == 1:  # (the check's own query, held while Ann subscribes)
            looked_up.set()
            await go_on.wait()
        return found

    leases.holders = slow_first
    check = asyncio.create_task(forwarder._follow_moves())
    await looked_up.wait()
    ann, bob, match_id = await match_on(south, north)
    await ann.request("subscribe", match_id=match_id)
    [relay] = forwarder.relays.values()
    go_on.set()
    await check
    assert list(forwarder.relays.values()) == [relay] and not relay.ended
    await bob.request("subscribe", match_id=match_id)
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 2})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    pushed = []
    while not pushed or pushed[-1] < 4:
        pushed.append((await ann.next_push("event", timeout=10))["seq"])
    assert pushed == [1, 2, 3, 4]  # (once each: no second relay)
    for client in (ann, bob):
        await client.close()


async def test_a_followed_match_that_moves_home_brings_its_traffic_home(nodes):
    """South runs the match and Ann (first connected to north) follows it there; south
    pauses past its lease and north takes the match over. Ann's next bid, refused at
    south as moved, is placed once retried; south, finding the match gone, carries her
    subscription to north, whose match_status names north: her main connection's node,
    so the match's traffic comes back to it. Nothing missed or repeated."""
    north, south = nodes
    ann, bob, match_id, stream = await ann_on(north, south, follow=True)
    assert ann.followed_url(match_id) == south.url
    await ann.command(match_id, "bid", {"amount": 2})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    before = await events_until(stream, 4)
    south.hub.keeper._task.cancel()  # south pauses: no renewals, its lease runs out
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10 * TTL
    while match_id not in north.hub.actors:
        assert loop.time() < deadline, "north took the match over"
        await asyncio.sleep(0.1)
    placed = await bid_until_placed(ann, match_id, 1)
    assert placed["first_seq"] == before[-1] + 1
    while ann.followed_url(match_id) is not None:
        assert loop.time() < deadline, "the match's traffic came home"
        await asyncio.sleep(0.1)
    after = await events_until(stream, placed["last_seq"])
    assert after == list(range(before[-1] + 1, placed["last_seq"] + 1))
    await ann.close()


async def test_the_bot_follows_by_default_and_stays_with_no_follow(monkeypatch):
    """`warband bot` opens its session following matches unless `--no-follow`."""
    from server.cli import build_parser
    from server.commands.bot import serve_as_bot

    asked = []

    async def opened(url, **options):
        asked.append(options)
        raise OSError("(the session's options are all this test needs)")

    monkeypatch.setattr(Session, "open", opened)
    for argv, follow in ((["bot"], True), (["bot", "--no-follow"], False)):
        with pytest.raises(OSError):
            await serve_as_bot(build_parser().parse_args(argv), None)
        assert asked[-1] == {"follow_matches": follow}
