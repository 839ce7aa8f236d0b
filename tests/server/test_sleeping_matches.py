"""A restart resumes the matches in play asleep (server.matches.hub, waking.py): their
actors run at once and each loads its state when first asked, by its player or by
the warmer that wakes them all meanwhile. Played with the kernel's example game."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.matches import warming
from server.matches.hub import Hub
from server.rules import registry
from server.store.store import Store
from tests.server.test_watching import bid_round, seated_pair


@pytest.fixture
def database(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "secret-bids", "tests.kernel_example:SYSTEM")
    return f"sqlite+aiosqlite:///{tmp_path / 'sleeping.db'}"


async def started(database: str) -> WarbandServer:
    server = WarbandServer(ServerOptions(port=0, database_url=database, rate=1000,
                                         burst=1000))
    await server.start()
    return server


async def three_played(database: str) -> list[tuple[str, int]]:
    """Three matches a round in, left by a server that then stopped: (id, last seq)."""
    server = await started(database)
    played = []
    for _ in range(3):
        ann, bob, match_id = await seated_pair(server)
        played.append((match_id, await bid_round(ann, bob, match_id)))
        await ann.close()
        await bob.close()
    await server.stop()
    return played


async def test_a_resumed_match_sleeps_until_asked_and_the_warmer_wakes_the_rest(database,
                                                                              monkeypatch):
    played = await three_played(database)

    wake = Hub._wake_chunks
    chunks = []

    async def not_yet(hub, found, count):  # (this test wakes them itself first)
        chunks.extend(found)

    monkeypatch.setattr(Hub, "_wake_chunks", not_yet)
    server = await started(database)
    try:
        await server.hub._warmer  # (it has read their rows and made their actors)
        actors = {m: server.hub.actor(m) for m, _ in played}
        assert all(a is not None and a.asleep is not None for a in actors.values())
        assert [actors[m].seq for m, _ in played] == [seq for _, seq in played]
        ann, bob, match_id = await seated_pair(server)  # (a new match is awake at once)
        first, seq = played[0]
        view = await actors[first].submit("view", seat="a")
        assert view["seq"] == seq and actors[first].asleep is None
        assert actors[played[1][0]].asleep is not None, "the others still sleep"
        await wake(server.hub, chunks, len(played))
        assert all(a.asleep is None for a in actors.values())
        assert [a.seq for a in actors.values()] == [seq for _, seq in played]
        await ann.close()
        await bob.close()
    finally:
        await server.stop()


async def test_a_match_asked_for_before_its_row_was_read_is_resumed_there_and_then(
        database, monkeypatch):
    server = await started(database)
    ann, bob, match_id = await seated_pair(server)
    last = await bid_round(ann, bob, match_id)
    await ann.close()
    await bob.close()
    await server.stop()

    async def never(hub, chunks):  # (the warmer reads nothing: every match is asked first)
        return None

    monkeypatch.setattr(Hub, "_warm", never)
    server = await started(database)
    try:
        assert server.hub.actor(match_id) is None
        actor = await server.hub.running(match_id)  # (asleep: its chunk's rows read)
        assert actor.seq == last
        view = await actor.submit("view", seat="b")
        assert view["seq"] == last and actor.asleep is None
    finally:
        await server.stop()


async def test_matches_asked_for_before_their_rows_were_read_wait_for_their_chunk(
        database, monkeypatch):
    """All players back at once, before the warmer read a row: each match's actor comes
    with its chunk's rows, read once for all of them, not by a resume of its own."""
    played = await three_played(database)

    async def never(hub, chunks):  # (the warmer reads nothing: the players ask first)
        return None

    reads, solo = [], []
    resume_records, resume_logs = Store.resume_records, Store.resume_logs

    async def counted(store, ids):
        reads.append(("rows", sorted(ids)))
        return await resume_records(store, ids)

    async def counted_logs(store, records):
        reads.append(("logs", sorted(records)))
        return await resume_logs(store, records)

    async def resume(hub, match_id):
        solo.append(match_id)
        raise AssertionError("resumed on its own")

    monkeypatch.setattr(Hub, "_warm", never)
    monkeypatch.setattr(Hub, "resume", resume)
    monkeypatch.setattr(Store, "resume_records", counted)
    monkeypatch.setattr(Store, "resume_logs", counted_logs)
    server = await started(database)
    try:
        actors = await asyncio.gather(*(server.hub.running(m) for m, _ in played))
        assert solo == []
        ids = sorted(m for m, _ in played)
        assert reads == [("rows", ids)], "one read for the chunk"
        views = await asyncio.gather(*(a.submit("view", seat="a") for a in actors))
        assert [v["seq"] for v in views] == [seq for _, seq in played]
        assert reads == [("rows", ids), ("logs", ids)], "and one read of their logs"
    finally:
        await server.stop()


async def test_the_rules_tables_wait_for_the_warmer_and_a_match_plays_meanwhile(
        database, monkeypatch):
    """The rules' shared tables (registry.warm_systems, built before listening when no
    match is resumed) are built once the warmer is done and settled: a resumed match
    asked and played before then works, and draws what its prompt needs itself."""
    server = await started(database)
    built = []
    server.hub.build_tables(lambda: built.append("at once"))  # (nothing to resume)
    assert built == ["at once"]
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    tokens = [(await ann.request("guest", name="Ann"))["token"],
              (await bob.request("guest", name="Bob"))["token"]]
    match_id = (await ann.request("create_match", system="secret-bids",
                                  options={"target": 1000}))["match_id"]
    await bob.request("join", match_id=match_id)
    last = await bid_round(ann, bob, match_id)
    await ann.close()
    await bob.close()
    await server.stop()

    monkeypatch.setattr(warming, "WARM_SETTLE", 0.01)
    held, wake = asyncio.Event(), Hub._wake_chunks

    async def after_the_players(hub, chunks, count):
        await held.wait()
        await wake(hub, chunks, count)

    monkeypatch.setattr(Hub, "_wake_chunks", after_the_players)
    server = await started(database)
    built.clear()
    try:
        server.hub.build_tables(lambda: built.append("tables"))
        clients = []
        for token in tokens:
            client = await Client.connect(server.url)
            await client.request("authenticate", token=token)
            clients.append(client)
        view = await clients[0].request("get_view", match_id=match_id)
        assert view["seq"] == last
        await clients[0].request("command", match_id=match_id, command="bid",
                                 args={"amount": 2})
        done = await clients[1].request("command", match_id=match_id, command="bid",
                                        args={"amount": 1})
        assert done["last_seq"] > last and built == []
        held.set()
        await server.hub._warmer
        async with asyncio.timeout(30):
            while not built:
                await asyncio.sleep(0.01)
        assert built == ["tables"]
        for client in clients:
            await client.close()
    finally:
        await server.stop()
