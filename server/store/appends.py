"""Writing the event log: a batch of appends (commands with their events, of many
matches) in one transaction, fenced by the matches' leases when several nodes run.
On PostgreSQL one autocommitted statement on the appends' own asyncpg pool (the one
write on every command's path: store.py says why not SQLAlchemy); on SQLite the same
rows through SQLAlchemy. A mixin of `server.store.store.Store`."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import asyncpg
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from server.store.schema import commands, events, match_leases

if TYPE_CHECKING:
    from collections.abc import Iterable

    from server.store.store import Append


# The batch's two INSERTs; `guard` is appended to each SELECT (empty: always written).
def _append_inserts(guard: str = "") -> tuple[str, str]:
    store_commands = f"""
    INSERT INTO commands (match_id, idx, seat, request_id, payload, first_seq, last_seq,
                          dice_position, created_at, clock)
    SELECT * FROM unnest($1::varchar[], $2::integer[], $3::varchar[], $4::varchar[],
                         $5::bytea[], $6::integer[], $7::integer[], $8::integer[],
                         $9::double precision[], $14::bytea[]){guard}"""
    store_events = f"""
    INSERT INTO events (match_id, seq, payload, checksum)
    SELECT * FROM unnest($10::varchar[], $11::integer[], $12::bytea[], $13::varchar[]){guard}"""
    return store_commands, store_events


# One statement is one transaction: either every command and event of the batch is
# stored or none is (a seq or request id already taken: IntegrityError).
_STORE_COMMANDS, _STORE_EVENTS = _append_inserts()
_APPEND_PG = f"WITH stored_commands AS ({_STORE_COMMANDS}){_STORE_EVENTS}"

# The same, fenced (several nodes): the appends' leases are read FOR SHARE and the rows
# written only if every one is still (owner, epoch), all in one autocommitted statement.
# A node taking one of these leases waits for it, then resumes from a log with these
# rows in it; a stale lease writes nothing and the statement answers false.
_FENCED_COMMANDS, _FENCED_EVENTS = _append_inserts("\n     WHERE (SELECT ok FROM fenced)")
_APPEND_PG_FENCED = f"""
WITH held AS (
    SELECT l.match_id FROM match_leases l
      JOIN unnest($15::varchar[], $16::varchar[], $17::bigint[]) AS f(match_id, owner, epoch)
        ON l.match_id = f.match_id AND l.owner = f.owner AND l.epoch = f.epoch
       FOR SHARE OF l),
