"""Quick pairing (issue 32): seekers of the same match with close ratings are paired
into one match, the window widening with time waited; different settings never pair;
a seek goes with its connection, its identity, or when cancelled. On SQLite and
PostgreSQL (the match is made through the lobby, in the store)."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import Client, ServerError
from server import seeks
from tests.server.seeking import SBH_300, paired_across_a_wide_gap


async def signed_in(server, name: str, *, register: bool = False) -> Client:
    client = await Client.connect(server.url)
    if register:
        await client.request("register", username=name, password="long enough")
    else:
        await client.request("guest", name=name)
    return client


async def test_two_seekers_of_the_same_match_are_paired_into_one(server):
    ann, bob = await signed_in(server, "Ann"), await signed_in(server, "Bob")
    waiting = await ann.request("seek", **SBH_300)
    assert waiting["status"] == "waiting"
    paired = await bob.request("seek", **SBH_300)
    assert paired["status"] == "paired" and paired["seat"] == "b"
    assert paired["opponent"] == "Ann (guest)"
    told = await ann.next_push("seek_paired", timeout=5)
    assert told["match_id"] == paired["match_id"] and told["seat"] == "a"
    assert told["seek_id"] == waiting["seek_id"] and told["opponent"] == "Bob (guest)"
    row = await server.store.match(paired["match_id"])
    assert row["status"] == "active" and not row["private"]
    names = (await server.store.seat_names([paired["match_id"]]))[paired["match_id"]]
    assert names == {"a": "Ann (guest)", "b": "Bob (guest)"}
    assert server.services.seeks.seeks == []


async def test_different_settings_never_pair(server):
    ann, bob, cy = [await signed_in(server, n) for n in ("Ann", "Bob", "Cy")]
    await ann.request("seek", **SBH_300)
    assert (await bob.request("seek", **SBH_300 | {"points_limit": 400}))["status"] == \
        "waiting"
    live = {"kind": "live", "initial": 600, "increment": 10}
    assert (await cy.request("seek", **SBH_300, time_control=live))["status"] == "waiting"
    await asyncio.sleep(seeks.SWEEP_SECONDS * 1.5)  # (the sweeper finds nothing either)
    assert len(server.services.seeks.seeks) == 3


async def test_a_wide_rating_gap_waits_until_the_window_has_widened(server, monkeypatch):
    ann = await signed_in(server, "ann_strong", register=True)
    bob = await signed_in(server, "bob_new", register=True)
    await paired_across_a_wide_gap(ann, bob, server.store, monkeypatch)


async def test_a_seek_goes_when_cancelled_signed_out_or_disconnected(server):
    ann, bob, cy = [await signed_in(server, n) for n in ("Ann", "Bob", "Cy")]
    first = await ann.request("seek", **SBH_300)
    await ann.request("cancel_seek", seek_id=first["seek_id"])
    await bob.request("seek", **SBH_300)
    await bob.close()
    await asyncio.sleep(0.2)
    third = await cy.request("seek", **SBH_300)
    await cy.request("logout")
    assert third["status"] == "waiting"
    dan = await signed_in(server, "Dan")
    assert (await dan.request("seek", **SBH_300))["status"] == "waiting"  # no one is left
    assert [s.account.display_name for s in server.services.seeks.seeks] == ["Dan"]


async def test_a_bad_seek_is_refused_in_words(server):
    ann = await signed_in(server, "Ann")
    with pytest.raises(ServerError) as refused:
        await ann.request("seek", **SBH_300 | {"rated": True})
    assert refused.value.code == "guests_unrated"
    with pytest.raises(ServerError) as refused:
        await ann.request("seek", **SBH_300, time_control={"kind": "blitz"})
    assert refused.value.code == "invalid_time_control"
    assert server.services.seeks.seeks == []
