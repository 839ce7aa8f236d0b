"""The match store: every read and write the server makes, as async methods over
one SQLAlchemy engine (SQLite through aiosqlite, PostgreSQL through asyncpg).

Event appends go through `server.store.committer.Committer`, which writes the
appends of many matches in one transaction (group commit). On PostgreSQL the
appends have a small asyncpg pool of their own, used without SQLAlchemy: they are
the one write on every command's path, and SQLAlchemy's layers (a greenlet hop,
statement and parameter handling) were most of their CPU (bench/store_append.py,
"CPU us/append": 313 -> 159-170 us for one match, 90-93 -> 54-62 us at ten).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import msgspec
from sqlalchemy import delete, event, func, insert, make_url, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from server.names import shown_name, username_key
from server.store import migrate
from server.store.appends import Appends, StaleOwner  # noqa: F401 (re-exported)
from server.store.resume import ResumeReads, ResumeRecords, among  # noqa: F401 (re-exported)
from server.store.schema import (
    accounts,
    commands,
    events,
    matches,
    seats,
    snapshots,
    tokens,
)
from server.store.seating import MatchNotOpen, Seating, SeatTaken  # noqa: F401 (re-exported)

pack = msgspec.msgpack.encode
unpack = msgspec.msgpack.decode


@dataclass(slots=True)
class EventRow:
    seq: int
    payload: bytes  # MessagePack of Event.to_wire()
    checksum: str


@dataclass(slots=True)
class CommandRow:
    idx: int
    seat: str
    request_id: str
    payload: bytes  # MessagePack of Command.to_wire()
    first_seq: int
    last_seq: int
    dice_position: int
    clock: bytes | None = None  # MessagePack of the clocks it left (server.clocks); untimed None


@dataclass(slots=True)
class Append:
    """One command's durable record: the command and the events it caused."""

    match_id: str
    command: CommandRow
    events: list[EventRow]
    created_at: float = field(default_factory=time.time)
    # (owner, epoch) of the match's lease it is made under (server/cluster/leases.py):
    # refused (StaleOwner) if the lease has since passed on; None with one node
    lease: tuple[str, int] | None = None


POOL_SIZE, POOL_OVERFLOW = 10, 10  # PostgreSQL: the shared pool's connections

# What a read or write raises when every pooled connection stayed in use for the pool's
# whole timeout (30 s): the server is overloaded, not broken, and the request may be
# retried (the gateway answers `server_busy`).
STORE_BUSY = (PoolTimeout,)
MAX_SEQ = 2**31 - 1  # the seq columns are 32-bit integers on PostgreSQL


def create_engine(url: str) -> AsyncEngine:
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30})

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


def _house_bot_level(bot: str | None, seat: str) -> str | None:
    """The level of the house bot holding `seat`, from the match's
    "seat:level:warband[:pace]"."""
    if bot is None:
        return None
    bot_seat, level = bot.split(":")[:2]
    return level if bot_seat == seat else None


APPEND_CONNECTIONS = 2  # PostgreSQL: the group committer's own (it writes two batches at once)


