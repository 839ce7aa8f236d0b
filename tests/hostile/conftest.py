"""The server tests' fixtures (a fresh SQLite or PostgreSQL database, a server on it)."""

from tests.server.conftest import database_url, server  # noqa: F401
