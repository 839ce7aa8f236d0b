"""A PostgreSQL restart (or a failover) drops every connection the server holds. The
first request to draw a dead pooled connection is told to retry
(`database_unavailable`); SQLAlchemy then replaces the pool's other connections of
that age, so the requests after it work, and the match goes on."""

from __future__ import annotations

import asyncio
import uuid

import asyncpg
import pytest
from sqlalchemy import make_url

from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.store.engine import asyncpg_dsn


async def drop_connections(admin: asyncpg.Connection, database: str) -> int:
    """End every connection to `database`, as a restart does, and wait until they are
    gone and the server's loop has seen its sockets close (a restart takes seconds)."""
    pids = [row["pid"] for row in await admin.fetch(
        "SELECT pid FROM pg_stat_activity WHERE datname = $1", database)]
    await admin.execute("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", pids)
    async with asyncio.timeout(10):  # (new connections may come meanwhile: not waited for)
        while await admin.fetchval("SELECT count(*) FROM pg_stat_activity "
                                   "WHERE pid = ANY($1::int[])", pids):
            await asyncio.sleep(0.02)
    await asyncio.sleep(0.1)
    return len(pids)


@pytest.fixture
async def own_database(postgres_url):
    """A new PostgreSQL database for the test (its connections are the ones dropped)."""
    name = "warband_" + uuid.uuid4().hex[:12]
    admin = await asyncpg.connect(asyncpg_dsn(postgres_url))
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield name, make_url(postgres_url).set(database=name).render_as_string(
            hide_password=False)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


async def test_requests_after_the_database_dropped_every_connection_work(own_database,
                                                                          postgres_url, tmp_path):
    name, url = own_database
    server = WarbandServer(ServerOptions(port=0, database_url=url,
                                         static_dir=tmp_path / "static"))
    await server.start()
    ann, bob = await Client.connect(server.url), await Client.connect(server.url)
    try:
        await ann.request("guest", name="Ann")
        await bob.request("guest", name="Bob")
        match_id = (await ann.request("create_match", system="sbh"))["match_id"]
        await bob.request("join", match_id=match_id)
        # several idle connections in the shared pool, each to meet dead
        await asyncio.gather(*(ann.request("list_open") for _ in range(6)))
        admin = await asyncpg.connect(asyncpg_dsn(postgres_url))
        try:
            dropped = await drop_connections(admin, name)
        finally:
            await admin.close()
        assert dropped >= 3  # (the shared pool's and the appends' own)
        refused = []
        for _ in range(8):
            try:
                assert (await ann.request("list_open"))["matches"] == []
            except ServerError as told:
                refused.append((told.code, told.retryable))
        assert refused == [("database_unavailable", True)]
        assert (await bob.request("resign", match_id=match_id))  # (an append)
        assert server.metrics.errors.labels("internal_error")._value.get() == 0
    finally:
        await ann.close()
        await bob.close()
        await server.stop()