def asyncpg_dsn(url: str) -> str:
    """The SQLAlchemy URL `postgresql+asyncpg://...` as asyncpg's own DSN."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def _nothing_to_reset(connection: asyncpg.Connection) -> None:
    """An append leaves nothing on its connection (one autocommitted statement: no
    transaction, lock, setting or LISTEN), so asyncpg's reset query on its return to
    the pool (another round trip before the append's slot frees) is skipped."""


class Store(ResumeReads, Appends, Seating):
    def __init__(self, engine: AsyncEngine, append_pool: asyncpg.Pool | None = None) -> None:
        self.engine = engine
        # Appends (the group commit) have connections of their own on PostgreSQL, so that
        # an acknowledgement never waits for a connection behind the lobby's and the
        # catch-ups' queries: when a thousand matches were created at once, a commit
        # waited up to 1.4 s for one of the shared pool's. (None: SQLite, one writer,
        # appends through the engine.)
        self.append_pool = append_pool

    @classmethod
    async def open(cls, url: str, *, upgrade: bool = True) -> Store:
        engine = create_engine(url)
        if upgrade:
            try:
                await migrate.upgrade(engine)
            except BaseException:
                # (a connection that failed to open may still have its driver thread at
                # work: let it end while the loop runs, not print into a closed one)
                await engine.dispose()
                raise
        append_pool = None
        if engine.dialect.name == "postgresql":
            append_pool = await asyncpg.create_pool(
                asyncpg_dsn(url), min_size=APPEND_CONNECTIONS, max_size=APPEND_CONNECTIONS,
                reset=_nothing_to_reset)
        return cls(engine, append_pool)

    async def close(self) -> None:
        if self.append_pool is not None:
            await self.append_pool.close()
        await self.engine.dispose()

    # -- accounts ---------------------------------------------------------------------
    async def create_account(self, row: dict[str, Any]) -> bool:
        """False if the username (or one with the same key) is taken. The key is
        filled in here, so no account is stored without it."""
        if row.get("username") is not None:
            row = row | {"username_key": username_key(row["username"])}
        try:
            async with self.engine.begin() as conn:
                await conn.execute(insert(accounts).values(**row))
            return True
        except IntegrityError:
            return False

    async def account(self, *, account_id: str | None = None,
                      username: str | None = None) -> dict[str, Any] | None:
        """An account by id, or by username as login finds it: case and look-alike
        characters aside ("BOB" finds bob)."""
        if account_id:
            where = accounts.c.id == account_id
        else:
            where = ((accounts.c.username_key == username_key(username))
                     | (accounts.c.username == username))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(accounts).where(where))).mappings().all()
        # The exact spelling first: of two accounts that migration 0004 found sharing
        # a key, the later one is still reached by the username it registered.
        rows = sorted(rows, key=lambda r: r["username"] != username)
        return dict(rows[0]) if rows else None

    async def set_login_failures(self, account_id: str, failures: int,
                                 locked_until: float | None) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(update(accounts).where(accounts.c.id == account_id)
                               .values(failed_logins=failures, locked_until=locked_until))

    async def add_token(self, row: dict[str, Any]) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(insert(tokens).values(**row))

    async def token_with_account(self, token_hash: str
                                 ) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """A token and its account, read together (one query: every reconnect signs
        in with a token)."""
        columns = [*accounts.c, *(c.label(f"token_{c.name}") for c in tokens.c)]
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                select(*columns).join_from(tokens, accounts, tokens.c.account_id == accounts.c.id)
                .where(tokens.c.token_hash == token_hash))).mappings().first()
        if row is None:
            return None
        token = {c.name: row[f"token_{c.name}"] for c in tokens.c}
        return token, {c.name: row[c.name] for c in accounts.c}

    async def revoke_token(self, token_hash: str, when: float) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(update(tokens).where(tokens.c.token_hash == token_hash)
                               .values(revoked_at=when))

    # -- matches and seats ------------------------------------------------------------
    async def create_match(self, row: dict[str, Any], seat: str, account_id: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(insert(matches).values(**row))
            await conn.execute(insert(seats).values(match_id=row["id"], seat=seat,
                                                    account_id=account_id,
                                                    joined_at=row["created_at"]))

    async def match(self, match_id: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                select(matches).where(matches.c.id == match_id))).mappings().first()
        return dict(row) if row else None

    async def match_by_invite(self, code: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                select(matches).where(matches.c.invite_code == code))).mappings().first()
        return dict(row) if row else None

    async def seats(self, match_id: str) -> dict[str, str]:
        """seat -> account id of its holder."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(seats.c.seat, seats.c.account_id)
                                       .where(seats.c.match_id == match_id))).all()
        return {r.seat: r.account_id for r in rows}

    async def leave_seat(self, match_id: str, seat: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(delete(seats).where(seats.c.match_id == match_id,
                                                   seats.c.seat == seat))

    async def set_match(self, match_id: str, **values: Any) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(update(matches).where(matches.c.id == match_id).values(**values))

    async def open_matches(self, system: str | None = None,
                           status: str = "open") -> list[dict[str, Any]]:
        """Listed (not private) matches with `status`, oldest first."""
        query = select(matches).where(matches.c.status == status,
                                      matches.c.private.is_(False))
        if system:
            query = query.where(matches.c.system == system)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query.order_by(matches.c.created_at))).mappings().all()
        return [dict(r) for r in rows]

    async def active_systems(self) -> list[str]:
        """The rules systems of the matches in play."""
        async with self.engine.connect() as conn:
            return list((await conn.execute(select(matches.c.system).where(
                matches.c.status == "active").distinct())).scalars())

    async def forget_rules_versions(self, system: str, running: int) -> list[str]:
        """Matches of `system` in play that were created under rules other than
        `running`: their rules version is set to None (their record belongs to no one
        version: server.matches.hub); their ids."""
        where = ((matches.c.status == "active") & (matches.c.system == system)
                 & matches.c.rules_version.is_not(None) & (matches.c.rules_version != running))
        async with self.engine.begin() as conn:
            ids = list((await conn.execute(select(matches.c.id).where(where))).scalars())
            if ids:
                await conn.execute(update(matches).where(matches.c.id.in_(ids))
                                   .values(rules_version=None))
        return ids

    async def account_matches(self, account_id: str, *, system: str | None = None,
                              limit: int = 50) -> list[dict[str, Any]]:
        """The matches this account holds a seat in (any status), newest first,
        each with `my_seat`."""
        query = (select(matches, seats.c.seat.label("my_seat"))
                 .join(seats, seats.c.match_id == matches.c.id)
                 .where(seats.c.account_id == account_id))
        if system:
            query = query.where(matches.c.system == system)
        query = query.order_by(matches.c.created_at.desc()).limit(max(1, min(limit, 500)))
        async with self.engine.connect() as conn:
            return [dict(r) for r in (await conn.execute(query)).mappings().all()]

    async def match_ids(self, status: str) -> list[str]:
        async with self.engine.connect() as conn:
            return list((await conn.execute(
                select(matches.c.id).where(matches.c.status == status))).scalars())

    async def seat_names(self, match_ids: Sequence[str]) -> dict[str, dict[str, str]]:
        """match id -> seat -> the name shown for its holder (server.names.shown_name:
        guests marked, the house bot named by the server), for every listing, push
        and replay."""
        if not match_ids:
            return {}
        query = (select(seats.c.match_id, seats.c.seat, accounts.c.display_name,
                        accounts.c.guest, matches.c.bot)
                 .join(accounts, accounts.c.id == seats.c.account_id)
                 .join(matches, matches.c.id == seats.c.match_id))
        out: dict[str, dict[str, str]] = {}
        async with self.engine.connect() as conn:
            query = query.where(among(conn, seats.c.match_id, match_ids))
            for row in (await conn.execute(query)).all():
                out.setdefault(row.match_id, {})[row.seat] = shown_name(
                    row.display_name, guest=bool(row.guest),
                    house_bot_level=_house_bot_level(row.bot, row.seat))
        return out

    async def finished_matches(self, *, system: str | None = None, player: str | None = None,
                               since: float | None = None, until: float | None = None,
                               limit: int = 50) -> list[dict[str, Any]]:
        query = select(matches).where(matches.c.status == "finished")
        if system:
            query = query.where(matches.c.system == system)
        if since is not None:
            query = query.where(matches.c.finished_at >= since)
        if until is not None:
            query = query.where(matches.c.finished_at <= until)
        if player:  # a registered account, found as login finds it; never a guest's name
            played = (select(seats.c.match_id).join(accounts, accounts.c.id == seats.c.account_id)
                      .where((accounts.c.username_key == username_key(player))
                             | (accounts.c.username == player)))
            query = query.where(matches.c.id.in_(played))
        query = query.order_by(matches.c.finished_at.desc()).limit(max(1, min(limit, 500)))
        async with self.engine.connect() as conn:
            return [dict(r) for r in (await conn.execute(query)).mappings().all()]

    # -- the event log ----------------------------------------------------------------
    async def events_after(self, match_id: str, after_seq: int,
                           upto: int | None = None) -> list[EventRow]:
        # Seqs come from clients (subscribe's after_seq, get_view's at_seq) and may be
        # past what the seq column holds, which the database refuses as a parameter
        # (issue 29): no seq is larger than MAX_SEQ, so the bound means the same.
        query = select(events.c.seq, events.c.payload, events.c.checksum).where(
            events.c.match_id == match_id, events.c.seq > min(after_seq, MAX_SEQ))
        if upto is not None:
            query = query.where(events.c.seq <= min(upto, MAX_SEQ))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query.order_by(events.c.seq))).all()
        return [EventRow(r.seq, r.payload, r.checksum) for r in rows]

    async def last_seq(self, match_id: str) -> int:
        async with self.engine.connect() as conn:
            value = (await conn.execute(select(func.max(events.c.seq))
                                        .where(events.c.match_id == match_id))).scalar()
        return value or 0

    async def commands(self, match_id: str) -> list[CommandRow]:
        query = select(commands).where(commands.c.match_id == match_id).order_by(commands.c.idx)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [CommandRow(r["idx"], r["seat"], r["request_id"], r["payload"], r["first_seq"],
                           r["last_seq"], r["dice_position"], r["clock"]) for r in rows]

    async def last_command(self, match_id: str) -> CommandRow | None:
        query = (select(commands).where(commands.c.match_id == match_id)
                 .order_by(commands.c.idx.desc()).limit(1))
        async with self.engine.connect() as conn:
            r = (await conn.execute(query)).mappings().first()
        if r is None:
            return None
        return CommandRow(r["idx"], r["seat"], r["request_id"], r["payload"], r["first_seq"],
                          r["last_seq"], r["dice_position"], r["clock"])

    async def command_by_request(self, match_id: str, seat: str,
                                 request_id: str) -> CommandRow | None:
        query = select(commands).where(commands.c.match_id == match_id,
                                       commands.c.seat == seat,
                                       commands.c.request_id == request_id)
        async with self.engine.connect() as conn:
            r = (await conn.execute(query)).mappings().first()
        if r is None:
            return None
        return CommandRow(r["idx"], r["seat"], r["request_id"], r["payload"], r["first_seq"],
                          r["last_seq"], r["dice_position"], r["clock"])

    async def save_snapshot(self, match_id: str, seq: int, state: bytes) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(insert(snapshots).values(match_id=match_id, seq=seq, state=state))

    async def latest_snapshot(self, match_id: str) -> tuple[int, bytes] | None:
        query = (select(snapshots.c.seq, snapshots.c.state)
                 .where(snapshots.c.match_id == match_id)
                 .order_by(snapshots.c.seq.desc()).limit(1))
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return (row.seq, row.state) if row else None
