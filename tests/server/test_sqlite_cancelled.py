"""A task cancelled in the middle of a SQLite write leaves the database writable
(server.store.engine._ClosingConnection): SQLAlchemy's aiosqlite adapter steps a
RETURNING statement and fetches its rows in two hops, a cancellation between them left
the statement unfinished, and SQLite kept its write lock until the cursor was garbage:
every other writer waited out its busy timeout and failed ("database is locked")."""

from __future__ import annotations

import asyncio
import random
import sqlite3

from sqlalchemy import text

from server.store.engine import _ClosingConnection, create_engine


def test_closing_a_connection_ends_its_unfinished_statement(tmp_path):
    path = tmp_path / "unfinished.db"
    with sqlite3.connect(path) as setup:
        setup.execute("CREATE TABLE leases (id TEXT PRIMARY KEY, until REAL)")
        setup.execute("INSERT INTO leases VALUES ('m1', 0)")
    holder = sqlite3.connect(path, factory=_ClosingConnection, isolation_level=None)
    holder.execute("BEGIN")
    # (its rows never fetched, and the cursor still held, as by a cancelled task's frames)
    unfinished = holder.execute("UPDATE leases SET until = 1 RETURNING until")
    holder.close()
    other = sqlite3.connect(path, timeout=0.2)
    other.execute("UPDATE leases SET until = 2")  # (raised "database is locked" before)
    other.commit()
    assert other.execute("SELECT until FROM leases").fetchall() == [(2,)]
    other.close()
    del unfinished


async def test_a_write_cancelled_at_any_moment_leaves_the_database_writable(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'cancelled.db'}"
    renewing, other = create_engine(url), create_engine(url)
    try:
        async with renewing.begin() as conn:
            await conn.execute(text("CREATE TABLE leases (id TEXT PRIMARY KEY, until REAL)"))
            await conn.execute(text("INSERT INTO leases VALUES ('m1', 0)"))

        async def renew_forever():
            while True:
                async with renewing.begin() as conn:
                    await conn.execute(text("UPDATE leases SET until = until + 1 "
                                            "RETURNING until"))

        moments = random.Random(7)
        for _ in range(40):
            task = asyncio.create_task(renew_forever())
            await asyncio.sleep(moments.random() * 0.01)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            async with other.connect() as conn:
                await conn.exec_driver_sql("PRAGMA busy_timeout = 1000")
                await conn.commit()
                async with conn.begin():
                    await conn.execute(text("UPDATE leases SET until = 0"))
    finally:
        await renewing.dispose()
        await other.dispose()
