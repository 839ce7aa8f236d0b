"""Accounts and their sign-in tokens in the store: an account created under its
username's key, found by id or as login finds a username, its failed logins counted,
and tokens added, read with their account and revoked.

A mixin of `server.store.store.Store` (its `engine`), apart from the matches and their
logs, which make up the rest of the store.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from server.names import username_key
from server.store.schema import accounts, tokens


class AccountRecords:
    """A mixin of `server.store.store.Store` (its `engine`)."""

    engine: Any

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
