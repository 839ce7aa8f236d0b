"""The ASOIAF bots (clients/bots/asoiaf.py): they act only from the prompt's
decision and the seat's view; the heuristic one beats the random-legal player.
The 200-game figure (issue 31: >= 80%) comes from `warband simulate asoiaf
--games 200` (docs/rules/asoiaf.md, "Bots"); one seeded game here keeps within the
suite's time budget (a game is ~300 commands at ~15 ms, the prompts' cost)."""

from __future__ import annotations

import argparse
import asyncio
import json

import pytest

from clients.bots.asoiaf import HeuristicBot, RandomBot, make_bot
from clients.session import Session
from server.app import ServerOptions, WarbandServer
from server.cli import main
from server.commands.bot import serve_as_bot


def spec(kind: str, args: dict | None = None, **params) -> dict:
    return {"type": kind, "label": "", "args": args or {}, "params": params}


def unit(uid: str, square, wounds: int = 2, **more) -> dict:
    return {"uid": uid, "card": "Card", "seat": uid[0], "square": square,
            "squares": [square] if square else [], "wounds_left": wounds, "removed": "",
            "large": False, **more}


def view(*models, active: str = "", objectives=()) -> dict:
    return {"models": list(models), "active_model": active,
            "objectives": [{"square": list(sq), "card": None} for sq in objectives]}


