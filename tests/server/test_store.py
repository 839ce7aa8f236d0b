"""The match store on SQLite and on a real PostgreSQL: the migrations build
exactly the schema the code declares, the event log refuses a second event N,
group commit lands every append (and isolates a bad one), and what is written
reads back through the store's queries."""

from __future__ import annotations

import asyncio

import pytest
import sqlalchemy as sa
from alembic import command as alembic
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from server.store import migrate
from server.store.committer import Committer
from server.store.engine import POOL_OVERFLOW, POOL_SIZE, asyncpg_dsn, create_engine
from server.store.schema import accounts, metadata
from server.store.store import (
    Append,
    CommandRow,
    EventRow,
    SeatTaken,
    Store,
    pack,
    unpack,
)


@pytest.fixture
async def store(database_url):
    store = await Store.open(database_url)
    await add_account(store, "owner", username="owner")
    try:
        yield store
    finally:
        await store.close()


async def add_account(store: Store, account_id: str, *, username: str | None = None,
                      name: str | None = None) -> None:
    assert await store.create_account({
        "id": account_id, "username": username, "display_name": name or username or account_id,
        "password_hash": None, "guest": username is None, "created_at": 0.0,
        "failed_logins": 0, "locked_until": None})


async def add_match(store: Store, match_id: str, *, creator: str = "owner", system: str = "sbh",
                    status: str = "open", **columns) -> None:
    await store.create_match({
        "id": match_id, "system": system, "setup": pack({}), "status": status,
        "created_by": creator, "created_at": 0.0, "seed": bytes(32),
        "seed_commitment": "0" * 64, **columns}, "a", creator)


def command(match_id: str, idx: int, seqs: list[int], request_id: str | None = None) -> Append:
    """Command number `idx` of a match and its events, with payloads naming match and seq."""
    events = [EventRow(seq, pack({"match": match_id, "seq": seq}), f"sum-{seq}") for seq in seqs]
    return Append(match_id, CommandRow(idx, "a", request_id or f"r{idx}",
                                       pack({"idx": idx}), seqs[0] if seqs else 0,
                                       seqs[-1] if seqs else 0, idx * 4), events)


async def logged(store: Store, match_id: str) -> list[tuple[int, dict]]:
    return [(row.seq, unpack(row.payload)) for row in await store.events_after(match_id, 0)]


def _schema_differences(sync_connection) -> list:
    context = MigrationContext.configure(sync_connection, opts={
        "compare_type": True, "compare_server_default": True})
    return compare_metadata(context, metadata)


# -- migrations ----------------------------------------------------------------------------
async def test_migrations_build_exactly_the_declared_schema(database_url):
    """After Store.open upgrades a new database, Alembic's autogenerate finds no
    difference between it and schema.py, and the database is at the head revision."""
    store = await Store.open(database_url)
    try:
        async with store.engine.connect() as conn:
            assert await conn.run_sync(_schema_differences) == []
        assert await migrate.current(store.engine) == migrate.head()
    finally:
        await store.close()


async def test_upgrading_twice_is_harmless(store, database_url):
    """Upgrading an up-to-date database (a restart, `warband db upgrade`) changes
    nothing: same revision, same schema, the data still there."""
    assert await migrate.upgrade(store.engine) == migrate.head()
    again = await Store.open(database_url)  # a second server start on the same database
    try:
        assert await migrate.current(again.engine) == migrate.head()
        assert (await again.account(username="owner"))["id"] == "owner"
        async with again.engine.connect() as conn:
            assert await conn.run_sync(_schema_differences) == []
    finally:
        await again.close()


async def test_migration_0004_gives_every_registered_account_its_username_key(database_url):
    """Accounts from before 0004 get their username key; of two that share one, the
    older keeps it and the later one stays reachable by its exact username."""
    engine = create_engine(database_url)
    before = sa.table("accounts", *map(sa.column, ("id", "username", "display_name", "guest",
                                                   "created_at", "failed_logins")))
    try:
        async with engine.begin() as conn:
            await conn.run_sync(lambda sync: alembic.upgrade(migrate._config(sync), "0003"))
            for account_id, username, created_at in [("old", "Bob", 1.0), ("new", "b0b", 2.0),
                                                     ("ann", "ann", 3.0), ("gus", None, 4.0)]:
                await conn.execute(insert(before).values(
                    id=account_id, username=username, display_name=username or "Gus",
                    guest=username is None, created_at=created_at, failed_logins=0))
        assert await migrate.upgrade(engine) == migrate.head()
    finally:
        await engine.dispose()
    store = await Store.open(database_url)
    try:
        async with store.engine.connect() as conn:
            keys = dict((await conn.execute(select(accounts.c.id, accounts.c.username_key)))
                        .all())
        assert keys == {"old": "bob", "new": "bob#new", "ann": "ann", "gus": None}
        assert (await store.account(username="BOB"))["id"] == "old"
        assert (await store.account(username="b0b"))["id"] == "new"
        assert not await store.create_account({
            "id": "late", "username": "BOB", "display_name": "BOB", "password_hash": None,
            "guest": False, "created_at": 5.0, "failed_logins": 0, "locked_until": None})
    finally:
        await store.close()


