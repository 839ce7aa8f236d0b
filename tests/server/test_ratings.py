"""Ratings through a real server and socket, and in the store, on SQLite and
PostgreSQL: a rated match moves both players' ratings once, and tells them; casual
matches, guests, the house bot and aborted matches are never rated; the result and
the ratings are one transaction (a restart or a retry cannot apply them twice);
history and leaderboard read what was applied."""

from __future__ import annotations

import asyncio
import time

import pytest
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.ratings.records import RatingRecords, seat_scores
from server.store.schema import matches, rating_changes, ratings
from server.store.store import Store, unpack
from tests.server.test_accounts import refused
from tests.server.test_store import add_account, add_match


@pytest.fixture
async def clients(server):
    opened: list[Client] = []

    async def connect(kind: str = "guest", name: str = "Ann") -> Client:
        client = await Client.connect(server.url)
        opened.append(client)
        if kind == "guest":
            await client.request("guest", name=name)
        else:
            await client.request("register", username=name, password="correct horse")
        return client

    yield connect
    for client in opened:
        await client.close()


async def changes(store: Store) -> int:
    async with store.engine.connect() as conn:
        return (await conn.execute(select(func.count()).select_from(rating_changes))).scalar()


async def resigned_match(ann: Client, bob: Client, *, rated: bool) -> tuple[str, list[dict]]:
    """Ann creates, Bob joins, Ann resigns: the match id and both match_over pushes."""
    created = await ann.request("create_match", system="sbh", rated=rated)
    assert created["rated"] is rated
    match_id = created["match_id"]
    await bob.request("join", match_id=match_id)
    for client in (ann, bob):
        await client.request("subscribe", match_id=match_id)
    await ann.request("resign", match_id=match_id)
    return match_id, [await client.next_push("match_over") for client in (ann, bob)]


async def test_a_rated_match_moves_both_ratings_once_and_tells_the_players(server, clients):
    ann, bob = await clients("user", "ann"), await clients("user", "bob")
    match_id, pushes = await resigned_match(ann, bob, rated=True)
    for over in pushes:  # (Ann, seat a, resigned: Bob, seat b, won)
        assert over["result"]["winner"] == "b"
        a, b = over["ratings"]["a"], over["ratings"]["b"]
        assert a["before"] == b["before"] == 1500 and a["games"] == b["games"] == 1
        assert a["change"] < 0 < b["change"] and a["rating"] == 1500 + a["change"]
        assert a["provisional"] and b["provisional"] and a["rd"] < 500
    mine = await ann.request("get_ratings")
    assert mine["player"] == "ann"
    [rating] = mine["ratings"]
    assert (rating["system"], rating["category"]) == ("sbh", "standard")
    assert rating["rating"] == pushes[0]["ratings"]["a"]["rating"] and rating["provisional"]
    bobs = await ann.request("get_ratings", player="BOB")  # (found as login finds it)
    assert bobs["player"] == "bob" and bobs["ratings"][0]["rating"] > 1500
    history = await bob.request("rating_history")
    assert [(h["match_id"], h["score"], h["rating_before"]) for h in history["history"]] \
        == [(match_id, 1.0, 1500)]
    assert history["history"][0]["rating"] == bobs["ratings"][0]["rating"]
    assert await changes(server.store) == 2
    await ann.request("subscribe", match_id=match_id)  # (finished: its log, then match_over)
    assert (await ann.next_push("match_over"))["ratings"] == pushes[0]["ratings"]
    # the match is finished: finishing it again (a retry) changes nothing
    assert await server.hub.ratings.finish(match_id, {"winner": "a"}, time.time()) is None
    assert await changes(server.store) == 2
    assert unpack((await server.store.match(match_id))["result"])["winner"] == "b"
    board = await ann.request("leaderboard", system="sbh")
    assert board["players"] == []  # (both are provisional after one match)


