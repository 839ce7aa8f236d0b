"""ASOIAF through the whole product (issue 31, "Through the whole product" and
"Bots"): a match against the house bot created with the creator's warband
(`create_match` `warbands`), played between a bot from the prompts and the house
bot over the server, resumed after a server restart, and its replay verified by
`warband replay verify`. (Seat a resigns after its 35th decision, set-up and a
few activations, to keep within the suite's time budget: tests/asoiaf/test_served.py
plays a match to its last round over the protocol.)"""

from __future__ import annotations

import asyncio

import pytest

from clients.bots.asoiaf_house import fitting
from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.cli import main
from server.lobby import house_bot_list_index
from server.rules.asoiaf.random_player import random_command
from tests.served_match import play as play_seat

SCENARIO = {"options": {"scenario": "learn_to_play"}}
MINE = "targaryen-small-prince"


async def play(client: Client, match_id: str, seed: int, decisions: int | None) -> dict | None:
    """Seat a's random-legal player from the prompts: `decisions` of them (then
    None), or to the end (the match_over push)."""
    return await play_seat(client, match_id, "a", seed, random_command, decisions=decisions)


async def test_the_house_bot_plays_asoiaf_resumes_after_a_restart_and_the_replay_verifies(
        tmp_path, capsys):
    """seed 004, PLAYING THE GAME: "The game starts with each player rolling a [d10]"
    ... to the last round's end phase; the house bot draws its warband among those of
    the scenario's size ("the limit imposed by the scenario") with the match's seed."""
    database = f"sqlite+aiosqlite:///{tmp_path / 'asoiaf.db'}"
    first = WarbandServer(ServerOptions(port=0, database_url=database, rate=1000, burst=1000))
    await first.start()
    try:
        ann = await Client.connect(first.url)
        token = (await ann.request("guest", name="Ann"))["token"]
        created = await ann.request("create_match", system="asoiaf", opponent="bot",
                                    warbands={"a": MINE}, **SCENARIO)
        match_id = created["match_id"]
        warbands = created["setup"]["options"]["warbands"]
        assert created["status"] == "active" and warbands["a"] == MINE
        assert warbands["b"] in fitting(created["setup"])
        assert first.hub.bots[match_id].seat == "b"
        await ann.request("subscribe", match_id=match_id)
        assert await asyncio.wait_for(play(ann, match_id, 1, 20), 60) is None
        await ann.close()
    finally:
        await first.stop()

    second = WarbandServer(ServerOptions(port=0, database_url=database, rate=1000, burst=1000))
    await second.start()
    try:
        ann = await Client.connect(second.url)
        await ann.request("authenticate", token=token)
        await ann.request("subscribe", match_id=match_id)  # (resumed, bot and all)
        assert second.hub.bots[match_id].seat == "b"
        assert await asyncio.wait_for(play(ann, match_id, 2, 15), 60) is None
        await ann.request("resign", match_id=match_id)
        over = await asyncio.wait_for(ann.next_push("match_over"), 30)
        await ann.close()
    finally:
        await second.stop()
    assert over["result"]["winner"] == "b"
    keys = fitting(created["setup"])
    assert warbands["b"] == keys[house_bot_list_index(bytes.fromhex(over["seed"]), len(keys))]
    capsys.readouterr()
    assert await asyncio.to_thread(main, ["replay", "verify", match_id,
                                          "--database", database]) == 0
    assert "verified" in capsys.readouterr().out


REFUSED = [
    ({"warbands": {"a": "nope"}}, "There is no ready-made warband 'nope'"),
    ({"warbands": {"a": "baratheon-standard-mounted"}}, "can't be played at 2-4-12"),
    ({"warbands": {"b": "baratheon-small-robert", "c": "x"}}, "There is no seat c"),
    ({"system": "sbh", "warbands": {"a": "elves"}}, "chosen once the match has begun"),
    ({"options": {"scenario": "learn_to_play", "warbands": 5}}, "warbands is a map"),
    ({"opponent": "bot", "options": {"warbands": "x"}}, "warbands is a map"),
]


async def test_a_warband_the_checker_refuses_is_refused_with_its_reason(sqlite_server):
    """seed 004, ASSEMBLING YOUR WARBAND: a warband fits "the limit imposed by the
    scenario", for a seat the game has. SBH's
    lists are submitted in play, not in the setup."""
    ann = await Client.connect(sqlite_server.url)
    try:
        await ann.request("guest", name="Ann")
        for fields, said in REFUSED:
            with pytest.raises(ServerError) as refused:
                await ann.request("create_match", **({"system": "asoiaf"} | SCENARIO | fields))
            assert refused.value.code == "invalid_setup", fields
            assert said in refused.value.message, refused.value.message
    finally:
        await ann.close()
