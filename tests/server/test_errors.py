"""Every error code of protocol/errors.py, produced through a real socket: its
code, sentence and retry flag, whether the connection closes (and with which
websocket close code), and that the request changed nothing that matters."""

from __future__ import annotations

import asyncio
import socket
import uuid

import asyncpg
import msgspec
import pytest
from sqlalchemy import func, make_url, select
from sqlalchemy.ext.asyncio import create_async_engine
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clients.client import Client, ServerError
from protocol.codec import MAX_FRAME_BYTES, encode_request
from protocol.errors import ERRORS
from server.app import ServerOptions, WarbandServer
from server.cluster.leases import Leases
from server.rules import registry
from server.store.engine import asyncpg_dsn
from server.store.schema import commands, events, matches, seats
from tests.chat.error_scenarios import (  # noqa: F401 - the chat errors' SCENARIOS
    chat_bad_duration,
    chat_empty,
    chat_not_allowed,
    chat_reason_required,
    chat_silenced,
    chat_too_fast,
    chat_too_long,
    no_such_account,
    no_such_message,
    no_such_room,
    not_a_moderator,
)
from tests.kernel_example import SecretBids
from tests.server.takeback_errors import (  # noqa: F401 - scenarios, found by their code
    no_takeback_offer,
    not_a_decision_point,
    takeback_pending,
    takebacks_not_allowed,
)
from tests.server.test_database_restart import drop_connections
from tests.tournaments.event_errors import (  # noqa: F401 (scenarios, found by name)
    already_entered,
    event_stage,
    invalid_event,
    invalid_list,
    no_such_event,
    no_such_pairing,
    not_entered,
    not_organiser,
    registration_closed,
)


class FaultyBids(SecretBids):
    """Secret bids whose rules code crashes on a bid of 3: the server must answer
    internal_error, change nothing and keep the match playable."""

    name = "faulty-bids"

    def decide(self, state, command, dice):
        if command.args.get("amount") == 3:
            raise RuntimeError("a bug in the rules code")
        return super().decide(state, command, dice)


FAULTY = FaultyBids()


@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SYSTEMS, "faulty-bids", "tests.server.test_errors:FAULTY")
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'errors.db'}", rate=200, burst=200))
    await instance.start()
    yield instance
    await instance.stop()


async def guest(server, name="Ann") -> Client:
    client = await Client.connect(server.url)
    await client.request("guest", name=name)
    return client


async def open_match(server, **fields):
    ann = await guest(server, "Ann")
    created = await ann.request("create_match", **({"system": "sbh"} | fields))
    return ann, created


async def started_match(server, system="sbh", **fields):
    ann, created = await open_match(server, system=system, **fields)
    bob = await guest(server, "Bob")
    await bob.request("join", match_id=created["match_id"])
    for client in (ann, bob):
        await client.request("subscribe", match_id=created["match_id"])
    return ann, bob, created["match_id"]


async def fingerprint(server) -> tuple:
    """What no refused request may change: the log and the lobby."""
    async with server.store.engine.connect() as conn:
        counts = [(await conn.execute(select(func.count()).select_from(t))).scalar()
                  for t in (events, commands, seats)]
        statuses = (await conn.execute(select(matches.c.id, matches.c.status)
                                       .order_by(matches.c.id))).all()
    return tuple(counts), tuple(statuses)


async def expect(server, client: Client, kind: str, **fields) -> ServerError:
    """The request is refused and the log and lobby are as they were."""
    before = await fingerprint(server)
    with pytest.raises(ServerError) as refused:
        await client.request(kind, **fields)
    assert await fingerprint(server) == before
    return refused.value


async def expect_raw(server, client: Client, frame) -> dict:
    """Send a raw frame that breaks the protocol: an error frame, then the close."""
    before = await fingerprint(server)
    await client.send_raw(frame)
    push = await client.next_push("error", timeout=10)
    async with asyncio.timeout(10):
        await client.websocket.wait_closed()
    push["close_code"] = client.websocket.close_code
    assert await fingerprint(server) == before
    return push


# Each scenario returns the error (a ServerError or an error frame as a dict).
async def malformed_frame(server):
    return await expect_raw(server, await guest(server), b"\xc1")


async def text_frame(server):
    return await expect_raw(server, await guest(server), "hello")


async def frame_too_large(server):
    return await expect_raw(server, await guest(server), encode_request(
        {"type": "ping", "id": 1, "pad": "x" * (MAX_FRAME_BYTES + 10)}))


async def unsupported_version(server):
    return await expect_raw(server, await guest(server),
                            msgspec.msgpack.encode({"v": 2, "type": "ping", "id": 1}))


async def unknown_type(server):
    return await expect_raw(server, await guest(server), encode_request({"type": "fly", "id": 1}))


