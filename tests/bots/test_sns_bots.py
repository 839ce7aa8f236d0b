"""The Swords & Sorcery bots on the wire (clients/bots/sns.py) and `warband simulate
sns`: a decision as a client receives it and the seat's view in, a legal command
out; whole seeded games in-process, the same twice."""

from __future__ import annotations

import json

from clients.bots.sns import HeuristicBot, RandomBot
from server.cli import main
from server.rules.dice import SeededDice
from server.rules.kernel import Command, Viewer, check_prompt
from server.rules.runner import apply_command
from server.rules.sns.system import SYSTEM


def test_each_bot_answers_the_wire_decision_with_a_command_the_prompt_allows():
    """seed 003 (the turn sequence): every command the bots send is one the prompt
    offers (checked as the server checks it), through the deployment and into play."""
    for bot in (RandomBot(3), HeuristicBot(3)):
        state, dice = SYSTEM.initial({}), SeededDice((7).to_bytes(8, "big"))
        for _ in range(40):
            prompt = SYSTEM.prompt(state)
            decision = prompt.decisions[0]
            view = SYSTEM.view(state, Viewer(decision.seat))
            kind, args = bot.choose(decision.to_wire(), view)
            command = Command(decision.seat, kind, args)
            check_prompt(prompt, command, "seed 003")
            state, _ = apply_command(SYSTEM, state, command, dice, checksums=False,
                                     keep_input=False)


def test_simulate_plays_seeded_games_and_repeats_them(capsys):
    reports = []
    for _ in range(2):
        assert main(["simulate", "sns", "--games", "2", "--seed", "5", "--json"]) == 0
        reports.append(json.loads(capsys.readouterr().out))
    first = reports[0]
    assert first["system"] == "sns" and first["games"] == 2
    assert sum(first["wins"].values()) == 2 and first["mean_turns"] >= 1
    assert reports[1]["wins"] == first["wins"]  # seeded: the same games again


def test_simulate_refuses_warbands_for_sns(capsys):
    assert main(["simulate", "sns", "--games", "1", "--warbands", "a,b"]) == 1
    assert "sample armies" in capsys.readouterr().err
