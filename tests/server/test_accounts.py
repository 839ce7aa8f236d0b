"""Accounts through a real server and socket, on SQLite and PostgreSQL: register,
log in, resume a session with its token, log out, guests; what the database
keeps (argon2 hashes, token digests, never a secret); and the lock-outs that
slow down password guessing, per account and per address."""

from __future__ import annotations

import asyncio
import hashlib
import threading
import time

import pytest
from argon2 import PasswordHasher
from argon2.exceptions import VerifyMismatchError
from sqlalchemy import select, update
from websockets.asyncio.client import connect as websockets_connect

from clients.client import Client, ServerError
from server import accounts as accounts_module
from server.accounts import GUEST_TOKEN_LIFETIME, LOCK_BASE, TOKEN_LIFETIME
from server.store.schema import accounts, tokens

PASSWORD = "correct horse"


class Clock:
    """The accounts' clock, moved by hand instead of waiting out a lock."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(server) -> Clock:
    clock = Clock()
    server.services.accounts.clock = clock
    return clock


@pytest.fixture
async def connect(server):
    """Open a new connection (a new device, a reconnect) to the server, from
    127.0.0.1 or another loopback address."""
    opened: list[Client] = []

    async def new_connection(address: str = "127.0.0.1") -> Client:
        websocket = await websockets_connect(server.url, max_size=None, local_addr=(address, 0))
        opened.append(Client(websocket))
        return opened[-1]

    yield new_connection
    for client in opened:
        await client.close()


async def refused(client: Client, kind: str, **fields) -> ServerError:
    with pytest.raises(ServerError) as error:
        await client.request(kind, **fields)
    return error.value


async def rows(server, table) -> list[dict]:
    async with server.store.engine.connect() as conn:
        return [dict(r) for r in (await conn.execute(select(table))).mappings().all()]


async def test_register_then_login_then_resume_with_a_token(connect):
    """A registered player can log in again and resume either session's token on a
    new connection; without one, requests that need an account are refused."""
    first = await connect()
    registered = await first.request("register", username="ann", password=PASSWORD)
    assert (registered["username"], registered["name"], registered["guest"]) == \
        ("ann", "ann", False)
    assert registered["expires_at"] == pytest.approx(time.time() + TOKEN_LIFETIME, abs=60)

    second = await connect()
    logged_in = await second.request("login", username="ann", password=PASSWORD)
    assert logged_in["account_id"] == registered["account_id"]
    assert logged_in["token"] != registered["token"]

    for token in (registered["token"], logged_in["token"]):
        later = await connect()
        assert (await refused(later, "list_open")).code == "not_authenticated"
        resumed = await later.request("authenticate", token=token)
        assert resumed == {"account_id": registered["account_id"], "name": "ann",
                           "username": "ann", "guest": False}
        assert await later.request("list_open") == {"matches": []}


async def test_wrong_password_and_unknown_user_are_refused_alike(connect):
    """A wrong password and an unknown username both get auth_failed, no session."""
    client = await connect()
    await client.request("register", username="ann", password=PASSWORD)
    other = await connect()
    assert (await refused(other, "login", username="ann", password="not it!")).code \
        == "auth_failed"
    assert (await refused(other, "login", username="nobody", password=PASSWORD)).code \
        == "auth_failed"
    assert (await refused(other, "list_open")).code == "not_authenticated"


async def test_passwords_and_tokens_are_stored_only_as_hashes(server, connect):
    """The accounts table holds an argon2 hash, never the password; the tokens table
    holds SHA-256 digests, never a bearer token."""
    session = await (await connect()).request("register", username="ann", password=PASSWORD)
    again = await (await connect()).request("login", username="ann", password=PASSWORD)

    [account] = await rows(server, accounts)
    assert account["password_hash"].startswith("$argon2")
    assert PASSWORD not in account["password_hash"]
    assert PasswordHasher().verify(account["password_hash"], PASSWORD)

    stored = await rows(server, tokens)
    assert len(stored) == 2
    dump = repr(stored)
    for token in (session["token"], again["token"]):
        assert token not in dump
        digest = hashlib.sha256(token.encode()).hexdigest()
        assert [r["account_id"] for r in stored if r["token_hash"] == digest] == \
            [session["account_id"]]


async def test_logout_revokes_that_token_only(connect):
    """After logout the connection is signed out and its token no longer works;
    the player's other sessions keep working."""
    phone = await connect()
    kept = await phone.request("register", username="ann", password=PASSWORD)
    laptop = await connect()
    dropped = await laptop.request("login", username="ann", password=PASSWORD)
    assert await laptop.request("logout") == {"logged_out": True}
    assert (await refused(laptop, "list_open")).code == "not_authenticated"

    error = await refused(await connect(), "authenticate", token=dropped["token"])
    assert error.code == "token_invalid" and not error.retryable
    resumed = await (await connect()).request("authenticate", token=kept["token"])
    assert resumed["account_id"] == kept["account_id"]