async def invalid_message(server):
    return await expect_raw(server, await guest(server), encode_request({"type": "login", "id": 1}))


async def slow_consumer(tmp_path):
    """A client that stops reading while asking for large replies is disconnected
    once its outgoing queue is full (the server's memory does not grow)."""
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'slow.db'}", rate=10_000,
                                           burst=10_000))
    await instance.start()
    try:
        instance.services.outgoing_bytes = 200_000  # a few large replies
        ann = await guest(instance)
        altars = [[q, r] for q in range(20) for r in range(20)]
        for _ in range(40):  # so that every list_open reply is large (about 100 kB)
            await ann.request("create_match", system="sbh",
                              options={"spellcasting_altars": altars})
        # A tiny receive buffer (no kernel autotuning) and max_queue=1: the client
        # stops reading its socket once one frame waits unread.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", instance.port))
        # (and no compression: these repetitive replies would deflate to nothing)
        raw = await connect(instance.url, sock=sock, max_size=None, max_queue=1,
                            compression=None)
        await raw.send(encode_request({"type": "authenticate", "id": 0,
                                       "token": await _token(instance)}))
        for i in range(1, 150):
            await raw.send(encode_request({"type": "list_open", "id": i}))
        async with asyncio.timeout(20):
            while not instance.metrics.errors.labels("slow_consumer")._value.get():
                await asyncio.sleep(0.05)
        with pytest.raises(ConnectionClosed):
            async with asyncio.timeout(20):
                while True:
                    await raw.recv()
        return {"code": "slow_consumer", "close_code": raw.close_code, "retryable": True,
                "message": raw.close_reason + "."}
    finally:
        await instance.stop()


async def _token(instance) -> str:
    client = await Client.connect(instance.url)
    session = await client.request("guest", name="Slow")
    await client.close()
    return session["token"]


async def too_many_connections(server):
    """Handshakes that passed the per-address check together (here: the check passed
    as if it had been made before the others were counted) are held to the limit as
    their connections open: an error frame, then close 1008."""
    server.admission.per_address = 1
    held = await guest(server)
    server.admission.refusal = lambda address: None
    client = await Client.connect(server.url)
    push = await client.next_push("error", timeout=10)
    async with asyncio.timeout(10):
        await client.websocket.wait_closed()
    push["close_code"] = client.websocket.close_code
    await held.close()
    return push


async def internal_error(server):
    ann, bob, match_id = await started_match(server, system="faulty-bids")
    refused = await expect(server, ann, "command", match_id=match_id, command="bid",
                           args={"amount": 3})
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 2})
    return refused  # ...and the match went on


async def rate_limited(tmp_path):
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'rate.db'}", rate=0.5, burst=2))
    await instance.start()
    try:
        client = await Client.connect(instance.url)
        await client.request("ping")
        await client.request("ping")
        refused = await expect(instance, client, "ping", request_id="third")
        await client.close()
        return refused
    finally:
        await instance.stop()


async def store_unavailable(server):
    """Another writer took the next command slot of the match (what the primary
    key is for): the append fails, nothing is acknowledged, the retry works."""
    ann, bob, match_id = await started_match(server, system="faulty-bids")
    async with server.store.engine.begin() as conn:
        await conn.execute(commands.insert().values(
            match_id=match_id, idx=0, seat="a", request_id="intruder", payload=b"\x80",
            first_seq=1, last_seq=0, dice_position=0, created_at=0.0))
    refused = await expect(server, ann, "command", match_id=match_id, command="bid",
                           args={"amount": 1})
    async with server.store.engine.begin() as conn:
        await conn.execute(commands.delete().where(commands.c.request_id == "intruder"))
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    return refused


async def server_busy(server):
    """Every database connection stays in use for the pool's whole timeout (an
    overload): the request is refused as busy, changes nothing, and the same
    request works once a connection is free."""
    ann = await guest(server)
    store = server.store
    crowded = create_async_engine(store.engine.url, pool_size=1, max_overflow=0,
                                  pool_timeout=0.2)
    store.engine, usual = crowded, store.engine
    try:
        before = await fingerprint(server)
        async with crowded.connect():  # (its only connection, held)
            with pytest.raises(ServerError) as refused:
                await ann.request("create_match", system="sbh")
        assert await fingerprint(server) == before
        await ann.request("create_match", system="sbh")
        assert await fingerprint(server) != before
    finally:
        store.engine = usual
        await crowded.dispose()
    return refused.value


