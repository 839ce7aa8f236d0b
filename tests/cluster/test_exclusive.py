"""Work one node at a time does (server/cluster/exclusive.py): while one node holds a
name, another node's try is refused, and it gets the name once the first lets go. On
PostgreSQL (SQLite has one writer: every try is granted)."""

from __future__ import annotations

from server.cluster.exclusive import one_node_at_a_time
from server.store.store import Store


async def test_only_one_node_does_the_work_at_a_time(database_url):
    first, second = await Store.open(database_url), await Store.open(database_url)
    try:
        async with one_node_at_a_time(first.engine, "event:e1") as mine:
            assert mine
            async with one_node_at_a_time(second.engine, "event:e1") as theirs:
                assert theirs == (database_url.startswith("sqlite"))
            async with one_node_at_a_time(second.engine, "event:e2") as other_work:
                assert other_work
        async with one_node_at_a_time(second.engine, "event:e1") as theirs_now:
            assert theirs_now
    finally:
        await first.close()
        await second.close()
