"""ASOIAF states and views for the clients' drawing tests (tests/web, tests/tui): a
state once both warbands are deployed, and a view with the table's hidden and
spent things set (agendas, the two drawn, an objective revealed, a plunder token
taken, a captive, an equipment token spent, changes lasting a round and a turn)."""

from __future__ import annotations

import random

from server.rules.asoiaf.random_player import random_command
from server.rules.asoiaf.state import Phase
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import SeededDice
from server.rules.kernel import Viewer

SETUP = {"scenario": "village_skirmish",  # (plunder: an agenda token and a coin token)
         "warbands": {"a": "baratheon-small-arryn", "b": "targaryen-small-highgarden"}}


def deployed(setup: dict, seed: int, dice_seed: bytes):
    """The state once both warbands are deployed (the activations begin), set up
    by random legal choices."""
    state, rng, dice = SYSTEM.initial(setup), random.Random(seed), SeededDice(dice_seed)
    while state.phase != Phase.ACTIVATIONS:
        decision = SYSTEM.prompt(state).decisions[0]
        for event in SYSTEM.decide(state, random_command(SYSTEM.prompt(state),
                                                         decision.seat, rng), dice):
            state = SYSTEM.evolve(state, event)
    return state


def seat_a_view() -> dict:
    """Seat a's view once both warbands are deployed, then the things to draw set
    on it as a later table would have them (drawing only: the view is plain data)."""
    view = SYSTEM.view(deployed(SETUP, 7, b"table"), Viewer("a"))
    assert view["agendas"]["a"][0] and view["agendas"]["b"] == [None]  # (the engine's)
    view["agenda_hand"] = ["Thrifty Purse", "Raid Their Camp"]
    view["objectives"][0]["card"] = "Supply Cache"
    view["plundered"] = [view["battlefield"]["plunder"][0][:2]]
    carrier = next(m for m in view["models"] if m["equipment"])
    carrier["equipment_spent"] = True
    placed = [m for m in view["models"] if m["square"] and m["seat"] == "a"]
    enemy = next(m for m in view["models"] if m["seat"] == "b")
    placed[-1]["captive"], enemy["removed"] = enemy["uid"], "captured"
    # changes outlasting their abilities (lasting.py: uid, "value"/"roll", which, by, until)
    view["lasting"] = [[placed[0]["uid"], "value", "defence", 1, "round"],
                       [placed[0]["uid"], "roll", "attack", -1, "turn"]]
    return view
