"""The server tests' fixtures (a database on SQLite and on PostgreSQL, and a server),
for the test that hosts Swords & Sorcery through the whole server."""

from tests.server.conftest import database_url, server  # noqa: F401
