"""Several nodes starting at once on a new PostgreSQL database each upgrade its schema
on start: they take turns (an advisory lock), so one creates the tables and the others
find them made, rather than failing on tables that already exist."""

from __future__ import annotations

import asyncio
import uuid

from sqlalchemy import make_url

from server.store import migrate
from server.store.store import Store
from tests.server.conftest import _admin


async def test_three_nodes_opening_a_new_database_at_once_all_start(postgres_url):
    name = "warband_upgrade_" + uuid.uuid4().hex[:8]
    await _admin(postgres_url, f'CREATE DATABASE "{name}"')
    url = make_url(postgres_url).set(database=name).render_as_string(hide_password=False)
    try:
        stores = await asyncio.wait_for(asyncio.gather(*(Store.open(url) for _ in range(3))),
                                        60)  # (without turns: a deadlock)
        try:
            assert {await migrate.current(s.engine) for s in stores} == {migrate.head()}
        finally:
            for store in stores:
                await store.close()
    finally:
        await _admin(postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
