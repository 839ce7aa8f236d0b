"""The server tests' fixtures: a fresh SQLite or PostgreSQL database and a server on
it (`database_url`, `server`), and a PostgreSQL database of the test's own whose
connections it may drop (`own_database`)."""

from tests.server.conftest import database_url, server  # noqa: F401
from tests.server.test_database_restart import own_database  # noqa: F401
