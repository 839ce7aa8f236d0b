"""Playing against the house bot: one request starts a match with the server's
own player in the other seat; it plays from the prompts, and it comes back after
a restart."""

from __future__ import annotations

import asyncio

import pytest

from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from tests.server.test_full_match import play_seat

SHORT = {"options": {"turn_limit": 4}}


async def test_a_match_against_the_bot_starts_at_once_and_plays_to_the_end(server):
    ann = await Client.connect(server.url)
    try:
        await ann.request("guest", name="Ann")
        created = await ann.request("create_match", system="sbh", opponent="bot", **SHORT)
        assert created["status"] == "active" and created["seat"] == "a"
        match_id = created["match_id"]
        assert server.hub.bots[match_id].seat == "b"
        await ann.request("subscribe", match_id=match_id)
        seen = await asyncio.wait_for(play_seat(ann, match_id, "a", 7), 120)
        assert seen == list(range(1, len(seen) + 1))
        replays = await ann.request("list_replays")
        [mine] = [r for r in replays["replays"] if r["match_id"] == match_id]
        assert mine["players"]["b"] == "House bot (heuristic)"
        assert match_id not in server.hub.bots, "the bot left when the match ended"
    finally:
        await ann.close()


async def test_the_bot_comes_back_after_a_restart(tmp_path):
    database = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    first = WarbandServer(ServerOptions(port=0, database_url=database))
    await first.start()
    ann = await Client.connect(first.url)
    token = (await ann.request("guest", name="Ann"))["token"]
    match_id = (await ann.request("create_match", system="sbh", opponent="bot:random",
                                  **SHORT))["match_id"]
    await ann.close()
    await first.stop()

    second = WarbandServer(ServerOptions(port=0, database_url=database))
    await second.start()
    try:
        ann = await Client.connect(second.url)
        await ann.request("authenticate", token=token)
        await ann.request("subscribe", match_id=match_id)  # (resumed by now, bot and all)
        assert second.hub.bots[match_id].seat == "b"
        await asyncio.wait_for(play_seat(ann, match_id, "a", 8), 120)
        await ann.close()
    finally:
        await second.stop()


@pytest.mark.parametrize("fields, said", [
    ({"opponent": "robot"}, "opponent is 'bot'"),
    ({"opponent": "bot:genius"}, "opponent is 'bot'"),
    ({"opponent": "bot", "points_limit": 100}, "fits 100 points"),
])
async def test_an_impossible_bot_match_is_refused(server, fields, said):
    ann = await Client.connect(server.url)
    try:
        await ann.request("guest", name="Ann")
        with pytest.raises(ServerError) as refused:
            await ann.request("create_match", system="sbh", **fields)
        assert refused.value.code == "invalid_setup" and said in refused.value.message
    finally:
        await ann.close()


class Refused:
    """A bot (and a fallback) whose every choice the rules refuse."""

    def __init__(self, warband=None, seed=0):
        self.warband = warband

    def choose(self, decision, view):
        return "dance", {}


async def test_a_bot_whose_every_choice_is_refused_concedes(server, monkeypatch):
    """Rather than leave its opponent waiting for a move that never comes (a bug in
    the bot or the rules), the house bot concedes after five refused choices."""
    import server.matches.bot_seat as bot_seat

    monkeypatch.setattr(bot_seat, "RandomBot", Refused)
    monkeypatch.setattr("clients.bots.sbh.make_bot", lambda level, warband, seed: Refused(warband))
    ann = await Client.connect(server.url)
    try:
        await ann.request("guest", name="Ann")
        created = await ann.request("create_match", system="sbh", opponent="bot", **SHORT)
        await ann.request("subscribe", match_id=created["match_id"])
        over = await ann.next_push("match_over", timeout=30)
        assert over["result"]["winner"] == "a" and "b conceded" in over["result"]["reason"]
    finally:
        await ann.close()
