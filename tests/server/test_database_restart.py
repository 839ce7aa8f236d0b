"""A PostgreSQL restart (or a failover) drops every connection the server holds. The
requests after it must still work: none may answer internal_error because it met a
pooled connection that died while idle, and the match goes on."""

from __future__ import annotations

import asyncio
import uuid

import asyncpg
import pytest
from sqlalchemy import make_url

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.store.store import asyncpg_dsn


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
            dropped = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = $1", name)
        finally:
            await admin.close()
        assert dropped >= 3  # (the shared pool's and the appends' own)
        for _ in range(8):
            assert (await ann.request("list_open"))["matches"] == []
        assert (await bob.request("resign", match_id=match_id))  # (an append)
        assert server.metrics.errors.labels("internal_error")._value.get() == 0
    finally:
        await ann.close()
        await bob.close()
        await server.stop()
