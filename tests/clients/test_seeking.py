"""clients/seeking.py: a session's quick pairing. A waiting seek's `seek_paired` push is
kept for the caller (it belongs to no match stream), even when it is read before the
seek's own reply; a cancelled seek's wait ends saying so; and since the server ends a
seek with its connection, a dropped connection ends the wait in words (never a silent
hang), after which the session seeks again. On SQLite (the store plays no part)."""

from __future__ import annotations

import asyncio

import pytest

from clients.seeking import CANCELLED, DROPPED, SeekEnded
from clients.session import Session
from server.app import ServerOptions, WarbandServer
from tests.server.seeking import SBH_300


@pytest.fixture
async def server(tmp_path):
    instance = WarbandServer(ServerOptions(
        port=0, database_url=f"sqlite+aiosqlite:///{tmp_path / 'seeking.db'}"))
    await instance.start()
    try:
        yield instance
    finally:
        await instance.stop()


@pytest.fixture
async def sessions(server):
    opened: list[Session] = []

    async def open_as(name: str) -> Session:
        session = await Session.open(server.url)
        opened.append(session)
        await session.guest(name)
        return session

    yield open_as
    for session in opened:
        await session.close()


async def until(condition, what: str, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def test_the_waiting_seeker_learns_where_its_match_is(server, sessions):
    ann, bob = await sessions("Ann"), await sessions("Bob")
    waiting = await ann.seek(**SBH_300)
    assert waiting["status"] == "waiting" and ann.waiting_seeks == [waiting["seek_id"]]
    paired = await bob.seek(**SBH_300)
    assert paired["status"] == "paired" and paired["seat"] == "b"
    told = await asyncio.wait_for(ann.seek_paired(waiting["seek_id"]), 10)
    assert (told["match_id"], told["seat"], told["opponent"]) == (
        paired["match_id"], "a", "Bob (guest)")
    assert ann.waiting_seeks == [] and bob.waiting_seeks == []


async def test_a_pairing_read_before_the_seeks_reply_is_kept(sessions):
    """The reader may see seek_paired first (another seeker pairs at that moment)."""
    ann = await sessions("Ann")
    push = {"v": 1, "type": "seek_paired", "seek_id": "9f1c2a7b3e01",
            "match_id": "33e5931df7fbec7a", "seat": "a", "opponent": "Bob (guest)"}
    ann._dispatch(push)
    assert await asyncio.wait_for(ann.seek_paired("9f1c2a7b3e01"), 1) == push
    with pytest.raises(SeekEnded, match="no seek waiting"):
        await ann.seek_paired("9f1c2a7b3e01")  # (claimed once)


async def test_a_cancelled_seek_ends_its_wait_and_leaves_the_pool(server, sessions):
    ann = await sessions("Ann")
    seek_id = (await ann.seek(**SBH_300))["seek_id"]
    wait = asyncio.create_task(ann.seek_paired(seek_id))
    await asyncio.sleep(0.05)
    assert (await ann.cancel_seek(seek_id))["status"] == "cancelled"
    with pytest.raises(SeekEnded) as ended:
        await asyncio.wait_for(wait, 5)
    assert str(ended.value) == CANCELLED
    assert server.services.seeks.seeks == []


async def test_a_dropped_connection_ends_the_wait_in_words_and_the_session_seeks_again(
        server, sessions):
    ann = await sessions("Ann")
    seek_id = (await ann.seek(**SBH_300))["seek_id"]
    wait = asyncio.create_task(ann.seek_paired(seek_id))
    await asyncio.sleep(0.05)
    await ann._websocket.close()  # (the server is there: the session is back at once)
    with pytest.raises(SeekEnded) as ended:
        await asyncio.wait_for(wait, 5)
    assert str(ended.value) == DROPPED
    await until(lambda: ann.reconnects == 1, "a reconnect")
    await until(lambda: server.services.seeks.seeks == [], "the server dropping the seek")
    again = await ann.seek(**SBH_300)
    assert again["status"] == "waiting" and again["seek_id"] != seek_id
    assert [s.seek_id for s in server.services.seeks.seeks] == [again["seek_id"]]
