"""Apply the Alembic migrations to a database (on server start and by
`warband db upgrade`), on the server's own async engine."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x77617262  # ("warb": the advisory lock the schema's upgrades take turns on)


def _config(connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


async def upgrade(engine: AsyncEngine) -> str:
    """Bring the schema to the newest revision; returns that revision."""
    async with engine.begin() as conn:
        if conn.dialect.name == "postgresql":  # several nodes starting at once take turns
            await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        await conn.run_sync(lambda sync: command.upgrade(_config(sync), "head"))
    return head()


async def current(engine: AsyncEngine) -> str | None:
    async with engine.connect() as conn:
        return await conn.run_sync(
            lambda sync: MigrationContext.configure(sync).get_current_revision())


def head() -> str:
    return ScriptDirectory(str(MIGRATIONS)).get_current_head()
