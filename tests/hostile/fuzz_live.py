"""Drives hostile frames (tests/hostile/fuzz_frames.py) against a live server over
real websockets, and judges every answer against docs/protocol.md (issue 29).

Each frame is first read by the protocol's own decoder (`decode_request`) to know
what the server owes it:

- a frame the decoder refuses breaks the protocol: the server must answer an error
  with that code (and the id it could read, or null), then close the connection with
  the code's close code (protocol/errors.py); a frame over websockets' own 256 KiB
  limit is closed with 1009 and no error frame (docs/protocol.md, Limits);
- a frame it reads as a request must be answered, a reply or an error carrying the
  request's id; the connection stays open (unless the error is one that closes it).

A frame with neither answer while its connection stays open is SILENT, the defect
this suite exists to find. Since a protocol violation closes its connection, each
connection carries some readable requests and at most one violation, last.

State: no refused frame may change the store. Readable requests of the MUTATING
types may rightly change it when accepted, so they run one at a time on one
connection, the store's fingerprint taken after each: a refused one must leave it as
it was. Everything else (violations, and requests of the other types, which must
never change the store whether accepted or not) runs concurrently in rounds, the
fingerprint taken before and after each round: it must not move at all.

The server's log (loggers "warband", "websockets", "asyncio") is captured: any
warning, error or exception logged while fuzzing is counted as a server exception.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import logging
import multiprocessing
import secrets
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from sqlalchemy import make_url, text
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clients.client import Client, ServerError
from protocol.codec import MAX_FRAME_BYTES, decode_request, decode_server, encode
from protocol.errors import ERRORS, ProtocolError
from protocol.messages import Request
from server.accounts import Account
from server.app import ServerOptions, WarbandServer
from server.rules.sbh.presets import preset
from tests.hostile.fuzz_frames import Context, Fuzzed
from tests.server.conftest import _admin

# Requests that may change the store when accepted (an account, a token, a match, a
# seat, an event, a chat message); the others must never change it.
MUTATING = frozenset({"register", "login", "guest", "logout", "create_match", "join",
                      "leave", "abort", "resign", "command",
                      # a claim ends a match; two seeks pair into a new match; a
                      # rematch makes one; an accepted takeback is an event
                      "claim_timeout", "seek", "rematch", "takeback_answer",
                      # chat: a message, a mute, a report (its own tables)
                      "chat_send", "chat_mute", "chat_unmute", "chat_report"})
SIGNS_IN_OR_OUT = frozenset({"register", "login", "guest", "logout", "authenticate"})
# Accepted, these use up the fuzzing context (its token, its open or active match).
USES_UP_CONTEXT = ("command", "join", "leave", "abort", "resign")  # (the order they run in)
# Answers that say the server failed, not that the request was refused.
SERVER_FAILURES = frozenset({"internal_error", "server_busy", "database_unavailable",
                             "store_unavailable"})
WEBSOCKET_LIMIT = 4 * MAX_FRAME_BYTES  # server/app.py: websockets' max_size
# The fuzzing clients: no compression, no keepalive pings, and no proxy lookup (which
# reads the whole environment on every connect: a fifth of the clients' time).
CLIENT = {"compression": None, "max_size": None, "ping_interval": None, "proxy": None,
          "open_timeout": 30}

FINGERPRINT = text(
    "select (select count(*) from accounts), (select count(*) from tokens),"
    " (select count(*) from tokens where revoked_at is not null),"
    " (select count(*) from matches), (select count(*) from seats),"
    " (select count(*) from events), (select count(*) from commands)")
STATUSES = text("select status, count(*) from matches group by status order by status")


@dataclass(frozen=True)
class Expected:
    """What the server owes a frame: an answer to `request`, or the error `problem`
    and its close; or (too big for websockets to read) a close 1009 alone."""

    request: Request | None = None
    problem: ProtocolError | None = None

    @property
    def kind(self) -> str | None:
        return type(self.request).__struct_config__.tag if self.request else None


def expect(data: bytes | str) -> Expected:
    if isinstance(data, str):
        return Expected(problem=ProtocolError("text_frame"))
    if len(data) > WEBSOCKET_LIMIT:
        return Expected()
    try:
        return Expected(request=decode_request(data))
    except ProtocolError as problem:
        return Expected(problem=problem)


@dataclass
class Tally:
    frames: int = 0
    answered: int = 0  # a reply or an error with the request's id; connection open
    replies: int = 0  # (of which accepted)
    refusals: Counter = field(default_factory=Counter)  # error code -> frames (open)
    closed: Counter = field(default_factory=Counter)  # close code -> frames
    close_errors: Counter = field(default_factory=Counter)  # error code of those closes
    silent: int = 0
    wrong: list[str] = field(default_factory=list)  # answers breaking a promise
    server_failures: list[str] = field(default_factory=list)  # internal_error & co
    state_checks: int = 0  # fingerprints compared around refusals
    state_changes: list[str] = field(default_factory=list)  # refusals that changed it
    server_exceptions: list[str] = field(default_factory=list)  # from the log
    contexts: int = 0
    connections: int = 0
    seconds: float = 0.0
    mutations: Counter = field(default_factory=Counter)
    phases: Counter = field(default_factory=Counter)  # seconds: concurrent, one at a time...
    kinds: Counter = field(default_factory=Counter)  # frames by the request type made from
    accepted: Counter = field(default_factory=Counter)  # replies by request type

    def note(self, bucket: list[str], what: str) -> None:
        if len(bucket) < 1000:  # (examples; the count is what is judged)
            bucket.append(what)

    def summary(self) -> dict[str, Any]:
        return {"frames": self.frames, "answered": self.answered, "replies": self.replies,
                "closed": sum(self.closed.values()), "closed_by_code": dict(self.closed),
                "silent": self.silent, "wrong": len(self.wrong),
                "server_failures": len(self.server_failures),
                "server_exceptions": len(self.server_exceptions),
                "state_checks": self.state_checks,
                "state_changed_by_refusals": len(self.state_changes)}


class LogCatcher(logging.Handler):
    """Every warning, error and exception the server logs. The gateway logs a
    connection whose reader ended on an exception at debug level: counted too, unless
    the exception is the connection closing."""

    LOGGERS = ("warband", "websockets", "asyncio")

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[str] = []
        self._levels: dict[str, int] = {}

    def emit(self, record: logging.LogRecord) -> None:
        failure = record.exc_info[1] if record.exc_info else None
        if record.levelno >= logging.WARNING or (
                failure is not None and not isinstance(failure, ConnectionClosed)):
            line = f"{record.name} {record.levelname}: {record.getMessage()}"
            if failure is not None:
                line += f" ({type(failure).__name__}: {failure})"
            self.records.append(line)

    def unraisable(self, failure) -> None:
        """Exceptions Python could only print ("Exception ignored in ..."): counted
        too. (Named by type only: this can run a few frames short of the recursion
        limit, where a repr could fail again.)"""
        self.records.append(f"unraisable {failure.exc_type.__name__} in "
                            f"{type(failure.object).__name__}")

    def __enter__(self) -> LogCatcher:
        self._hook, sys.unraisablehook = sys.unraisablehook, self.unraisable
        for name in self.LOGGERS:
            logger = logging.getLogger(name)
            self._levels[name] = logger.level
            logger.setLevel(logging.DEBUG if name == "warband" else logging.WARNING)
            logger.addHandler(self)
        return self

    def __exit__(self, *exc) -> None:
        sys.unraisablehook = self._hook
        for name, level in self._levels.items():
            logging.getLogger(name).removeHandler(self)
            logging.getLogger(name).setLevel(level)


def cheap_passwords(server) -> None:
    """argon2 at its production cost (64 MiB, ~0.1 s a hash) would spend the fuzzing
    time on register and login frames; what they are refused or accepted for does
    not depend on the hash's cost."""
    accounts = server.services.accounts
    accounts.hasher = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    accounts._decoy_hash = accounts.hasher.hash(secrets.token_urlsafe(16))


