"""Several nodes over one database and NATS (docs/cluster.md; issue 35): a match runs on
the node that holds its lease; clients of any node play and watch it through that
node (forwarded requests, relayed pushes, redacted at the owner); a node that dies
loses its matches to another, which resumes them from the store, and the clients go
on from the last seq they had; a node stopped gracefully hands its matches over at
once. On SQLite and PostgreSQL; skipped, saying so, without NATS."""

from __future__ import annotations

import asyncio
import socket

import pytest
from sqlalchemy import func, select

from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.cluster.leases import Leases
from server.rules import registry
from server.store.schema import commands, events


def nats_running() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 4222), timeout=0.5).close()
        return True
    except OSError:
        return False


pytestmark = pytest.mark.skipif(not nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 for several nodes")
TTL = 1.5  # seconds: a dead node's matches move within about two of these


async def node(database_url, tmp_path, name: str) -> WarbandServer:
    server = WarbandServer(ServerOptions(port=0, database_url=database_url,
                                         static_dir=tmp_path / "static", node_id=name,
                                         lease_ttl=TTL, rate=500, burst=500))
    await server.start()
    return server


@pytest.fixture
async def nodes(database_url, tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    started = [await node(database_url, tmp_path, name) for name in ("north", "south")]
    yield started
    for server in started:
        await server.stop()


async def guest(server: WarbandServer, name: str) -> Client:
    client = await Client.connect(server.url)
    await client.request("guest", name=name)
    return client


async def match_on(owner: WarbandServer, creator_node: WarbandServer):
    """Ann creates a match on `creator_node`, Bob joins on `owner` (whose join starts it,
    so `owner` runs it)."""
    ann = await guest(creator_node, "Ann")
    created = await ann.request("create_match", system="secret-bids", options={"target": 30})
    bob = await guest(owner, "Bob")
    await bob.request("join", match_id=created["match_id"])
    return ann, bob, created["match_id"]


async def events_until(client: Client, seq: int, match_id: str) -> list[dict]:
    got = []
    while not got or got[-1]["seq"] < seq:
        push = await client.next_push("event", timeout=10)
        if push["match_id"] == match_id:
            got.append(push)
    return got


async def stored_counts(server: WarbandServer, match_id: str) -> tuple[int, int]:
    async with server.store.engine.connect() as conn:
        return tuple([(await conn.execute(select(func.count()).select_from(t)
                                          .where(t.c.match_id == match_id))).scalar()
                      for t in (commands, events)])


async def test_a_match_run_by_one_node_is_played_and_watched_from_another(nodes):
    north, south = nodes
    ann, bob, match_id = await match_on(south, north)
    holder = await Leases(north.store.engine, "probe").holder(match_id)
    assert holder.owner == "south" and match_id in south.hub.actors
    assert match_id not in north.hub.actors
    header = await ann.request("subscribe", match_id=match_id)  # (relayed from south)
    assert header["seat"] == "a" and header["to_seq"] == 0
    watcher = await guest(north, "Wes")
    await watcher.request("subscribe", match_id=match_id, spectate=True)
    await bob.request("subscribe", match_id=match_id)

    placed = await ann.request("command", match_id=match_id, command="bid", args={"amount": 3})
    assert (placed["first_seq"], placed["last_seq"]) == (1, 1)
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    for_ann, for_watcher = (await events_until(ann, 4, match_id),
                            await events_until(watcher, 4, match_id))
    assert [e["seq"] for e in for_ann] == [1, 2, 3, 4]  # each once, in order
    assert for_ann[0]["event"]["data"] == {"seat": "a", "amount": 3}  # her own bid
    assert for_ann[1]["event"]["data"] == {"seat": "b"}  # Bob's, redacted for her
    # the spectator on north sees neither bid until they are revealed
    assert [e["event"]["data"] for e in for_watcher[:2]] == [{"seat": "a"}, {"seat": "b"}]
    assert for_watcher[2]["event"]["type"] == "bids_revealed"
    view = await ann.request("get_view", match_id=match_id)  # forwarded
    assert view["seq"] == 4 and view["view"]["has_bid"] == []
    assert await stored_counts(north, match_id) == (2, 4)


async def test_a_client_waiting_on_one_node_for_a_match_started_on_another_is_told(nodes):
    north, south = nodes
    ann = await guest(north, "Ann")
    created = await ann.request("create_match", system="secret-bids")
    waiting = await ann.request("subscribe", match_id=created["match_id"])
    assert waiting["status"] == "open"
    bob = await guest(south, "Bob")
    await bob.request("join", match_id=created["match_id"])  # (south starts and runs it)
    started = await ann.next_push("match_status", timeout=5)
    assert (started["status"], started["seat"]) == ("active", "a")
    await bob.request("command", match_id=created["match_id"], command="bid",
                      args={"amount": 1})
    [bobs_bid] = await events_until(ann, 1, created["match_id"])
    assert bobs_bid["event"]["data"] == {"seat": "b"}  # (redacted for Ann)


async def test_a_withdrawn_match_is_told_to_those_waiting_on_another_node(nodes):
    north, south = nodes
    ann = await guest(north, "Ann")
    created = await ann.request("create_match", system="secret-bids")
    wes = await guest(south, "Wes")
    await wes.request("subscribe", match_id=created["match_id"], spectate=True)
    await ann.request("abort", match_id=created["match_id"])
    told = await wes.next_push("match_status", timeout=5)
    assert told["status"] == "aborted"


async def test_a_signed_out_connection_gets_nothing_more_of_a_relayed_match(nodes):
    north, south = nodes
    ann, bob, match_id = await match_on(south, north)
    await ann.request("subscribe", match_id=match_id)
    await ann.next_push("prompt")  # (the subscription's own frames, before the sign-out)
    await ann.request("logout")
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 2})
    await asyncio.sleep(0.5)
    leaked = [p for p in _drain(ann) if p.get("match_id") == match_id]
    assert leaked == []


