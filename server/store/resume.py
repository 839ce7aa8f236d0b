"""What resuming matches reads (server.matches.waking): a chunk's rows first, then,
once one of its matches wakes, the logs of those with no snapshot, and the newest
snapshot and the events after it of the others. Each is a few queries for a whole
chunk rather than six for each match: a restart with 10,000 matches in play
(bench/restart_many.py) reads 20 chunks, not 10,000 matches. And the checkpoints a
stopping server writes (server.matches.checkpoints), many in one statement.

A mixin of `Store` (it uses its `engine` and `seat_names`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Integer as SqlInteger
from sqlalchemy import String as SqlString
from sqlalchemy import any_, bindparam, delete, func, select, true
from sqlalchemy.dialects.postgresql import ARRAY, aggregate_order_by
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncEngine

from server.store.schema import commands, events, matches, seats, snapshots


@dataclass(slots=True)
class ResumeRecords:
    """A match's records as resuming it reads them (`ResumeReads.resume_records`)."""

    row: dict[str, Any]
    holders: dict[str, str] = field(default_factory=dict)  # seat -> account id
    names: dict[str, str] = field(default_factory=dict)  # seat -> the name shown
    last_command: tuple[int, int] | None = None  # (idx, dice position)
    last_seq: int = 0  # of its last event
    last_clock: bytes | None = None  # the clocks its last command left (server.clocks)
    events: list[tuple[int, bytes]] | None = None  # its whole log, (seq, payload) pairs,
    # or with `snapshot` the events after it; None: read from the store (not read yet)
    snapshotted: bool = False  # it has a snapshot: it resumes from it, not from its log
    # its newest snapshot: (seq, pickled state, the checksum stored with event seq)
    snapshot: tuple[int, bytes, str] | None = None
    last_checksum: str | None = None  # stored with the last of `events`


class ResumeReads:
    engine: AsyncEngine  # (and `seat_names`: Store's)

    async def resume_records(self, match_ids: Sequence[str]) -> dict[str, ResumeRecords]:
        """These matches' rows, seat holders and names, and last commands (not their
        logs: `resume_logs`)."""
        ids = list(match_ids)
        out: dict[str, ResumeRecords] = {}
        async with self.engine.connect() as conn:
            for row in (await conn.execute(select(matches).where(
                    among(conn, matches.c.id, ids)))).mappings():
                out[row["id"]] = ResumeRecords(dict(row))
            for row in (await conn.execute(select(seats.c.match_id, seats.c.seat,
                                                  seats.c.account_id)
                                           .where(among(conn, seats.c.match_id, ids))
                                           )).all():
                out[row.match_id].holders[row.seat] = row.account_id
            for row in (await conn.execute(_last_commands(conn, ids))).all():
                record = out[row.match_id]
                record.last_command = (row.idx, row.dice_position)
                record.last_seq, record.last_clock = row.last_seq, row.clock
            for match_id in (await conn.execute(
                    select(snapshots.c.match_id).where(among(conn, snapshots.c.match_id, ids))
                    .distinct())).scalars():
                out[match_id].snapshotted = True
        names = await self.seat_names(list(out))
        for match_id, record in out.items():
            record.names = names.get(match_id, {})
        return out

    async def resume_logs(self, records: dict[str, ResumeRecords]) -> None:
        """Fill in the whole logs of those of `records` with no snapshot, and the
        newest snapshot and the events after it of the others (a snapshot whose event
        is missing is left out: that match reads its own)."""
        plain = [i for i, record in records.items() if not record.snapshotted]
        for match_id in plain:
            records[match_id].events = []
        snapshotted = [i for i, record in records.items() if record.snapshotted]
        async with self.engine.connect() as conn:
            if plain:
                await _read_logs(conn, plain, records)
            if snapshotted:
                await _read_snapshots(conn, snapshotted, records)

    async def save_snapshots(self, rows: Sequence[tuple[str, int, bytes]]) -> None:
        """Store these (match id, seq, pickled state) snapshots in one statement; one
        already there at a match's seq stays (it holds the same state). The older
        snapshots of these matches go: only a match's newest is ever read (a takeback
        to before it folds the whole log), and a restart writes one a match."""
        if not rows:
            return
        dialect = self.engine.dialect.name
        statement = (postgresql_insert if dialect == "postgresql" else sqlite_insert)(
            snapshots).on_conflict_do_nothing()
        older = delete(snapshots).where(snapshots.c.match_id == bindparam("match"),
                                        snapshots.c.seq < bindparam("newest"))
        async with self.engine.begin() as conn:
            await conn.execute(statement, [{"match_id": match_id, "seq": seq, "state": state}
                                           for match_id, seq, state in rows])
            await conn.execute(older, [{"match": match_id, "newest": seq}
                                       for match_id, seq, _ in rows])


def among(conn: Any, column: Any, ids: Sequence[str]):
    """`column IN ids`: on PostgreSQL `= ANY` of one array parameter, whose SQL is the
    same whatever the ids (an IN list of 500 is rendered and sent anew each time:
    ~5% of a restart with 10,000 matches, bench/restart_many.py)."""
    if conn.dialect.name == "postgresql":
        return column == any_(bindparam(None, list(ids), type_=ARRAY(SqlString)))
    return column.in_(list(ids))


def _wanted(ids: list[str]):
    """The ids as a table (PostgreSQL): one array parameter unnested. A VALUES list
    of 500 literal rows was compiled anew each chunk (SQLAlchemy cannot cache it),
    8% of the CPU of a restart with 10,000 matches (bench/restart_many.py)."""
    return func.unnest(bindparam("wanted_ids", list(ids), type_=ARRAY(SqlString))
                       ).table_valued("id").render_derived(name="wanted")


