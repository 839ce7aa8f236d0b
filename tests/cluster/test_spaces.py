"""Two clusters on one NATS server keep apart (docs/cluster.md, "Subjects per
cluster"): the space comes from the shared database's name, and the chat, the
repeated requests' keys and the forwarding subjects all live in it. Skipped, saying
so, without NATS."""

from __future__ import annotations

import asyncio

import nats
import pytest

from server.chat.relay import ChatRelay
from server.cli import main
from server.cluster.replies import SharedReplies
from server.cluster.serving import cluster_space, space_of
from server.config import ConfigError, Settings
from tests.cluster.test_nodes import nats_running

pytestmark = pytest.mark.skipif(not nats_running(), reason="NATS is not running on "
                                "127.0.0.1:4222 (apt-get install nats-server)")


def test_a_space_is_the_database_name_whatever_the_host():
    here = cluster_space("postgresql+asyncpg://postgres@10.0.0.1:5432/warband")
    there = cluster_space("postgresql+asyncpg://postgres@db.internal:5432/warband")
    other = cluster_space("postgresql+asyncpg://postgres@10.0.0.1:5432/staging")
    assert here == there != other and here.startswith("warband.")


async def test_chat_and_remembered_replies_stay_in_their_cluster():
    client = await nats.connect("nats://127.0.0.1:4222")
    try:
        one = cluster_space("sqlite+aiosqlite:////tmp/one.db")
        two = cluster_space("sqlite+aiosqlite:////tmp/two.db")
        heard: dict[str, list] = {"one": [], "two": []}
        relays = {"one": ChatRelay(client, "north", one), "two": ChatRelay(client, "north", two)}
        for name, relay in relays.items():
            await relay.start(heard[name].append)
        sender = ChatRelay(client, "south", one)  # another node of cluster one
        await sender.publish({"text": "hello"})
        await client.flush()
        await asyncio.sleep(0.2)
        assert [m["text"] for m in heard["one"]] == ["hello"] and heard["two"] == []
        for relay in (*relays.values(), sender):
            await relay.stop()

        first = await SharedReplies.open(client, one)
        second = await SharedReplies.open(client, two)
        await first.put("acct", "create_match", "r-1", {"match_id": "m1"})
        assert await first.get("acct", "create_match", "r-1") == {"match_id": "m1"}
        assert await second.get("acct", "create_match", "r-1") is None
    finally:
        await client.close()


def test_a_cluster_named_by_hand_is_its_space_and_a_bad_name_is_refused(monkeypatch, capsys):
    """`--cluster NAME` (WARBAND_CLUSTER): nodes reaching one database under different
    names (a proxy's alias) still meet; the name is a NATS subject token."""
    url = "postgresql+asyncpg://postgres@10.0.0.1:5432/warband"
    assert space_of("prod-eu", url) == "warband.prod-eu"
    assert space_of(None, url) == cluster_space(url)
    monkeypatch.setenv("WARBAND_CLUSTER", "prod eu")
    with pytest.raises(ConfigError, match="WARBAND_CLUSTER must be"):
        Settings.from_env()
    monkeypatch.setenv("WARBAND_CLUSTER", "prod-eu")
    assert Settings.from_env().cluster == "prod-eu"
    assert main(["serve", "--node-id", "north", "--cluster", "prod.eu"]) == 1
    assert "--cluster: 1 to 64 letters" in capsys.readouterr().err
