"""The server tests' database fixtures: SQLite and a real PostgreSQL."""

from tests.server.conftest import database_url  # noqa: F401
