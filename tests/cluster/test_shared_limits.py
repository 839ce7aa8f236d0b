"""Login lock-outs and connection limits counted across nodes (issue 35: "login
lock-outs and rate limits (per account and per address across nodes)"): two nodes
sharing the real Redis, NATS and one database; guesses on both count together, and
so do connections and handshakes from one address. Skipped, saying so, without NATS
or Redis."""

from __future__ import annotations

import asyncio

import pytest
from argon2 import PasswordHasher
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from clients.client import Client, ServerError
from server import accounts
from server.cluster import shared_limits
from tests.cluster.test_shared_pool import TTL, _forget, pytestmark, shared_node  # noqa: F401


async def attempt(server, username: str, password: str) -> str:
    """The answer to one login on `server`: "ok" or the error's code."""
    async with await Client.connect(server.url) as client:
        try:
            await client.request("login", username=username, password=password)
            return "ok"
        except ServerError as refused:
            return refused.code


async def test_guesses_on_two_nodes_are_counted_together(database_url, tmp_path, prefix,
                                                         monkeypatch):
    """"After FREE_FAILURES failed logins in a row the account (or address) is locked":
    eight guesses at once, four a node, at one account; then guesses from one address on
    north and south alternately."""
    north = await shared_node(database_url, tmp_path, "north", prefix)
    south = await shared_node(database_url, tmp_path, "south", prefix)
    for node in (north, south):  # (cheap hashes: the counting is what is tested)
        node.services.accounts.hasher = PasswordHasher(time_cost=1, memory_cost=8,
                                                       parallelism=1)
        node.services.accounts._decoy_hash = node.services.accounts.hasher.hash("decoy")
    monkeypatch.setattr(accounts, "FREE_FAILURES", 3)
    try:
        for name in ("carol", "dave"):
            async with await Client.connect(north.url) as client:
                await client.request("register", username=name, password="long enough")
        answers = await asyncio.gather(*(attempt(node, "carol", "wrong guess")
                                         for node in (north, south) * 4))
        # one attempt at a time across the nodes: exactly the free failures count
        assert sorted(answers) == ["auth_failed"] * accounts.FREE_FAILURES + \
            ["login_locked"] * (8 - accounts.FREE_FAILURES)
        assert (await north.store.account(username="carol"))["failed_logins"] == \
            accounts.FREE_FAILURES
        # the address has failed three times (on both nodes); two more lock it out
        monkeypatch.setattr(shared_limits, "ADDRESS_FREE_FAILURES",
                            accounts.FREE_FAILURES + 2)
        assert await attempt(north, "nobody", "guess") == "auth_failed"
        assert await attempt(south, "no_one", "guess") == "auth_failed"
        assert await attempt(north, "dave", "long enough") == "login_locked"
        assert await attempt(south, "dave", "long enough") == "login_locked"
    finally:
        await north.stop()
        await south.stop()
        await _forget(north, prefix)


async def refusal(url: str) -> bytes | None:
    """Why a handshake is refused (HTTP 429's body); None: accepted (and closed)."""
    try:
        websocket = await connect(url)
    except InvalidStatus as refused:
        assert refused.response.status_code == 429
        return refused.response.body
    await websocket.close()
    return None


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # (all in Redis)
async def test_connections_and_handshakes_from_one_address_count_on_every_node(
        database_url, tmp_path, prefix):
    """"at most `per_address` connections open at once from one address, and new
    connections from one address at a bounded rate", for the nodes together."""
    limits = {"per_address": 3, "handshake_rate": 0.01, "handshake_burst": 7}
    north = await shared_node(database_url, tmp_path, "north", prefix, **limits)
    south = await shared_node(database_url, tmp_path, "south", prefix, **limits)
    held = []
    try:
        held = [await connect(north.url), await connect(north.url), await connect(south.url)]
        assert b"at most 3" in await refusal(south.url)
        assert b"at most 3" in await refusal(north.url)
        await held.pop(0).close()
        await asyncio.sleep(0.1)
        held.append(await connect(south.url))  # (4 handshakes)
        # south freezes: within a ttl its two connections stop counting
        south.presence._renewer.cancel()
        await asyncio.sleep(TTL + 0.3)
        held += [await connect(north.url), await connect(north.url)]  # (6)
        assert b"at most 3" in await refusal(north.url)
        await held.pop().close()
        await asyncio.sleep(0.1)
        held.append(await connect(north.url))  # (7: the burst is spent)
        await held.pop().close()
        await asyncio.sleep(0.1)
        assert b"new connections" in await refusal(north.url)
    finally:
        for websocket in held:
            await websocket.close()
        await north.stop()
        await south.stop()
        await _forget(north, prefix)
