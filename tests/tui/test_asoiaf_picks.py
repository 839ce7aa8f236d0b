"""The terminal plays an ASOIAF attack and a defence whose bought effects pick
models, against the engine (docs/rules/asoiaf.md, "Will tests and picked models
bought in an attack"; tests/asoiaf_picking.py's table): the options said apart,
the pick asked in words, the odds asked without the pick ("pick them first", in
words) and then with the highlighted pick ("2 to 3 d10 on 6+"), the commands
decided by the engine with scripted dice; and both bots answer such options."""

from __future__ import annotations

import asyncio
import random

import pytest

from clients.bots.asoiaf import HeuristicBot, RandomBot
from clients.client import ServerError
from clients.tui.match import MatchModel
from clients.tui.odds import AttackOdds
from server.rules.asoiaf.random_player import random_command
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import SeededDice
from server.rules.kernel import Command, Viewer
from tests.asoiaf_picking import (
    odds_answer,
    picking_pack,  # noqa: F401 (the fixture)
    play,
    table,
    wire_prompt,
)

pytestmark = pytest.mark.usefixtures("picking_pack")


class EngineSession:
    """The session's `odds`, answered by the engine (a refusal as the server's)."""

    def __init__(self, state, seat: str) -> None:
        self.state, self.seat = state, seat

    async def odds(self, match_id: str, kind: str, args: dict) -> dict:
        answer = odds_answer(self.state, self.seat, kind, args)
        if "refused" in answer:
            raise ServerError(answer["refused"])
        return answer


def seated(state, seat: str, seq: int) -> MatchModel:
    model = MatchModel("m1", seat=seat, system="asoiaf", status="active")
    model.take({"type": "view", "seq": seq, "view": SYSTEM.view(state, Viewer(seat))})
    model.take({"type": "prompt", **wire_prompt(state, seq)})
    return model


def ask(odds: AttackOdds, model: MatchModel, state) -> str | None:
    asked = odds.to_ask(model)
    assert asked is not None
    asyncio.run(odds.ask(EngineSession(state, model.seat), "m1", model.picker.seq, *asked))
    return odds.words(model)


def highlight(model: MatchModel, words: str) -> None:
    lines = [c.label for c in model.choices()]
    model.picker.index = next(i for i, line in enumerate(lines) if line.startswith(words))


def test_an_attack_and_a_defence_picking_models_by_keys():
    """seed 004, ATTACK SEQUENCE: "2. The attacker declares whether they spend any
    coin to modify the attack mode ... 4. The defender declares if they use an
    ability"; ABILITIES: "1 enemy model in short range"."""
    state = table()
    model, odds = seated(state, "a", 1), AttackOdds()
    lines = [c.label for c in model.choices()]
    assert "attack: Rapier (improvement 3; picking models)" in lines
    assert "attack: Rapier (improvements 1, 2, 3; picking models)" in lines
    highlight(model, "attack: Rapier (improvement 3;")
    assert ask(odds, model, state) == ("No odds yet: These improvements aim at models you "
                                       "pick: pick them first, then ask the odds.")
    model.picker.pick(model.choices()[model.picker.index].value)
    highlight(model, "b2")  # the Test Guard as the target
    assert ask(odds, model, state) is not None  # (its own refusal: still no pick)
    assert model.picker.pick_index(model.picker.index, model.board) is None
    assert model.picker.question() == "Which model(s) for pick 1?"
    highlight(model, "b2")  # the Guard picked too: the odds were it picked
    words = ask(odds, model, state)
    assert "improvement 3 (1 silver): 2 to 3 d10 on 6+, against defence 5+ to 6+ (as " \
        "the will test goes); hits 0:19%" in words
    # the "no_odds" of a pick still to choose marks that command alone, not attacks
    assert (model.picker.seq, "attack") not in odds.without
    kind, args = model.picker.pick_index(model.picker.index, model.board)
    assert (kind, args) == ("attack", {"mode": 0, "target": "b2", "improvements": [2],
                                       "pick_1": "b2"})
    state, events = play(state, "a", kind, args, 2, 9, 9, 9)  # will 2: failed, 3 dice
    assert events[0].data["bought_faces"] == [2] and events[0].data["hits"] == 3

    model = seated(state, "b", 2)
    highlight(model, "defend: Stare Down (picking models)")
    model.picker.pick(model.choices()[model.picker.index].value)
    assert model.picker.question() == "Which model(s) for pick 1?"
    highlight(model, "a2")
    kind, args = model.picker.pick_index(model.picker.index, model.board)
    assert (kind, args) == ("defend", {"abilities": [["Stare Down", []]], "pick_1": "a2"})
    state, events = play(state, "b", kind, args, 3, 6, 6, 6)
    assert events[0].data["picks"] == ["a2"] and events[0].data["wounds"] == 0


def test_the_bots_answer_options_that_pick_models():
    """The bots act from the prompt's params: a picking option's pick_1 is filled
    from its offered models and the engine takes the command (the heuristic bot
    defends with the most abilities offered: Stare Down and its pick)."""
    state = table()
    rng = random.Random(3)
    picking = 0
    for _ in range(40):
        command = random_command(SYSTEM.prompt(state), "a", rng)
        picking += "pick_1" in command.args
        SYSTEM.decide(state, command, SeededDice(b"picks123"))
    assert picking
    bot, picking = RandomBot(seed=1), 0
    for _ in range(40):
        kind, args = bot.choose(wire_prompt(state, 1)["decision"], None)
        picking += "pick_1" in args
        SYSTEM.decide(state, Command("a", kind, args), SeededDice(b"picks123"))
    assert picking
    state, _ = play(state, "a", "attack", {"mode": 0, "target": "b2", "improvements": [2],
                                           "pick_1": "b1"}, 9, 9, 9)  # (b1 passes: 2 hits)
    view = SYSTEM.view(state, Viewer("b"))
    kind, args = HeuristicBot().choose(wire_prompt(state, 2)["decision"], view)
    assert (kind, args) == ("defend", {"abilities": [["Stare Down", []]], "pick_1": "a1"})
    play(state, "b", kind, args, 3, 6, 6)
