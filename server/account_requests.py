"""A connection's account requests: register, log in, play as a guest,
authenticate with a token, log out; and what signing in or out does to the
connection (its seeks, watches and chat are the last account's, its token's end
signs it out). Mixed into gateway.ClientConnection."""

from __future__ import annotations

import asyncio
from typing import Any

from protocol.messages import Authenticate, Guest, Login, Logout, Register
from server.accounts import Account


class AccountRequests:
    services: Any  # these are the ClientConnection's
    account: Account | None
    token: str | None
    address: str
    identity: int
    _expiry: Any

    async def on_register(self, request: Register) -> dict:
        return self._session(await self.services.accounts.register(request.username,
                                                                     request.password))

    async def on_login(self, request: Login) -> dict:
        return self._session(await self.services.accounts.login(
            request.username, request.password, self.address))

    async def on_guest(self, request: Guest) -> dict:
        return self._session(await self.services.accounts.guest(request.name))

    async def on_authenticate(self, request: Authenticate) -> dict:
        session = await self.services.accounts.authenticate(request.token)
        self._sign_in(session.account, session.token, session.expires_at)
        return {"account_id": self.account.id, "name": self.account.display_name,
                "username": self.account.username, "guest": self.account.guest}

    async def on_logout(self, request: Logout) -> dict:
        self._signed_in()
        if self.token:
            await self.services.accounts.logout(self.token)
            # The token is dead on every connection: one signed in with a copy of it (a
            # stolen one, say) is signed out too, as if it had logged out itself.
            for other in list(self.services.token_holders.get(self.token, ())):
                if other is not self:
                    other._sign_in(None, None)
        self._sign_in(None, None)
        return {"logged_out": True}

    def _session(self, session) -> dict:
        self._sign_in(session.account, session.token, session.expires_at)
        return session.to_wire()

    def _sign_in(self, account: Account | None, token: str | None,
                 expires_at: float | None = None) -> None:
        if self.account is not None and (account is None or account.id != self.account.id):
            self.identity += 1  # (first: nothing queued for the last account is served)
            self.services.seeks.drop(self)  # (its seeks were the last account's)
            self._stop_watching()  # what the last account was shown is not for the next
            self._stop_chat()
        self._hold_token(token)
        self.account, self.token = account, token
        # A token's end signs the connection out then, as a logout of it would.
        if self._expiry is not None:
            self._expiry.cancel()
            self._expiry = None
        if account is not None and expires_at is not None:
            delay = max(0.0, expires_at - self.services.accounts.clock())
            self._expiry = asyncio.get_running_loop().call_later(
                delay, self._sign_in, None, None)

    def _hold_token(self, token: str | None) -> None:
        """Record this connection under `token` (None: under none) in token_holders."""
        holders = self.services.token_holders
        if self.token is not None and self.token in holders:
            holders[self.token].discard(self)
            if not holders[self.token]:
                del holders[self.token]
        if token is not None:
            holders.setdefault(token, set()).add(self)