async def test_an_expired_token_is_refused(server, connect):
    """A token past its expiry time is refused like an unknown one."""
    session = await (await connect()).request("register", username="ann", password=PASSWORD)
    digest = hashlib.sha256(session["token"].encode()).hexdigest()
    async with server.store.engine.begin() as conn:
        await conn.execute(update(tokens).where(tokens.c.token_hash == digest)
                           .values(expires_at=time.time() - 1))
    assert (await refused(await connect(), "authenticate", token=session["token"])).code \
        == "token_invalid"


async def test_a_connection_is_signed_out_when_its_token_expires(server, connect):
    """Signed in with a token, a connection is signed out at the token's expiry (as a
    logout of it would), not only refused the next time it signs in."""
    session = await (await connect()).request("register", username="ann", password=PASSWORD)
    digest = hashlib.sha256(session["token"].encode()).hexdigest()
    async with server.store.engine.begin() as conn:
        await conn.execute(update(tokens).where(tokens.c.token_hash == digest)
                           .values(expires_at=time.time() + 0.5))
    later = await connect()
    await later.request("authenticate", token=session["token"])
    assert "matches" in await later.request("list_open")
    await asyncio.sleep(0.7)
    assert (await refused(later, "list_open")).code == "not_authenticated"
    assert (await refused(later, "authenticate", token=session["token"])).code \
        == "token_invalid"


async def test_guests_play_with_a_token(server, connect):
    """A guest gets an account without password (a week-long token that resumes on a
    new connection); a guest's name is no login."""
    gus = await (await connect()).request("guest", name="Gus")
    assert (gus["name"], gus["username"], gus["guest"]) == ("Gus", None, True)
    assert gus["expires_at"] == pytest.approx(time.time() + GUEST_TOKEN_LIFETIME, abs=60)
    anonymous = await (await connect()).request("guest")
    assert anonymous["name"].startswith("Guest-") and anonymous["token"] != gus["token"]

    later = await connect()
    assert await later.request("authenticate", token=gus["token"]) == {
        "account_id": gus["account_id"], "name": "Gus", "username": None, "guest": True}
    created = await later.request("create_match", system="sbh")
    assert created["status"] == "open"
    stored = {r["id"]: r for r in await rows(server, accounts)}
    assert stored[gus["account_id"]]["password_hash"] is None
    assert stored[gus["account_id"]]["guest"] is True
    assert (await refused(later, "login", username="Gus", password=PASSWORD)).code \
        == "auth_failed"


async def fail_logins(client: Client, username: str, times: int) -> None:
    for _ in range(times):
        assert (await refused(client, "login", username=username,
                              password="wrong guess")).code == "auth_failed"


async def test_repeated_failures_lock_the_account_until_the_lock_passes(server, clock,
                                                                        connect):
    """Five wrong passwords in a row lock the account (login_locked, retryable, with
    retry_after), even for the right password; other accounts are unaffected; once
    the lock has passed the right password works and the count starts over."""
    await (await connect()).request("register", username="dave", password=PASSWORD)
    await (await connect()).request("register", username="erin", password=PASSWORD)
    client = await connect()
    await fail_logins(client, "dave", 5)

    locked = await refused(client, "login", username="dave", password=PASSWORD)
    assert locked.code == "login_locked" and locked.retryable
    assert locked.details["retry_after"] == pytest.approx(LOCK_BASE)
    await client.request("login", username="erin", password=PASSWORD)

    clock.now += LOCK_BASE - 1
    locked = await refused(client, "login", username="dave", password=PASSWORD)
    assert locked.details["retry_after"] == pytest.approx(1)

    clock.now += 2
    session = await client.request("login", username="dave", password=PASSWORD)
    assert session["username"] == "dave"
    [dave] = [r for r in await rows(server, accounts) if r["username"] == "dave"]
    assert (dave["failed_logins"], dave["locked_until"]) == (0, None)
    await fail_logins(client, "dave", 4)  # a fresh allowance after a success
    await client.request("login", username="dave", password=PASSWORD)