# -- appending -----------------------------------------------------------------------------
async def test_event_n_can_be_appended_only_once(store):
    """A second append of an existing (match, seq) fails and the first stays as written."""
    await add_match(store, "m1")
    await store.write_appends([command("m1", 0, [1, 2])])
    intruder = command("m1", 1, [2, 3])
    intruder.events[0].payload = pack({"intruder": True})
    with pytest.raises(IntegrityError):
        await store.write_appends([intruder])
    assert await logged(store, "m1") == [(1, {"match": "m1", "seq": 1}),
                                         (2, {"match": "m1", "seq": 2})]
    assert [c.idx for c in await store.commands("m1")] == [0]
    assert await store.last_seq("m1") == 2


async def test_a_repeated_request_id_is_refused(store):
    """The same (match, seat, request id) cannot be recorded twice: a retried
    request is never applied twice."""
    await add_match(store, "m1")
    await store.write_appends([command("m1", 0, [1], request_id="same")])
    with pytest.raises(IntegrityError):
        await store.write_appends([command("m1", 1, [2], request_id="same")])
    assert await store.last_seq("m1") == 1
    assert (await store.command_by_request("m1", "a", "same")).idx == 0


async def test_a_batch_with_one_conflict_writes_nothing(store):
    """Appends written together are atomic: one taken seq and no row of the batch lands,
    not even those of other matches."""
    for match_id in ("m1", "m2"):
        await add_match(store, match_id)
    await store.write_appends([command("m1", 0, [1])])
    with pytest.raises(IntegrityError):
        await store.write_appends([command("m2", 0, [1, 2]), command("m1", 1, [1])])
    assert await logged(store, "m2") == []
    assert await store.commands("m2") == []
    assert [c.idx for c in await store.commands("m1")] == [0]


# -- group commit --------------------------------------------------------------------------
async def test_group_commit_lands_every_append_of_many_matches(store):
    """50 matches each appending 20 commands at once: every event lands, each
    match's log is gapless and in order, in far fewer transactions than appends."""
    match_ids = [f"m{i:02d}" for i in range(50)]
    for match_id in match_ids:
        await add_match(store, match_id)
    committer = Committer(store)
    committer.start()

    async def play(match_id: str) -> None:  # like a match actor: one command at a time
        for idx in range(20):
            await committer.append(command(match_id, idx, [2 * idx + 1, 2 * idx + 2]))

    try:
        await asyncio.wait_for(asyncio.gather(*(play(m) for m in match_ids)), 120)
    finally:
        await committer.stop()
    for match_id in match_ids:
        assert await logged(store, match_id) == [
            (seq, {"match": match_id, "seq": seq}) for seq in range(1, 41)]
        commands = await store.commands(match_id)
        assert [(c.idx, c.first_seq, c.last_seq) for c in commands] == [
            (idx, 2 * idx + 1, 2 * idx + 2) for idx in range(20)]
    assert committer.appends == 1000
    assert committer.transactions < committer.appends // 2, committer.transactions


async def queued_then_committed(committer: Committer, appends: list[Append]) -> list:
    """Queue every append before the committer runs, so they form one group."""
    tasks = [asyncio.create_task(committer.append(item)) for item in appends]
    await asyncio.sleep(0)  # each task queues its append and waits
    committer.start()
    try:
        return await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)
    finally:
        await committer.stop()


async def test_appends_waiting_together_commit_in_one_transaction(store):
    """Appends that queue up together are written in a single transaction."""
    for i in range(10):
        await add_match(store, f"m{i}")
    committer = Committer(store)
    results = await queued_then_committed(committer, [command(f"m{i}", 0, [1, 2])
                                                      for i in range(10)])
    assert results == [None] * 10
    assert (committer.transactions, committer.appends) == (1, 10)
    for i in range(10):
        assert await store.last_seq(f"m{i}") == 2


