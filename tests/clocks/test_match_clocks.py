"""Clocks in a match, over the protocol, on SQLite and PostgreSQL (issue 32, time
controls): pushed with every prompt, charged to the seat the rules wait for, stored
with each command, ended on time (auto) or claimed, an unstarted match aborted, and
resumed after a restart without charging anyone for the downtime."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from sqlalchemy import select

from clients.client import Client, ServerError
from server.clocks import control
from server.clocks.control import TimeControl
from server.store.schema import commands
from server.store.store import Store, unpack
from tests.sbh.test_games import WARBANDS
from tests.server.test_restart import ServerProcess

LIVE = {"kind": "live", "initial": 600, "increment": 10}


async def seated(server, time_control, *, ann="Ann", bob="Bob"):
    """Ann creates a timed match, Bob joins; both watch it. (ann, bob, match id)"""
    a, b = await Client.connect(server.url), await Client.connect(server.url)
    await a.request("guest", name=ann)
    await b.request("guest", name=bob)
    created = await a.request("create_match", system="sbh", scenario="all_out_battle",
                              points_limit=300, time_control=time_control)
    assert created["time_control"] == control.parse(time_control).to_wire()
    await b.request("join", match_id=created["match_id"])
    for client in (a, b):
        await client.request("subscribe", match_id=created["match_id"])
    return a, b, created["match_id"]


async def prompt_after(client, seq_at_least: int = 0) -> dict:
    while True:
        push = await client.next_push("prompt", timeout=10)
        if push["seq"] >= seq_at_least:
            return push


async def submit_list(client, match_id, seat) -> dict:
    return await client.request("command", match_id=match_id, command="submit_list",
                                args={"list": WARBANDS[seat], "salt": f"salt-{seat}"})


async def stored_clocks(server, match_id) -> list[dict]:
    async with server.store.engine.connect() as conn:
        rows = (await conn.execute(select(commands.c.clock).where(
            commands.c.match_id == match_id).order_by(commands.c.idx))).scalars().all()
    return [unpack(row) for row in rows]


async def test_the_clocks_run_for_whom_the_rules_wait_and_are_stored_with_each_command(
        server):
    ann, bob, match_id = await seated(server, LIVE)
    first = await prompt_after(ann)
    # set-up: both lists are asked at once, so both clocks run
    assert first["clock"]["running"] == ["a", "b"]
    assert first["clock"]["control"] == control.parse(LIVE).to_wire()
    assert 590_000 < first["clock"]["left"]["a"] <= 600_000
    await asyncio.sleep(0.3)
    await submit_list(ann, match_id, "a")
    after = await prompt_after(bob, first["seq"] + 1)
    # Ann's clock stopped (and gained the increment: the rules no longer wait for
    # her), Bob's runs on
    assert after["clock"]["running"] == ["b"]
    assert 609_000 < after["clock"]["left"]["a"] < 609_800
    assert after["clock"]["left"]["b"] < 599_800
    [record] = await stored_clocks(server, match_id)
    assert record["left"]["a"] == pytest.approx(after["clock"]["left"]["a"], abs=5)
    assert record["left"]["b"] == 600_000  # (its clock runs on from there)
    view = await bob.request("get_view", match_id=match_id)
    assert view["clock"]["running"] == ["b"]


async def test_a_clock_at_zero_ends_the_match_on_time(server, monkeypatch):
    monkeypatch.setattr(control, "LIVE_INITIAL", (0.1, 3 * 3600))  # (a test's patience)
    ann, bob, match_id = await seated(server, {"kind": "live", "initial": 1, "increment": 0})
    await submit_list(ann, match_id, "a")  # the match has started; Bob thinks on
    over = await bob.next_push("match_over", timeout=10)
    assert over["result"]["winner"] == "a"
    assert over["result"]["reason"] == "b ran out of time"
    replay = await ann.request("get_replay", match_id=match_id)
    assert replay["commands"][-1]["type"] == "concede"
    assert replay["commands"][0]["clock"]["left"]["b"] == 1000
    assert replay["time_control"]["kind"] == "live"
    assert replay["result"]["reason"] == "b ran out of time"


async def test_without_auto_the_opponent_claims_the_win(server, monkeypatch):
    monkeypatch.setattr(control, "LIVE_INITIAL", (0.1, 3 * 3600))
    ann, bob, match_id = await seated(server, {"kind": "live", "initial": 1, "increment": 0,
                                               "auto": False})
    await submit_list(ann, match_id, "a")
    # the flag falls: everyone is told, with Bob's clock at zero, and the match waits
    while True:
        push = await ann.next_push("prompt", timeout=10)
        if push["clock"]["left"]["b"] == 0:
            break
    with pytest.raises(ServerError) as refused:
        await submit_list(bob, match_id, "b")
    assert refused.value.code == "out_of_time"
    claimed = await ann.request("claim_timeout", match_id=match_id)
    assert claimed["match_id"] == match_id
    over = await ann.next_push("match_over", timeout=10)
    assert over["result"] == {**over["result"], "winner": "a", "reason": "b ran out of time"}


async def test_a_match_whose_first_decision_is_never_made_is_aborted_unrated(
        server, monkeypatch):
    monkeypatch.setattr(TimeControl, "first_decision_limit", property(lambda self: 0.5))
    ann, bob, match_id = await seated(server, LIVE)
    over = await ann.next_push("match_over", timeout=10)
    assert over["result"]["winner"] is None and over["result"]["reason"].startswith("aborted")
    assert over["ratings"] is None
    row = await server.store.match(match_id)
    assert row["status"] == "aborted"
    assert await stored_clocks(server, match_id) == []  # nothing was played


async def test_a_killed_server_resumes_the_clocks_with_no_charge_for_the_downtime(
        database_url, tmp_path):
    """SIGKILL mid-match (`warband serve` as a child process), down a while, started
    again on the same database: the stopped clock is exactly as stored, the running
    one starts again from its stored time."""
    process = ServerProcess(database_url, tmp_path / "server.log")
    await process.start()
    try:
        ann, bob = await Client.connect(process.url), await Client.connect(process.url)
        await ann.request("guest", name="Ann")
        await bob.request("guest", name="Bob")
        created = await ann.request("create_match", system="sbh", time_control=LIVE)
        match_id = created["match_id"]
        await bob.request("join", match_id=match_id)
        await submit_list(ann, match_id, "a")
        await asyncio.sleep(0.5)  # Bob's clock runs...
        await process.kill()  # ...and the server dies
        await asyncio.sleep(1.0)
        await process.start()
        client = await Client.connect(process.url)
        await client.request("guest", name="Cy")
        await client.request("subscribe", match_id=match_id)  # (as a spectator)
        clock = (await prompt_after(client))["clock"]
        assert clock["running"] == ["b"]
        store = await Store.open(database_url)
        try:
            [last] = (await store.commands(match_id))[-1:]
        finally:
            await store.close()
        assert clock["left"]["a"] == unpack(last.clock)["left"]["a"]  # exactly as stored
        # Bob's runs from the restart on: neither the downtime nor the half second
        # before the kill is charged (the store keeps what each command left)
        assert 599_000 < clock["left"]["b"] <= 600_000
        assert unpack(last.clock)["left"]["b"] == 600_000
    finally:
        with contextlib.suppress(Exception):
            await process.kill()