@pytest.mark.parametrize("system", ["asoiaf", "sns"])
async def test_every_rules_system_is_rated_on_its_own(server, clients, system):
    """A rated match of A Song of Ice & Fire or Swords & Sorcery moves its players'
    ratings in that system only: its own history and leaderboard (the web's ratings
    page offers every system's)."""
    ann, bob = await clients("user", "ann"), await clients("user", "bob")
    match_id = (await ann.request("create_match", system=system, rated=True))["match_id"]
    await bob.request("join", match_id=match_id)
    await ann.request("subscribe", match_id=match_id)
    await ann.request("resign", match_id=match_id)
    over = await ann.next_push("match_over")
    assert over["result"]["winner"] == "b" and over["ratings"]["b"]["change"] > 0
    [rating] = (await bob.request("get_ratings"))["ratings"]
    assert (rating["system"], rating["games"]) == (system, 1)
    mine = await bob.request("rating_history", system=system)
    assert [h["match_id"] for h in mine["history"]] == [match_id]
    assert (await bob.request("rating_history", system="sbh"))["history"] == []
    board = await ann.request("leaderboard", system=system)
    assert (board["system"], board["players"]) == (system, [])  # (provisional, not listed)


async def test_casual_matches_are_not_rated(server, clients):
    ann, bob = await clients("user", "ann"), await clients("user", "bob")
    match_id, pushes = await resigned_match(ann, bob, rated=False)
    assert [over["ratings"] for over in pushes] == [None, None]
    await ann.request("subscribe", match_id=match_id)
    assert (await ann.next_push("match_over"))["ratings"] is None
    assert (await ann.request("get_ratings"))["ratings"] == []
    assert await changes(server.store) == 0


async def test_guests_and_the_house_bot_are_never_rated(server, clients):
    ann, guest = await clients("user", "ann"), await clients("guest", "Gus")
    assert (await refused(guest, "create_match", system="sbh", rated=True)).code \
        == "guests_unrated"
    bot = await refused(ann, "create_match", system="sbh", rated=True, opponent="bot")
    assert (bot.code, bot.message) == ("bot_unrated",
                                       "A match against the house bot is never rated.")
    match_id = (await ann.request("create_match", system="sbh", rated=True))["match_id"]
    joined = await refused(guest, "join", match_id=match_id)
    assert joined.code == "guests_unrated" and "register" in joined.message
    listed = {m["match_id"]: m for m in (await guest.request("list_open"))["matches"]}
    assert listed[match_id]["rated"] is True
    assert await server.store.seats(match_id) == {"a": (await server.store.match(
        match_id))["created_by"]}, "a refused join takes no seat"
    assert (await guest.request("get_ratings")) == {"player": None, "ratings": []}
    assert (await refused(ann, "get_ratings", player="Gus")).code == "no_such_player"


async def test_an_aborted_rated_match_is_not_rated(server, clients):
    ann = await clients("user", "ann")
    match_id = (await ann.request("create_match", system="sbh", rated=True))["match_id"]
    await ann.request("abort", match_id=match_id)
    assert (await server.store.match(match_id))["status"] == "aborted"
    assert await server.hub.ratings.finish(match_id, {"winner": "a"}, time.time()) is None
    assert (await server.store.match(match_id))["status"] == "aborted"
    assert await changes(server.store) == 0


