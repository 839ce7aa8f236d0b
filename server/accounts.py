"""Accounts and sessions: passwords hashed with argon2 (argon2-cffi), guests,
opaque bearer tokens stored only as their SHA-256, expiry and logout, and
lock-outs after repeated failed logins per account and per address."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import threading
import time
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from protocol.errors import ProtocolError
from server.names import USERNAME, plain_guest_name, reserved, username_key
from server.store.store import Store

MIN_PASSWORD = 8
TOKEN_LIFETIME = 30 * 24 * 3600.0
GUEST_TOKEN_LIFETIME = 7 * 24 * 3600.0
# After FREE_FAILURES failed logins in a row the account (or address) is locked for
# LOCK_BASE seconds, doubling with each further failure up to LOCK_MAX.
FREE_FAILURES = 5
ADDRESS_FREE_FAILURES = 20
LOCK_BASE = 30.0
LOCK_MAX = 15 * 60.0


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    display_name: str
    username: str | None
    guest: bool


@dataclass(frozen=True, slots=True)
class Session:
    account: Account
    token: str
    expires_at: float

    def to_wire(self) -> dict:
        return {"account_id": self.account.id, "name": self.account.display_name,
                "username": self.account.username, "guest": self.account.guest,
                "token": self.token, "expires_at": self.expires_at}


def lock_for(failures: int, free: int) -> float:
    """Seconds to lock after `failures` failures in a row (0 while under `free`)."""
    if failures < free:
        return 0.0
    return min(LOCK_MAX, LOCK_BASE * 2 ** (failures - free))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    def __init__(self, store: Store, clock=time.time, guard: LoginGuard | None = None) -> None:
        self.store = store
        self.guard = guard if guard is not None else LoginGuard()  # (per address, turns)
        self.clock = clock
        self.hasher = PasswordHasher()
        # Checked against when the username is unknown, so that a wrong username takes
        # as long as a wrong password and does not reveal which usernames exist. Made
        # on a thread of its own (argon2 lets go of the GIL): made inline it was ~0.4 s
        # of the CPU a start spends before it listens (bench/restart_many.py).
        self._decoy_hash: str | None = None
        self._decoy_thread = threading.Thread(target=self._make_decoy, daemon=True,
                                              name="decoy password hash")
        self._decoy_thread.start()

    def _make_decoy(self) -> None:
        made = self.hasher.hash(secrets.token_urlsafe(16))
        if self._decoy_hash is None:  # (a test may have set a cheaper one meanwhile)
            self._decoy_hash = made

    async def _decoy(self) -> str:
        if self._decoy_hash is None:  # (only in the first moments after a start)
            await asyncio.to_thread(self._decoy_thread.join)
        return self._decoy_hash

    async def register(self, username: str, password: str) -> Session:
        if not USERNAME.fullmatch(username):
            raise ProtocolError("bad_username")
        if reserved(username):
            raise ProtocolError("reserved_name")
        if len(password) < MIN_PASSWORD:
            raise ProtocolError("weak_password")
        password_hash = await asyncio.to_thread(self.hasher.hash, password)
        account = Account(_new_id(), username, username, False)
        # The database's unique key on the username's canonical form decides, also
        # between registrations sent at once ("Bob" and "bob"): one of them is taken.
        created = await self.store.create_account({
            "id": account.id, "username": username, "display_name": username,
            "password_hash": password_hash, "guest": False, "created_at": self.clock(),
            "failed_logins": 0, "locked_until": None})
        if not created:
            raise ProtocolError("username_taken")
        return await self._new_session(account)

    async def guest(self, name: str | None) -> Session:
        display = plain_guest_name(name) or f"Guest-{secrets.token_hex(3)}"
        if reserved(display):
            raise ProtocolError("reserved_name")
        account = Account(_new_id(), display, None, True)
        await self.store.create_account({
            "id": account.id, "username": None, "display_name": display,
            "password_hash": None, "guest": True, "created_at": self.clock(),
            "failed_logins": 0, "locked_until": None})
        return await self._new_session(account, GUEST_TOKEN_LIFETIME)

    async def login(self, username: str, password: str, address: str) -> Session:
        # One attempt at a time per address and per account, from the lock check to
        # recording the failure: otherwise guesses sent at once all pass the check
        # before any of them counts, and the failure count loses updates.
        async with self.guard.turn(f"address:{address}"), \
                self.guard.turn(f"account:{username_key(username)}"):
            return await self._login(username, password, address)

    async def _login(self, username: str, password: str, address: str) -> Session:
        now = self.clock()
        await self.guard.check(address, now)
        row = await self.store.account(username=username)  # ("BOB" finds bob)
        if row is not None and row["locked_until"] and row["locked_until"] > now:
            raise _locked(row["locked_until"] - now)
        verified = await self._verify(row["password_hash"] if row else None, password)
        if row is None or not verified:
            await self.guard.failed(address, now)
            if row is not None:
                failures = row["failed_logins"] + 1
                lock = lock_for(failures, FREE_FAILURES)
                await self.store.set_login_failures(row["id"], failures,
                                                    now + lock if lock else None)
            raise ProtocolError("auth_failed")
        await self.guard.succeeded(address)
        if row["failed_logins"]:
            await self.store.set_login_failures(row["id"], 0, None)
        return await self._new_session(_account(row))

    async def authenticate(self, token: str) -> Session:
        found = await self.store.token_with_account(token_hash(token))
        if found is None:
            raise ProtocolError("token_invalid")
        row, account = found
        if row["revoked_at"] is not None or row["expires_at"] <= self.clock():
            raise ProtocolError("token_invalid")
        return Session(_account(account), token, row["expires_at"])

    async def logout(self, token: str) -> None:
        await self.store.revoke_token(token_hash(token), self.clock())

    async def _verify(self, password_hash: str | None, password: str) -> bool:
        if password_hash is None:  # no such user, or a guest: spend the same time
            password_hash = await self._decoy()
        try:
            return await asyncio.to_thread(self.hasher.verify, password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    async def _new_session(self, account: Account,
                           lifetime: float = TOKEN_LIFETIME) -> Session:
        token = secrets.token_urlsafe(32)
        now = self.clock()
        await self.store.add_token({"token_hash": token_hash(token), "account_id": account.id,
                                    "created_at": now, "expires_at": now + lifetime,
                                    "revoked_at": None})
        return Session(account, token, now + lifetime)



class LoginGuard:
    """Failed logins per address, and one login attempt at a time per address and per
    account, in this process (several nodes: server.cluster.shared_limits)."""

    def __init__(self) -> None:
        self._address_failures: dict[str, tuple[int, float]] = {}  # address -> (count, until)
        self._turns: dict[str, list] = {}  # key -> [lock, holders and waiters]

    async def check(self, address: str, now: float) -> None:
        _, until = self._address_failures.get(address, (0, 0.0))
        if until > now:
            raise _locked(until - now)

    async def failed(self, address: str, now: float) -> None:
        count, _ = self._address_failures.get(address, (0, 0.0))
        lock = lock_for(count + 1, ADDRESS_FREE_FAILURES)
        self._address_failures[address] = (count + 1, now + lock if lock else 0.0)

    async def succeeded(self, address: str) -> None:
        self._address_failures.pop(address, None)

    @contextlib.asynccontextmanager
    async def turn(self, key: str):
        turn = self._turns.setdefault(key, [asyncio.Lock(), 0])
        turn[1] += 1
        try:
            async with turn[0]:
                yield
        finally:
            turn[1] -= 1
            if not turn[1]:  # nobody holds or waits: forget the key
                del self._turns[key]


def _locked(seconds: float) -> ProtocolError:
    return ProtocolError("login_locked", f"Too many failed logins; try again in "
                         f"{int(seconds) + 1} seconds.", details={"retry_after": seconds})


def _account(row: dict) -> Account:
    return Account(row["id"], row["display_name"], row["username"], bool(row["guest"]))


def _new_id() -> str:
    return secrets.token_hex(8)