def _last_commands(conn: Any, ids: list[str]):
    """Each match's last command. PostgreSQL looks each up by the primary key (a
    lateral join over the ids): the plain `max(idx) ... group by` was planned as a
    scan of the whole commands table on a freshly written database, 50 ms a chunk."""
    wanted = ("match_id", "idx", "dice_position", "last_seq", "clock")
    if conn.dialect.name == "postgresql":
        ids_table = _wanted(ids)
        last = (select(*(commands.c[name] for name in wanted))
                .where(commands.c.match_id == ids_table.c.id)
                .order_by(commands.c.idx.desc()).limit(1).lateral("last"))
        return select(*(last.c[name] for name in wanted)).select_from(ids_table).join(
            last, last.c.match_id == ids_table.c.id)
    newest = (select(commands.c.match_id, func.max(commands.c.idx).label("idx"))
              .where(commands.c.match_id.in_(ids)).group_by(commands.c.match_id).subquery())
    return (select(*(commands.c[name] for name in wanted))
            .join(newest, (commands.c.match_id == newest.c.match_id)
                  & (commands.c.idx == newest.c.idx)))


async def _read_logs(conn: Any, match_ids: list[str], out: dict[str, ResumeRecords]) -> None:
    """The whole logs of these matches, as (seq, payload) pairs. PostgreSQL sends
    each match's log as one row of two arrays: a row a match rather than one an
    event, the difference between 1.3 and 0.3 ms a match when 10,000 resume."""
    if conn.dialect.name == "postgresql":
        query = (select(events.c.match_id,
                        func.array_agg(aggregate_order_by(events.c.seq, events.c.seq)),
                        func.array_agg(aggregate_order_by(events.c.payload, events.c.seq)),
                        func.array_agg(aggregate_order_by(events.c.checksum,
                                                          events.c.seq.desc()))[1])
                 .where(among(conn, events.c.match_id, match_ids))
                 .group_by(events.c.match_id))
        for match_id, seqs, payloads, last in (await conn.execute(query)).all():
            out[match_id].events = list(zip(seqs, payloads, strict=True))
            out[match_id].last_checksum = last
        return
    query = (select(events.c.match_id, events.c.seq, events.c.payload, events.c.checksum)
             .where(events.c.match_id.in_(match_ids))
             .order_by(events.c.match_id, events.c.seq))
    for match_id, seq, payload, checksum in (await conn.execute(query)).all():
        out[match_id].events.append((seq, payload))
        out[match_id].last_checksum = checksum


async def _read_snapshots(conn: Any, match_ids: list[str],
                          out: dict[str, ResumeRecords]) -> None:
    """Each match's newest snapshot, the checksum of the event at its seq, and the
    events after it (two queries a chunk; PostgreSQL looks each up by its key)."""
    postgres = conn.dialect.name == "postgresql"
    if postgres:  # (as _last_commands: a lateral join, no scan of the table)
        ids_table = _wanted(match_ids)
        newest = (select(snapshots.c.seq, snapshots.c.state)
                  .where(snapshots.c.match_id == ids_table.c.id)
                  .order_by(snapshots.c.seq.desc()).limit(1).lateral("newest"))
        query = select(ids_table.c.id, newest.c.seq, newest.c.state).select_from(
            ids_table).join(newest, true())
    else:
        latest = (select(snapshots.c.match_id.label("id"),
                         func.max(snapshots.c.seq).label("seq"))
                  .where(snapshots.c.match_id.in_(match_ids))
                  .group_by(snapshots.c.match_id).subquery())
        query = select(snapshots.c.match_id, snapshots.c.seq, snapshots.c.state).join(
            latest, (snapshots.c.match_id == latest.c.id)
            & (snapshots.c.seq == latest.c.seq))
    found = {match_id: (seq, state) for match_id, seq, state in
             (await conn.execute(query)).all()}
    if not found:
        return
    # (match id, snapshot seq) pairs: two arrays unnested on PostgreSQL, each match's
    # events from there looked up by the key (a lateral join: a plain join was
    # planned as a scan of the whole events table, ~80 ms a chunk); the same subquery
    # again on SQLite
    if postgres:
        since = func.unnest(bindparam("since_ids", list(found), type_=ARRAY(SqlString)),
                            bindparam("since_seqs", [seq for seq, _ in found.values()],
                                      type_=ARRAY(SqlInteger))).table_valued(
            "id", "seq").render_derived(name="since")
        tail = (select(events.c.seq, events.c.payload, events.c.checksum)
                .where(events.c.match_id == since.c.id, events.c.seq >= since.c.seq)
                .order_by(events.c.seq)  # (else PostgreSQL flattens it into that join)
                .lateral("tail"))
        query = (select(since.c.id, tail.c.seq, tail.c.payload, tail.c.checksum)
                 .select_from(since).join(tail, true()).order_by(since.c.id, tail.c.seq))
    else:
        query = (select(events.c.match_id, events.c.seq, events.c.payload, events.c.checksum)
                 .join(latest, (events.c.match_id == latest.c.id)
                       & (events.c.seq >= latest.c.seq))
                 .order_by(events.c.match_id, events.c.seq))
    tails: dict[str, list] = {match_id: [] for match_id in found}
    checksums: dict[str, str] = {}
    lasts: dict[str, str] = {}  # the checksum of its last event
    for match_id, seq, payload, checksum in (await conn.execute(query)).all():
        if seq == found[match_id][0]:
            checksums[match_id] = checksum
        else:
            tails[match_id].append((seq, payload))
        lasts[match_id] = checksum
    for match_id, (seq, state) in found.items():
        if match_id in checksums:
            out[match_id].snapshot = (seq, state, checksums[match_id])
            out[match_id].events = tails[match_id]
            out[match_id].last_checksum = lasts[match_id]
