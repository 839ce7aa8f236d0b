"""Chat limits and moderation (issue 32, "Chat"): length and rate limits, the word
filter, guests read-only unless the server allows them to write, mutes (for the
muter only), reports, a moderator's hide (gone for everyone) and silence (a
non-moderator refused), all kept across a server restart. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import ServerError
from server.chat.filter import WordFilter
from server.chat.limits import ChatSettings, WriteRate, clean_text
from server.cli import main
from tests.chat.conftest import chat_pushes, started_match


def test_the_filter_stars_listed_words_whole_and_in_any_case():
    words = WordFilter(["darn", "heck"])
    assert words.apply("Darn it, HECK! darned hecks") == "**** it, ****! darned hecks"
    assert WordFilter([]).apply("darn") == "darn"


def test_text_is_one_trimmed_line_within_the_limit():
    assert clean_text("  two\nlines\tand\x07 a bell ", 300) == "two lines and a bell"
    with pytest.raises(Exception) as empty:
        clean_text(" \n\x07", 300)
    assert empty.value.code == "chat_empty"
    with pytest.raises(Exception) as long:
        clean_text("x" * 11, 10)
    assert long.value.code == "chat_too_long"


def test_the_rate_is_per_account_with_a_burst():
    now = [0.0]
    rate = WriteRate(ChatSettings(rate=0.5, burst=2), clock=lambda: now[0])
    rate.take("ann"), rate.take("ann"), rate.take("bob")
    with pytest.raises(Exception) as fast:
        rate.take("ann")
    assert fast.value.code == "chat_too_fast"
    now[0] = 2.0  # one more token after 1/rate seconds
    rate.take("ann")


async def _refused(client, code: str, kind: str = "chat_send", **fields) -> ServerError:
    with pytest.raises(ServerError) as refused:
        await client.request(kind, **fields)
    assert refused.value.code == code
    return refused.value


async def test_length_rate_and_filter_over_the_protocol(server, clients):
    ann = await clients(server, "ann")
    lobby = {"match_id": None, "room": "lobby"}
    too_long = await _refused(ann, "chat_too_long", **lobby, text="x" * 301)
    assert "300" in too_long.message
    await _refused(ann, "chat_empty", **lobby, text="   ")
    sent = await ann.request("chat_send", **lobby, text="Darn dice")  # the fixture's filter
    assert sent["text"] == "**** dice"
    for n in range(4):  # the burst of 5
        await ann.request("chat_send", **lobby, text=f"line {n}")
    fast = await _refused(ann, "chat_too_fast", **lobby, text="one too many")
    assert fast.retryable
    history = await ann.request("chat_history", **lobby)
    assert [m["text"] for m in history["messages"]] == \
        ["**** dice", "line 0", "line 1", "line 2", "line 3"]  # nothing refused was kept


async def test_guests_read_but_write_only_where_the_server_allows(start_server, clients):
    server = await start_server()
    guest = await clients(server, "Gus", guest=True)
    ann = await clients(server, "ann")
    await ann.request("chat_send", match_id=None, room="lobby", text="welcome")
    read = await guest.request("chat_history", match_id=None, room="lobby")
    assert [m["text"] for m in read["messages"]] == ["welcome"] and not read["can_write"]
    await _refused(guest, "chat_not_allowed", match_id=None, room="lobby", text="hi")
    await server.stop()
    allowing = await start_server(ChatSettings(guests_write=True))
    gus = await clients(allowing, "Gus", guest=True)
    sent = await gus.request("chat_send", match_id=None, room="lobby", text="hi")
    assert sent["author"] == "Gus (guest)"


async def test_a_mute_hides_the_muted_from_the_muter_only(server, clients):
    ann, bob, cy = (await clients(server, "ann"), await clients(server, "bob"),
                    await clients(server, "cy_watch"))
    match_id = await started_match(ann, bob)
    room = {"match_id": match_id, "room": "players"}
    for client in (bob, cy):
        await client.request("chat_history", **room)
    await bob.request("chat_mute", account_id=ann.me["account_id"])
    await ann.request("chat_send", **room, text="you will lose")
    assert [p["text"] for p in await chat_pushes(cy)] == ["you will lose"]
    assert await chat_pushes(bob) == []
    seen = await bob.request("chat_history", **room)
    assert seen["messages"] == [] and seen["muted"] == [ann.me["account_id"]]
    await _refused(bob, "chat_not_allowed", "chat_mute", account_id=bob.me["account_id"])
    await _refused(bob, "no_such_account", "chat_mute", account_id="nobody")
    await bob.request("chat_unmute", account_id=ann.me["account_id"])
    await ann.request("chat_send", **room, text="sorry")
    assert [p["text"] for p in await chat_pushes(bob)] == ["sorry"]
    assert [m["text"] for m in (await bob.request("chat_history", **room))["messages"]] == \
        ["you will lose", "sorry"]


async def test_a_moderator_hides_for_everyone_and_silences(server, clients):
    ann, bob, mod = (await clients(server, "ann"), await clients(server, "bob"),
                     await clients(server, "moddy"))
    match_id = await started_match(ann, bob)
    room = {"match_id": match_id, "room": "players"}
    await bob.request("chat_history", **room)
    rude = await ann.request("chat_send", **room, text="rude words")
    reported = await bob.request("chat_report", message_id=rude["message_id"],
                                 reason="insulting")
    assert reported == {"message_id": rude["message_id"], "reported": True, "again": False}
    await _refused(bob, "chat_reason_required", "chat_report",
                   message_id=rude["message_id"], reason="  ")
    # nobody but a moderator hides or silences
    await _refused(bob, "not_a_moderator", "chat_hide", message_id=rude["message_id"])
    await _refused(bob, "not_a_moderator", "chat_silence", account_id=ann.me["account_id"],
                   minutes=10, reason="spam")
    await _refused(bob, "not_a_moderator", "chat_reports")
    await server.services.chat.chat.set_moderator(mod.me["account_id"], True)
    assert (await mod.request("chat_history", **room))["moderator"] is True
    reports = (await mod.request("chat_reports"))["reports"]
    assert [(r["message_id"], r["author"], r["text"], r["reporter"], r["reason"], r["hidden"])
            for r in reports] == [(rude["message_id"], "ann", "rude words", "bob",
                                   "insulting", False)]
    await _refused(mod, "no_such_message", "chat_hide", message_id=999_999)
    await mod.request("chat_hide", message_id=rude["message_id"])
    pushes = await chat_pushes(bob)
    assert pushes[-1] == {"v": 1, "type": "chat_hidden", "match_id": match_id,
                          "room": "players", "message_id": rude["message_id"]}
    assert (await ann.request("chat_history", **room))["messages"] == []
    assert (await mod.request("chat_reports"))["reports"][0]["hidden"] is True
    await _refused(mod, "chat_bad_duration", "chat_silence",
                   account_id=ann.me["account_id"], minutes=-1, reason="spam")
    silenced = await mod.request("chat_silence", account_id=ann.me["account_id"],
                                 minutes=10, reason="insults")
    refused = await _refused(ann, "chat_silenced", **room, text="why?")
    assert refused.details["until"] == pytest.approx(silenced["until"])
    await mod.request("chat_silence", account_id=ann.me["account_id"], minutes=0,
                      reason="served")
    await ann.request("chat_send", **room, text="sorry")


async def test_messages_mutes_and_silences_survive_a_restart(start_server, clients):
    server = await start_server()
    ann, bob, mod = (await clients(server, "ann"), await clients(server, "bob"),
                     await clients(server, "moddy"))
    match_id = await started_match(ann, bob)
    room = {"match_id": match_id, "room": "players"}
    await ann.request("chat_send", **room, text="first")
    hidden = await ann.request("chat_send", **room, text="second")
    await bob.request("chat_send", **room, text="third")
    await bob.request("chat_mute", account_id=ann.me["account_id"])
    await server.services.chat.chat.set_moderator(mod.me["account_id"], True)
    await mod.request("chat_hide", message_id=hidden["message_id"])
    await mod.request("chat_silence", account_id=ann.me["account_id"], minutes=5,
                      reason="spam")
    await server.stop()

    again = await start_server()
    ann = await clients(again, "ann", login=True)
    bob = await clients(again, "bob", login=True)
    assert [m["text"] for m in (await ann.request("chat_history", **room))["messages"]] == \
        ["first", "third"]
    assert [m["text"] for m in (await bob.request("chat_history", **room))["messages"]] == \
        ["third"]  # Ann muted
    await _refused(ann, "chat_silenced", **room, text="back")


async def test_a_repeated_send_is_answered_not_sent_twice(server, clients):
    ann = await clients(server, "ann")
    lobby = {"match_id": None, "room": "lobby"}
    first = await ann.request("chat_send", request_id="say-1", **lobby, text="once")
    again = await ann.request("chat_send", request_id="say-1", **lobby, text="once")
    assert again == first
    assert len((await ann.request("chat_history", **lobby))["messages"]) == 1


async def test_the_moderator_command_grants_and_revokes(start_server, clients,
                                                        database_url):
    server = await start_server()
    mod = await clients(server, "moddy")
    guest = await clients(server, "Gus", guest=True)
    sent = await guest.request("chat_history", match_id=None, room="lobby")
    assert sent["moderator"] is False
    assert await asyncio.to_thread(main, ["moderator", "MODDY", "--database",
                                          database_url]) == 0
    assert (await mod.request("chat_history", match_id=None, room="lobby"))["moderator"]
    assert await asyncio.to_thread(main, ["moderator", "moddy", "--revoke", "--database",
                                          database_url]) == 0
    await _refused(mod, "not_a_moderator", "chat_silence",
                   account_id=guest.me["account_id"], minutes=5, reason="spam")
    assert await asyncio.to_thread(main, ["moderator", "nobody", "--database",
                                          database_url]) == 1


async def test_hiding_a_spectators_message_is_not_told_to_the_players_during_play(
        server, clients):
    ann, bob, cy, mod = (await clients(server, "ann"), await clients(server, "bob"),
                         await clients(server, "cy_watch"), await clients(server, "moddy"))
    match_id = await started_match(ann, bob)
    await server.services.chat.chat.set_moderator(mod.me["account_id"], True)
    for client in (ann, cy):
        await client.request("chat_history", match_id=match_id, room="players")
    said = await cy.request("chat_send", match_id=match_id, room="spectators", text="spoiler")
    await mod.request("chat_hide", message_id=said["message_id"])
    assert [p["type"] for p in await chat_pushes(cy)] == ["chat_message", "chat_hidden"]
    assert await chat_pushes(ann) == []
