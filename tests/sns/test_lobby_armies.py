"""Swords & Sorcery armies through the lobby: a seat's army is part of the setup
(`options.armies`), so a joiner or a seeker brings their own (join's and seek's
`warband`, create_match's `warbands`), a rematch keeps each player's army with the
player, and a ready-made army that does not exist is refused in words with nothing
changed. SBH, whose lists are chosen in play, refuses a warband in its settings, and
S&S and ASOIAF refuse a setting they do not have. Over the protocol, on SQLite (the
store plays no part)."""

from __future__ import annotations

import pytest

from clients.client import ServerError
from server.rules.sns.army.ready import army_list
from server.rules.sns.setup import DEFAULT_ARMIES
from server.store.store import unpack
from tests.server.test_rematch import guest

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


async def stored_armies(server, match_id: str) -> dict:
    return unpack((await server.store.match(match_id))["setup"])["options"]["armies"]


async def test_the_joiner_brings_their_own_army_and_the_match_plays_it(server):
    """seed 003, BASIC SCENARIO: each side's army; Ann names hers, Bob joins with the
    Dwarves, and the match plays the Dwarves, not seat b's default."""
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    created = await ann.request("create_match", system="sns", warbands={"a": "elves"})
    match_id = created["match_id"]
    assert await stored_armies(server, match_id) == {"a": army_list("elves")}
    joined = await bob.request("join", match_id=match_id, warband="dwarves")
    assert joined["status"] == "active" and joined["seat"] == "b"
    assert await stored_armies(server, match_id) == {"a": army_list("elves"),
                                                     "b": army_list("dwarves")}
    assert server.hub.actor(match_id).setup["options"]["armies"]["b"] == army_list("dwarves")


async def test_a_seat_nobody_names_an_army_for_plays_its_default(server):
    """seed 003, BASIC SCENARIO: the basic scenario's armies are the defaults; Ann names
    hers and Bob joins naming none: he plays seat b's default, the Orcs."""
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    match_id = (await ann.request("create_match", system="sns", warbands={"a": "elves"}))[
        "match_id"]
    await bob.request("join", match_id=match_id)
    view = (await bob.request("get_view", match_id=match_id))["view"]
    assert view["armies"] == {"a": "Elves", "b": DEFAULT_ARMIES["b"]["name"]}


async def test_an_unknown_army_is_refused_in_words_and_the_seat_stays_free(server):
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    match_id = (await ann.request("create_match", system="sns"))["match_id"]
    with pytest.raises(ServerError) as refused:
        await bob.request("join", match_id=match_id, warband="trolls")
    assert refused.value.code == "invalid_setup"
    assert refused.value.message.startswith("There is no ready-made army 'trolls' (known: ")
    assert (await server.store.match(match_id))["status"] == "open"
    assert set(await server.store.seats(match_id)) == {"a"}


async def test_seekers_bringing_different_armies_are_each_seated_with_theirs(server):
    """Quick pairing: the armies are not part of the match sought."""
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    wanted = {"system": "sns", "options": {"last_turn": 10}}
    assert (await ann.request("seek", **wanted, warband="orcs"))["status"] == "waiting"
    paired = await bob.request("seek", **wanted, warband=army_list("goblins"))
    assert paired["status"] == "paired" and paired["seat"] == "b"
    assert await stored_armies(server, paired["match_id"]) == {"a": army_list("orcs"),
                                                               "b": army_list("goblins")}
    # a skirmish of three never meets an army of ten
    cy, dee = await guest(server, "Cy"), await guest(server, "Dee")
    assert (await cy.request("seek", **wanted, warband="elves"))["status"] == "waiting"
    assert (await dee.request("seek", **wanted, warband="orc-skirmish"))["status"] == \
        "waiting"
    assert (await bob.request("seek", **wanted, warband="dwarf-skirmish"))["status"] == \
        "paired"


async def test_a_rematch_keeps_each_players_army_with_the_player(server):
    """The seats swap in a rematch; each player's army goes with them."""
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    old = (await ann.request("create_match", system="sns", warbands={"a": "elves"}))[
        "match_id"]
    await bob.request("join", match_id=old, warband="dwarves")
    await ann.request("subscribe", match_id=old)
    await bob.request("resign", match_id=old)
    await ann.next_push("match_over", timeout=10)
    offered = await bob.request("rematch", match_id=old)
    accepted = await ann.request("rematch", match_id=old)
    assert (offered["seat"], accepted["seat"], accepted["status"]) == ("a", "b", "active")
    assert await stored_armies(server, offered["rematch_id"]) == {
        "a": army_list("dwarves"), "b": army_list("elves")}


async def test_sbh_refuses_a_warband_in_its_settings_in_words(server):
    """SBH's lists are submitted in play (seed 000, each player's warband is secret
    until both are in): not in create_match's, join's or seek's settings."""
    ann, bob = await guest(server, "Ann"), await guest(server, "Bob")
    match_id = (await ann.request("create_match", system="sbh"))["match_id"]
    for asker, kind, fields in ((bob, "join", {"match_id": match_id, "warband": "elves"}),
                                (ann, "seek", {"system": "sbh", "warband": "elves"})):
        with pytest.raises(ServerError) as refused:
            await asker.request(kind, **fields)
        assert refused.value.code == "invalid_setup"
        assert refused.value.message == ("In this game each warband is chosen once the "
                                         "match has begun, not in its settings: leave "
                                         "warbands out.")
    assert set(await server.store.seats(match_id)) == {"a"}
    assert server.services.seeks.seeks == []


async def test_a_rematch_against_the_house_bot_keeps_yours_and_draws_the_bots(server):
    """Against the house bot the seats swap too: your army goes with you, and the bot's
    is drawn afresh among the ready-made armies of as many figures (clients/bots/
    sns_house.py)."""
    ann = await guest(server, "Ann")
    created = await ann.request("create_match", system="sns", opponent="bot:random",
                                warbands={"a": "elf-skirmish"})
    await ann.request("subscribe", match_id=created["match_id"])
    await ann.request("resign", match_id=created["match_id"])
    await ann.next_push("match_over", timeout=10)
    again = await ann.request("rematch", match_id=created["match_id"])
    assert again["status"] == "active" and again["seat"] == "b"
    armies = await stored_armies(server, again["rematch_id"])
    assert armies["b"] == army_list("elf-skirmish")
    assert len(armies["a"]["units"]) == 3  # (a skirmish drawn for the bot's new seat)


@pytest.mark.parametrize(("system", "fields", "unknown"), [
    ("sns", {"board_size": 30}, "board_size"), ("sns", {"points_limit": 200}, "points_limit"),
    ("sns", {"options": {"turns": 8}}, "turns"),
    ("asoiaf", {"board_size": 30}, "board_size"), ("asoiaf", {"options": {"rounds": 3}},
                                                   "rounds")])
async def test_a_setting_the_game_does_not_have_is_refused_not_ignored(server, system, fields,
                                                                      unknown):
    """Bad input gets a clear error and changes nothing: a setting Swords & Sorcery or
    A Song of Ice & Fire does not have (SBH's board size, a misspelt option) was
    accepted and ignored; it is refused, naming it and the settings there are."""
    ann = await guest(server, "Ann")
    with pytest.raises(ServerError) as refused:
        await ann.request("create_match", system=system, **fields)
    assert refused.value.code == "invalid_setup"
    assert refused.value.message.startswith(f"Invalid match settings: unknown setting(s) "
                                            f"{unknown} (known: ")
    assert (await ann.request("list_open"))["matches"] == []
