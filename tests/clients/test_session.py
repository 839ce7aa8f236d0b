"""clients/session.py: a session rides out a server restart -- it reconnects,
signs in again, resumes its streams from the last seq and sends again what had
no answer, so the caller sees a delay and nothing else."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import ServerError
from clients.session import Session, SessionClosed
from server.app import ServerOptions, WarbandServer
from server.rules import registry


@pytest.fixture
def database(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    return f"sqlite+aiosqlite:///{tmp_path / 'session.db'}"


async def start(database: str, port: int = 0) -> WarbandServer:
    server = WarbandServer(ServerOptions(port=port, database_url=database))
    await server.start()
    return server


async def bid(session: Session, match_id: str, amount: int) -> dict:
    return await session.command(match_id, "bid", {"amount": amount})


def seqs(stream) -> list[int]:
    found = []
    while not stream.pushes.empty():
        push = stream.pushes.get_nowait()
        if push["type"] == "event":
            found.append(push["seq"])
    return found


async def test_a_session_rides_out_a_server_restart(database):
    server = await start(database)
    port = server.port
    ann = await Session.open(server.url)
    bob = await Session.open(server.url)
    try:
        await ann.guest("Ann")
        await bob.guest("Bob")
        match_id = (await ann.create_match("secret-bids", options={"target": 1000}))[
            "match_id"]
        await bob.join(match_id)
        ann_stream, bob_stream = await ann.watch(match_id), await bob.watch(match_id)
        await bid(ann, match_id, 1)
        await bid(bob, match_id, 1)
        seen = {"ann": [], "bob": []}
        await asyncio.sleep(0.1)
        seen["ann"] += seqs(ann_stream)
        seen["bob"] += seqs(bob_stream)
        assert seen["ann"] == seen["bob"] == [1, 2, 3]

        await server.stop()  # every connection drops
        waiting = asyncio.create_task(bid(ann, match_id, 2))  # sent while it is down
        await asyncio.sleep(0.3)
        assert not waiting.done()
        server = await start(database, port)
        ack = await asyncio.wait_for(waiting, 20)
        assert ack["first_seq"] == 4
        ack = await asyncio.wait_for(bid(bob, match_id, 1), 20)
        assert ack["last_seq"] >= 6
        await asyncio.sleep(0.2)
        seen["ann"] += seqs(ann_stream)
        seen["bob"] += seqs(bob_stream)
        last = ack["last_seq"]
        assert seen["ann"] == seen["bob"] == list(range(1, last + 1)), "no gap, no repeat"
        assert ann.reconnects == bob.reconnects == 1
        assert ann_stream.seq == last
    finally:
        for session in (ann, bob):
            await session.close()
        await server.stop()


async def test_a_refusal_is_an_error_and_the_session_goes_on(database):
    server = await start(database)
    try:
        async with await Session.open(server.url) as ann:
            with pytest.raises(ServerError) as refused:
                await ann.create_match("secret-bids")
            assert refused.value.code == "not_authenticated"
            await ann.guest("Ann")
            assert (await ann.create_match("secret-bids"))["status"] == "open"
    finally:
        await server.stop()


async def test_giving_up_fails_every_waiter_with_a_clear_error(database):
    server = await start(database)
    session = await Session.open(server.url, give_up_after=0.2)
    await session.guest("Ann")
    match_id = (await session.create_match("secret-bids"))["match_id"]
    stream = await session.watch(match_id)
    await server.stop()  # and it never comes back
    with pytest.raises(SessionClosed):
        await asyncio.wait_for(session.list_open(), 20)
    with pytest.raises(SessionClosed):
        await asyncio.wait_for(stream.next("event"), 20)
    await session.close()


async def test_stepping_through_a_finished_match(database):
    """A replay viewer's steps: the replay document, and the view after any event."""
    server = await start(database)
    try:
        async with await Session.open(server.url) as ann, \
                await Session.open(server.url) as bob:
            await ann.guest("Ann")
            await bob.guest("Bob")
            match_id = (await ann.create_match("secret-bids"))["match_id"]
            await bob.join(match_id)
            await bid(ann, match_id, 1)
            await bid(bob, match_id, 1)  # seq 1-3: a tie, round 2 begins
            with pytest.raises(ServerError) as refused:
                await ann.get_view(match_id, at_seq=1)
            assert refused.value.code == "match_not_finished"
            await ann.resign(match_id)
            replay = None
            for _ in range(100):  # (the resignation is acknowledged as soon as it is
                try:              # stored; the result is recorded a moment after)
                    replay = await bob.get_replay(match_id)
                    break
                except ServerError as refused:
                    assert refused.code == "match_not_finished"
                    await asyncio.sleep(0.05)
            last = replay["events"][-1]["seq"]
            steps = [await bob.get_view(match_id, at_seq=seq) for seq in range(last + 1)]
            assert [s["seq"] for s in steps] == list(range(last + 1))
            assert [s["view"]["round"] for s in steps] == [1, 1, 1, 2, 2]
            assert steps[1]["view"]["has_bid"] == ["a"] and steps[-1]["view"]["winner"] == "b"
    finally:
        await server.stop()