async def test_a_restart_neither_loses_nor_repeats_a_rating(database_url):
    database = database_url
    first = WarbandServer(ServerOptions(port=0, database_url=database))
    await first.start()
    try:
        ann, bob = await Client.connect(first.url), await Client.connect(first.url)
        await ann.request("register", username="ann", password="correct horse")
        await bob.request("register", username="bob", password="correct horse")
        match_id, pushes = await resigned_match(ann, bob, rated=True)
        await ann.close()
        await bob.close()
    finally:
        await first.stop()
    second = WarbandServer(ServerOptions(port=0, database_url=database))
    await second.start()
    try:
        assert await second.hub.running(match_id) is None  # finished: never resumed
        assert await changes(second.store) == 2
        assert await second.hub.ratings.finish(match_id, {"winner": "a"}, time.time()) is None
        ann = await Client.connect(second.url)
        await ann.request("login", username="ann", password="correct horse")
        [rating] = (await ann.request("get_ratings"))["ratings"]
        assert rating["rating"] == pushes[0]["ratings"]["a"]["rating"] and rating["games"] == 1
        await ann.close()
    finally:
        await second.stop()

    # A crash after the match's last event but before its finishing transaction: the
    # database as it was then (the match active, no rating moved). The restart finds
    # the match over, finishes it and rates it, once.
    store = await Store.open(database)
    async with store.engine.begin() as conn:
        await conn.execute(delete(rating_changes))
        await conn.execute(delete(ratings))
        await conn.execute(update(matches).where(matches.c.id == match_id)
                           .values(status="active", result=None, finished_at=None))
    await store.close()
    third = WarbandServer(ServerOptions(port=0, database_url=database))
    await third.start()
    try:
        for _ in range(200):
            if (await third.store.match(match_id))["status"] == "finished":
                break
            await asyncio.sleep(0.05)
        assert await third.hub.running(match_id) is None
        assert await changes(third.store) == 2
        [rating] = await third.hub.ratings.of_account(
            (await third.store.match(match_id))["created_by"], time.time())
        assert rating["rating"] == pushes[0]["ratings"]["a"]["rating"] and rating["games"] == 1
    finally:
        await third.stop()


# -- the store, directly ---------------------------------------------------------------
@pytest.fixture
async def store(database_url):
    store = await Store.open(database_url)
    for name in ("owner", "ann", "bob", "cat", "dan"):
        await add_account(store, name, username=name)
    await add_account(store, "guest")
    try:
        yield store
    finally:
        await store.close()


async def active_match(store: Store, match_id: str, a: str, b: str, **columns) -> None:
    await add_match(store, match_id, creator=a, rated=True, **columns)
    await store.take_seat(match_id, "b", b)  # (a seat is taken while open, then it starts)
    await store.set_match(match_id, status="active")


async def test_a_draw_and_the_result_are_one_transaction(store):
    records = RatingRecords(store.engine)
    await active_match(store, "m1", "ann", "bob")
    moved = await records.finish("m1", {"winner": None}, 1000.0)
    assert moved["a"]["change"] == moved["b"]["change"] == 0  # (equal players drew)
    assert moved["a"]["rd"] < 500
    # A rating change already there for m2 makes its transaction fail: the match is
    # then not finished either (nothing half applied), and the failure is raised.
    await active_match(store, "m2", "ann", "bob")
    async with store.engine.begin() as conn:
        await conn.execute(insert(rating_changes).values(
            match_id="m2", account_id="bob", system="sbh", category="standard",
            rating_before=1, rd_before=1, rating_after=1, rd_after=1, volatility_after=1,
            score=1, at=1))
    with pytest.raises(IntegrityError):
        await records.finish("m2", {"winner": "a"}, 2000.0)
    row = await store.match("m2")
    assert row["status"] == "active" and row["result"] is None
    assert [r["games"] for r in await records.of_account("ann", 2000.0)] == [1]


async def test_the_house_bot_or_a_guest_seat_is_not_rated_even_if_marked(store):
    records = RatingRecords(store.engine)
    await active_match(store, "g", "ann", "guest")
    await active_match(store, "h", "ann", "bob", bot="b:heuristic:goblins")
    assert await records.finish("g", {"winner": "a"}, 1.0) is None
    assert await records.finish("h", {"winner": "a"}, 1.0) is None
    assert (await store.match("g"))["status"] == "finished"
    assert await records.of_account("ann", 2.0) == []


