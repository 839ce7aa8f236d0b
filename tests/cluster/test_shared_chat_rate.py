"""The chat's rate per account counted across nodes (issue 35: "rate limits (per
account ...) across nodes"): two nodes sharing the real Redis, NATS and one database.
One account writing through both nodes at once gets one burst, not one a node; other
accounts are not slowed by it. Skipped, saying so, without NATS or Redis."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import Client, ServerError
from server.chat.limits import ChatSettings
from tests.cluster.test_shared_pool import _forget, pytestmark, shared_node  # noqa: F401

LOBBY = {"match_id": None, "room": "lobby"}


async def signed_in(server, name: str, *, login: bool = False) -> Client:
    client = await Client.connect(server.url)
    await client.request("login" if login else "register", username=name,
                         password="long enough")
    return client


async def outcome(client: Client, text: str) -> str:
    try:
        await client.request("chat_send", **LOBBY, text=text)
        return "sent"
    except ServerError as refused:
        return refused.code


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # (the count is in Redis)
async def test_one_account_writing_on_two_nodes_shares_one_burst(database_url, tmp_path,
                                                                  prefix):
    """server.chat.limits: "how often one account may write (a token bucket per
    account)": a burst of three, a refill too slow to matter here; Ann writes six
    messages at once, three through each node."""
    chat = ChatSettings(rate=0.01, burst=3)
    north = await shared_node(database_url, tmp_path, "north", prefix, chat=chat)
    south = await shared_node(database_url, tmp_path, "south", prefix, chat=chat)
    clients = []
    try:
        ann_north = await signed_in(north, "ann")
        ann_south = await signed_in(south, "ann", login=True)
        bob = await signed_in(south, "bob")
        clients = [ann_north, ann_south, bob]
        answers = await asyncio.gather(*(outcome(client, f"hello {n}") for n, client
                                         in enumerate([ann_north, ann_south] * 3)))
        assert sorted(answers) == ["chat_too_fast"] * 3 + ["sent"] * 3
        assert await outcome(ann_south, "once more") == "chat_too_fast"
        assert await outcome(ann_north, "and again") == "chat_too_fast"
        assert await outcome(bob, "my own bucket") == "sent"
        history = await bob.request("chat_history", **LOBBY)
        assert len(history["messages"]) == 4, "nothing refused was kept"
        with pytest.raises(ServerError) as refused:
            await ann_north.request("chat_send", **LOBBY, text="too fast")
        assert refused.value.retryable and "wait" in refused.value.message
    finally:
        for client in clients:
            await client.close()
        await north.stop()
        await south.stop()
        await _forget(north, prefix)