async def test_a_conflicting_append_fails_alone_in_its_group(store):
    """One append whose seq is taken fails with the database's error; the other
    appends of the same group are written all the same."""
    for i in range(5):
        await add_match(store, f"m{i}")
    await store.write_appends([command("m0", 0, [1])])
    tried: list[int] = []  # the size of every batch the committer writes
    write = store.write_appends

    async def recording(batch):
        batch = list(batch)
        tried.append(len(batch))
        await write(batch)

    store.write_appends = recording
    committer = Committer(store)
    results = await queued_then_committed(
        committer, [command("m0", 1, [1])] + [command(f"m{i}", 0, [1, 2]) for i in range(1, 5)])
    assert isinstance(results[0], IntegrityError)
    assert results[1:] == [None] * 4
    assert tried == [5, 1, 1, 1, 1, 1], "tried as one group, then each alone"
    assert committer.appends == 4
    assert await logged(store, "m0") == [(1, {"match": "m0", "seq": 1})]
    for i in range(1, 5):
        assert await logged(store, f"m{i}") == [(1, {"match": f"m{i}", "seq": 1}),
                                                (2, {"match": f"m{i}", "seq": 2})]


# -- reading back --------------------------------------------------------------------------
async def test_events_and_commands_read_back(store):
    """The log reads back by seq range, and commands by order, last, and request id."""
    await add_match(store, "m1")
    await add_match(store, "m2")
    await store.write_appends([command("m1", 0, [1, 2, 3]), command("m1", 1, [4]),
                               command("m1", 2, [], request_id="quiet"),
                               command("m2", 0, [1])])
    assert [r.seq for r in await store.events_after("m1", 0)] == [1, 2, 3, 4]
    assert [r.seq for r in await store.events_after("m1", 2)] == [3, 4]
    assert [r.seq for r in await store.events_after("m1", 1, upto=3)] == [2, 3]
    assert await store.events_after("m1", 4) == []
    assert (await store.events_after("m1", 3))[0].checksum == "sum-4"
    assert (await store.last_seq("m1"), await store.last_seq("m2")) == (4, 1)
    assert await store.last_seq("nothing") == 0

    commands = await store.commands("m1")
    assert [(c.idx, c.request_id, c.first_seq, c.last_seq) for c in commands] == [
        (0, "r0", 1, 3), (1, "r1", 4, 4), (2, "quiet", 0, 0)]
    assert unpack(commands[1].payload) == {"idx": 1}
    assert (await store.last_command("m1")).idx == 2
    assert await store.last_command("nothing") is None
    assert (await store.command_by_request("m1", "a", "r1")).first_seq == 4
    assert await store.command_by_request("m1", "b", "r1") is None


async def test_the_latest_snapshot_is_found(store):
    """Snapshots read back newest first, per match; a match without one has none."""
    await add_match(store, "m1")
    await add_match(store, "m2")
    await store.save_snapshot("m1", 50, b"at fifty")
    await store.save_snapshot("m1", 100, b"at a hundred")
    await store.save_snapshot("m2", 10, b"other")
    assert await store.latest_snapshot("m1") == (100, b"at a hundred")
    assert await store.latest_snapshot("m2") == (10, b"other")
    await add_match(store, "m3")
    assert await store.latest_snapshot("m3") is None


async def test_finished_matches_filter_for_replays(store):
    """Replays list finished matches only, newest first, by system, by player (a
    registered username, case and look-alikes aside; never a guest's name), by finish
    time (inclusive bounds) and up to a limit."""
    await add_account(store, "ann", username="ann")
    await add_account(store, "bob", username="bob")
    await add_account(store, "gus", name="Gus")  # a guest: a display name only
    played = {"f1": ("sbh", 100.0, "ann", "bob"), "f2": ("bids", 200.0, "ann", "gus"),
              "f3": ("sbh", 300.0, "bob", "gus")}
    for match_id, (system, finished_at, first, second) in played.items():
        await add_match(store, match_id, creator=first, system=system)
        await store.take_seat(match_id, "b", second)  # (while open: played, then finished)
        await store.set_match(match_id, status="finished", finished_at=finished_at,
                              result=pack({"winner": "a"}))
    await add_match(store, "open", creator="ann")
    await add_match(store, "gone", creator="ann", status="aborted", finished_at=400.0)

    async def ids(**filters) -> list[str]:
        return [row["id"] for row in await store.finished_matches(**filters)]

    assert await ids() == ["f3", "f2", "f1"]
    assert await ids(system="sbh") == ["f3", "f1"]
    assert await ids(player="ann") == ["f2", "f1"]
    assert await ids(player="ANN") == ["f2", "f1"]
    assert await ids(player="Gus") == []
    assert await ids(player="nobody") == []
    assert await ids(since=200.0) == ["f3", "f2"]
    assert await ids(until=200.0) == ["f2", "f1"]
    assert await ids(since=150.0, until=250.0) == ["f2"]
    assert await ids(system="sbh", player="ann") == ["f1"]
    assert await ids(limit=2) == ["f3", "f2"]
    assert unpack((await store.finished_matches(system="bids"))[0]["result"]) == {"winner": "a"}