async def fingerprint(server) -> tuple:
    """What no refused frame may change: accounts, tokens (and revoked ones), matches
    (how many of each status), seats, events, commands."""
    async with server.store.engine.connect() as conn:
        counts = tuple((await conn.execute(FINGERPRINT)).one())
        return counts + tuple(tuple(row) for row in await conn.execute(STATUSES))


async def settled(server, every: float = 0.005, limit: float = 10.0) -> tuple:
    """The fingerprint once the matches are idle and it holds still: an accepted
    request may change the store after its reply (a resignation's match is marked
    finished just after it)."""
    last = None
    async with asyncio.timeout(limit):
        while True:
            now = await fingerprint(server) if _matches_idle(server) else None
            if now is not None and now == last:
                return now
            last = now
            await asyncio.sleep(every)


def _matches_idle(server) -> bool:
    """No match actor has work queued or under way (each waits on its wakeup)."""
    return all(not actor.mailbox and actor._wakeup is not None and not actor._wakeup.done()
               for actor in server.hub.actors.values())


async def retire_context(url: str, context: Context) -> None:
    """End the matches of a context used up: over a long run, open challenges and
    running matches left behind would grow every list_open and list_live reply, and
    the server's memory. (Each may have ended already: errors are expected.)"""
    client = await Client.connect(url)
    try:
        await client.request("authenticate", token=context.token)
    except Exception:  # (the first context is a placeholder)
        await client.close()
        return
    try:
        for kind, match_id in (("abort", context.open_match), ("abort", context.private_match),
                               ("resign", context.active_match)):
            with contextlib.suppress(ServerError):
                await client.request(kind, match_id=match_id)
    finally:
        await client.close()


