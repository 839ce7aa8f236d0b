"""Chat in the store: messages, reports, mutes, silences and the moderator flag.
Kept apart from server/store/store.py (the match store), on the same engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from server.names import shown_name
from server.store.schema import (
    accounts,
    chat_messages,
    chat_mutes,
    chat_reports,
    chat_silences,
)

HISTORY = 100  # messages a history request gets at most (the newest)


@dataclass(frozen=True, slots=True)
class Message:
    id: int
    match_id: str | None
    room: str
    author_id: str
    author: str  # the name shown (server.names)
    text: str
    created_at: float

    def to_wire(self) -> dict[str, Any]:
        return {"message_id": self.id, "match_id": self.match_id, "room": self.room,
                "author_id": self.author_id, "author": self.author, "text": self.text,
                "at": self.created_at}


def _message(row: Any) -> Message:
    return Message(row.id, row.match_id, row.room, row.author_id,
                   shown_name(row.display_name, guest=row.guest), row.text,
                   row.created_at)


_COLUMNS = (chat_messages.c.id, chat_messages.c.match_id, chat_messages.c.room,
            chat_messages.c.author_id, chat_messages.c.text, chat_messages.c.created_at,
            accounts.c.display_name, accounts.c.guest)
_JOINED = chat_messages.join(accounts, accounts.c.id == chat_messages.c.author_id)


class ChatStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def add(self, match_id: str | None, room: str, author_id: str, text: str,
                  now: float) -> Message:
        async with self.engine.begin() as conn:
            added = await conn.execute(insert(chat_messages).values(
                match_id=match_id, room=room, author_id=author_id, text=text,
                created_at=now).returning(chat_messages.c.id))
            message_id = added.scalar_one()
            row = (await conn.execute(select(*_COLUMNS).select_from(_JOINED)
                                      .where(chat_messages.c.id == message_id))).one()
        return _message(row)

    async def history(self, match_id: str | None, room: str, muted: set[str],
                      limit: int = HISTORY) -> list[Message]:
        """The room's newest shown messages, oldest first, without those of `muted`."""
        query = (select(*_COLUMNS).select_from(_JOINED)
                 .where(chat_messages.c.room == room, chat_messages.c.hidden_at.is_(None))
                 .order_by(chat_messages.c.id.desc()).limit(limit))
        query = query.where(chat_messages.c.match_id.is_(None) if match_id is None
                            else chat_messages.c.match_id == match_id)
        if muted:
            query = query.where(chat_messages.c.author_id.not_in(muted))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [_message(r) for r in reversed(rows)]

    async def message(self, message_id: int) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(chat_messages).where(
                chat_messages.c.id == message_id))).mappings().first()
        return dict(row) if row else None

    async def hide(self, message_id: int, moderator_id: str, now: float) -> bool:
        """False if it was hidden already (or does not exist)."""
        async with self.engine.begin() as conn:
            done = await conn.execute(
                update(chat_messages).where(chat_messages.c.id == message_id,
                                            chat_messages.c.hidden_at.is_(None))
                .values(hidden_by=moderator_id, hidden_at=now))
        return done.rowcount == 1

    async def report(self, message_id: int, reporter_id: str, reason: str,
                     now: float) -> bool:
        """False if this reporter reported this message before."""
        try:
            async with self.engine.begin() as conn:
                await conn.execute(insert(chat_reports).values(
                    message_id=message_id, reporter_id=reporter_id, reason=reason,
                    created_at=now))
            return True
        except IntegrityError:
            return False

    async def reports(self, limit: int) -> list[dict[str, Any]]:
        """The newest reports, for the moderators: the message, its author, the reporter."""
        author, reporter = accounts.alias("author"), accounts.alias("reporter")
        query = (select(chat_reports.c.message_id, chat_reports.c.reason,
                        chat_reports.c.created_at, chat_messages.c.match_id,
                        chat_messages.c.room, chat_messages.c.author_id, chat_messages.c.text,
                        chat_messages.c.hidden_at, author.c.display_name.label("author_name"),
                        author.c.guest.label("author_guest"),
                        reporter.c.display_name.label("reporter_name"),
                        reporter.c.guest.label("reporter_guest"))
                 .select_from(chat_reports
                              .join(chat_messages,
                                    chat_messages.c.id == chat_reports.c.message_id)
                              .join(author, author.c.id == chat_messages.c.author_id)
                              .join(reporter, reporter.c.id == chat_reports.c.reporter_id))
                 .order_by(chat_reports.c.created_at.desc()).limit(limit))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [{"message_id": r.message_id, "match_id": r.match_id, "room": r.room,
                 "author_id": r.author_id,
                 "author": shown_name(r.author_name, guest=r.author_guest), "text": r.text,
                 "hidden": r.hidden_at is not None,
                 "reporter": shown_name(r.reporter_name, guest=r.reporter_guest),
                 "reason": r.reason, "at": r.created_at} for r in rows]

    # -- mutes --------------------------------------------------------------------------
    async def mute(self, account_id: str, muted_id: str, now: float) -> None:
        try:
            async with self.engine.begin() as conn:
                await conn.execute(insert(chat_mutes).values(
                    account_id=account_id, muted_id=muted_id, created_at=now))
        except IntegrityError:
            pass  # muted already: nothing to change

    async def unmute(self, account_id: str, muted_id: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(delete(chat_mutes).where(chat_mutes.c.account_id == account_id,
                                                        chat_mutes.c.muted_id == muted_id))

    async def muted_by(self, account_id: str) -> set[str]:
        """Whom `account_id` has muted."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(chat_mutes.c.muted_id).where(
                chat_mutes.c.account_id == account_id))).all()
        return {r.muted_id for r in rows}

    async def muters_of(self, author_id: str) -> set[str]:
        """Who has muted `author_id` (they are not sent what it writes)."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(chat_mutes.c.account_id).where(
                chat_mutes.c.muted_id == author_id))).all()
        return {r.account_id for r in rows}

    # -- moderation ---------------------------------------------------------------------
    async def account_exists(self, account_id: str) -> bool:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(accounts.c.id).where(
                accounts.c.id == account_id))).first()
        return row is not None

    async def is_moderator(self, account_id: str) -> bool:
        """Read at each request, so that granting or revoking takes effect at once."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(accounts.c.moderator).where(
                accounts.c.id == account_id))).first()
        return bool(row and row.moderator)

    async def set_moderator(self, account_id: str, moderator: bool) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(update(accounts).where(accounts.c.id == account_id)
                               .values(moderator=moderator))

    async def silence(self, account_id: str, until: float, by: str, reason: str,
                      now: float) -> None:
        """Silence (or, with `until` <= now, lift the silence of) an account."""
        async with self.engine.begin() as conn:
            await conn.execute(delete(chat_silences).where(
                chat_silences.c.account_id == account_id))
            if until > now:
                await conn.execute(insert(chat_silences).values(
                    account_id=account_id, until=until, silenced_by=by, reason=reason,
                    created_at=now))

    async def silenced_until(self, account_id: str, now: float) -> float | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(chat_silences.c.until).where(
                chat_silences.c.account_id == account_id,
                chat_silences.c.until > now))).first()
        return row.until if row else None
