"""ASOIAF warbands through the lobby (issue 31, "Through the whole product"): the
joiner names its own warband on `join`, a rematch keeps each player's warband with
the player, a warband for a seat the game does not have is refused, and `catalog`
answers for the size asked or the scenario's. Over the protocol, on SQLite (the
store plays no part)."""

from __future__ import annotations

import pytest

from clients.bots.asoiaf_house import fitting
from clients.client import Client, ServerError
from server.rules.asoiaf.setup import default_warbands
from server.store.store import unpack

SCENARIO = {"options": {"scenario": "learn_to_play"}}  # played at 2-4-12
PRINCE, HIGHGARDEN = "targaryen-small-prince", "targaryen-small-highgarden"
ROBERT, ARRYN = "baratheon-small-robert", "baratheon-small-arryn"


async def guest(server, name: str) -> Client:
    client = await Client.connect(server.url)
    await client.request("guest", name=name)
    return client


async def stored_warbands(server, match_id: str) -> dict:
    return unpack((await server.store.match(match_id))["setup"])["options"]["warbands"]


async def test_the_joiner_names_its_own_warband_and_the_creators_choice_does_not_override_it(
        sqlite_server):
    """seed 004, ASSEMBLING YOUR WARBAND: each player assembles their own warband
    ("The scenario tells you how many coins you have to assemble your warband")."""
    ann, bob = await guest(sqlite_server, "Ann"), await guest(sqlite_server, "Bob")
    try:
        created = await ann.request("create_match", system="asoiaf",
                                    warbands={"a": PRINCE, "b": ROBERT}, **SCENARIO)
        match_id = created["match_id"]
        joined = await bob.request("join", match_id=match_id, warband=ARRYN)
        assert joined["status"] == "active" and joined["seat"] == "b"
        assert await stored_warbands(sqlite_server, match_id) == {"a": PRINCE, "b": ARRYN}
        # the match plays it: the actor started from the joiner's choice
        actor = sqlite_server.hub.actor(match_id)
        assert actor.setup["options"]["warbands"] == {"a": PRINCE, "b": ARRYN}
    finally:
        await ann.close()
        await bob.close()


async def test_a_joiners_list_is_judged_by_the_checker_and_a_refusal_changes_nothing(
        sqlite_server):
    """seed 004, ASSEMBLING YOUR WARBAND: "There are 3 sizes of warbands": a list of
    another size, or an unknown key, is refused with the checker's reason; the seat
    stays free and the setup as it was."""
    ann, bob = await guest(sqlite_server, "Ann"), await guest(sqlite_server, "Bob")
    try:
        created = await ann.request("create_match", system="asoiaf",
                                    warbands={"a": PRINCE}, **SCENARIO)
        match_id = created["match_id"]
        for wrong, said in (("baratheon-standard-mounted", "can't be played at 2-4-12"),
                            ("no-such-warband", "no ready-made warband"),
                            ({"faction": "Baratheon", "models": []}, "2-4-12")):
            with pytest.raises(ServerError) as refused:
                await bob.request("join", match_id=match_id, warband=wrong)
            assert refused.value.code == "invalid_setup" and said in refused.value.message
        assert await stored_warbands(sqlite_server, match_id) == {"a": PRINCE}
        opened = (await bob.request("list_open", system="asoiaf"))["matches"]
        assert [m["open_seats"] for m in opened if m["match_id"] == match_id] == [["b"]]
        # a list the checker accepts, given in full, is played as given
        highgarden = next(p for p in (await bob.request(
            "catalog", system="asoiaf", options=SCENARIO["options"]))["presets"]
            if p["key"] == HIGHGARDEN)
        listed = {"name": "Mine", "faction": highgarden["faction"],
                  "models": highgarden["models"]}
        assert (await bob.request("join", match_id=match_id,
                                  warband=listed))["status"] == "active"
        assert (await stored_warbands(sqlite_server, match_id))["b"] == listed
    finally:
        await ann.close()
        await bob.close()


async def test_sbh_refuses_a_warband_on_join_its_lists_are_submitted_in_play(sqlite_server):
    """SBH's lists stay secret and are submitted in play (`submit_list`)."""
    ann, bob = await guest(sqlite_server, "Ann"), await guest(sqlite_server, "Bob")
    try:
        created = await ann.request("create_match", system="sbh")
        with pytest.raises(ServerError) as refused:
            await bob.request("join", match_id=created["match_id"], warband="anything")
        assert refused.value.code == "invalid_setup"
        assert (await bob.request("join", match_id=created["match_id"]))["status"] == "active"
    finally:
        await ann.close()
        await bob.close()