async def make_context(url: str) -> Context:
    """A fresh account with an open match, a private open one, an active match at its
    first prompt (the account holds seat "a") and a finished one."""
    suffix = secrets.token_hex(4)
    ann, bob = await Client.connect(url), await Client.connect(url)
    try:
        session = await ann.request("guest", name="Fuzz-Ann")
        await bob.request("guest", name="Fuzz-Bob")
        username, password = f"fuzz_{suffix}", "correct horse"
        registered = await Client.connect(url)
        await registered.request("register", username=username, password=password)
        await registered.close()
        open_match = await ann.request("create_match", system="sbh", board_size=24)
        private = await ann.request("create_match", system="sbh", private=True)
        active = await ann.request("create_match", system="sbh", board_size=24)
        await bob.request("join", match_id=active["match_id"])
        finished = await ann.request("create_match", system="sbh", board_size=24)
        await bob.request("join", match_id=finished["match_id"])
        await bob.request("resign", match_id=finished["match_id"])
    finally:
        await ann.close()
        await bob.close()
    return Context(token=session["token"], account_id=session["account_id"],
                   username=username, password=password,
                   open_match=open_match["match_id"], invite_code=private["invite_code"],
                   private_match=private["match_id"],
                   active_match=active["match_id"], finished_match=finished["match_id"],
                   warband=preset("elves"))


