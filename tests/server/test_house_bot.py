"""Playing against the house bot: one request starts a match with the server's
own player in the other seat; it plays from the prompts, and it comes back after
a restart."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import pytest

from clients.client import Client, ServerError
from server.app import ServerOptions, WarbandServer
from server.rules.kernel import Decision, Prompt
from server.rules.sbh.random_player import random_command
from server.store.store import unpack
from tests.sbh.test_games import WARBANDS
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
    # (both the bot and its random fallback: clients/bots/sbh_house.make)
    monkeypatch.setattr("clients.bots.sbh_house.make", lambda level, key, seed=0: Refused(key))
    ann = await Client.connect(server.url)
    try:
        await ann.request("guest", name="Ann")
        created = await ann.request("create_match", system="sbh", opponent="bot", **SHORT)
        await ann.request("subscribe", match_id=created["match_id"])
        over = await ann.next_push("match_over", timeout=30)
        assert over["result"]["winner"] == "a" and "b conceded" in over["result"]["reason"]
    finally:
        await ann.close()


def _unsalted(command: dict) -> dict:
    """A command without its list's salt (a fresh random one each time)."""
    return {**command, "args": {k: v for k, v in command["args"].items() if k != "salt"}}


async def _play_against(server, pace: str | None) -> tuple[list, dict]:
    """Ann plays a short match against the bot, her choice at each prompt drawn from
    the prompt alone (so it does not depend on timing); the match's seed is fixed.
    Returns each seat's commands (in order) and the result."""
    ann = await Client.connect(server.url)
    try:
        await ann.request("guest", name="Ann")
        fields = {} if pace is None else {"bot_pace": pace}
        match_id = (await ann.request("create_match", system="sbh", opponent="bot:random",
                                      **SHORT, **fields))["match_id"]
        await ann.request("subscribe", match_id=match_id)
        while True:
            push = await asyncio.wait_for(ann.next_push("prompt", "match_over"), 120)
            if push["type"] == "match_over":
                break
            if push["decision"] is None or not ann.pushes.empty():
                continue
            rng = random.Random(json.dumps(push["decision"], sort_keys=True))
            command = random_command(Prompt((Decision.from_wire(push["decision"]),)), "a",
                                     rng, WARBANDS["a"])
            with contextlib.suppress(ServerError):  # (stale: a newer prompt comes)
                await ann.request("command", match_id=match_id, command=command.type,
                                  args=dict(command.args), at_seq=push["seq"])
        for _ in range(100):  # the bot leaves when the match ends
            if match_id not in server.hub.bots:
                break
            await asyncio.sleep(0.05)
        rows = await server.store.commands(match_id)
        by_seat = {seat: [(r.request_id, _unsalted(unpack(r.payload))) for r in rows
                          if r.seat == seat] for seat in ("a", "b")}
        return by_seat, push["result"]
    finally:
        await ann.close()


async def test_a_paced_bot_pauses_before_each_move_and_plays_the_same(server, monkeypatch):
    """With a pace the bot waits before each of its moves (in its own task, holding
    nothing), and the match is the same as without: same commands, same result."""
    import server.lobby as lobby
    from server.matches import bot_seat

    monkeypatch.setattr(lobby, "new_seed", lambda: bytes(32))
    monkeypatch.setitem(bot_seat.PACES, "slow", 0.02)
    waited: list[tuple[float, int]] = []
    wait = bot_seat.BotSeat._wait

    async def noted(self):
        waited.append((self.pause, self.prompt["seq"]))
        await wait(self)

    monkeypatch.setattr(bot_seat.BotSeat, "_wait", noted)
    instant, instant_result = await _play_against(server, None)
    assert not waited, "an instant bot does not wait"
    paced, paced_result = await _play_against(server, "slow")
    bot_moves = [int(request.split("-")[1]) for request, _ in paced["b"]]
    waits = [seq for _, seq in waited]
    assert bot_moves
    for before, move in zip([-1, *bot_moves], bot_moves, strict=False):
        assert any(before < seq <= move for seq in waits), f"no pause before the move at {move}"
    assert {pause for pause, _ in waited} == {0.02}
    assert paced_result == instant_result
    for seat in ("a", "b"):
        assert [c for _, c in paced[seat]] == [c for _, c in instant[seat]]


async def test_a_pace_is_one_of_three_and_only_for_a_bot_match(server):
    ann = await Client.connect(server.url)
    try:
        await ann.request("guest", name="Ann")
        for fields in ({"opponent": "bot", "bot_pace": "glacial"}, {"bot_pace": "slow"}):
            with pytest.raises(ServerError) as refused:
                await ann.request("create_match", system="sbh", **fields)
            assert refused.value.code == "invalid_setup" and "bot_pace" in refused.value.message
        created = await ann.request("create_match", system="sbh", opponent="bot",
                                    bot_pace="normal", **SHORT)
        assert server.hub.bots[created["match_id"]].pause == 1.0
    finally:
        await ann.close()
