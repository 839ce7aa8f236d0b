"""Shared fixtures: scripted dice and a real PostgreSQL database.

PostgreSQL tests skip with a visible reason on a laptop without PostgreSQL, and
fail instead when PostgreSQL is required (`CI=true` or `WARBAND_REQUIRE_POSTGRES=1`,
which `.ci/run` sets).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import uuid

import pytest

from server.rules.dice import ScriptedDice

POSTGRES_URL = os.environ.get(
    "WARBAND_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)


def postgres_required() -> bool:
    return (os.environ.get("CI", "").lower() == "true"
            or os.environ.get("WARBAND_REQUIRE_POSTGRES") == "1")


@pytest.fixture
def dice():
    """Scripted dice: `dice.fix(4, 2, 6)`. The test fails if the rules roll
    more dice than scripted, or fewer (checked after the test)."""
    scripted = ScriptedDice()
    yield scripted
    scripted.assert_exhausted()


async def _postgres_reachable(url: str) -> str | None:
    """None if we can connect, else the reason we cannot."""
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(url)
    try:
        async with engine.connect() as conn:
            await conn.execute(text("select 1"))
        return None
    except Exception as exc:  # any failure to connect is a reason to skip
        return f"{type(exc).__name__}: {exc}"
    finally:
        await engine.dispose()


_reachability: dict[str, str | None] = {}


@pytest.fixture
def postgres_url() -> str:
    """A URL of a real PostgreSQL database; skips (or fails under CI) when absent."""
    if POSTGRES_URL not in _reachability:
        # in a thread of its own: async fixtures call this from inside a running loop
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            _reachability[POSTGRES_URL] = pool.submit(
                asyncio.run, asyncio.wait_for(_postgres_reachable(POSTGRES_URL), 10)).result()
    reason = _reachability[POSTGRES_URL]
    if reason is not None:
        message = f"PostgreSQL not reachable at {POSTGRES_URL} ({reason})"
        if postgres_required():
            pytest.fail(message + "; it is required under CI", pytrace=False)
        pytest.skip(message)
    return POSTGRES_URL


@pytest.fixture
def unique_name() -> str:
    """A name no other test run uses (tables/schemas on a shared database)."""
    return "t_" + uuid.uuid4().hex[:12]
