"""A spectator far behind a match another node runs gets a snapshot, then the tail
(docs/protocol.md, subscribe: "`snapshot: true` instead means you were more than 1000
events behind: no catch-up events are sent; one `snapshot` push ... follows"), as a
spectator of the owner does, not every event from the store. FAR_BEHIND is made 3
here so a few rounds suffice. Two nodes on one database and the real NATS; skipped,
saying so, without NATS."""

from __future__ import annotations

from server.cluster import spectating
from server.matches import subscribing as subscribing_module
from tests.cluster.test_nodes import guest, match_on, nodes, pytestmark  # noqa: F401


async def bid_round(ann, bob, match_id: str) -> int:
    """Both seats bid (Ann 1, Bob 2): the bids are revealed and Bob scores. The last seq."""
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    placed = await bob.request("command", match_id=match_id, command="bid",
                               args={"amount": 2})
    return placed["last_seq"]


async def test_a_far_behind_spectator_on_another_node_gets_a_snapshot_then_the_tail(
        nodes, monkeypatch):  # noqa: F811
    monkeypatch.setattr(subscribing_module, "FAR_BEHIND", 3)
    monkeypatch.setattr(spectating, "FAR_BEHIND", 3)
    north, south = nodes
    ann, bob, match_id = await match_on(north, north)  # (north runs it)
    await bid_round(ann, bob, match_id)
    seq = await bid_round(ann, bob, match_id)
    assert seq > 3
    local, remote = await guest(north, "Lou"), await guest(south, "Wes")
    at_owner = await local.request("subscribe", match_id=match_id, spectate=True)
    header = await remote.request("subscribe", match_id=match_id, spectate=True)
    assert at_owner["snapshot"] and header["snapshot"]
    assert (header["from_seq"], header["to_seq"]) == (1, seq)
    first = await remote.next_push("event", "snapshot", timeout=10)
    assert first["type"] == "snapshot" and first["seq"] == seq, "no catch-up events"
    assert first["view"] == (await local.next_push("snapshot", timeout=10))["view"]
    # a second far-behind spectator joins the running stream the same way
    late = await guest(south, "Val")
    assert (await late.request("subscribe", match_id=match_id, spectate=True))["snapshot"]
    assert (await late.next_push("event", "snapshot", timeout=10))["seq"] == seq
    # then the tail: each later event once, in order
    last = await bid_round(ann, bob, match_id)
    for spectator in (remote, late):
        tail = []
        while not tail or tail[-1] < last:
            tail.append((await spectator.next_push("event", timeout=10))["seq"])
        assert tail == list(range(seq + 1, last + 1))
