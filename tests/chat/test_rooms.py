"""Match chat (issue 32, "Chat"): the players' room is read by everyone, the
spectators' room by everyone but the players while the match is live (both after
it ends, as on lichess); who may write where; a logged-out player's stream stops.
On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from clients.client import ServerError
from tests.chat.conftest import chat_pushes, started_match


async def test_the_spectators_room_is_kept_from_the_players_until_the_match_ends(
        server, clients):
    ann, bob = await clients(server, "ann"), await clients(server, "bob")
    cy, dee = await clients(server, "cy_watch"), await clients(server, "dee_watch")
    match_id = await started_match(ann, bob)
    for client in (ann, bob, cy, dee):  # (following the match's chat)
        await client.request("chat_history", match_id=match_id, room="players")

    sent = await ann.request("chat_send", match_id=match_id, room="players", text="good luck")
    assert sent["author"] == "ann" and sent["room"] == "players"
    for client in (ann, bob, cy, dee):  # (the writer's own connections too)
        pushed = await client.next_push("chat_message", timeout=5)
        assert pushed["text"] == "good luck" and pushed["message_id"] == sent["message_id"]

    await cy.request("chat_send", match_id=match_id, room="spectators", text="ann is ahead")
    assert (await dee.next_push("chat_message", timeout=5))["text"] == "ann is ahead"
    await bob.request("chat_send", match_id=match_id, room="players", text="thanks")
    # the first chat push the players get after Cy's is Bob's: Cy's never came to them
    for client in (ann, bob):
        assert (await client.next_push("chat_message", timeout=5))["text"] == "thanks"

    with pytest.raises(ServerError) as refused:
        await ann.request("chat_history", match_id=match_id, room="spectators")
    assert refused.value.code == "chat_not_allowed"
    with pytest.raises(ServerError) as refused:
        await bob.request("chat_send", match_id=match_id, room="spectators", text="hi all")
    assert refused.value.code == "chat_not_allowed"
    with pytest.raises(ServerError) as refused:  # spectators do not write to the players
        await cy.request("chat_send", match_id=match_id, room="players", text="psst")
    assert refused.value.code == "chat_not_allowed"
    watched = await dee.request("chat_history", match_id=match_id, room="spectators")
    assert [m["text"] for m in watched["messages"]] == ["ann is ahead"]
    assert watched["can_write"] is True

    await ann.request("subscribe", match_id=match_id)
    await bob.request("resign", match_id=match_id)
    await ann.next_push("match_over", timeout=10)
    # ended: the players read the spectators' room, get its pushes, and may write there
    after = await ann.request("chat_history", match_id=match_id, room="spectators")
    assert [m["text"] for m in after["messages"]] == ["ann is ahead"]
    await cy.request("chat_send", match_id=match_id, room="spectators", text="gg")
    assert (await bob.next_push("chat_message", timeout=5))["text"] == "gg"
    assert (await ann.next_push("chat_message", timeout=5))["text"] == "gg"
    await ann.request("chat_send", match_id=match_id, room="spectators", text="thank you")


async def test_a_finished_match_keeps_its_chat_for_the_replay(server, clients):
    ann, bob, cy = (await clients(server, "ann"), await clients(server, "bob"),
                    await clients(server, "cy_watch"))
    match_id = await started_match(ann, bob)
    await ann.request("chat_send", match_id=match_id, room="players", text="have fun")
    await cy.request("chat_send", match_id=match_id, room="spectators", text="close one")
    await ann.request("subscribe", match_id=match_id)
    await bob.request("resign", match_id=match_id)
    await ann.next_push("match_over", timeout=10)
    reader = await clients(server, "Late reader", guest=True)  # guests read
    players = await reader.request("chat_history", match_id=match_id, room="players")
    watchers = await reader.request("chat_history", match_id=match_id, room="spectators")
    assert [(m["author"], m["text"]) for m in players["messages"]] == [("ann", "have fun")]
    assert [(m["author"], m["text"]) for m in watchers["messages"]] == \
        [("cy_watch", "close one")]
    assert players["can_write"] is False and "register" in players["why_not"]


async def test_a_player_who_logs_out_stops_receiving_the_players_room(server, clients):
    ann, bob = await clients(server, "ann"), await clients(server, "bob")
    match_id = await started_match(ann, bob)
    await ann.request("chat_history", match_id=match_id, room="players")
    await ann.request("logout")
    await bob.request("chat_send", match_id=match_id, room="players", text="still there?")
    assert await chat_pushes(ann) == []
    # signed in again, the old follow is gone: only a new chat_history follows
    await ann.request("login", username="ann", password="correct horse")
    await bob.request("chat_send", match_id=match_id, room="players", text="hello?")
    assert await chat_pushes(ann) == []
    await ann.request("chat_history", match_id=match_id, room="players")
    await bob.request("chat_send", match_id=match_id, room="players", text="there you are")
    assert [p["text"] for p in await chat_pushes(ann)] == ["there you are"]


async def test_unknown_rooms_and_matches_are_refused(server, clients):
    ann = await clients(server, "ann")
    for fields, code in (({"match_id": "nope", "room": "players"}, "no_such_match"),
                         ({"match_id": None, "room": "players"}, "no_such_room"),
                         ({"match_id": "nope", "room": "lobby"}, "no_such_room")):
        with pytest.raises(ServerError) as refused:
            await ann.request("chat_history", **fields)
        assert refused.value.code == code
    with pytest.raises(ServerError) as refused:
        await ann.request("chat_unfollow", match_id="nope")
    assert refused.value.code == "not_subscribed"


async def test_the_lobby_room(server, clients):
    ann, bob = await clients(server, "ann"), await clients(server, "bob")
    await bob.request("chat_history", match_id=None, room="lobby")
    await ann.request("chat_send", match_id=None, room="lobby", text="anyone for SBH?")
    assert (await bob.next_push("chat_message", timeout=5))["text"] == "anyone for SBH?"
    await bob.request("chat_unfollow", match_id=None)
    await ann.request("chat_send", match_id=None, room="lobby", text="anyone?")
    assert await chat_pushes(bob) == []
