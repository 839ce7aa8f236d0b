"""Swords & Sorcery against the house bot (clients/bots/sns_house.py; issue 34):
the bot plays a ready-made army (server/rules/sns/data/armies.toml) of as many
figures as the match's, drawn with the match's seed; a match against it over
the server, played by a random-legal player from the prompts to the end (seed
003, BASIC SCENARIO: "The first side to lose all its leaders or suffer 50%
casualties will abandon the field", or the turn limit), resumed after a
restart, and its replay verified by `warband replay verify`."""

from __future__ import annotations

import asyncio

import pytest

from clients.bots.house import house_bot
from clients.bots.sns_house import describe, fitting, make, seat_setup
from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.cli import main
from server.lobby import house_bot_list_index
from server.rules.sns.army.check import check_army
from server.rules.sns.army.ready import army_list, ready_armies
from server.rules.sns.random_player import random_command
from server.rules.sns.setup import DEFAULT_ARMIES
from server.rules.sns.system import SYSTEM
from tests.served_match import play as play_seat

SKIRMISH = {"a": army_list("medieval-skirmish"), "b": army_list("orc-skirmish")}


def test_every_ready_made_army_is_a_legal_army_with_one_commander():
    """BASIC SCENARIO: "Each side has one Commander", "500 gold", "No dragons":
    the checker passes every ready-made army; the default match's are the first two."""
    for key, army in ready_armies().items():
        priced, problems = check_army(army.army_list())
        assert problems == [], key
        assert len(priced["units"]) == len(army.units)
    assert DEFAULT_ARMIES == {"a": army_list("medieval-men"), "b": army_list("orcs")}


def test_the_bot_fits_armies_of_the_match_s_size():
    """A skirmish of three figures a side gets a three-figure army; the basic
    scenario's default armies (ten figures) a ten-figure one; a size no ready-made
    army has, none (and the refusal says why)."""
    assert house_bot("sns").fitting is fitting
    small = fitting({"options": {"armies": SKIRMISH}})
    assert small == ["dwarf-skirmish", "elf-skirmish", "medieval-skirmish", "orc-skirmish"]
    assert fitting({}) == ["dwarves", "elves", "goblins", "medieval-men", "orcs"]
    four = {"a": {"name": "Mine", "units": [{"unit": "Orc"}] * 3 + [{"unit": "Orc Warboss"}]}}
    assert fitting({"options": {"armies": four}}) == []
    assert "an army of 4 figures" in describe({"options": {"armies": four}})


def test_seat_setup_puts_the_bot_s_army_in_its_seat_and_keeps_the_other():
    """The creator's army stays; a seat the creator named none for gets the
    default; the setup still starts a match (the system's own check)."""
    setup = seat_setup({"options": {"armies": SKIRMISH, "last_turn": 3}}, "b", "elf-skirmish")
    armies = setup["options"]["armies"]
    assert armies["a"] == SKIRMISH["a"] and armies["b"] == army_list("elf-skirmish")
    assert setup["options"]["last_turn"] == 3
    SYSTEM.validate_setup(setup)
    mine = {"armies": {"a": army_list("dwarves")}}
    setup = seat_setup(mine, "b", "goblins")
    assert "armies" not in setup and setup["options"]["armies"]["b"] == army_list("goblins")
    only_b = seat_setup({"options": {"armies": {"b": army_list("orcs")}}}, "a", "elves")
    assert only_b["options"]["armies"] == {"a": army_list("elves"), "b": army_list("orcs")}
    assert seat_setup({"options": {"armies": 5}}, "b", "orcs") == {"options": {"armies": 5}}


def test_make_gives_a_bot_of_each_level():
    assert type(make("heuristic", "orcs", 3)).__name__ == "HeuristicBot"
    assert type(make("random", "orcs", 3)).__name__ == "RandomBot"


async def play(client: Client, match_id: str, seed: int, decisions: int | None) -> dict | None:
    """Seat a's random-legal player from the prompts: `decisions` of them (then
    None), or to the end (the match_over push)."""
    return await play_seat(client, match_id, "a", seed, random_command, decisions=decisions)


async def test_a_match_against_the_house_bot_plays_to_its_end_and_the_replay_verifies(
        tmp_path, capsys):
    """Two turns of the basic scenario against the heuristic house bot: created
    with the creator's army, the bot's drawn with the match's seed, resumed after
    a restart, played to the end, verified from its replay. (The match's seed is
    the server's own: should the battle end before the restart, it is verified
    all the same.)"""
    database = f"sqlite+aiosqlite:///{tmp_path / 'sns.db'}"
    options = ServerOptions(port=0, database_url=database, rate=1000, burst=1000)
    first = WarbandServer(options)
    await first.start()
    try:
        ann = await Client.connect(first.url)
        token = (await ann.request("guest", name="Ann"))["token"]
        mine = {"a": army_list("dwarves")}
        created = await ann.request("create_match", system="sns", opponent="bot",
                                    options={"armies": mine, "last_turn": 2})
        match_id = created["match_id"]
        armies = created["setup"]["options"]["armies"]
        assert created["status"] == "active" and armies["a"] == mine["a"]
        assert first.hub.bots[match_id].seat == "b"
        await ann.request("subscribe", match_id=match_id)
        over = await asyncio.wait_for(play(ann, match_id, 1, 4), 120)
        await ann.close()
    finally:
        await first.stop()

    if over is None:
        second = WarbandServer(options)
        await second.start()
        try:
            ann = await Client.connect(second.url)
            await ann.request("authenticate", token=token)
            await ann.request("subscribe", match_id=match_id)  # (resumed, bot and all)
            assert second.hub.bots[match_id].seat == "b"
            over = await asyncio.wait_for(play(ann, match_id, 2, None), 300)
            await ann.close()
        finally:
            await second.stop()
    assert over is not None and over["result"]["reason"]
    keys = fitting(created["setup"])
    key = keys[house_bot_list_index(bytes.fromhex(over["seed"]), len(keys))]
    assert armies["b"] == army_list(key)
    capsys.readouterr()
    assert await asyncio.to_thread(main, ["replay", "verify", match_id,
                                          "--database", database]) == 0
    assert "verified" in capsys.readouterr().out


async def test_an_army_no_ready_made_one_fits_is_refused_with_the_reason(tmp_path):
    """The lobby refuses a match against the bot when no ready-made army has as
    many figures as the match's (`invalid_setup`, saying what must fit)."""
    four = {"a": {"name": "Mine", "units": [{"unit": "Orc"}] * 3 + [{"unit": "Orc Warboss"}]},
            "b": army_list("orcs")}
    four["b"]["units"] = four["b"]["units"][:4]
    lobby = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                        f"{tmp_path / 'lobby.db'}"))
    await lobby.start()
    try:
        ann = await Client.connect(lobby.url)
        await ann.request("guest", name="Ann")
        with pytest.raises(ServerError) as refused:
            await ann.request("create_match", system="sns", opponent="bot",
                              options={"armies": four})
        assert refused.value.code == "invalid_setup"
        assert "an army of 4 figures" in refused.value.message
        await ann.close()
    finally:
        await lobby.stop()