def _drain(client: Client) -> list[dict]:
    out = []
    while not client.pushes.empty():
        out.append(client.pushes.get_nowait())
    return out


async def test_a_dead_nodes_match_is_taken_over_and_its_players_go_on(nodes, database_url,
                                                                       tmp_path):
    north, south = nodes
    ann, bob, match_id = await match_on(south, north)
    await ann.request("subscribe", match_id=match_id)
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 2})
    await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    before = await events_until(ann, 4, match_id)
    # south dies: it keeps its leases (no release), so north must wait them out
    south.hub.keeper.leases.release = _never_released
    await south.stop()
    nodes.remove(south)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 4 * TTL
    while match_id not in north.hub.actors and loop.time() < deadline:
        await asyncio.sleep(0.1)
    assert match_id in north.hub.actors, "north took the match over"
    # Ann, on north all along, goes on from where she was: nothing missed or repeated
    placed = await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    assert placed["first_seq"] == before[-1]["seq"] + 1
    after = await events_until(ann, placed["last_seq"], match_id)
    assert [e["seq"] for e in after] == list(range(before[-1]["seq"] + 1,
                                                   placed["last_seq"] + 1))


async def _never_released(lease) -> None:
    return None


async def test_a_node_stopped_gracefully_hands_its_matches_over_at_once(nodes):
    north, south = nodes
    ann, bob, match_id = await match_on(south, north)
    await ann.request("subscribe", match_id=match_id)
    await south.stop()  # its leases are released: no waiting out the ttl
    # (counted from the stop's end: the stop itself checkpoints every match first)
    started = asyncio.get_running_loop().time()
    nodes.remove(south)
    with pytest.raises(ConnectionError):  # told to reconnect (to another node)
        await bob.next_push("no such push", timeout=5)
    assert bob.websocket.close_code == 1012
    placed = None
    while placed is None:
        try:
            placed = await ann.request("command", match_id=match_id, command="bid",
                                       args={"amount": 2})
        except ServerError as refused:
            assert refused.code == "match_moved" and refused.retryable
            await asyncio.sleep(0.1)
    assert asyncio.get_running_loop().time() - started < TTL
    assert match_id in north.hub.actors and placed["first_seq"] == 1


async def test_a_stale_owners_command_is_refused_and_nothing_is_written(nodes):
    """A node paused past its lease (here: the lease taken from under it) cannot
    append: the command is refused as moved, retryable, and nothing is stored."""
    north, south = nodes
    ann, bob, match_id = await match_on(south, south)
    await ann.request("subscribe", match_id=match_id)
    taker = Leases(north.store.engine, "elsewhere", ttl=30)
    south.hub.keeper._task.cancel()  # south pauses: no renewals ...
    north.hub._takeover.cancel()  # (and north stays out of it)
    await asyncio.sleep(TTL + 0.2)  # ... past its lease, which another node takes
    assert await taker.acquire(match_id) is not None
    with pytest.raises(ServerError) as refused:
        await ann.request("command", match_id=match_id, command="bid", args={"amount": 2})
    assert refused.value.code == "match_moved" and refused.value.retryable
    assert await stored_counts(north, match_id) == (0, 0)
    assert match_id not in south.hub.actors


async def test_a_lobby_request_repeated_on_another_node_is_answered_not_applied_again(nodes):
    """Ann creates a match on north, loses the answer, reconnects (to south, as a
    balancer may send her) and sends the same request again: the same match, once."""
    north, south = nodes
    ann = await Client.connect(north.url)
    token = (await ann.request("guest", name="Ann"))["token"]
    first = await ann.request("create_match", request_id="make-1", system="secret-bids")
    again = await Client.connect(south.url)
    await again.request("authenticate", token=token)
    repeated = await again.request("create_match", request_id="make-1", system="secret-bids")
    assert repeated == first
    mine = await again.request("list_mine")
    assert [m["match_id"] for m in mine["matches"]] == [first["match_id"]]


async def test_a_forwarded_command_waits_for_no_other_matchs(nodes):
    """The owner answers forwarded requests at once, not one after another (nats-py
    hands a subscription's messages to its callback one at a time): a command of a
    match whose actor is slow does not hold up a command of another match."""
    north, south = nodes
    slow_ann, _, slow_id = await match_on(south, north)
    ann, _, match_id = await match_on(south, north)
    slow_actor = south.hub.actors[slow_id]
    gate = asyncio.Event()
    submit = slow_actor.submit

    async def held(kind, **args):
        await gate.wait()
        return await submit(kind, **args)

    slow_actor.submit = held
    waiting = asyncio.ensure_future(slow_ann.request(
        "command", match_id=slow_id, command="bid", args={"amount": 2}))
    placed = await ann.request("command", match_id=match_id, command="bid",
                               args={"amount": 3}, timeout=20)
    assert placed["first_seq"] == 1 and not waiting.done()
    gate.set()
    try:  # (answered; or, on a loaded machine, its lease passed meanwhile: retryable)
        assert (await asyncio.wait_for(waiting, 20))["first_seq"] == 1
    except ServerError as refused:
        assert refused.code == "match_moved", refused
