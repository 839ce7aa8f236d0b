"""The owner's records when other nodes' requests run at once (server/cluster/serving.py;
docs/cluster.md, "A command or subscription reaching another node"): a relay dropped
while its subscription still waits in the actor's mailbox publishes nothing and leaves
the actor; two watches asking at once for a match's spectators' stream get one stream;
a request waiting on an owner that stopped is told the match moved as soon as it runs
here. A stand-in actor that holds each subscription until told, and a stand-in owner
that answers nothing: no NATS, no database."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from nats.errors import TimeoutError as NatsTimeout

from protocol.errors import ProtocolError
from server.cluster.forwarding import RPC_TIMEOUT, Forwarder
from server.cluster.serving import Served


class Published:
    """What a NATS client would have published."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, bytes]] = []

    async def publish(self, subject: str, data: bytes) -> None:
        self.messages.append((subject, data))


class HeldActor:
    """An actor whose subscriptions wait until `gate` is set (a busy mailbox)."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.subscribers: list[SimpleNamespace] = []
        self.gate = asyncio.Event()
        self.subscriptions = 0
        self.seq = 7
        self.spectator_delay = 0
        self.players = {"a": "Ann", "b": "Bob"}
        self.moved = False

    async def submit(self, kind: str, *, connection, **args) -> None:
        assert kind == "subscribe"
        self.subscriptions += 1
        await self.gate.wait()
        self.subscribers.append(SimpleNamespace(connection=connection))
        connection.push({"type": "event", "seq": self.seq, "match_id": self.match_id})

    def drop(self, connection) -> bool:
        before = len(self.subscribers)
        self.subscribers = [s for s in self.subscribers if s.connection is not connection]
        return len(self.subscribers) != before

    def spectator_seq(self) -> int:
        return self.seq

    def _prompt_message(self, seat, seq) -> dict:
        return {"type": "prompt", "seq": seq}


def served_with(actor: HeldActor) -> tuple[Served, Published]:
    client = Published()
    hub = SimpleNamespace(actors={actor.match_id: actor}, node_url=None)  # (no address)
    return Served(client, hub, "warband.t"), client


async def test_a_relay_dropped_before_its_subscription_is_run_publishes_nothing():
    actor = HeldActor("m1")
    client = Published()
    forwarder = Forwarder(client, "south", SimpleNamespace(actors={"m1": actor}), None,
                          "warband.t")
    subject = "warband.t.relay.north.r1"
    subscribing = asyncio.ensure_future(forwarder._answer(
        {"op": "subscribe", "match_id": "m1", "relay": subject, "request_id": "r",
         "seat": "a", "after_seq": 0, "views": False}))
    await asyncio.sleep(0.01)  # (the subscription waits in the mailbox)
    await forwarder._answer({"op": "drop", "relay": subject})  # (it overtook it)
    actor.gate.set()
    await subscribing
    await asyncio.sleep(0.01)
    assert actor.subscribers == [] and client.messages == []
    assert forwarder.served.relays == {}


async def test_two_watches_asking_at_once_share_one_stream():
    actor = HeldActor("m1")
    served, client = served_with(actor)
    first = asyncio.ensure_future(served.follow(actor, "north", "w1"))
    second = asyncio.ensure_future(served.follow(actor, "west", "w2"))
    await asyncio.sleep(0.01)
    actor.gate.set()
    answers = await asyncio.gather(first, second)
    assert actor.subscriptions == 1 and len(actor.subscribers) == 1
    assert served.followers["m1"] == {"w1": "north", "w2": "west"}
    assert all(answer["visible"] == 7 for answer in answers)
    await asyncio.sleep(0.01)  # (the stream's pump publishes)
    assert [subject for subject, _ in client.messages] == ["warband.t.match.m1.spectators"]


async def test_the_last_watch_leaving_while_the_stream_subscribes_stops_it():
    actor = HeldActor("m1")
    served, client = served_with(actor)
    following = asyncio.ensure_future(served.follow(actor, "north", "w1"))
    await asyncio.sleep(0.01)
    served.unfollow("m1", "w1")  # (its unspectate overtook the subscription)
    actor.gate.set()
    await following
    await asyncio.sleep(0.01)
    assert actor.subscribers == [] and client.messages == [] and "m1" not in served.streams


class SilentOwner:
    """A NATS client whose requests reach a node that stops as they arrive: no answer,
    no "no responders", only the timeout (which it counts, and cancellations)."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.cancelled = 0

    async def request(self, subject: str, data: bytes, timeout: float):
        self.asked.append(subject)
        try:
            await asyncio.sleep(timeout)
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        raise NatsTimeout


async def test_a_request_waiting_on_a_stopped_owner_is_told_moved_once_the_match_runs_here():
    """A node stopping gracefully may get a forwarded command as it goes and answer
    nothing; once the match is resumed here, its client is told `match_moved` (it sends
    the command again, with its request id) at once, not after RPC_TIMEOUT. A request
    for another match keeps waiting."""
    client = SilentOwner()
    forwarder = Forwarder(client, "north", SimpleNamespace(actors={}), None, "warband.t")
    asking = asyncio.ensure_future(forwarder.call("south", {
        "op": "submit", "match_id": "m1", "kind": "command", "args": {}}))
    other = asyncio.ensure_future(forwarder.call("south", {
        "op": "submit", "match_id": "m2", "kind": "command", "args": {}}))
    await asyncio.sleep(0.05)
    assert client.asked == ["warband.t.node.south.rpc"] * 2 and not asking.done()
    forwarder.taken_here("m1")
    with pytest.raises(ProtocolError) as refused:
        await asyncio.wait_for(asking, RPC_TIMEOUT / 10)
    assert refused.value.code == "match_moved" and refused.value.retryable
    await asyncio.sleep(0.01)
    assert client.cancelled == 1 and not other.done()
    assert list(forwarder._waiting) == ["m2"]
    other.cancel()
    with pytest.raises(asyncio.CancelledError):
        await other
    assert client.cancelled == 2 and forwarder._waiting == {}