async def test_history_and_leaderboard(store):
    records = RatingRecords(store.engine)
    now = 1000 * 86400.0
    async with store.engine.begin() as conn:  # established players, and one long idle
        await conn.execute(insert(ratings), [
            {"account_id": a, "system": "sbh", "category": "standard", "rating": r, "rd": rd,
             "volatility": 0.06, "games": 30, "last_played_at": at}
            for a, r, rd, at in [("ann", 1900.0, 60.0, now), ("bob", 1700.0, 50.0, now),
                                 ("cat", 2400.0, 60.0, 0.0), ("dan", 2000.0, 200.0, now),
                                 ("guest", 2500.0, 50.0, now)]])
    for number, winner in enumerate(["a", "b", "a"]):
        await active_match(store, f"r{number}", "ann", "bob")
        await records.finish(f"r{number}", {"winner": winner}, now + number)
    board = await records.leaderboard("sbh", "standard", 10, now + 10)
    # cat idle 1000 days (RD grown past 110), dan provisional, the guest never listed
    assert [(p["rank"], p["name"]) for p in board] == [(1, "ann"), (2, "bob")]
    assert not board[0]["provisional"] and board[0]["games"] == 33
    assert [p["name"] for p in await records.leaderboard("sbh", "standard", 1, now)] == ["ann"]
    history = await records.history("ann", "sbh", "standard", 10)
    assert [(h["match_id"], h["score"]) for h in history] == [("r0", 1.0), ("r1", 0.0),
                                                              ("r2", 1.0)]
    assert [h["rating_before"] for h in history[1:]] == [h["rating"] for h in history[:-1]]
    assert history[-1]["rating"] == board[0]["rating"]
    assert [h["match_id"] for h in await records.history("ann", "sbh", "standard", 2)] \
        == ["r1", "r2"]
    assert await records.history("ann", "sbh", "live", 10) == []


async def test_two_matches_of_one_player_ending_at_once_both_count(store):
    """Ann's two rated matches end together: each reads the rating the other wrote
    (the rows are locked, in one order), none is lost."""
    records = RatingRecords(store.engine)
    await active_match(store, "x", "ann", "bob")
    await active_match(store, "y", "cat", "ann")
    await asyncio.gather(records.finish("x", {"winner": "a"}, 10.0),
                         records.finish("y", {"winner": "b"}, 10.0))
    [rating] = await records.of_account("ann", 10.0)
    assert rating["games"] == 2
    async with store.engine.connect() as conn:
        rows = (await conn.execute(select(rating_changes).where(
            rating_changes.c.account_id == "ann"))).all()
    first, second = sorted(rows, key=lambda r: r.rating_before != 1500)
    assert first.rating_before == 1500 and second.rating_before == first.rating_after
    assert round(second.rating_after) == rating["rating"]


def test_scores_from_the_result_wire_form():
    assert seat_scores({"winner": "b"}, ["a", "b"]) == {"a": {"b": 0.0}, "b": {"a": 1.0}}
    assert seat_scores({"winner": None}, ["a", "b"]) == {"a": {"b": 0.5}, "b": {"a": 0.5}}
    assert seat_scores({"winner": "c"}, ["a", "b", "c"])["a"] == {"b": 0.5, "c": 0.0}


async def test_a_result_the_store_refuses_at_first_is_recorded_once_it_takes_it(
        server, clients, monkeypatch):
    """The database away as a match ends (tests/hostile/test_database_outage.py): the
    actor tries again until the result is stored, then announces it; it does not end
    with the error, leaving the match active with no one to finish it."""
    finish, failures = RatingRecords.finish, []

    async def flaky(records, match_id, result, now, **kwargs):
        if len(failures) < 2:
            failures.append(match_id)
            raise ConnectionError("the database went away")
        return await finish(records, match_id, result, now, **kwargs)

    monkeypatch.setattr(RatingRecords, "finish", flaky)
    ann, bob = await clients("guest", "Ann"), await clients("guest", "Bob")
    match_id, pushes = await resigned_match(ann, bob, rated=False)
    assert len(failures) == 2 and all(p["match_id"] == match_id for p in pushes)
    row = await server.store.match(match_id)
    assert row["status"] == "finished" and unpack(row["result"]) == pushes[0]["result"]