async def test_a_warband_for_a_seat_the_game_does_not_have_is_refused(sqlite_server):
    """seed 004, PLAYING THE GAME is for two players: a warband named for seat "c"
    is a mistake, refused in words, not silently dropped."""
    ann = await guest(sqlite_server, "Ann")
    try:
        with pytest.raises(ServerError) as refused:
            await ann.request("create_match", system="asoiaf",
                              warbands={"a": PRINCE, "b": ROBERT, "c": ARRYN}, **SCENARIO)
        assert refused.value.code == "invalid_setup"
        assert refused.value.message == ("There is no seat c: warbands are named for the "
                                         "seats a and b.")
    finally:
        await ann.close()


async def finished_rematch(server, warbands: dict | None, joiner: str | None) -> tuple:
    """Ann creates (seat a), Bob joins (with `joiner`), Bob resigns, Bob asks for the
    rematch and Ann accepts: (the old match's id, the rematch's)."""
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    try:
        extra = {"warbands": warbands} if warbands else {}
        created = await ann.request("create_match", system="asoiaf", **extra, **SCENARIO)
        old = created["match_id"]
        await bob.request("join", match_id=old, **({"warband": joiner} if joiner else {}))
        await ann.request("subscribe", match_id=old)
        await bob.request("resign", match_id=old)
        await ann.next_push("match_over", timeout=10)
        offered = await bob.request("rematch", match_id=old)
        assert offered["seat"] == "a"  # Bob had b
        accepted = await ann.request("rematch", match_id=old)
        assert accepted["seat"] == "b" and accepted["status"] == "active"
        return old, offered["rematch_id"]
    finally:
        await ann.close()
        await bob.close()


async def test_a_rematch_keeps_each_players_warband_with_the_player(sqlite_server):
    """The seats swap in a rematch; each player's warband goes with them."""
    old, new = await finished_rematch(sqlite_server, {"a": PRINCE}, ARRYN)
    assert await stored_warbands(sqlite_server, old) == {"a": PRINCE, "b": ARRYN}
    assert await stored_warbands(sqlite_server, new) == {"a": ARRYN, "b": PRINCE}


async def test_a_rematch_of_default_warbands_keeps_them_with_their_players(sqlite_server):
    """Named by nobody, each seat had the default of the scenario's size: the rematch
    names them, each for its player's new seat."""
    _, new = await finished_rematch(sqlite_server, None, None)
    played = default_warbands("2-4-12")
    assert await stored_warbands(sqlite_server, new) == {"a": played["b"], "b": played["a"]}


async def test_a_rematch_against_the_house_bot_keeps_yours_and_draws_the_bots(
        sqlite_server):
    """Against the house bot you keep your warband in your new seat; the bot's is
    drawn afresh among those of the scenario's size."""
    ann = await guest(sqlite_server, "Ann")
    try:
        created = await ann.request("create_match", system="asoiaf", opponent="bot:random",
                                    warbands={"a": PRINCE}, **SCENARIO)
        await ann.request("subscribe", match_id=created["match_id"])
        await ann.request("resign", match_id=created["match_id"])
        await ann.next_push("match_over", timeout=10)
        again = await ann.request("rematch", match_id=created["match_id"])
        assert again["seat"] == "b" and again["status"] == "active"
        warbands = await stored_warbands(sqlite_server, again["rematch_id"])
        assert warbands["b"] == PRINCE and warbands["a"] in fitting(created["setup"])
    finally:
        await ann.close()


async def test_the_catalog_answers_for_the_size_asked_or_the_scenarios(sqlite_server):
    """seed 004, ASSEMBLING YOUR WARBAND: "There are 3 sizes of warbands", and "The
    scenario tells you how many coins you have to assemble your warband"."""
    ann = await guest(sqlite_server, "Ann")
    try:
        for options, size in (({"scenario": "kingsroad_battle"}, "4-8-24"),
                              ({"scenario": "learn_to_play"}, "2-4-12"),
                              ({"size": "2-4-12"}, "2-4-12"),
                              ({"scenario": "river_ford", "size": "3-6-18"}, "3-6-18")):
            answer = await ann.request("catalog", system="asoiaf", options=options)
            assert answer["size"] == size, options
            assert answer["presets"] and all(
                key.split("-")[1] == {"2-4-12": "small", "3-6-18": "standard",
                                      "4-8-24": "large"}[size]
                for key in (p["key"] for p in answer["presets"]))
        for options, said in (({"scenario": "kingsroad_battle", "size": "2-4-12"},
                               "The scenario kingsroad_battle is played at 4-8-24, "
                               "not 2-4-12."),
                              ({"scenario": "atlantis"}, "There is no scenario 'atlantis'")):
            with pytest.raises(ServerError) as refused:
                await ann.request("catalog", system="asoiaf", options=options)
            assert refused.value.code == "invalid_setup"
            assert refused.value.message.startswith(said)
    finally:
        await ann.close()
