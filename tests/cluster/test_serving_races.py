"""The owner's records when other nodes' requests run at once (server/cluster/serving.py;
docs/cluster.md, "A command or subscription reaching another node"): a relay dropped
while its subscription still waits in the actor's mailbox publishes nothing and leaves
the actor; two watches asking at once for a match's spectators' stream get one stream.
A stand-in actor that holds each subscription until told: no NATS, no database."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from server.cluster.forwarding import Forwarder
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
