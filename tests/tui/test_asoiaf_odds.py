"""The terminal client shows an ASOIAF attack's odds as the web does: with an
attack highlighted it asks the server's odds of that command, and the answer
(server/rules/asoiaf/odds.py: hits and wounds after defence per coin improvement)
is shown in words with the target's name. (The odds over the protocol:
tests/asoiaf/test_served.py.)"""

from __future__ import annotations

import random

from clients.tui.match import MatchModel
from clients.tui.odds import AttackOdds
from server.rules.asoiaf.random_player import random_command
from server.rules.asoiaf.state import Phase
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import SeededDice
from server.rules.kernel import Command, Viewer


def to_an_attack(seed: int):
    """Random legal play (seeded) until seat a is offered an attack: the state."""
    state, rng, dice = SYSTEM.initial({"scenario": "learn_to_play"}), random.Random(seed), \
        SeededDice(bytes([seed]) * 8)
    while state.phase != Phase.OVER:
        decision = SYSTEM.prompt(state).decisions[0]
        if decision.seat == "a" and any(o.type == "attack" for o in decision.options):
            return state
        for event in SYSTEM.decide(state, random_command(SYSTEM.prompt(state), decision.seat,
                                                         rng), dice):
            state = SYSTEM.evolve(state, event)
    raise AssertionError("no attack offered")


def test_a_highlighted_attack_shows_its_odds_in_words():
    """seed 004, ATTACK SEQUENCE: the attack dice against the defence, "each
    successful defence die ... cancels one hit": the wounds after defence."""
    state = next(s for s in map(to_an_attack, range(5)) if s)
    decision = SYSTEM.prompt(state).decisions[0]
    model = MatchModel("m1", seat="a", system="asoiaf", status="active")
    model.take({"type": "view", "seq": 5, "view": SYSTEM.view(state, Viewer("a"))})
    model.take({"type": "prompt", "seq": 5, "waiting": ["a"],
                "decision": decision.to_wire()})
    attack = next(c.value for c in model.choices() if c.value["type"] == "attack")
    model.picker.pick(attack)
    odds = AttackOdds()
    asked, command = odds.to_ask(model)
    assert command[0] == "attack" and command[1]["target"] == attack["params"]["target"][0]
    # the server's answer to exactly that command (its odds: the engine's own)
    odds.known[asked] = SYSTEM.odds(state, Command("a", *command))
    words = odds.words(model)
    target = model.names[command[1]["target"]]
    assert words.startswith(f"Odds: {attack['label']} against {target} (defence ")
    assert "no improvement (" in words and "wounds after defence 0:" in words
    assert "mean wounds" in words

