"""The cluster tests' fixtures: the server tests' databases (SQLite and a real
PostgreSQL), and a store there with one active match (`match_id`: "m1", unless a test
module gives its own)."""

import time
import uuid

import pytest

from server.store.store import Store
from tests.server.conftest import database_url  # noqa: F401


@pytest.fixture
def match_id() -> str:
    return "m1"


@pytest.fixture
async def store(database_url, match_id):  # noqa: F811  (the fixture imported above)
    opened = await Store.open(database_url)
    await opened.create_account({"id": "acct", "username": None, "display_name": "Ann",
                                 "password_hash": None, "guest": True,
                                 "created_at": time.time(), "failed_logins": 0,
                                 "locked_until": None})
    await opened.create_match({"id": match_id, "system": "sbh", "setup": b"\x80",
                               "status": "active", "created_by": "acct",
                               "created_at": time.time(), "private": False,
                               "invite_code": None, "spectator_delay": 0, "seed": b"s" * 32,
                               "seed_commitment": "c" * 64}, "a", "acct")
    yield opened
    await opened.close()


@pytest.fixture
def prefix() -> str:
    """Redis keys of the test's own (the Redis is shared with other runs)."""
    return "warband-test-" + uuid.uuid4().hex[:10]
