"""Events across nodes through the real NATS at 127.0.0.1:4222 (issue 35): what node A
publishes reaches node B's spectators in seq order, once each, with hidden events as
placeholders; a gap the broker leaves is read from the store. On SQLite and PostgreSQL
(the store that fills gaps); skipped, saying so, where NATS is not running."""

from __future__ import annotations

import asyncio
import secrets
import socket
import time

import msgspec
import pytest

from server.cluster.broker import EventBroker, RemoteSpectators, subject
from server.rules.kernel import Event
from server.store.store import Append, CommandRow, EventRow

NATS_URL = "nats://127.0.0.1:4222"


def _nats_running() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 4222), timeout=0.5).close()
        return True
    except OSError:
        return False


pytestmark = pytest.mark.skipif(not _nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 to test the broker on")

# seq 3 is a hidden roll: a spectator gets a placeholder
EVENTS = [Event("deployed", {"figure": "f1"}), Event("moved", {"to": [1, 2]}),
          Event("rolled", {"dice": [6]}, visible_to=("a",)), Event("moved", {"to": [2, 2]}),
          Event("turn_ended", {"turn": 1})]


@pytest.fixture
def match_id():
    """A match id of each test's own: other runs may share this NATS server."""
    return secrets.token_hex(8)


@pytest.fixture
async def nodes(store):
    """Node A (owner, publishing) and node B (following), each its own NATS connection."""
    a, b = await EventBroker.connect(NATS_URL, store), await EventBroker.connect(NATS_URL, store)
    yield a, b
    await a.close()
    await b.close()


async def stored(store, match_id: str, upto: int) -> None:
    """The first `upto` events written to the log, one command each."""
    await store.write_appends(
        Append(match_id, CommandRow(seq - 1, "a", f"request-{seq}", b"\x80", seq, seq, 0),
               [EventRow(seq, msgspec.msgpack.encode(EVENTS[seq - 1].to_wire()), "c" * 64)])
        for seq in range(1, upto + 1))


class Received:
    def __init__(self) -> None:
        self.pushed: list[dict] = []
        self.identity = 0

    def push(self, message) -> None:
        self.pushed.append(message.message)


async def until(condition, timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the broker did not deliver in time"
        await asyncio.sleep(0.01)


async def test_events_published_on_one_node_reach_spectators_on_another_in_order(
        store, nodes, match_id):
    a, b = nodes
    spectators = RemoteSpectators(match_id)
    first, second = Received(), Received()
    spectators.connections += [first, second]
    following = await b.follow(match_id, 0, spectators.deliver)
    await stored(store, match_id, 5)
    await a.publish(match_id, 1, EVENTS[:2])
    await a.publish(match_id, 3, EVENTS[2:])
    await until(lambda: len(first.pushed) == 5)
    assert [m["seq"] for m in first.pushed] == [1, 2, 3, 4, 5]
    assert first.pushed[2]["event"] is None  # hidden from spectators
    assert first.pushed[1]["event"] == EVENTS[1].to_wire()
    assert first.pushed[0] == {"v": 1, "type": "event", "match_id": match_id, "seq": 1,
                               "event": EVENTS[0].to_wire()}
    assert second.pushed == first.pushed and following.gaps_filled == 0
    await following.stop()


async def test_a_gap_the_broker_left_is_read_from_the_store(store, nodes, match_id):
    a, b = nodes
    seen: list[tuple[int, dict | None]] = []
    following = await b.follow(match_id, 0, lambda seq, event: seen.append((seq, event)))
    await stored(store, match_id, 4)
    await a.publish(match_id, 1, EVENTS[:1])
    await a.publish(match_id, 4, EVENTS[3:4])  # seqs 2 and 3 never published (lost)
    await until(lambda: len(seen) == 4)
    assert seen == [(1, EVENTS[0].to_wire()), (2, EVENTS[1].to_wire()), (3, None),
                    (4, EVENTS[3].to_wire())]
    assert following.gaps_filled == 1
    await following.stop()


async def test_a_follower_catches_up_from_the_store_and_drops_repeats(store, nodes, match_id):
    a, b = nodes
    await stored(store, match_id, 3)
    seen: list[int] = []
    following = await b.follow(match_id, 1, lambda seq, event: seen.append(seq))
    assert seen == [2, 3]  # what was already stored, before anything is published
    await stored_more(store, match_id)
    await a.publish(match_id, 3, EVENTS[2:4])  # seq 3 again, then 4
    await until(lambda: len(seen) == 3)
    await asyncio.sleep(0.05)
    assert seen == [2, 3, 4] and following.gaps_filled == 0
    await following.stop()


async def stored_more(store, match_id: str) -> None:
    row = EventRow(4, msgspec.msgpack.encode(EVENTS[3].to_wire()), "c" * 64)
    await store.write_appends([Append(match_id, CommandRow(3, "a", "request-4", b"\x80", 4, 4, 0),
                                      [row])])


def test_a_match_id_that_cannot_be_a_subject_is_refused():
    assert subject("3f9a0c1d2e4b5a6c") == "warband.match.3f9a0c1d2e4b5a6c.events"
    with pytest.raises(ValueError, match="cannot name a broker subject"):
        subject("m1.>")
