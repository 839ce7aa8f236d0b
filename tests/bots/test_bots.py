"""The SBH bots: in-process through the simulator, and over the network as any
client would play."""

from __future__ import annotations

import argparse
import asyncio
import json

import pytest

from clients.bots.match import play_in_process, play_seat
from clients.bots.sbh import make_bot
from clients.session import MatchStream, Session
from server.app import ServerOptions, WarbandServer
from server.cli import main
from server.commands.bot import _take_a_seat, serve_as_bot
from server.rules.sbh.presets import preset


@pytest.fixture
async def server(tmp_path):
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'bots.db'}", rate=1000, burst=1000))
    await instance.start()
    yield instance
    await instance.stop()


def test_the_heuristic_bot_beats_the_random_one_in_80_percent_of_200_games(capsys):
    """Issue 6's bar, on 200 seeded games (the dice are the match seeds, so the
    count is the same on every run); the two swap sides every game."""
    assert main(["simulate", "sbh", "--games", "200", "--seed", "1",
                 "--players", "random,heuristic", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) >= {"games", "games_per_second", "events_per_second", "wins"}
    assert report["games"] == 200 and sum(report["wins"].values()) == 200
    assert report["win_rates"]["heuristic"] >= 0.8, report


def test_a_warband_over_the_points_limit_is_refused_before_any_match(capsys):
    """goblin_horde costs 315 points (seed 000, SELECTING FIGURES: 300 by default)."""
    assert main(["simulate", "sbh", "--games", "2", "--warbands", "elves,goblin_horde"]) == 1
    said = capsys.readouterr().err.strip()
    assert said.startswith("warband: error: the goblin_horde warband does not fit a "
                           "300-point match: The warband costs 315 points") and "\n" not in said
    assert main(["simulate", "sbh", "--games", "2", "--warbands", "elves,goblin_horde",
                 "--points", "400", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_the_same_seed_gives_the_same_match():
    def once():
        bots = {"a": make_bot("heuristic", preset("elves"), 5),
                "b": make_bot("random", preset("goblins"), 5)}
        return play_in_process(bots, {"options": {"turn_limit": 10}}, 5)

    assert once() == once()


async def test_two_bots_play_a_match_over_the_network(server, capsys):
    host = await Session.open(server.url)
    try:
        await host.guest("Host")
        match_id = (await host.create_match("sbh", options={"turn_limit": 6}))["match_id"]
        args = argparse.Namespace(server=server.url, account="Goblin Bot", password=None,
                                  level="heuristic", match=match_id, invite=None, once=True,
                                  seed=3)
        guest_bot = asyncio.create_task(serve_as_bot(args, preset("goblins")))
        stream = await host.watch(match_id)
        over = await asyncio.wait_for(
            play_seat(host, stream, make_bot("random", preset("elves"), 4)), 120)
        await asyncio.wait_for(guest_bot, 30)
        assert f"joined match {match_id} as seat b" in capsys.readouterr().out.splitlines()
        assert over["type"] == "match_over" and over["result"]["winner"] in ("a", "b", None)
        assert len(over["seed"]) == 64
    finally:
        await host.close()


async def test_a_bot_whose_warband_does_not_fit_resigns_rather_than_keep_its_opponent_waiting(
        server):
    """goblins cost 298 points: over a 200-point match's limit (seed 000, SELECTING
    FIGURES), so the bot's list is refused and it cannot play."""
    host, bot = await Session.open(server.url), await Session.open(server.url)
    try:
        await host.guest("Host")
        await bot.guest("Bot")
        match_id = (await host.create_match("sbh", options={"points_limit": 200}))["match_id"]
        seat = (await bot.join(match_id))["seat"]
        stream = await bot.watch(match_id)
        over = await asyncio.wait_for(
            play_seat(bot, stream, make_bot("heuristic", preset("goblins"), 1)), 60)
        assert over["result"]["winner"] == ("a" if seat == "b" else "b")
    finally:
        await host.close()
        await bot.close()


async def test_the_bot_takes_only_a_challenge_its_warband_fits(server):
    host, bot = await Session.open(server.url), await Session.open(server.url)
    try:
        await host.guest("Host")
        await bot.guest("Bot")
        small = (await host.create_match("sbh", options={"points_limit": 200}))["match_id"]
        usual = (await host.create_match("sbh"))["match_id"]
        args = argparse.Namespace(match=None, invite=None)
        assert await _take_a_seat(bot, args, preset("goblins")) == usual
        assert small in [m["match_id"] for m in await bot.list_open("sbh")]  # (left open)
    finally:
        await host.close()
        await bot.close()


def test_the_random_players_answer_a_subset_parameter_with_a_legal_set():
    """Both random players (in-engine and the client bot) fill `subsets`."""
    import random

    from server.rules.kernel import CommandSpec, Decision, Prompt
    from server.rules.sbh.random_player import random_command

    spec = CommandSpec("regroup", params={"dice": [1, 2, 3]},
                       subsets={"members": ["a2", "a3", "a4", "a5"]})
    prompt = Prompt((Decision("a", "Act", (spec,)),))
    rng = random.Random(7)
    sizes = set()
    for _ in range(60):
        command = random_command(prompt, "a", rng, {})
        assert prompt.allows(command), command
        sizes.add(len(command.args["members"]))
        args = make_bot("random", {}, seed=3).fill(spec.to_wire(), rng)
        assert spec.allows("regroup", args), args
    assert sizes == {1, 2, 3, 4}


def test_a_bots_list_salt_cannot_be_guessed_from_its_seed():
    """A list's salt is what keeps it secret behind its commitment until the reveal
    (docs/protocol.md, Fairness): two bots seeded alike submit different salts, and
    go on choosing alike."""
    decision = {"options": [{"type": "submit_list", "args": {}, "params": {}}]}
    first, second = (make_bot(level, preset("elves"), seed=3)
                     for level in ("random", "random"))
    salts = [bot.choose(decision, None)[1]["salt"] for bot in (first, second)]
    assert salts[0] != salts[1] and len(salts[0]) == 32
    assert first.rng.random() == second.rng.random()


async def test_a_bot_acts_on_its_prompt_whatever_else_arrives_after_it():
    """A chat line (or anything else not about the play) queued after the bot's prompt
    used to leave it waiting for a newer prompt that never came."""
    sent = []

    class Table:  # (the session: only what the bot sends is looked at)
        async def command(self, match_id, kind, args, at_seq):
            sent.append((kind, at_seq))
            stream.pushes.put_nowait({"type": "match_over", "match_id": "m", "seq": 9})

    class Bot:
        def choose(self, decision, view):
            return "pass", {}

    stream = MatchStream("m", views=True)
    stream.pushes.put_nowait({"type": "prompt", "seq": 8, "decision": {"seat": "a"}})
    stream.pushes.put_nowait({"type": "view", "seq": 8, "view": {}})
    stream.pushes.put_nowait({"type": "chat_message", "match_id": "m", "text": "good luck"})
    over = await asyncio.wait_for(play_seat(Table(), stream, Bot()), 5)
    assert sent == [("pass", 8)] and over["type"] == "match_over"
