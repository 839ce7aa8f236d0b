"""Seats taken and pairings withdrawn, fenced in the database (server/store/seating.py),
on SQLite and on a real PostgreSQL: a seat is taken only in an open match, and a
withdrawal aborts a match only while a seat is free, or keeps a match never created
from being created later under that id."""

from __future__ import annotations

import asyncio

import pytest

from server.store.store import MatchNotOpen, SeatTaken, pack
from tests.server.test_store import add_account, add_match, store  # noqa: F401


def tombstone(match_id: str) -> dict:
    return {"id": match_id, "system": "sbh", "setup": pack({}), "created_by": "owner",
            "created_at": 0.0, "private": True, "seed": b"", "seed_commitment": ""}


async def test_a_seat_is_taken_only_in_an_open_match(store):  # noqa: F811
    await add_account(store, "joiner")
    await add_match(store, "m-open")
    await add_match(store, "m-gone", status="aborted")
    await add_match(store, "m-on", status="active")
    await store.take_seat("m-open", "b", "joiner")
    assert await store.seats("m-open") == {"a": "owner", "b": "joiner"}
    with pytest.raises(SeatTaken):
        await store.take_seat("m-open", "b", "owner")
    for match_id, status in (("m-gone", "aborted"), ("m-on", "active")):
        with pytest.raises(MatchNotOpen) as refused:
            await store.take_seat(match_id, "b", "joiner")
        assert refused.value.status == status
        assert await store.seats(match_id) == {"a": "owner"}


async def test_a_withdrawal_aborts_an_open_match_with_a_free_seat(store):  # noqa: F811
    await add_account(store, "joiner")
    await add_match(store, "m1")
    assert await store.withdraw_unmade(tombstone("m1"), 2)
    assert (await store.match("m1"))["status"] == "aborted"
    with pytest.raises(MatchNotOpen):  # (the node that stalled, joining late)
        await store.take_seat("m1", "b", "joiner")


async def test_a_match_made_is_not_withdrawn(store):  # noqa: F811
    await add_account(store, "joiner")
    await add_match(store, "m1")
    await store.take_seat("m1", "b", "joiner")  # (both seats: started a moment later)
    assert not await store.withdraw_unmade(tombstone("m1"), 2)
    assert (await store.match("m1"))["status"] == "open"
    await store.set_match("m1", status="active")
    assert not await store.withdraw_unmade(tombstone("m1"), 2)
    assert (await store.match("m1"))["status"] == "active"


async def test_a_match_never_created_cannot_be_created_after_its_withdrawal(store):  # noqa: F811
    assert await store.withdraw_unmade(tombstone("m1"), 2)
    row = await store.match("m1")
    assert row["status"] == "aborted" and row["private"] and await store.seats("m1") == {}
    with pytest.raises(Exception):  # noqa: B017 (the primary key refuses it: the driver's error)
        await add_match(store, "m1")
    assert (await store.match("m1"))["status"] == "aborted"
    assert await store.withdraw_unmade(tombstone("m1"), 2)  # (repeated: still withdrawn)


async def test_a_withdrawal_and_a_join_at_once_one_wins(store):  # noqa: F811
    """Many rounds of a join and a withdrawal racing: the match either started with
    both seats (not withdrawn) or is aborted with the joiner refused, never both."""
    await add_account(store, "joiner")
    for n in range(20):
        match_id = f"race{n}"
        await add_match(store, match_id)
        joined, withdrawn = await asyncio.gather(
            store.take_seat(match_id, "b", "joiner"),
            store.withdraw_unmade(tombstone(match_id), 2), return_exceptions=True)
        seated = joined is None
        assert isinstance(joined, MatchNotOpen) or seated
        assert withdrawn is (not seated)
        assert (await store.match(match_id))["status"] == ("open" if seated else "aborted")