async def test_open_matches_seats_and_names(store):
    """The lobby's reads: public open matches (optionally of one system), who holds
    which seat, and a seat cannot be taken twice."""
    await add_account(store, "ann", username="ann")
    await add_match(store, "pub", system="sbh", created_at=2.0)
    await add_match(store, "old", system="bids", created_at=1.0)
    await add_match(store, "secret", private=True, invite_code="CAFE1234")
    await add_match(store, "busy", status="active")
    assert [m["id"] for m in await store.open_matches()] == ["old", "pub"]
    assert [m["id"] for m in await store.open_matches("sbh")] == ["pub"]
    assert (await store.match_by_invite("CAFE1234"))["id"] == "secret"
    assert await store.match_by_invite("NOPE") is None

    await store.take_seat("pub", "b", "ann")
    with pytest.raises(SeatTaken):
        await store.take_seat("pub", "b", "owner")
    assert await store.seats("pub") == {"a": "owner", "b": "ann"}
    assert (await store.seat_names(["pub", "old"])) == {"pub": {"a": "owner", "b": "ann"},
                                                        "old": {"a": "owner"}}
    await store.leave_seat("pub", "b")
    assert await store.seats("pub") == {"a": "owner"}


async def test_on_postgresql_a_batch_does_not_wait_for_the_last_commit(store):
    """Up to two transactions at once on PostgreSQL (one on SQLite, which has a single
    writer); a third batch waits for one of them."""
    committer = Committer(store)
    assert committer.max_inflight == (2 if store.engine.dialect.name == "postgresql" else 1)

    class SlowStore:
        engine = store.engine

        def __init__(self) -> None:
            self.writing = 0
            self.most = 0
            self.release = asyncio.Event()

        async def write_appends(self, appends) -> None:
            self.writing += 1
            self.most = max(self.most, self.writing)
            await self.release.wait()
            self.writing -= 1

    slow = SlowStore()
    committer = Committer(slow, max_inflight=2)
    committer.start()
    try:
        appends = []
        for n in range(3):  # three batches, one after another
            appends.append(asyncio.create_task(committer.append(command(f"m{n}", 0, [1]))))
            await asyncio.sleep(0.05)
        assert (slow.writing, slow.most) == (2, 2), "two in flight, the third waits"
        slow.release.set()
        await asyncio.wait_for(asyncio.gather(*appends), 5)
        assert slow.most == 2 and committer.transactions == 3
    finally:
        await committer.stop()


class SteppedStore:
    """A store for the committer whose writes record (writer task, appends) and
    finish one at a time, as the test lets them (`done.release()`)."""

    def __init__(self, engine) -> None:
        self.engine = engine
        self.writes: list[tuple[asyncio.Task | None, int]] = []  # (writer, appends)
        self.done = asyncio.Semaphore(0)  # one release lets one write finish

    async def write_appends(self, appends) -> None:
        self.writes.append((asyncio.current_task(), len(list(appends))))
        await self.done.acquire()


async def test_a_free_slot_is_written_at_once_and_busy_slots_gather_a_group(store):
    """An append that finds a transaction slot free is written by its own submitter
    (no hand-over to another task, which would wait a turn of the loop); appends that
    arrive while the slots are busy are written together by the next slot to free."""

    gated = SteppedStore(store.engine)
    committer = Committer(gated, max_inflight=1)
    committer.start()
    try:
        first = asyncio.create_task(committer.append(command("m0", 0, [1])))
        await asyncio.sleep(0)
        assert gated.writes == [(first, 1)], "written at once, in the submitter's task"
        later = [asyncio.create_task(committer.append(command(f"m{n}", 0, [1])))
                 for n in range(1, 6)]
        await asyncio.sleep(0.05)
        assert len(gated.writes) == 1, "the slot is busy: the others wait"
        for _ in range(2):  # (the first write, then the group)
            gated.done.release()
        await asyncio.wait_for(asyncio.gather(first, *later), 5)
        assert [size for _, size in gated.writes] == [1, 5], "the five in one transaction"
        assert (committer.transactions, committer.appends) == (2, 6)
    finally:
        await committer.stop()


