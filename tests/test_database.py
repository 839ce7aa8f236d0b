"""The same SQLAlchemy async code against SQLite and a real PostgreSQL.

This checks the property the event store is built on: `(match_id, seq)` is a
primary key, so two writers can never both append event N of a match.
"""

from __future__ import annotations

import pytest
from sqlalchemy import Column, Integer, LargeBinary, MetaData, String, Table, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import create_async_engine


def events_table(name: str) -> tuple[MetaData, Table]:
    metadata = MetaData()
    table = Table(
        name, metadata,
        Column("match_id", String(32), primary_key=True),
        Column("seq", Integer, primary_key=True),
        Column("payload", LargeBinary, nullable=False),
    )
    return metadata, table


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'store.db'}"
    return request.getfixturevalue("postgres_url")


async def test_append_is_ordered_and_seq_is_unique(database_url, unique_name):
    metadata, table = events_table(unique_name)
    engine = create_async_engine(database_url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(metadata.create_all)
        async with engine.begin() as conn:
            await conn.execute(table.insert(), [
                {"match_id": "m1", "seq": seq, "payload": bytes([seq])} for seq in (1, 2, 3)])
        with pytest.raises(IntegrityError):
            async with engine.begin() as conn:
                await conn.execute(table.insert(), {"match_id": "m1", "seq": 2, "payload": b"x"})
        async with engine.connect() as conn:
            rows = (await conn.execute(
                select(table.c.seq, table.c.payload).where(table.c.match_id == "m1")
                .order_by(table.c.seq))).all()
        assert [(r.seq, r.payload) for r in rows] == [(1, b"\x01"), (2, b"\x02"), (3, b"\x03")]
    finally:
        async with engine.begin() as conn:
            await conn.run_sync(metadata.drop_all)
        await engine.dispose()
