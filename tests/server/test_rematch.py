"""Rematches (issue 32): one click offers the same match with the seats swapped, the
opponent's click accepts it and it starts; against the house bot it starts at once.
On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from clients.client import Client, ServerError
from server.store.store import unpack

LIVE = {"kind": "live", "initial": 600, "increment": 10}


async def guest(server, name: str) -> Client:
    client = await Client.connect(server.url)
    await client.request("guest", name=name)
    return client


async def finished(server, ann: Client, bob: Client) -> str:
    created = await ann.request("create_match", system="sbh", scenario="treasure_hunt",
                                points_limit=400, board_size=36, time_control=LIVE,
                                spectator_delay=3)
    await bob.request("join", match_id=created["match_id"])
    await ann.request("subscribe", match_id=created["match_id"])
    await bob.request("resign", match_id=created["match_id"])
    await ann.next_push("match_over", timeout=10)  # (recorded: a rematch may be asked)
    return created["match_id"]


async def test_a_rematch_swaps_the_seats_and_starts_when_the_opponent_accepts(server):
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    old = await finished(server, ann, bob)
    offered = await bob.request("rematch", match_id=old)
    assert offered["status"] == "open" and offered["seat"] == "a"  # Bob had b
    told = await ann.next_push("rematch_offered", timeout=5)
    assert told == {**told, "match_id": old, "rematch_id": offered["rematch_id"],
                    "from": "Bob (guest)", "invite_code": offered["invite_code"]}
    assert (await bob.request("rematch", match_id=old))["rematch_id"] == \
        offered["rematch_id"]  # asking again: the same offer
    accepted = await ann.request("rematch", match_id=old)
    assert accepted["rematch_id"] == offered["rematch_id"]
    assert accepted["seat"] == "b" and accepted["status"] == "active"
    new, before = (await server.store.match(offered["rematch_id"]),
                   await server.store.match(old))
    assert unpack(new["setup"]) == unpack(before["setup"])  # the same match again
    assert unpack(new["time_control"]) == unpack(before["time_control"])
    assert new["spectator_delay"] == 3 and new["private"]
    names = (await server.store.seat_names([new["id"]]))[new["id"]]
    assert names == {"a": "Bob (guest)", "b": "Ann (guest)"}


async def test_a_rematch_against_the_house_bot_starts_at_once(server):
    ann = await guest(server, "Ann")
    created = await ann.request("create_match", system="sbh", opponent="bot:random",
                                bot_pace="slow")
    await ann.request("subscribe", match_id=created["match_id"])
    await ann.request("resign", match_id=created["match_id"])
    await ann.next_push("match_over", timeout=10)
    again = await ann.request("rematch", match_id=created["match_id"])
    assert again["status"] == "active" and again["seat"] == "b"
    row = await server.store.match(again["rematch_id"])
    assert row["bot"].startswith("a:random:") and row["bot"].endswith(":slow")


async def test_only_a_player_of_an_ended_match_asks_for_its_rematch(server):
    ann, bob, cy = (await guest(server, "Ann"), await guest(server, "Bob"),
                    await guest(server, "Cy"))
    live = await ann.request("create_match", system="sbh")
    await bob.request("join", match_id=live["match_id"])
    with pytest.raises(ServerError) as refused:
        await ann.request("rematch", match_id=live["match_id"])
    assert refused.value.code == "match_not_finished"
    await ann.request("subscribe", match_id=live["match_id"])
    await bob.request("resign", match_id=live["match_id"])
    await ann.next_push("match_over", timeout=10)
    with pytest.raises(ServerError) as refused:
        await cy.request("rematch", match_id=live["match_id"])
    assert refused.value.code == "not_in_match"
