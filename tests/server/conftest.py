"""Fixtures for server tests: a fresh database on SQLite or a real PostgreSQL,
and a server running in this process on a free port."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from server.app import ServerOptions, WarbandServer


async def _admin(url: str, statement: str) -> None:
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
async def database_url(request, tmp_path):
    """A database of its own for one test: a file on SQLite, a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'warband.db'}"
        return
    base = request.getfixturevalue("postgres_url")
    name = "warband_" + uuid.uuid4().hex[:12]
    await _admin(base, f'CREATE DATABASE "{name}"')
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        await _admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
async def server(database_url, tmp_path):
    instance = WarbandServer(ServerOptions(port=0, database_url=database_url,
                                           static_dir=tmp_path / "static", snapshot_every=50))
    await instance.start()
    try:
        yield instance
    finally:
        await instance.stop()
