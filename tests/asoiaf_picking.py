"""A table where an attack improvement and a defence ability pick models
(docs/rules/asoiaf.md, "Will tests and picked models bought in an attack"), for
the clients' and bots' tests: the vocabulary pack (tests/asoiaf/packs/vocabulary)
with the Test Duelist's Rapier bought up by "For 1 silver, 1 enemy model in
short range makes a will test; if it fails, the attacker rolls 1 more die and
that model's defence is 1 worse" (ours), and a Test Guard (a Baratheon Warden)
whose "Stare Down" (ours, a defence ability: "1 enemy model in short range makes
a will test; if it fails it becomes shaken") picks an attacker's friend too.
Its picks are `pick_1`; its odds wait for them ("pick them first") and, the
will die's branches differing, give dice and defence as "low-high" text."""

from __future__ import annotations

import msgspec
import pytest

from server.rules.asoiaf.cards.schema import Ability, Coins, Improvement
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    ModifyValue,
    Target,
    WillTest,
)
from server.rules.asoiaf.state import Model, Phase, Purse, State
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import ScriptedDice
from server.rules.kernel import Command, RulesError
from tests.asoiaf_packs import load_vocabulary_pack, system_playing

ENEMY = Target(who="enemy", within="short_range")
CHOSEN = Target(who="chosen")
PICKING_SET = [2]  # the Rapier's third improvement: the one that picks
NAMES = {"a1": "Test Duelist 1", "a2": "Test Duelist 2", "b1": "Baratheon Warden",
         "b2": "Test Guard"}


@pytest.fixture
def picking_pack(tmp_path):
    """Play with the vocabulary pack and the two cards above (as the
    vocabulary_pack fixture of tests/asoiaf does); a test module imports it."""
    pack = load_vocabulary_pack(tmp_path)
    duelist = pack.models["Test Duelist"]
    rapier = duelist.attacks[0]
    staring = Improvement(cost=Coins(silver=1), effects=[WillTest(target=ENEMY, on_failure=[
        ModifyValue(value="attack_dice", by=1, target=Target(who="attacker"), until="roll"),
        ModifyValue(value="defence", by=1, target=CHOSEN, until="roll")])])
    rapier = msgspec.structs.replace(rapier, improvements=[*rapier.improvements, staring])
    pack.models["Test Duelist"] = msgspec.structs.replace(duelist, attacks=[rapier])
    pack.abilities["Stare Down"] = Ability(
        name="Stare Down", timing="defence", cost=Coins(copper=1), text="",
        effects=[WillTest(target=ENEMY, on_failure=[
            ApplyCondition(condition="shaken", target=CHOSEN)])])
    pack.models["Test Guard"] = msgspec.structs.replace(
        pack.models["Baratheon Warden"], name="Test Guard", abilities=["Stare Down"])
    with system_playing(pack):
        yield pack


def table() -> State:
    """Seat a to act with the Duelist a1 (activated, 2 AP), its friend a2 beside
    it; the Warden b1 and the Test Guard b2 in reach, in round 1's activations."""
    models = (Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2, activated=True),
              Model("a2", "Test Duelist", "a", 2, square=(2, 11)),
              Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
              Model("b2", "Test Guard", "b", 2, square=(3, 12)))
    return State("learn_to_play", 4, models, {"a": Purse(2, 4, 11), "b": Purse(2, 4, 12)},
                 {"a": 12, "b": 12}, to_act="a", first_player="a", active_model="a1",
                 zones={"a": "gold", "b": "silver"}, phase=Phase.ACTIVATIONS)


def wire_prompt(state: State, seq: int) -> dict:
    """The prompt frame a client gets for `state` (its one decision)."""
    decision = SYSTEM.prompt(state).decisions[0]
    return {"seq": seq, "waiting": [decision.seat], "decision": decision.to_wire()}


def odds_answer(state: State, seat: str, kind: str, args: dict) -> dict:
    """The server's odds reply, or its refusal as {"refused": {code, message}}."""
    try:
        return SYSTEM.odds(state, Command(seat, kind, args))
    except RulesError as refused:
        return {"refused": {"code": refused.code, "message": refused.message}}


def play(state: State, seat: str, kind: str, args: dict, *faces: int):
    """The command decided with exactly `faces` rolled: (state, events)."""
    dice = ScriptedDice(*faces)
    events = SYSTEM.decide(state, Command(seat, kind, args), dice)
    dice.assert_exhausted()
    for event in events:
        state = SYSTEM.evolve(state, event)
    return state, events
