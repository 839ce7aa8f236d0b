"""LUCKY CHARM and BLINDING POWDER on a will test (seed 004, EQUIPMENT TOKENS:
LUCKY CHARM "Once per game, discard this card before rolling any dice for this
model. You may change the result of 1 die to a 10"; BLINDING POWDER "Once per
game, discard this card before an engaged enemy model rolls any dice. You may
change the result of 1 die to a 1"; MODELS: "A model asked to roll [a will
test] rolls 1 die").

A will test is rolled while an ability resolves (a command, trigger, end-phase,
start-of-game or wounds ability, an aftermath, an objective action). When the
command that resolves it is sent and a model it makes roll a will test carries
an unspent LUCKY CHARM, or is in contact with an enemy carrying an unspent
BLINDING POWDER ("an engaged enemy model": engaged with the carrier, as for
attacks: will_token_asks.py reads each kind of command for them), the command
waits in `State.will_declared` (seat, command type, its args as JSON, the questions left,
the tokens discarded) and each carrier's player is asked in turn, before any die
is rolled: `use_equipment` or `decline_equipment`. The command then resolves
with the tokens discarded: that model's next will die becomes a 1 (the powder),
then a natural 10 (the charm sees the powder, as on attack and defence rolls).
A token is discarded when its player says so, even if the ability's will test
is never reached (an earlier test failed): "discard this card before rolling".
Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

import json

from server.rules.asoiaf import (
    charge_terrain,
    conditions,
    equipment,
    equipment_uses,
    lasting,
    passives,
)
from server.rules.asoiaf.cards.vocabulary import ChangeDie
from server.rules.asoiaf.state import Condition, State, replace
from server.rules.kernel import Command, CommandSpec, Decision, Event

WILL_TOKENS = "seed 004, EQUIPMENT TOKENS (LUCKY CHARM, BLINDING POWDER on a will test)"

def declared(state: State, d: dict) -> State:
    asks = tuple(tuple(a) for a in d["asks"])
    return replace(state, will_declared=(d["seat"], d["command"],
                                         json.dumps(d["args"], sort_keys=True), asks, ()))


def decision(state: State, pack) -> Decision:
    carrier_uid, name, tested_uid = state.will_declared[3][0]
    carrier, model = state.model(carrier_uid), state.model(tested_uid)
    to = next(e.to for e in pack.equipment[name].effects if isinstance(e, ChangeDie))
    return Decision(carrier.seat, f"{model.card} is about to roll a will test: discard "
                    f"{carrier.card}'s {name} to change its die to a {to}?",
                    (CommandSpec("use_equipment", label=name, args={"equipment": name}),
                     CommandSpec("decline_equipment")))


def answer_event(state: State, command: Command) -> Event:
    carrier, name, model = state.will_declared[3][0]
    return Event("will_token_answered", {"model": carrier, "equipment": name, "tested": model,
                                         "used": command.type == "use_equipment"})


def answered(state: State, d: dict) -> State:
    """The question answered: a token used is discarded now ("before rolling")."""
    seat, kind, args, asks, used = state.will_declared
    if d["used"]:
        used += ((d["model"], d["equipment"], d["tested"]),)
        state = equipment_uses.spend(state, d["model"])
    return replace(state, will_declared=(seat, kind, args, asks[1:], used))


def waiting(state: State) -> bool:
    return bool(state.will_declared and state.will_declared[3])


def original(state: State) -> Command:
    """The command held back, to resolve once every question is answered."""
    seat, kind, args, _, _ = state.will_declared
    return Command(seat, kind, json.loads(args))


def resolved(state: State) -> State:
    """The held-back command resolved: its unused tokens stay discarded."""
    return replace(state, will_declared=()) if state.will_declared else state


def roll(state: State, pack, dice, model):
    """Roll `model`'s will test with the tokens discarded for it (each used once):
    (state without them, the face after them, passed)."""
    face = dice.roll(1, conditions.D10)[0]
    if state.will_declared and not waiting(state):
        seat, kind, args, asks, used = state.will_declared
        mine = [u for u in used if u[2] == model.uid]
        for whose in ("enemy", "own"):  # the powder first: the charm sees it
            for _, name, _ in mine:
                if equipment_uses.has(pack.equipment[name], ChangeDie, whose=whose):
                    (face,), _ = equipment_uses.change_dice(pack, name, whose, (face,))
        if mine:
            state = replace(state, will_declared=(seat, kind, args, asks,
                                                  tuple(u for u in used if u not in mine)))
    # the token's modifier and the changes lasting.py keeps on the model's will rolls
    modifier = equipment.roll_modifier(pack, model, "will") \
        + lasting.roll_change(state, model.uid, "will")
    result = conditions.results((face,), Condition.SHAKEN in model.conditions,
                                modifier)[0]
    field = charge_terrain.field_now(state)  # others' passives too
    will = pack.models[model.card].will + passives.value_change(state, pack, field, model.uid,
                                                                "will")
    return lasting.rolled(state, model.uid, "will"), face, result >= will
