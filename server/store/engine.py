"""The database engine the store runs on, and what its failures mean: the engine made
for a URL (SQLite's pragmas, PostgreSQL's pool, a stuck connection counted as lost), the
appends' own asyncpg pool settings, and the tests a caller makes of a failure (cannot
open, busy, a lost connection, the database unreachable).

Apart from server.store.store because these are about reaching a database, not about
what is stored in it; the server's start and the gateway read them on their own.
"""

from __future__ import annotations

import sqlite3
import weakref

import asyncpg
from sqlalchemy import event, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

POOL_SIZE, POOL_OVERFLOW = 10, 10  # PostgreSQL: the shared pool's connections

# What a read or write raises when every pooled connection stayed in use for the pool's
# whole timeout (30 s): the server is overloaded, not broken, and the request may be
# retried (the gateway answers `server_busy`).
STORE_BUSY = (PoolTimeout,)


def create_engine(url: str) -> AsyncEngine:
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30,
                                                        "factory": _ClosingConnection})

        @event.listens_for(engine.sync_engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record):  # pragma: no cover - driver hook
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")  # durable across process kills in WAL
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    # JIT off: PostgreSQL compiles a query whose estimated cost passes jit_above_cost,
    # and the chunk reads of a restart (an array of 500 ids unnested: estimated as
    # scans of the whole events table) spent 87 ms of each ~100 ms query compiling
    # what ran in 8 (bench/restart_many.py); the server's queries are all short.
    engine = create_async_engine(url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW,
                                 connect_args={"server_settings": {"jit": "off"}})

    @event.listens_for(engine.sync_engine, "handle_error")
    def _stuck_connections_are_lost(context):  # pragma: no cover - driver hook
        # A database that went away mid-answer can leave an asyncpg connection open but
        # mid-protocol: every later use fails ("cannot switch to state 12; another
        # operation (2) is in progress"). SQLAlchemy counts only closed connections as
        # lost, and would hand this one out again: count it as lost, so it is replaced.
        if _chain_has(context.original_exception, asyncpg.exceptions.InternalClientError):
            context.is_disconnect = True

    return engine


class _ClosingConnection(sqlite3.Connection):
    """A SQLite connection whose close ends its statements first. A task cancelled
    between a RETURNING statement's step and its fetch (SQLAlchemy's aiosqlite adapter
    makes them two hops) leaves the statement unfinished; SQLAlchemy then closes the
    connection, but SQLite defers a close while a statement is unfinished, and the
    statement holds the write lock until its cursor is garbage: every other writer,
    in this process or another, waited out its busy timeout and failed ("database is
    locked"; a cluster test's lease takeover met it)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._cursors: weakref.WeakSet[sqlite3.Cursor] = weakref.WeakSet()

    def cursor(self, factory=sqlite3.Cursor) -> sqlite3.Cursor:  # type: ignore[override]
        made = super().cursor(factory)
        self._cursors.add(made)
        return made

    # (sqlite3's own shortcuts make their cursors without `cursor`: through it here)
    def execute(self, *args) -> sqlite3.Cursor:  # type: ignore[override]
        return self.cursor().execute(*args)

    def executemany(self, *args) -> sqlite3.Cursor:  # type: ignore[override]
        return self.cursor().executemany(*args)

    def executescript(self, script: str) -> sqlite3.Cursor:  # type: ignore[override]
        return self.cursor().executescript(script)

    def close(self) -> None:
        for cursor in list(self._cursors):
            cursor.close()
        super().close()


def _chain_has(failure: BaseException | None, kind: type) -> bool:
    for _ in range(5):
        if failure is None:
            return False
        if isinstance(failure, kind):
            return True
        failure = failure.__cause__ or failure.__context__
    return False


# What opening a store raises when its database cannot be reached or used: the address
# refuses or does not resolve (OSError), or the database refuses the role, the password
# or the database's name, or a SQLite file cannot be opened (DBAPIError).
CANNOT_OPEN = (OSError, DBAPIError)


def cannot_open(url: str, failure: BaseException) -> str:
    """One line for a person: which database (its password hidden) and why not."""
    shown = make_url(url).render_as_string(hide_password=True)
    if isinstance(failure, DBAPIError):
        reason = str(failure.orig).strip() or type(failure.orig).__name__
    else:
        reason = getattr(failure, "strerror", None) or str(failure)
    return f"cannot open the database {shown}: {reason}"


def connection_lost(failure: BaseException) -> bool:
    """Whether a read or write failed because its pooled connection had died (a
    PostgreSQL restart or failover): SQLAlchemy then replaces every connection of the
    pool that is as old, so a retry gets a live one. (Checking each connection before
    use, `pool_pre_ping`, would spare that one request but cost every read a round
    trip: +300-430 us of CPU on a lobby read here.)"""
    if isinstance(failure, DBAPIError) and failure.connection_invalidated:
        return True
    return database_unreachable(failure)


# What a database that went away or is restarting raises: a dropped or refused socket,
# asyncpg's connection-level errors (class 08), the server shutting down or starting
# up (57P01-57P03), or a connection asyncpg no longer holds.
_UNREACHABLE = (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError,
                asyncpg.exceptions.OperatorInterventionError)


def database_unreachable(failure: BaseException) -> bool:
    """Whether `failure` (or what it wraps: SQLAlchemy's DBAPIError holds the driver's
    error) says the database could not be reached or went away, which a retry after
    it is back outlives."""
    seen = 0
    while failure is not None and seen < 5:
        if isinstance(failure, _UNREACHABLE):
            return True
        failure = getattr(failure, "orig", None) or failure.__cause__ or failure.__context__
        seen += 1
    return False


APPEND_CONNECTIONS = 2  # PostgreSQL: the group committer's own (it writes two batches at once)


def asyncpg_dsn(url: str) -> str:
    """The SQLAlchemy URL `postgresql+asyncpg://...` as asyncpg's own DSN."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def _nothing_to_reset(connection: asyncpg.Connection) -> None:
    """An append leaves nothing on its connection (one autocommitted statement: no
    transaction, lock, setting or LISTEN), so asyncpg's reset query on its return to
    the pool (another round trip before the append's slot frees) is skipped."""
