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
attacks), the command waits in
`State.will_declared` (seat, command type, its args as JSON, the questions left,
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
    objectives,
    passives,
)
from server.rules.asoiaf.cards.vocabulary import ChangeDie, WillTest
from server.rules.asoiaf.state import Condition, State, replace
from server.rules.kernel import Command, CommandSpec, Decision, Event

WILL_TOKENS = "seed 004, EQUIPMENT TOKENS (LUCKY CHARM, BLINDING POWDER on a will test)"

# the commands whose resolution may roll will tests
COMMANDS = frozenset({"ability", "trigger_ability", "end_phase_ability", "wounds_ability",
                      "use_objective", "aftermath", "start_ability", "use_motivation",
                      "interact_corpse_pile"})
# their events: once one is applied, no token waits for a will test
RESOLVING_EVENTS = frozenset({"ability_used", "trigger_ability_used", "end_phase_ability_used",
                              "wounds_ability_used", "objective_used", "aftermath_used",
                              "start_ability_used", "motivation_used", "corpse_pile_tested",
                              "wounds_ability_answered"})


def _source(state: State, pack, command: Command):
    """(the model using it, the model it aims at, its effects) of the command;
    for an aftermath, what each of its targets names instead of the aimed model."""
    args = command.args
    if command.type == "aftermath":
        pending = state.attack
        if pending.step == "attacker_aftermath":
            owner = pending.attacker
            found = pack.models[state.model(owner).card].attacks[pending.mode].aftermath
        else:
            owner = pending.target
            found = [pack.abilities[args["ability"]]]
        ability = next(a for a in found if a.name == args["ability"])
        picks = {"self": owner, "attacker": pending.attacker, "defender": pending.target,
                 "friendly": args.get("target"), "enemy": args.get("target"),
                 "chosen": args.get("target")}
        return owner, picks, ability.effects
    if command.type == "ability":
        return state.active_model, args.get("target"), pack.abilities[args["ability"]].effects
    if command.type == "start_ability":
        return args["model"], args.get("target"), pack.abilities[args["ability"]].effects
    if command.type == "trigger_ability":  # (as triggers.py and apply_effects aim)
        _, uid, name, spent_by = state.triggers[0]
        picked = args.get("target") or spent_by
        return uid, {"self": uid, "trigger_model": spent_by, "friendly": picked,
                     "enemy": picked, "chosen": picked}, pack.abilities[name].effects
    if command.type == "use_motivation":
        from server.rules.asoiaf import motivations  # (it rolls through this module)

        _, uid, name = state.pending[0]
        ability = motivations.ability_of(state, uid, name, pack.models, pack.motivations)
        return uid, {"self": uid, "trigger_model": motivations.killer(state, uid)}, \
            ability.effects
    if command.type == "interact_corpse_pile":  # SO MANY DEAD: the model's own test
        return state.active_model, None, pack.terrains["Big Corpse Pile"].action.effects
    if command.type == "end_phase_ability":
        _, uid, name = state.end_phase_waiting[0]
        return uid, args.get("target"), pack.abilities[name].effects
    if command.type == "wounds_ability":  # (in an attack, or after wounds outside one)
        owner = state.attack.target if state.attack else state.wounds_waiting[0][0]
        return owner, args.get("target"), pack.abilities[args["ability"]].effects
    card = objectives.card_at(state, args["square"])
    chosen = args.get("friend") or args.get("target")
    return state.active_model, chosen, pack.objectives[card].action.effects


def tested(effects, owner: str, chosen) -> list[str]:
    """The models these effects may make roll a will test, in order ("self" is
    the owner; any other target is the model chosen, as apply_effects reads it,
    or, when `chosen` maps target words to models, the one it names)."""
    found: list[str] = []
    for effect in effects:
        if isinstance(effect, WillTest):
            if isinstance(chosen, dict):
                who = chosen.get(effect.target.who)
            else:
                who = owner if effect.target.who == "self" else chosen
            if who and who not in found:
                found.append(who)
            found += [u for u in tested(effect.on_success + effect.on_failure, owner, chosen)
                      if u not in found]
    return found


def _words(model) -> set[str]:
    return {"engaged"} | (set() if model.large else {"infantry"})


def offers(state: State, pack, field, uids: list[str]) -> list[list[str]]:
    """[carrier, token, tested model] for each token that may be discarded
    before these models' will tests: a model's own die-to-10 token, then an
    enemy in contact with it holding a die-to-1 token for an enemy's roll."""
    found = []
    for uid in uids:
        model = state.model(uid)
        if not model.on_battlefield:
            continue
        own = equipment_uses.unspent(state, pack, model, _words(model))
        if equipment_uses.has(own, ChangeDie, whose="own"):
            found.append([uid, own.name, uid])
        for enemy in state.models:
            if enemy.seat == model.seat or not enemy.on_battlefield \
                    or not field.in_contact(enemy.squares, model.squares):
                continue
            token = equipment_uses.unspent(state, pack, enemy, _words(enemy))
            if equipment_uses.has(token, ChangeDie, whose="enemy"):
                found.append([enemy.uid, token.name, uid])
    return found


def declaration(state: State, pack, field, command: Command) -> Event | None:
    """The command held back for the tokens' questions, or None when nothing
    is to be asked (or it was asked already)."""
    if command.type not in COMMANDS or state.will_declared:
        return None
    if command.type in ("trigger_ability", "end_phase_ability", "aftermath") \
            and not command.args.get("ability"):
        return None
    owner, chosen, effects = _source(state, pack, command)
    asks = offers(state, pack, field, tested(effects, owner, chosen))
    if not asks:
        return None
    return Event("will_test_declared", {"seat": command.seat, "command": command.type,
                                        "args": command.args, "asks": asks})


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