async def database_unavailable(tmp_path, postgres_url):
    """PostgreSQL restarted (every connection of the server dropped): the request
    that draws a dead pooled connection is told to retry, and the retry works."""
    name = "warband_" + uuid.uuid4().hex[:12]
    admin = await asyncpg.connect(asyncpg_dsn(postgres_url))
    await admin.execute(f'CREATE DATABASE "{name}"')
    instance = WarbandServer(ServerOptions(port=0, database_url=make_url(postgres_url).set(
        database=name).render_as_string(hide_password=False)))
    await instance.start()
    try:
        ann = await guest(instance)
        await drop_connections(admin, name)
        with pytest.raises(ServerError) as refused:  # (a read: nothing to change)
            await ann.request("list_open")
        assert (await ann.request("list_open"))["matches"] == []
        await ann.close()
        return refused.value
    finally:
        await instance.stop()
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


async def not_authenticated(server):
    client = await Client.connect(server.url)
    return await expect(server, client, "create_match", system="sbh")


async def auth_failed(server):
    client = await Client.connect(server.url)
    await client.request("register", username="carol", password="long enough")
    return await expect(server, client, "login", username="carol", password="wrong guess")


async def login_locked(server):
    client = await Client.connect(server.url)
    await client.request("register", username="dave", password="long enough")
    for _ in range(5):
        assert (await expect(server, client, "login", username="dave", password="nope")).code \
            == "auth_failed"
    refused = await expect(server, client, "login", username="dave", password="long enough")
    assert refused.details["retry_after"] > 0
    return refused


async def token_invalid(server):
    client = await Client.connect(server.url)
    return await expect(server, client, "authenticate", token="not-a-token")


async def username_taken(server):
    client = await Client.connect(server.url)
    await client.request("register", username="erin", password="long enough")
    return await expect(server, client, "register", username="erin", password="other long")


async def bad_username(server):
    return await expect(server, await Client.connect(server.url), "register", username="a b",
                        password="long enough")


async def reserved_name(server):
    return await expect(server, await Client.connect(server.url), "register",
                        username="House_bot", password="long enough")


async def weak_password(server):
    return await expect(server, await Client.connect(server.url), "register", username="frank",
                        password="short")


async def unknown_system(server):
    return await expect(server, await guest(server), "create_match", system="chess")


async def invalid_setup(server):
    return await expect(server, await guest(server), "create_match", system="sbh",
                        scenario="tea_party")


async def no_such_match(server):
    return await expect(server, await guest(server), "join", match_id="nope")


async def no_such_invite(server):
    return await expect(server, await guest(server), "join", invite_code="ZZZZZZZZ")


async def no_such_seat(server):
    ann, created = await open_match(server)
    return await expect(server, await guest(server, "Bob"), "join", match_id=created["match_id"],
                        seat="c")


async def seat_taken(server):
    ann, created = await open_match(server)
    return await expect(server, await guest(server, "Bob"), "join", match_id=created["match_id"],
                        seat="a")


async def already_seated(server):
    ann, created = await open_match(server)
    return await expect(server, ann, "join", match_id=created["match_id"])


async def not_in_match(server):
    ann, created = await open_match(server)
    return await expect(server, await guest(server, "Bob"), "leave", match_id=created["match_id"])


async def not_creator(server):
    ann, created = await open_match(server)
    return await expect(server, await guest(server, "Bob"), "abort", match_id=created["match_id"])


async def match_started(server):
    ann, bob, match_id = await started_match(server)
    return await expect(server, ann, "leave", match_id=match_id)


async def match_not_started(server):
    ann, created = await open_match(server)
    return await expect(server, ann, "command", match_id=created["match_id"], command="pass")


async def match_finished(server):
    ann, bob, match_id = await started_match(server)
    await ann.request("resign", match_id=match_id)
    return await expect(server, bob, "command", match_id=match_id, command="pass")


async def match_not_finished(server):
    ann, bob, match_id = await started_match(server)
    return await expect(server, ann, "get_replay", match_id=match_id)


async def not_your_seat(server):
    ann, bob, match_id = await started_match(server)
    return await expect(server, ann, "command", match_id=match_id, seat="b", command="pass")


async def not_your_turn(server):
    ann, bob, match_id = await started_match(server, system="faulty-bids")
    await ann.request("command", match_id=match_id, command="bid", args={"amount": 1})
    return await expect(server, ann, "command", match_id=match_id, command="bid",
                        args={"amount": 2})


async def illegal_command(server):
    ann, bob, match_id = await started_match(server)
    refused = await expect(server, ann, "command", match_id=match_id, command="dance")
    assert refused.details["rule"] and "passage" in refused.details
    return refused


async def stale_prompt(server):
    ann, bob, match_id = await started_match(server)
    return await expect(server, ann, "command", match_id=match_id, command="pass", at_seq=7)


async def no_odds(server):
    ann, bob, match_id = await started_match(server)
    return await expect(server, ann, "odds", match_id=match_id, command="pass")


async def not_subscribed(server):
    return await expect(server, await guest(server), "unsubscribe", match_id="anything")


