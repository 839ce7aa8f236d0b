"""Hosted-event tests run a server of their own (tests/tournaments/served.py) on both
databases: the server tests' database fixture is shared here."""

from tests.server.conftest import database_url  # noqa: F401 (a fixture)
from tests.tournaments.served import server  # noqa: F401 (a fixture)