class LiveFuzz:
    """Runs frames against `server` (a started WarbandServer) and tallies them."""

    def __init__(self, server, source, *, connections: int = 16, round_frames: int = 1000,
                 batch: int = 8, timeout: float = 20.0, workers: int = 0) -> None:
        self.server = server
        self.source = source  # a FrameSource; its context is replaced when used up
        self.connections = connections
        self.round_frames = round_frames  # frames between two fingerprints
        self.batch = batch  # readable requests sent before a violation on one connection
        self.timeout = timeout  # for one connection's answers; then the rest are silent
        self.tally = Tally()
        self.stale = True  # the context needs making
        self._loud = None  # the connection for MUTATING requests
        # Processes for the clients' side of the concurrent connections (0: none, the
        # clients share the server's process): worth it with a core to spare only.
        self.workers = workers
        self.pool = (concurrent.futures.ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("spawn")) if workers else None)

    async def run(self, frames: Iterable[Fuzzed]) -> Tally:
        started = time.perf_counter()
        with LogCatcher() as log:
            frames = iter(frames)
            try:
                while True:
                    await self._refresh()  # (before the round's frames are made from it)
                    chunk = list(itertools.islice(frames, self.round_frames))
                    if not chunk:
                        break
                    await self._round(chunk)
            finally:
                if self._loud is not None:
                    await self._loud.close()
                if self.pool is not None:
                    self.pool.shutdown(cancel_futures=True)
            self.tally.server_exceptions.extend(log.records)
        self.tally.seconds = time.perf_counter() - started
        return self.tally

    async def _refresh(self) -> None:
        if self.stale:
            started = time.perf_counter()
            await retire_context(self.server.url, self.source.context)
            self.source.context = await make_context(self.server.url)
            await settled(self.server)  # (its finished match is marked so just after)
            self.tally.phases["contexts"] += time.perf_counter() - started
            self.tally.contexts += 1
            self.stale = False
            if self._loud is not None:
                await self._loud.close()
                self._loud = None

    async def _round(self, frames: list[Fuzzed]) -> None:
        loud, quiet = [], []
        for fuzzed in frames:
            self.tally.frames += 1
            self.tally.mutations[fuzzed.mutation.split(":")[0]] += 1
            self.tally.kinds[fuzzed.kind] += 1
            expected = expect(fuzzed.data)
            (loud if expected.kind in MUTATING else quiet).append((fuzzed, expected))
        # Connections: each violation last on its own, behind up to `batch` requests.
        jobs, readable = [], []
        for item in quiet:
            if item[1].request is None and item[1].problem is None:
                jobs.append([item])  # (websockets fails the connection at once: alone)
            elif item[1].request is not None:
                readable.append(item)
                if len(readable) == self.batch:
                    jobs.append(readable)
                    readable = []
            else:
                jobs.append([*readable, item])
                readable = []
        if readable:
            jobs.append(readable)
        before = await fingerprint(self.server)
        started = time.perf_counter()
        await self._connections(jobs)
        self.tally.phases["concurrent"] += time.perf_counter() - started
        after = await fingerprint(self.server)
        self.tally.state_checks += 1
        if after != before:
            kinds = Counter(f.kind for f, e in quiet if e.request is not None)
            self.tally.note(self.tally.state_changes, f"a round of {len(quiet)} frames that "
                            f"may not change the store did: {before} -> {after}; "
                            f"readable kinds {dict(kinds)}")
        started = time.perf_counter()
        await self._mutating(loud)
        self.tally.phases["one_at_a_time"] += time.perf_counter() - started

    async def _connections(self, jobs: list[list[tuple[Fuzzed, Expected]]]) -> None:
        """Each job on a connection of its own, `connections` at a time: here, or
        shared out among the worker processes (the server keeps this one)."""
        token = self.source.context.token
        plans = [Plan([f.data for f, _ in items], any(e.request for _, e in items),
                      items[-1][1].request is None, self.timeout) for items in jobs]
        if self.pool is None:
            results = await exchange_all(self.server.url, token, plans, self.connections)
        else:
            loop = asyncio.get_running_loop()
            shares = [plans[i::self.workers] for i in range(self.workers)]
            done = await asyncio.gather(*(
                loop.run_in_executor(self.pool, exchange_in_worker, self.server.url, token,
                                     share, self.connections) for share in shares))
            results = [None] * len(plans)
            for i, share_results in enumerate(done):
                results[i::self.workers] = share_results
        for items, plan, result in zip(jobs, plans, results, strict=True):
            self.tally.connections += 1
            if result.failure:
                for fuzzed, _ in items:
                    self.tally.note(self.tally.wrong, f"{fuzzed.mutation}: {result.failure}")
                continue
            answers = list(result.answers)
            if plan.sign_in:
                signed = answers.pop(0) if answers else None
                if signed is None or signed.get("type") != "reply":  # (never revoked)
                    self.tally.note(self.tally.wrong, f"signing in was refused: {signed}")
                    self.stale = True
            self._judge(items, answers, result.open_still, result.close_code,
                        result.close_reason)

    def _judge(self, items, answers, open_still, close_code, close_reason) -> None:
        tally = self.tally
        for i, (fuzzed, expected) in enumerate(items):
            answer = answers[i] if i < len(answers) else None
            last = i == len(items) - 1
            what = f"{fuzzed.kind}/{fuzzed.mutation} {_shown(fuzzed.data)}"
            if expected.request is None and expected.problem is None:  # over 256 KiB
                if answer is None and not open_still and close_code == 1009:
                    tally.closed[1009] += 1
                elif answer is None and open_still:
                    tally.silent += 1
                    tally.note(tally.wrong, f"silent: {what}")
                else:
                    tally.note(tally.wrong, f"{what}: {answer}, close {close_code}")
                continue
            if answer is None:
                if open_still:
                    tally.silent += 1
                    tally.note(tally.wrong, f"silent: {what}")
                else:
                    tally.note(tally.wrong, f"closed ({close_code} {close_reason!r}) "
                               f"without an answer: {what}")
                continue
            problem = expected.problem
            if problem is not None:  # a violation: its error, then its close
                if (answer.get("type") == "error" and answer.get("code") == problem.code
                        and _same_id(answer.get("id"), problem.request_id)
                        and type(answer.get("id")) in (int, str, type(None)) and last
                        and close_code == problem.close_code
                        and close_reason.startswith(f"{problem.code}:")):
                    tally.closed[close_code] += 1
                    tally.close_errors[problem.code] += 1
                else:
                    tally.note(tally.wrong, f"{what}: wanted {problem.code} "
                               f"(id {problem.request_id!r}) and close {problem.close_code}; "
                               f"got {answer} and close {close_code} {close_reason!r}")
                continue
            self._judge_answer(fuzzed, expected, answer, last, close_code, what)

    def _judge_answer(self, fuzzed, expected, answer, last, close_code, what) -> bool:
        """A readable request's answer; True if it was accepted."""
        tally = self.tally
        if not _same_id(answer.get("id"), expected.request.id):
            tally.note(tally.wrong, f"{what}: answered with id {answer.get('id')!r}, "
                       f"not {expected.request.id!r}")
            return False
        if answer.get("type") == "reply":
            tally.answered += 1
            tally.replies += 1
            tally.accepted[expected.kind] += 1
            return True
        code = answer.get("code")
        if answer.get("type") != "error" or code not in ERRORS:
            tally.note(tally.wrong, f"{what}: answered {answer}")
            return False
        if code in SERVER_FAILURES:
            tally.note(tally.server_failures, f"{what}: {answer}")
        spec = ERRORS[code]
        if spec.close_code is None:
            tally.answered += 1
            tally.refusals[code] += 1
        elif last and close_code == spec.close_code:
            tally.closed[close_code] += 1
            tally.close_errors[code] += 1
        else:
            tally.note(tally.wrong, f"{what}: {code} but close {close_code}")
        return False

    async def _mutating(self, items: list[tuple[Fuzzed, Expected]]) -> None:
        """Requests that may change the store: one at a time, fingerprinted around.
        Those that use the context up when accepted go last (the context is made
        afresh for the next round), so the others meet it as it was made."""
        items = sorted(items, key=lambda item: USES_UP_CONTEXT.index(item[1].kind) + 1
                       if item[1].kind in USES_UP_CONTEXT else 0)
        before = await fingerprint(self.server)
        for fuzzed, expected in items:
            if self._loud is None:
                await self._open_loud()
                before = await fingerprint(self.server)
            websocket = self._loud
            what = f"{fuzzed.kind}/{fuzzed.mutation} {_shown(fuzzed.data)}"
            answer = None
            try:
                await websocket.send(fuzzed.data)
                async with asyncio.timeout(self.timeout):
                    while answer is None:
                        message = decode_server(await websocket.recv())
                        if message.get("type") in ("reply", "error"):
                            answer = message
            except (TimeoutError, ConnectionClosed):
                pass
            if answer is None:
                if websocket.close_code is None:
                    self.tally.silent += 1
                    self.tally.note(self.tally.wrong, f"silent: {what}")
                else:
                    self.tally.note(self.tally.wrong, f"closed without an answer: {what}")
                await self._drop_loud()
                continue
            if _closes(answer):  # (the close follows its error frame)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.timeout):
                        await websocket.wait_closed()
            accepted = self._judge_answer(fuzzed, expected, answer, True,
                                          websocket.close_code, what)
            after = await (settled(self.server) if accepted else fingerprint(self.server))
            self.tally.state_checks += 1
            if not accepted and after != before:
                self.tally.note(self.tally.state_changes,
                                f"refused {what} ({answer.get('code')}) changed the store: "
                                f"{before} -> {after}")
            before = after
            if websocket.close_code is not None:
                await self._drop_loud()
            elif accepted and expected.kind in SIGNS_IN_OR_OUT:
                await self._drop_loud()  # (signed in as someone else now: start again)
            if accepted and expected.kind in USES_UP_CONTEXT:
                self.stale = True

    async def _open_loud(self) -> None:
        """The connection for MUTATING requests, signed in as the context's account
        with a token of its own: a logout it sends revokes that one only (the token is
        made the way a login makes it, without a login: fuzzed logins lock the
        account and the address out)."""
        self.tally.connections += 1
        account = Account(self.source.context.account_id, "Fuzz-Ann", None, True)
        session = await self.server.services.accounts._new_session(account)
        self._loud = await connect(self.server.url, **CLIENT)
        await self._loud.send(encode({"v": 1, "type": "authenticate", "id": "sign-in",
                                      "token": session.token}))
        async with asyncio.timeout(self.timeout):
            signed = decode_server(await self._loud.recv())
        if signed.get("type") != "reply":
            raise RuntimeError(f"the fuzzing account cannot sign in: {signed}")

    async def _drop_loud(self) -> None:
        if self._loud is not None:
            with contextlib.suppress(Exception):
                await self._loud.close()
            self._loud = None