async def test_further_failures_after_a_lock_double_it(clock, connect):
    """A wrong password right after a lock passes locks the account again, for twice
    as long."""
    client = await connect()
    await client.request("register", username="dave", password=PASSWORD)
    await fail_logins(client, "dave", 5)
    clock.now += LOCK_BASE + 1
    await fail_logins(client, "dave", 1)
    locked = await refused(client, "login", username="dave", password=PASSWORD)
    assert locked.details["retry_after"] == pytest.approx(2 * LOCK_BASE)


async def test_guesses_sent_at_once_cannot_outrun_the_account_lock(server, connect):
    """Guesses at one account sent all at once, from many addresses, count like
    guesses in a row: only five are checked before the account locks."""
    await (await connect()).request("register", username="dave", password=PASSWORD)
    guessers = [await connect(f"127.0.0.{10 + i}") for i in range(8)]
    outcomes = await asyncio.gather(*(refused(c, "login", username="dave",
                                              password=f"guess {i}")
                                      for i, c in enumerate(guessers)))
    assert sorted(e.code for e in outcomes) == ["auth_failed"] * 5 + ["login_locked"] * 3
    [dave] = await rows(server, accounts)
    assert dave["failed_logins"] == 5
    assert (await refused(guessers[0], "login", username="dave", password=PASSWORD)).code \
        == "login_locked"


async def test_one_address_is_limited_across_usernames(clock, connect):
    """Twenty failed logins from one address, each on a different username, lock
    that address out (even for a correct password) until the lock passes."""
    await (await connect()).request("register", username="ann", password=PASSWORD)
    client = await connect()
    for i in range(20):
        await fail_logins(client, f"user{i}", 1)
    locked = await refused(await connect(), "login", username="ann", password=PASSWORD)
    assert locked.code == "login_locked"
    assert locked.details["retry_after"] == pytest.approx(LOCK_BASE)
    clock.now += LOCK_BASE + 1
    assert (await client.request("login", username="ann", password=PASSWORD))["username"] \
        == "ann"


async def test_guesses_sent_at_once_cannot_outrun_the_address_lock(connect):
    """Failed logins on many usernames sent all at once from one address count like
    failures in a row: twenty are checked, the rest are refused; other addresses
    are not affected."""
    await (await connect()).request("register", username="ann", password=PASSWORD)
    guessers = [await connect("127.0.0.5") for _ in range(25)]
    outcomes = await asyncio.gather(*(refused(c, "login", username=f"user{i}",
                                              password=PASSWORD)
                                      for i, c in enumerate(guessers)))
    assert sorted(e.code for e in outcomes) == ["auth_failed"] * 20 + ["login_locked"] * 5
    assert (await refused(guessers[0], "login", username="ann", password=PASSWORD)).code \
        == "login_locked"
    assert (await (await connect("127.0.0.6")).request(
        "login", username="ann", password=PASSWORD))["username"] == "ann"


async def test_the_decoy_hash_is_made_off_the_event_loop_and_checked_like_a_password(
        monkeypatch):
    """The hash an unknown username is checked against (so that it takes as long as a
    wrong password) is made on a thread: a start does not wait ~0.4 s for it, and a
    login that needs it before it is made waits for it, then runs argon2 on it."""
    gate = threading.Event()

    class Gated(PasswordHasher):
        def hash(self, password, **kwargs):
            gate.wait(10)
            return super().hash(password, **kwargs)

    monkeypatch.setattr(accounts_module, "PasswordHasher", Gated)
    accounts = accounts_module.Accounts(store=None)  # (the decoy needs no database)
    assert accounts._decoy_hash is None  # (constructed while the hash is still held)
    checking = asyncio.ensure_future(accounts._verify(None, PASSWORD))
    await asyncio.sleep(0.05)
    assert not checking.done()  # (waits for the decoy)
    gate.set()
    assert await asyncio.wait_for(checking, 10) is False
    with pytest.raises(VerifyMismatchError):  # (a real argon2 hash, not refused unread)
        PasswordHasher().verify(accounts._decoy_hash, PASSWORD)