def test_the_heuristic_bot_beats_the_random_legal_player_in_a_seeded_game(capsys):
    """seed 004, THE END PHASE: "add all VP for each player ... and the player with
    the most VP wins" (seed 1: the random player in seat a, the heuristic in b)."""
    assert main(["simulate", "asoiaf", "--games", "1", "--seed", "1",
                 "--players", "random,heuristic", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["system"] == "asoiaf" and report["wins"] == {
        "random": 0, "heuristic": 1, "draws": 0}
    assert report["mean_turns"] == 4  # Learn to Play's 4 rounds
    assert report["games_per_second"] > 0 and report["events_per_second"] > 0


def test_simulate_refuses_a_warband_the_scenario_cannot_take(capsys):
    """seed 004, ASSEMBLING YOUR WARBAND: the size is "the limit imposed by the
    scenario" (Learn to Play is 2-4-12)."""
    assert main(["simulate", "asoiaf", "--games", "1",
                 "--warbands", "baratheon-standard-mounted,targaryen-small-prince"]) == 1
    said = capsys.readouterr().err.strip()
    assert said.startswith("warband: error: That warband can't be played at 2-4-12")


def test_it_attacks_the_weakest_target_with_every_improvement_it_can_pay():
    """seed 004, THE ATTACK SEQUENCE: the attacker "declare[s] whether they spend
    coins" (the improvements offered)."""
    bot = HeuristicBot()
    decision = {"seat": "a", "options": [
        spec("end_activation"), spec("move", square=[[1, 1], [2, 2]]),
        spec("attack", {"mode": 0}, target=["b1", "b2"], improvements=[[], ["Aim"]])]}
    table = view(unit("a1", [1, 2]), unit("b1", [1, 3], wounds=3), unit("b2", [2, 3], wounds=1),
                 active="a1")
    assert bot.choose(decision, table) == ("attack", {"mode": 0, "target": "b2",
                                                      "improvements": ["Aim"]})


def test_it_charges_when_it_cannot_attack_and_captures_what_it_defeats():
    """seed 004, CHARGE and CAPTURED CHAMPIONS AND HEROES: "the player with the most
    captured enemy models scores 1 VP"."""
    bot = HeuristicBot()
    charge = spec("charge", {"mode": 1}, target=["b1"], improvements=[[]],
                  square=[[5, 5], [4, 6]])
    table = view(unit("a1", [1, 1]), unit("b1", [4, 7]), active="a1")
    assert bot.choose({"seat": "a", "options": [spec("end_activation"), charge]}, table) == (
        "charge", {"mode": 1, "target": "b1", "improvements": [], "square": [4, 6]})
    remove = {"seat": "a", "options": [spec("remove", removal=["killed", "captured"])]}
    assert bot.choose(remove, table) == ("remove", {"removal": "captured"})


def test_it_marches_on_a_free_objective_or_the_nearest_enemy_and_activates_the_nearest():
    """seed 004, OBJECTIVES: "Each model that controls an objective scores 1 VP"."""
    bot = HeuristicBot()
    moves = spec("move", square=[[3, 3], [3, 5], [5, 3]])
    decision = {"seat": "a", "options": [spec("end_activation"), moves]}
    table = view(unit("a1", [3, 4]), unit("b1", [3, 12]), active="a1", objectives=[(6, 3)])
    assert bot.choose(decision, table) == ("move", {"square": [5, 3]})
    no_objective = view(unit("a1", [3, 4]), unit("b1", [3, 12]), active="a1")
    assert bot.choose(decision, no_objective) == ("move", {"square": [3, 5]})
    activate = {"seat": "a", "options": [spec("activate", model=["a1", "a2"]), spec("pass")]}
    table = view(unit("a1", [0, 0]), unit("a2", [3, 10]), unit("b1", [3, 12]))
    assert bot.choose(activate, table) == ("activate", {"model": "a2"})


def test_it_opens_a_door_in_its_way_but_never_closes_one():
    """seed 004, WOODEN DOOR "OPEN 1 — Flip this token"; the barred door "spend 2 AP
    to destroy the barred door ... and move 1 square": with no step nearer its
    objective (inside the cabin), it opens the door, or breaks the barred one down
    and steps nearest the objective; a door it could only close is left alone."""
    bot = HeuristicBot()
    table = view(unit("a1", [2, 6]), unit("b1", [3, 12]), active="a1", objectives=[(2, 4)])
    stay = spec("move", square=[[2, 7]])
    opening = spec("interact_door", {"opening": 0, "action": "Open"})
    decision = {"seat": "a", "options": [spec("end_activation"), stay, opening]}
    assert bot.choose(decision, table) == ("interact_door", {"opening": 0, "action": "Open"})
    barred = spec("interact_door", {"opening": 0, "action": "Destroy"},
                  square=[[2, 6], [2, 5], [1, 7]])
    decision = {"seat": "a", "options": [spec("end_activation"), barred]}
    assert bot.choose(decision, table) == ("interact_door", {"opening": 0, "action": "Destroy",
                                                             "square": [2, 5]})
    closing = spec("interact_door", {"opening": 0, "action": "Close"})
    decision = {"seat": "a", "options": [spec("end_activation"), stay, closing]}
    assert bot.choose(decision, table) == ("end_activation", {})


def test_it_deploys_at_the_front_of_its_zone():
    """seed 004, DEPLOYMENT: the zone's row facing the enemy, near its middle."""
    zone = [[x, y] for x in range(14) for y in range(11, 14)]
    decision = {"seat": "b", "options": [spec("deploy", {"model": "b1"}, square=zone)]}
    assert HeuristicBot().choose(decision, view()) == ("deploy", {"model": "b1",
                                                                  "square": [6, 11]})


def test_the_random_bot_fills_every_param_from_the_offered_values():
    bot = make_bot("random", seed=3)
    decision = {"seat": "a", "options": [spec("keep_agenda", agenda=["X", "Y"])]}
    kind, args = bot.choose(decision, None)
    assert kind == "keep_agenda" and args["agenda"] in ("X", "Y")
    assert isinstance(bot, RandomBot) and not isinstance(bot, HeuristicBot)


@pytest.fixture
async def server(tmp_path):
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'bots.db'}", rate=1000, burst=1000))
    await instance.start()
    yield instance
    await instance.stop()


async def test_warband_bot_plays_an_asoiaf_match_over_the_network(server, capsys):
    """`warband bot --system asoiaf --match ID --once`: it joins, plays its seat from
    the prompts (set-up, then activations) and stops when the match is over (here
    its opponent resigns after its 25th decision: the suite's time budget)."""
    host = await Session.open(server.url)
    try:
        await host.guest("Host")
        match_id = (await host.create_match("asoiaf", options={
            "scenario": "learn_to_play"}))["match_id"]
        args = argparse.Namespace(server=server.url, account="Raven", password=None,
                                  system="asoiaf", level="heuristic", match=match_id,
                                  invite=None, once=True, seed=3)
        bot = asyncio.create_task(serve_as_bot(args, None))
        stream = await host.watch(match_id)
        player, decided, deployed = RandomBot(seed=4), 0, []
        while decided < 25:
            push = await asyncio.wait_for(stream.next("prompt", "event"), 30)
            if push["type"] == "event":
                if (push["event"] or {}).get("type") == "deployed":
                    deployed.append(push["event"]["data"]["model"])
                continue
            if push["decision"] is None or not stream.pushes.empty():
                continue
            kind, command = player.choose(push["decision"], None)
            await host.command(match_id, kind, command, at_seq=push["seq"])
            decided += 1
        await host.resign(match_id)
        await asyncio.wait_for(bot, 30)
        assert f"joined match {match_id} as seat b" in capsys.readouterr().out.splitlines()
        assert sum(uid.startswith("b") for uid in deployed) == 12, "the bot deployed"
    finally:
        await host.close()