fenced AS (SELECT count(*) = cardinality($15::varchar[]) AS ok FROM held),
stored_commands AS ({_FENCED_COMMANDS}),
stored_events AS ({_FENCED_EVENTS})
SELECT ok FROM fenced
"""


async def _discard_if_broken(conn: asyncpg.Connection, operation) -> Any:
    """Await an append's statement; if it fails for any reason but a refused row, the
    connection is closed, so the pool opens a new one instead of handing it out again.
    (The appends' pool skips asyncpg's reset on release, which would otherwise find a
    connection left mid-protocol by a database going away: reused, it failed the next
    append with "cannot switch to state 12; another operation (2) is in progress".)"""
    try:
        return await operation
    except asyncpg.IntegrityConstraintViolationError:
        raise  # (a whole answer from the database: the connection is fine)
    except BaseException:
        with contextlib.suppress(Exception):  # (one already lost is detached from the pool)
            conn.terminate()
        raise


class StaleOwner(Exception):
    """Appends made under a lease another node has taken since: nothing was written."""

    def __init__(self, match_ids: list[str]) -> None:
        super().__init__(f"the lease of {', '.join(match_ids)} has passed to another node")
        self.match_ids = match_ids


async def _insert_rows(conn: Any, appends: list[Append]) -> None:
    """The appends' command and event rows, in the caller's transaction."""
    await conn.execute(insert(commands), [_command_row(a) for a in appends])
    event_rows = [{"match_id": a.match_id, "seq": e.seq, "payload": e.payload,
                   "checksum": e.checksum} for a in appends for e in a.events]
    if event_rows:
        await conn.execute(insert(events), event_rows)


def _command_row(a: Append) -> dict[str, Any]:
    return {"match_id": a.match_id, "idx": a.command.idx, "seat": a.command.seat,
            "request_id": a.command.request_id, "payload": a.command.payload,
            "first_seq": a.command.first_seq, "last_seq": a.command.last_seq,
            "dice_position": a.command.dice_position, "created_at": a.created_at,
            "clock": a.command.clock}


class Appends:
    """The store's writes of the event log (needs `engine` and `append_pool`)."""

    async def write_appends(self, appends: Iterable[Append]) -> None:
        """Write appends in one transaction; IntegrityError if any seq or request id
        is already taken, StaleOwner if one was made under a lease another node has
        taken since (then nothing of this call is written)."""
        appends = list(appends)
        fenced = any(a.lease is not None for a in appends)
        if self.append_pool is not None:
            await self._write_appends_pg(appends, fenced=fenced)
            return
        if fenced:
            await self._write_fenced(appends)
            return
        async with self.engine.begin() as conn:
            await _insert_rows(conn, appends)

    async def _write_fenced(self, appends: list[Append]) -> None:
        """Appends made under leases: written, then each lease checked in the same
        transaction, which is undone if one has passed on. The check comes after the
        writes: SQLite's single writer lock is held by then, and PostgreSQL's FOR SHARE
        makes a node taking the lease wait for this transaction, after which it reads
        the log with these rows in it."""
        async with self.engine.begin() as conn:
            await _insert_rows(conn, appends)
            fenced = {a.match_id: a.lease for a in appends if a.lease is not None}
            query = select(match_leases.c.match_id, match_leases.c.owner,
                           match_leases.c.epoch).where(match_leases.c.match_id.in_(fenced))
            if conn.dialect.name == "postgresql":
                query = query.with_for_update(read=True)
            held = {r.match_id: (r.owner, r.epoch) for r in (await conn.execute(query)).all()}
            stale = sorted(m for m, lease in fenced.items() if held.get(m) != lease)
            if stale:
                raise StaleOwner(stale)

    async def _write_appends_pg(self, appends: list[Append], *, fenced: bool = False) -> None:
        """PostgreSQL: the same rows in one statement, so one round trip to the server
        (BEGIN, two batched INSERTs and COMMIT were four, each a system call and a
        wake-up on both sides), autocommitted, and no per-row parameter handling in
        our process. Fenced appends (several nodes) read their leases FOR SHARE first,
        in the same transaction: a node taking a lease waits for it to commit, then
        resumes from a log that has these rows (and a stale lease writes nothing)."""
        events_of = [(a.match_id, e) for a in appends for e in a.events]
        try:
            async with self.append_pool.acquire() as conn:
                await self._append_statement(conn, appends, events_of, fenced)
        except asyncpg.IntegrityConstraintViolationError as error:
            # (the same error as the SQLite path and every other write raise)
            raise IntegrityError(_APPEND_PG, None, error) from error

    @staticmethod
    async def _append_statement(conn, appends: list[Append], events_of,
                                fenced: bool) -> None:
        leases = [(a.match_id, a.lease) for a in appends if a.lease is not None]
        extra = ([m for m, _ in leases], [lease[0] for _, lease in leases],
                 [lease[1] for _, lease in leases]) if fenced else ()
        written = await _discard_if_broken(conn, (conn.fetchval if fenced else conn.execute)(
            _APPEND_PG_FENCED if fenced else _APPEND_PG,
            [a.match_id for a in appends], [a.command.idx for a in appends],
            [a.command.seat for a in appends],
            [a.command.request_id for a in appends],
            [a.command.payload for a in appends],
            [a.command.first_seq for a in appends],
            [a.command.last_seq for a in appends],
            [a.command.dice_position for a in appends],
            [a.created_at for a in appends],
            [m for m, _ in events_of], [e.seq for _, e in events_of],
            [e.payload for _, e in events_of], [e.checksum for _, e in events_of],
            [a.command.clock for a in appends], *extra))
        if fenced and not written:
            raise StaleOwner(sorted(m for m, _ in leases))