# -- ratings (server/ratings) ----------------------------------------------------------
async def guests_unrated(server):
    return await expect(server, await guest(server), "create_match", system="sbh", rated=True)


async def bot_unrated(server):
    client = await Client.connect(server.url)
    await client.request("register", username="rita", password="long enough")
    return await expect(server, client, "create_match", system="sbh", rated=True,
                        opponent="bot")


async def no_such_player(server):
    return await expect(server, await guest(server), "get_ratings", player="nobody_here")


LIVE = {"kind": "live", "initial": 600, "increment": 10, "auto": False}


async def invalid_time_control(server):
    ann = await guest(server)
    refused = await expect(server, ann, "create_match", system="sbh",
                           time_control={"kind": "blitz"})
    assert "none, live or correspondence" in refused.message
    return refused


async def out_of_time(server):
    ann, bob, match_id = await started_match(server, time_control=LIVE)
    clock = server.hub.actor(match_id).clock
    clock.left = {seat: 0.0 for seat in clock.left}  # (as after ten minutes of thought)
    return await expect(server, ann, "command", match_id=match_id, command="pass")


async def not_out_of_time(server):
    ann, bob, match_id = await started_match(server, time_control=LIVE)
    return await expect(server, ann, "claim_timeout", match_id=match_id)


async def untimed_match(server):
    ann, bob, match_id = await started_match(server)
    return await expect(server, ann, "claim_timeout", match_id=match_id)


async def no_such_seek(server):
    return await expect(server, await guest(server), "cancel_seek", seek_id="nothing")


async def too_many_seeks(server):
    ann = await guest(server)
    for points in (200, 300, 400):
        await ann.request("seek", system="sbh", points_limit=points)
    return await expect(server, ann, "seek", system="sbh", points_limit=500)


async def match_moved(tmp_path):
    """A node paused past its hold on a match (its lease taken by another node since)
    cannot append: the command is refused, retryably, and nothing is stored
    (tests/cluster/test_nodes.py has the rest: forwarding, takeover, hand-over)."""
    from tests.cluster.test_nodes import nats_running

    if not nats_running():
        pytest.skip("no NATS server at 127.0.0.1:4222 for a node of several")
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setitem(registry.SYSTEMS, "faulty-bids", "tests.server.test_errors:FAULTY")
    server = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                         f"{tmp_path / 'node.db'}", node_id="paused",
                                         lease_ttl=0.5))
    await server.start()
    try:
        ann, bob, match_id = await started_match(server, system="faulty-bids")
        server.hub.keeper._task.cancel()  # paused: no renewals ...
        server.hub._takeover.cancel()
        await asyncio.sleep(0.7)  # ... past the lease, which another node takes
        assert await Leases(server.store.engine, "elsewhere", 30).acquire(match_id)
        return await expect(server, ann, "command", match_id=match_id, command="bid",
                            args={"amount": 1})
    finally:
        await server.stop()
        monkeypatch.undo()


SCENARIOS = {name: globals()[name] for name in ERRORS}
BUILDS_OWN_SERVER = {"slow_consumer", "rate_limited", "match_moved"}
NEEDS_POSTGRES = {"database_unavailable"}  # (SQLite has no connections to lose)


def test_every_error_code_has_a_scenario():
    assert set(SCENARIOS) == set(ERRORS)


@pytest.mark.parametrize("code", sorted(ERRORS))
async def test_error(code, server, tmp_path, request):
    spec = ERRORS[code]
    if code in NEEDS_POSTGRES:
        got = await SCENARIOS[code](tmp_path, request.getfixturevalue("postgres_url"))
    elif code in BUILDS_OWN_SERVER:
        got = await SCENARIOS[code](tmp_path)
    else:
        got = await SCENARIOS[code](server)
    if isinstance(got, ServerError):
        got = {"code": got.code, "message": got.message, "retryable": got.retryable,
               "close_code": None}
    assert got["code"] == code
    assert got["retryable"] == spec.retryable
    assert got["close_code"] == spec.close_code
    assert got["message"].rstrip().endswith((".", ")")), got["message"]


@pytest.mark.parametrize("kind", [["a", "list"], {"a": "map"}, "ключ" * 40])
async def test_odd_message_types_are_unknown_types_and_close_with_1002(server, kind):
    """Any non-string `type`, and a long non-ASCII one whose quote would overflow
    the close frame's 123-byte reason, still close with unknown_type's code."""
    got = await expect_raw(server, await guest(server), encode_request({"type": kind, "id": 1}))
    assert (got["code"], got["close_code"]) == ("unknown_type", 1002)


async def test_a_username_cannot_end_in_a_newline(server):
    refused = await expect(server, await Client.connect(server.url), "register",
                           username="bob\n", password="long enough")
    assert refused.code == "bad_username"
