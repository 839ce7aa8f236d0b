"""Watching and coming back: reconnecting mid-match without a gap or a duplicate,
the view snapshot for a subscriber far behind, per-recipient views, and the
spectator delay. Played with the kernel's example game (secret bids) so every
step is scripted; the server only needs a RulesSystem."""

from __future__ import annotations

import pytest

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.matches import subscribing as subscribing_module
from server.rules import registry


@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'watching.db'}"))
    await instance.start()
    yield instance
    await instance.stop()


async def seated_pair(server, **create) -> tuple[Client, Client, str]:
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    await ann.request("guest", name="Ann")
    await bob.request("guest", name="Bob")
    match_id = (await ann.request("create_match", system="secret-bids",
                                  options={"target": 1000}, **create))["match_id"]
    await bob.request("join", match_id=match_id)
    return ann, bob, match_id


async def bid_round(ann: Client, bob: Client, match_id: str) -> int:
    """Both seats bid 1 (a tie: no dice); returns the last seq."""
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    done = await bob.request("command", match_id=match_id, command="bid", args={"amount": 1})
    return done["last_seq"]


async def drain(client: Client) -> list[dict]:
    """Every push the server sent before now: a ping's reply leaves the same queue
    after anything pushed earlier."""
    await client.request("ping")
    frames = []
    while not client.pushes.empty():
        frames.append(client.pushes.get_nowait())
    return frames


def event_seqs(frames: list[dict]) -> list[int]:
    return [f["seq"] for f in frames if f["type"] == "event"]


async def test_a_dropped_player_resubscribes_with_no_gap_and_no_duplicate(server):
    ann, bob, match_id = await seated_pair(server)
    await bob.request("subscribe", match_id=match_id)
    await bid_round(ann, bob, match_id)
    seen = event_seqs(await drain(bob))
    assert seen == [1, 2, 3]
    await bob.close()  # the connection drops; the match goes on without him watching
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 2})

    bob = await Client.connect(server.url)
    await bob.request("guest", name="Bob again")  # a different account: a spectator now
    watcher = await bob.request("subscribe", match_id=match_id, after_seq=seen[-1])
    assert watcher["seat"] is None and watcher["from_seq"] == 4 and watcher["to_seq"] == 4
    frames = await drain(bob)
    assert event_seqs(frames) == [4]
    placed = next(f for f in frames if f["type"] == "event")["event"]
    assert placed["type"] == "bid_placed" and placed["data"] == {"seat": "a"}, \
        "a spectator sees that Ann bid, not what"


async def test_subscribing_far_behind_gets_a_view_snapshot(server, monkeypatch):
    monkeypatch.setattr(subscribing_module, "FAR_BEHIND", 5)
    ann, bob, match_id = await seated_pair(server)
    for _ in range(3):
        last = await bid_round(ann, bob, match_id)
    subscribed = await bob.request("subscribe", match_id=match_id, after_seq=0)
    assert subscribed["snapshot"] is True and subscribed["to_seq"] == last
    frames = await drain(bob)
    snapshot = next(f for f in frames if f["type"] == "snapshot")
    assert snapshot["seq"] == last and snapshot["view"]["round"] == 4
    assert event_seqs(frames) == [], "the snapshot replaces the missed events"
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 3})
    assert event_seqs(await drain(bob)) == [last + 1], "and the stream goes on live"


async def test_views_are_per_recipient(server):
    ann, bob, match_id = await seated_pair(server)
    eve = await Client.connect(server.url)
    await eve.request("guest", name="Eve")
    for client in (ann, bob, eve):
        await client.request("subscribe", match_id=match_id, views=True)
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 3})

    def last_view(frames):
        return [f for f in frames if f["type"] == "view"][-1]["view"]

    assert last_view(await drain(ann))["my_bid"] == 3
    assert last_view(await drain(bob))["my_bid"] is None
    eve_view = last_view(await drain(eve))
    assert eve_view["has_bid"] == ["a"] and eve_view["my_bid"] is None


async def test_spectators_see_the_match_a_set_number_of_events_behind(server):
    delay = 4
    ann, bob, match_id = await seated_pair(server, spectator_delay=delay)
    eve = await Client.connect(server.url)
    await eve.request("guest", name="Eve")
    await eve.request("subscribe", match_id=match_id)
    await bob.request("subscribe", match_id=match_id)
    spectator_seen: list[int] = []
    for _ in range(4):
        last = await bid_round(ann, bob, match_id)
        spectator_seen += event_seqs(await drain(eve))
        assert spectator_seen == list(range(1, last - delay + 1))
        assert event_seqs(await drain(bob))[-1] == last, "players are not delayed"
    late = await Client.connect(server.url)  # a spectator arriving now is delayed too
    await late.request("guest", name="Late")
    joined = await late.request("subscribe", match_id=match_id)
    assert joined["to_seq"] == last - delay
    assert event_seqs(await drain(late)) == list(range(1, last - delay + 1))
    assert (await late.request("get_view", match_id=match_id))["seq"] <= last - delay

    await ann.request("resign", match_id=match_id)
    frames = [await eve.next_push()]
    while frames[-1]["type"] != "match_over":
        frames.append(await eve.next_push())
    over = frames[-1]
    assert spectator_seen + event_seqs(frames) == list(range(1, over["seq"] + 1)), \
        "at the end the spectator gets the rest"