async def test_a_slot_writes_group_after_group_without_handing_over(store):
    """While appends keep waiting, the writer that holds a slot goes straight on to
    the next group in the same task: a new task per group waited two turns of the
    loop between transactions (the old task's end, the new one's start)."""
    stepped = SteppedStore(store.engine)
    committer = Committer(stepped, max_inflight=1)
    committer.start()
    try:
        first = asyncio.create_task(committer.append(command("m0", 0, [1])))
        await asyncio.sleep(0)
        group_a = [asyncio.create_task(committer.append(command(f"m{n}", 0, [1])))
                   for n in range(1, 4)]
        await asyncio.sleep(0.05)
        stepped.done.release()  # the first is written: the slot goes to group A
        await asyncio.sleep(0.05)
        group_b = [asyncio.create_task(committer.append(command(f"m{n}", 0, [1])))
                   for n in range(4, 6)]
        await asyncio.sleep(0.05)
        stepped.done.release()  # group A is written: its writer takes group B
        await asyncio.sleep(0.05)
        stepped.done.release()
        await asyncio.wait_for(asyncio.gather(first, *group_a, *group_b), 5)
        assert [size for _, size in stepped.writes] == [1, 3, 2]
        assert stepped.writes[2][0] is stepped.writes[1][0], "the same writer, no hand-over"
        assert stepped.writes[1][0] is not first
    finally:
        await committer.stop()


async def test_appends_do_not_wait_for_the_shared_pool(store):
    """On PostgreSQL the group commit has connections of its own: with every connection
    of the shared pool taken (a burst of lobby queries, say), appends still land."""
    seen = []
    committer = Committer(store, observe=lambda appends, seconds: seen.append(appends))
    committer.start()
    held = []
    try:
        await add_match(store, "busy", status="active")
        if store.engine.dialect.name == "postgresql":
            assert store.append_pool is not None
            for _ in range(POOL_SIZE + POOL_OVERFLOW):
                held.append(await store.engine.connect())
            with pytest.raises(TimeoutError):  # (the shared pool has nothing left)
                async with asyncio.timeout(0.3):
                    await store.match("busy")
        else:  # (SQLite has one writer: the appends share its engine)
            assert store.append_pool is None
        await asyncio.wait_for(asyncio.gather(
            committer.append(command("busy", 0, [1, 2])),
            committer.append(command("busy", 1, [3]))), 10)
        assert sum(seen) == 2 and committer.transactions == len(seen)
    finally:
        for connection in held:
            await connection.close()
        await committer.stop()
    assert [seq for seq, _ in await logged(store, "busy")] == [1, 2, 3]


def test_the_appends_pool_connects_where_the_engine_does():
    """The appends' asyncpg pool is given the engine's URL without SQLAlchemy's driver
    name: the same user, password (still escaped), host, port, database and options."""
    url = "postgresql+asyncpg://bob:p%40ss@db.example:5433/warband?ssl=require"
    assert asyncpg_dsn(url) == "postgresql://bob:p%40ss@db.example:5433/warband?ssl=require"


async def test_a_match_keeps_the_longest_house_bot_it_can_have(store):
    """`bot` is "seat:level:warband:pace" (server.lobby): the longest level, ready-made
    warband key and pace fit on both databases (PostgreSQL refused them at 32)."""
    from server.rules.sbh.presets import preset_names

    longest = f"b:heuristic:{max(preset_names(), key=len)}:normal"
    await add_match(store, "m-bot", bot=longest)
    assert (await store.match("m-bot"))["bot"] == longest


async def test_a_seat_and_the_joiners_setup_are_stored_together(store):
    """`join` with the joiner's own warband: the seat and the new setup land in one
    transaction, so a refused seat leaves the setup as it was (and a taken one carries
    the joiner's setup)."""
    await add_account(store, "ann", username="ann")
    await add_match(store, "m", system="sbh")
    before = (await store.match("m"))["setup"]
    await store.take_seat("m", "b", "ann", setup=b"ann's setup")
    assert (await store.match("m"))["setup"] == b"ann's setup"
    with pytest.raises(SeatTaken):
        await store.take_seat("m", "b", "owner", setup=b"owner's setup")
    assert (await store.match("m"))["setup"] == b"ann's setup"
    assert before != b"ann's setup"
