"""Hosted events in the store: the rows of server/tournaments/tables.py, read and
written for the director. Each change that must not happen twice is one transaction
keyed by a primary key: a round is inserted with all its pairings at once, so a
restart (or a second caller) can never pair the same round twice."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from server.names import shown_name
from server.store.schema import accounts
from server.store.store import pack, unpack
from server.tournaments.tables import entries, pairings, rounds
from server.tournaments.tables import tournaments as events


def _event(row) -> dict[str, Any]:
    return {**dict(row._mapping), "settings": unpack(row.settings)}


def _pairing(row) -> dict[str, Any]:
    out = dict(row._mapping)
    out["result"] = unpack(row.result) if row.result is not None else None
    return out


class EventStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    # -- events --------------------------------------------------------------------
    async def create_event(self, row: dict[str, Any]) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(insert(events).values(
                {**row, "settings": pack(row["settings"])}))

    async def event(self, event_id: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(events).where(events.c.id == event_id))).first()
        return _event(row) if row is not None else None

    async def list_events(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        query = select(events).order_by(events.c.created_at.desc()).limit(limit)
        if status is not None:
            query = query.where(events.c.status == status)
        async with self.engine.connect() as conn:
            return [_event(r) for r in (await conn.execute(query)).all()]

    async def event_ids(self, status: str) -> list[str]:
        async with self.engine.connect() as conn:
            return list((await conn.execute(select(events.c.id)
                                            .where(events.c.status == status))).scalars())

    async def set_event(self, event_id: str, *, only_if: str | None = None,
                        **values: Any) -> bool:
        """Change the event; with `only_if`, only while its status is that (False if
        not: someone else changed it first)."""
        query = update(events).where(events.c.id == event_id)
        if only_if is not None:
            query = query.where(events.c.status == only_if)
        async with self.engine.begin() as conn:
            return (await conn.execute(query.values(**values))).rowcount == 1

    # -- entries -------------------------------------------------------------------
    async def add_entry(self, row: dict[str, Any]) -> bool:
        """False if the account is entered already."""
        try:
            async with self.engine.begin() as conn:
                await conn.execute(insert(entries).values(
                    {**row, "warband": pack(row["warband"])}))
        except IntegrityError:
            return False
        return True

    async def entries(self, event_id: str) -> list[dict[str, Any]]:
        query = (select(entries, accounts.c.display_name, accounts.c.guest)
                 .join(accounts, accounts.c.id == entries.c.account_id)
                 .where(entries.c.event_id == event_id)
                 .order_by(entries.c.registered_at, entries.c.account_id))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [{**dict(r._mapping), "warband": unpack(r.warband),
                 "name": shown_name(r.display_name, guest=r.guest)} for r in rows]

    async def set_entry(self, event_id: str, account_id: str, **values: Any) -> bool:
        async with self.engine.begin() as conn:
            done = await conn.execute(update(entries).where(
                entries.c.event_id == event_id, entries.c.account_id == account_id)
                .values(**values))
        return done.rowcount == 1

    # -- rounds and pairings -------------------------------------------------------
    async def add_round(self, event_id: str, number: int, paired_at: float,
                        tables: list[dict[str, Any]], *, replace: bool = False) -> bool:
        """The round and its pairings in one transaction; False if the round was paired
        already (by an earlier run of the director). `replace`: re-pair a round that has
        not started (its old pairings go in the same transaction)."""
        try:
            async with self.engine.begin() as conn:
                if replace:
                    gone = await conn.execute(delete(rounds).where(
                        rounds.c.event_id == event_id, rounds.c.number == number,
                        rounds.c.status == "paired"))
                    if gone.rowcount != 1:
                        return False
                    await conn.execute(delete(pairings).where(
                        pairings.c.event_id == event_id, pairings.c.round == number))
                await conn.execute(insert(rounds).values(
                    event_id=event_id, number=number, status="paired", paired_at=paired_at))
                if tables:
                    await conn.execute(insert(pairings).values([
                        {"event_id": event_id, "round": number, "table_no": i,
                         "player_a": t["player_a"], "player_b": t["player_b"],
                         "match_id": t.get("match_id"),
                         "result": pack(t["result"]) if t.get("result") else None}
                        for i, t in enumerate(tables, start=1)]))
        except IntegrityError:
            return False
        return True

    async def rounds(self, event_id: str) -> list[dict[str, Any]]:
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(rounds).where(rounds.c.event_id == event_id)
                                       .order_by(rounds.c.number))).all()
        return [dict(r._mapping) for r in rows]

    async def set_round(self, event_id: str, number: int, *, only_if: str | None = None,
                        **values: Any) -> bool:
        query = update(rounds).where(rounds.c.event_id == event_id, rounds.c.number == number)
        if only_if is not None:
            query = query.where(rounds.c.status == only_if)
        async with self.engine.begin() as conn:
            return (await conn.execute(query.values(**values))).rowcount == 1

    async def pairings(self, event_id: str, number: int | None = None) -> list[dict[str, Any]]:
        query = select(pairings).where(pairings.c.event_id == event_id)
        if number is not None:
            query = query.where(pairings.c.round == number)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query.order_by(pairings.c.round,
                                                      pairings.c.table_no))).all()
        return [_pairing(r) for r in rows]

    async def is_event_match(self, match_id: str) -> bool:
        async with self.engine.connect() as conn:
            found = (await conn.execute(select(pairings.c.event_id)
                                        .where(pairings.c.match_id == match_id))).first()
        return found is not None

    async def set_result(self, event_id: str, number: int, table: int,
                         result: dict[str, Any], *, correction: dict[str, Any] | None = None
                         ) -> bool:
        """Record a game's result once (False if it had one), or, as a `correction`
        (corrected_by, corrected_why, corrected_at), replace it."""
        query = update(pairings).where(pairings.c.event_id == event_id,
                                       pairings.c.round == number,
                                       pairings.c.table_no == table)
        if correction is None:
            query = query.where(pairings.c.result.is_(None))
        async with self.engine.begin() as conn:
            done = await conn.execute(query.values(result=pack(result), **(correction or {})))
        return done.rowcount == 1
