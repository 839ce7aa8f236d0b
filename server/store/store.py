"""The match store: every read and write the server makes, as async methods over
one SQLAlchemy engine (SQLite through aiosqlite, PostgreSQL through asyncpg).

Event appends go through `server.store.committer.Committer`, which writes the
appends of many matches in one transaction (group commit). On PostgreSQL the
appends have a small asyncpg pool of their own, used without SQLAlchemy: they are
the one write on every command's path, and SQLAlchemy's layers (a greenlet hop,
statement and parameter handling) were most of their CPU (bench/store_append.py,
"CPU us/append": 313 -> 159-170 us for one match, 90-93 -> 54-62 us at ten).

The engine and what its failures mean are server.store.engine's; the accounts' and
tokens' reads and writes server.store.accounts's (a mixin, as are the appends, the
resumes' reads and the seating).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import msgspec
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from server.names import shown_name, username_key
from server.store import migrate
from server.store.accounts import AccountRecords
from server.store.appends import Appends, StaleOwner  # noqa: F401 (re-exported)
from server.store.engine import APPEND_CONNECTIONS, _nothing_to_reset, asyncpg_dsn, create_engine
from server.store.resume import ResumeReads, ResumeRecords, among  # noqa: F401 (re-exported)
from server.store.schema import (
    accounts,
    commands,
    events,
    matches,
    seats,
    snapshots,
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


MAX_SEQ = 2**31 - 1  # the seq columns are 32-bit integers on PostgreSQL


def _house_bot_level(bot: str | None, seat: str) -> str | None:
    """The level of the house bot holding `seat`, from the match's
    "seat:level:warband[:pace]"."""
    if bot is None:
        return None
    bot_seat, level = bot.split(":")[:2]
    return level if bot_seat == seat else None


class Store(AccountRecords, ResumeReads, Appends, Seating):
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
