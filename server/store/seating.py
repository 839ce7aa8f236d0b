"""Seats taken and matches withdrawn, fenced against each other in the database.

Quick pairing across nodes (server/cluster/shared_seeks.py) can have two nodes act on
one pairing: the node that claimed it, stalled, making the match, and the node that
took the pairing over, withdrawing it. A check in Redis before creating cannot fence a
write to PostgreSQL made after it, so the decision is made here: a seat is taken only
while its match row, locked, is still open; a withdrawal locks the same row (or
creates it, aborted, so a late creation of that id is refused by its primary key) and
aborts it only while a seat is free. Whichever comes first wins; the other is told."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError

from server.store.schema import matches, seats


class SeatTaken(Exception):
    """Someone else holds that seat (the primary key refused a second holder)."""


class MatchNotOpen(Exception):
    """The match stopped being open (started, or withdrawn) before the seat was taken."""

    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status


class Seating:
    """A mixin of `server.store.store.Store` (its `engine`)."""

    engine: Any

    async def take_seat(self, match_id: str, seat: str, account_id: str,
                        setup: bytes | None = None) -> None:
        """Seat `account_id` in the open match; with `setup`, the match's new setup (the
        joiner's warband) is stored in the same transaction: both or neither."""
        try:
            async with self.engine.begin() as conn:
                status = await _locked_status(conn, match_id)
                if status != "open":
                    raise MatchNotOpen(status)
                await conn.execute(insert(seats).values(match_id=match_id, seat=seat,
                                                        account_id=account_id,
                                                        joined_at=time.time()))
                if setup is not None:
                    await conn.execute(update(matches).where(matches.c.id == match_id)
                                       .values(setup=setup))
        except IntegrityError:
            raise SeatTaken(seat) from None

    async def withdraw_unmade(self, tombstone: dict[str, Any], seats_needed: int) -> bool:
        """Withdraw the match `tombstone["id"]` unless it was made (every seat taken):
        True when it is now aborted, or was never created (then the tombstone, an
        aborted row, keeps that id from being created later); False when it was made."""
        match_id = tombstone["id"]
        async with self.engine.begin() as conn:
            status = await _locked_status(conn, match_id)
            if status is None:
                try:
                    async with conn.begin_nested():
                        await conn.execute(insert(matches).values(
                            **tombstone, status="aborted", finished_at=time.time()))
                    return True
                except IntegrityError:  # (created meanwhile: lock and judge that row)
                    status = await _locked_status(conn, match_id)
            if status == "aborted":
                return True
            taken = (await conn.execute(select(func.count()).select_from(seats).where(
                seats.c.match_id == match_id))).scalar()
            if status != "open" or taken >= seats_needed:
                return False
            await conn.execute(update(matches).where(matches.c.id == match_id)
                               .values(status="aborted", finished_at=time.time()))
            return True


async def _locked_status(conn, match_id: str) -> str | None:
    """The match's status, its row locked until the transaction ends. The row is
    touched by an update rather than read FOR UPDATE: SQLite has no row locks, and its
    driver begins the transaction (taking the database's write lock) only at a write."""
    await conn.execute(update(matches).where(matches.c.id == match_id)
                       .values(status=matches.c.status))
    return (await conn.execute(select(matches.c.status).where(
        matches.c.id == match_id))).scalar()