@dataclass
class Plan:
    """What one connection sends: frames, after signing in if `sign_in`; it reads
    until every frame is answered or, if `until_closed`, until the server closes."""

    frames: list[bytes | str]
    sign_in: bool
    until_closed: bool
    timeout: float


@dataclass
class Exchange:
    """What came back: the replies and errors in order, and how the connection ended."""

    answers: list[dict] = field(default_factory=list)
    open_still: bool = True
    close_code: int | None = None
    close_reason: str | None = None
    failure: str | None = None  # could not connect


async def exchange(url: str, token: str, plan: Plan) -> Exchange:
    try:
        websocket = await connect(url, **CLIENT)
    except Exception as failure:
        return Exchange(failure=f"cannot connect: {failure!r}")
    result = Exchange()
    # (a frame over websockets' limit gets no error frame, only the close)
    wanted = plan.sign_in + len(plan.frames)

    async def send() -> None:
        with contextlib.suppress(ConnectionClosed):  # (closed on a violation: fine)
            if plan.sign_in:
                await websocket.send(encode({"v": 1, "type": "authenticate",
                                             "id": "sign-in", "token": token}))
            for frame in plan.frames:
                await websocket.send(frame)
    sender = asyncio.create_task(send())
    try:
        async with asyncio.timeout(plan.timeout):
            while len(result.answers) < wanted or plan.until_closed:
                message = decode_server(await websocket.recv())
                if message.get("type") in ("reply", "error"):
                    result.answers.append(message)
    except (TimeoutError, ConnectionClosed):
        pass
    finally:
        sender.cancel()
        with contextlib.suppress(BaseException):
            await sender
        result.open_still = websocket.close_code is None
        result.close_code, result.close_reason = websocket.close_code, websocket.close_reason
        with contextlib.suppress(Exception):
            await websocket.close()
    return result


