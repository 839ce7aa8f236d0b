"""Chat across two nodes over one database and NATS (docs/cluster.md): a message
written on one node reaches the followers of the other, a player there is kept
from the spectators' room during play, mutes hold, and a hiding is told there too.
On SQLite and PostgreSQL; skipped, saying so, without NATS."""

from __future__ import annotations

import pytest

from server.app import ServerOptions, WarbandServer
from tests.chat.conftest import chat_pushes, started_match
from tests.cluster.test_nodes import nats_running

pytestmark = pytest.mark.skipif(not nats_running(),
                                reason="no NATS server at 127.0.0.1:4222 for several nodes")


@pytest.fixture
async def nodes(database_url, tmp_path):
    started = []
    for name in ("north", "south"):
        server = WarbandServer(ServerOptions(port=0, database_url=database_url,
                                             static_dir=tmp_path / "static", node_id=name,
                                             lease_ttl=1.5))
        await server.start()
        started.append(server)
    yield started
    for server in started:
        await server.stop()


async def test_chat_crosses_nodes_by_the_same_rules(nodes, clients):
    north, south = nodes
    ann, bob = await clients(north, "ann"), await clients(south, "bob")
    cy, mod = await clients(south, "cy_watch"), await clients(north, "moddy")
    match_id = await started_match(ann, bob)
    room = {"match_id": match_id, "room": "players"}
    for client in (ann, bob, cy):
        await client.request("chat_history", **room)

    await ann.request("chat_send", **room, text="hello from the north")
    for client in (bob, cy):
        assert (await client.next_push("chat_message", timeout=5))["text"] == \
            "hello from the north"
    await cy.request("chat_send", match_id=match_id, room="spectators", text="psst")
    await bob.request("chat_mute", account_id=ann.me["account_id"])
    await ann.request("chat_send", **room, text="muted words")
    await bob.request("chat_send", **room, text="from the south")
    # (across nodes, messages written at once on two nodes may come in either order)
    assert sorted(p["text"] for p in await chat_pushes(ann)) == \
        ["from the south", "hello from the north", "muted words"]  # no "psst"
    assert [p["text"] for p in await chat_pushes(bob)] == ["from the south"]
    assert sorted(p["text"] for p in await chat_pushes(cy)) == \
        ["from the south", "muted words", "psst"]

    await north.services.chat.chat.set_moderator(mod.me["account_id"], True)
    said = await ann.request("chat_send", **room, text="oops")
    await mod.request("chat_hide", message_id=said["message_id"])
    pushed = await chat_pushes(cy)
    assert [p["type"] for p in pushed] == ["chat_message", "chat_hidden"]
    assert pushed[1]["message_id"] == said["message_id"]
