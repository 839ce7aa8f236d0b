"""A connection gets exactly what its identity at that moment may see, however the
start of a match and a sign-out (or a switch to another account) interleave (issue
29, finding 2: a connection that signed out while the match it waited for was
starting kept receiving seat A's stream, lists and salts included).

Each try: X, signed in as Ann, waits for Ann's open match; Bob's `join` and X's
`logout` (or `authenticate` as Cid) are sent within a few milliseconds of each
other; Ann, on another connection, then submits her list. After X's sign-out reply,
X must receive nothing more about the match."""

from __future__ import annotations

import asyncio
import random

import pytest
from argon2 import PasswordHasher

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.rules.sbh.presets import preset
from tests.hostile.recorder import Recorder

# Password hashing as cheap as argon2 goes: the test signs in hundreds of times.
QUICK_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
TRIES = 150  # each way: the race came up in a few of every fifty tries


@pytest.fixture
async def server(tmp_path):
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'race.db'}", rate=1000, burst=1000,
                                           # (three connections a try, tries back to back)
                                           handshake_rate=1000, handshake_burst=1000))
    await instance.start()
    instance.services.accounts.hasher = QUICK_HASHER  # (hundreds of logins: cheap ones)
    yield instance
    await instance.stop()


async def one_try(server, rng: random.Random, switch: str, cid_token: str) -> list:
    """What X received about the match after it stopped being Ann."""
    x = await Recorder.connect(server.url)
    ann = await Client.connect(server.url)
    bob = await Client.connect(server.url)
    try:
        # (Ann's other connection has a token of its own: X's logout revokes X's token,
        # and with it every connection signed in with that one)
        username = f"ann-{rng.randrange(10**9)}"
        await x.sign_in("register", username=username, password="a long password")
        await ann.request("login", username=username, password="a long password")
        await bob.request("guest", name="Bob")
        match_id = (await ann.request("create_match", system="sbh"))["match_id"]
        assert (await x.request("subscribe", match_id=match_id))["result"]["status"] == "open"

        async def sign_out():
            await asyncio.sleep(rng.random() * 0.02)
            if switch == "logout":
                return await x.request("logout")
            return await x.sign_in("authenticate", token=cid_token)

        async def join():
            await asyncio.sleep(rng.random() * 0.02)
            return await bob.request("join", match_id=match_id)

        signed_out, _ = await asyncio.gather(sign_out(), join())
        assert signed_out["type"] == "reply"
        await ann.request("subscribe", match_id=match_id)
        await ann.request("command", match_id=match_id, command="submit_list",
                          args={"list": preset("elves"), "salt": "ann's secret salt"})
        await x.settle()
        after = x.frames.index(next(r for r in x.frames if r.frame is signed_out))
        return [r.frame for r in x.frames[after + 1:] if r.frame.get("match_id") == match_id]
    finally:
        for client in (x, ann, bob):
            await client.close()


@pytest.mark.parametrize("switch", ["logout", "switch_account"])
async def test_nothing_about_the_match_reaches_a_connection_after_it_signs_out(server,
                                                                                switch):
    rng = random.Random(29)
    cid = await Client.connect(server.url)
    cid_token = (await cid.request("guest", name="Cid"))["token"]
    await cid.close()
    leaks = []
    for _ in range(TRIES):
        leaks += await one_try(server, rng, switch, cid_token)
    assert leaks == []