async def exchange_all(url: str, token: str, plans: list[Plan],
                       connections: int) -> list[Exchange]:
    slots = asyncio.Semaphore(connections)

    async def one(plan: Plan) -> Exchange:
        async with slots:
            return await exchange(url, token, plan)
    return await asyncio.gather(*(one(plan) for plan in plans))


def exchange_in_worker(url: str, token: str, plans: list[Plan],
                       connections: int) -> list[Exchange]:
    """`exchange_all` in a worker process (its own event loop)."""
    return asyncio.run(exchange_all(url, token, plans, connections))


@contextlib.asynccontextmanager
async def live_server(database: str = "sqlite", rate: float = 1e9,
                      burst: float = 1e9) -> AsyncIterator[WarbandServer]:
    """A server in this process for fuzzing, on a database of its own: a temporary
    SQLite file, or a new database on the PostgreSQL server at `database` (dropped
    after). No rate limit unless asked (it answers rate_limited instead of a readable
    request's own answer) and cheap password hashing."""
    with tempfile.TemporaryDirectory() as folder:
        if database == "sqlite":
            url, drop = f"sqlite+aiosqlite:///{folder}/fuzz.db", None
        else:
            name = f"warband_fuzz_{secrets.token_hex(6)}"
            await _admin(database, f'CREATE DATABASE "{name}"')
            url = make_url(database).set(database=name).render_as_string(hide_password=False)
            drop = f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'
        server = WarbandServer(ServerOptions(port=0, database_url=url, rate=rate, burst=burst,
                                             static_dir=Path(folder),
                                             # (a connection for every frame that closes one)
                                             per_address=100_000, handshake_rate=100_000,
                                             handshake_burst=100_000))
        try:
            await server.start()
            cheap_passwords(server)
            yield server
        finally:
            await server.stop()
            if drop:
                await _admin(database, drop)


async def still_serves(url: str) -> bool:
    """After the fuzz: a new client signs in as a guest and pings."""
    client = await Client.connect(url)
    try:
        await client.request("guest", name="After", timeout=10)
        return "pong" in await client.request("ping", timeout=10)
    finally:
        await client.close()


def _closes(answer: dict) -> bool:
    spec = ERRORS.get(answer.get("code")) if answer.get("type") == "error" else None
    return spec is not None and spec.close_code is not None


def _same_id(answered: Any, sent: Any) -> bool:
    return type(answered) is type(sent) and answered == sent


def _shown(data: bytes | str) -> str:
    shown = repr(data[:60]) + ("..." if len(data) > 60 else "")
    return f"{shown} ({len(data)} bytes)"
