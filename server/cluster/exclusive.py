"""Work one node at a time should do (a hosted event's next step: several nodes' event
directors all look at every running event each second). On PostgreSQL a session
advisory lock keyed by the work's name is tried, not waited for: the node that gets it
does the work, the others skip it this time. This only spares the others the work: what
the work writes is kept single by the database's keys (a round's number, a match's id),
so a lock lost with its connection can do no harm. SQLite (one writer) needs none."""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import AsyncIterator

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine


def _key(name: str) -> int:
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)


@contextlib.asynccontextmanager
async def one_node_at_a_time(engine: AsyncEngine, name: str) -> AsyncIterator[bool]:
    """Yields True if this node may do the work named `name` now."""
    if engine.dialect.name != "postgresql":
        yield True
        return
    async with engine.connect() as conn:
        got = (await conn.execute(text("SELECT pg_try_advisory_lock(:key)"),
                                  {"key": _key(name)})).scalar()
        try:
            yield bool(got)
        finally:
            if got:
                with contextlib.suppress(Exception):
                    await conn.execute(text("SELECT pg_advisory_unlock(:key)"),
                                       {"key": _key(name)})
                    await conn.commit()
