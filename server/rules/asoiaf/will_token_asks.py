"""Which commands wait for the will tokens' questions before they resolve (seed
004, EQUIPMENT TOKENS: LUCKY CHARM "discard this card before rolling any dice
for this model"; BLINDING POWDER "before an engaged enemy model rolls any
dice"): the models a command's effects may make roll a will test, as each kind
of command aims them (an attack's or defence's bought effects, a command,
trigger, end-phase, start-of-game, will or wounds ability, an aftermath, a
motivation, the Big Corpse Pile, an objective action), and the unspent tokens
that may be discarded before each. will_tokens.py asks the questions and rolls
the test; this module reads every kind of command, so it sits above the rules
that roll, will_tokens.py below them. Rule module: never imports system.py."""

from __future__ import annotations

import json

from server.rules.asoiaf import (
    equipment_uses,
    motivation_triggers,
    objective_actions,
    objectives,
    picks,
)
from server.rules.asoiaf.cards.vocabulary import ChangeDie, WillTest
from server.rules.asoiaf.state import State
from server.rules.kernel import Command, Event

# the commands whose resolution may roll will tests
ATTACKS = frozenset({"attack", "charge", "granted_attack", "granted_charge"})
COMMANDS = frozenset({"ability", "trigger_ability", "end_phase_ability", "wounds_ability",
                      "use_objective", "aftermath", "start_ability", "use_motivation",
                      "interact_corpse_pile", "will_ability", "defend"}) | ATTACKS
# their events: once one is applied, no token waits for a will test
RESOLVING_EVENTS = frozenset({"ability_used", "trigger_ability_used", "end_phase_ability_used",
                              "wounds_ability_used", "objective_used", "aftermath_used",
                              "start_ability_used", "motivation_used", "corpse_pile_tested",
                              "wounds_ability_answered", "will_ability_used",
                              "attack_rolled", "defended"})


def _source(state: State, pack, command: Command):
    """(the model using it, the model it aims at, its effects) of the command;
    for an aftermath, what each of its targets names instead of the aimed model."""
    args = command.args
    if command.type in ATTACKS or command.type == "defend":
        return _bought(state, pack, command)
    if command.type == "aftermath":
        pending = state.attack
        if pending.step == "attacker_aftermath":
            owner = pending.attacker
            found = pack.models[state.model(owner).card].attacks[pending.mode].aftermath
        else:
            owner = pending.target
            found = [pack.abilities[args["ability"]]]
        ability = next(a for a in found if a.name == args["ability"])
        # as aftermaths.named_models names them: the model picked, or each of `count` picked
        sides = {"self": owner, "attacker": pending.attacker, "defender": pending.target}
        picked = _picked(args, ability.effects)
        if isinstance(picked, picks.Picks):  # several picks: each effect its own
            return owner, picks.Picks(ability.effects, picked.values, sides), ability.effects
        return owner, {**sides, "friendly": picked, "enemy": picked, "chosen": picked}, \
            ability.effects
    if command.type == "ability":
        effects = pack.abilities[args["ability"]].effects
        return state.active_model, _picked(args, effects), effects
    if command.type == "start_ability":
        effects = pack.abilities[args["ability"]].effects
        return args["model"], _picked(args, effects), effects
    if command.type == "trigger_ability":  # (as triggers.py and apply_effects aim)
        _, uid, name, spent_by = state.triggers[0]
        effects = pack.abilities[name].effects
        picked = _picked(args, effects) or spent_by
        if isinstance(picked, picks.Picks):
            return uid, picks.Picks(effects, picked.values, {"trigger_model": spent_by}), \
                effects
        return uid, {"self": uid, "trigger_model": spent_by, "friendly": picked,
                     "enemy": picked, "chosen": picked}, effects
    if command.type == "use_motivation":
        _, uid, name = state.pending[0]
        ability = motivation_triggers.ability_of(state, uid, name, pack.models, pack.motivations)
        return uid, {"self": uid, "trigger_model": motivation_triggers.killer(state, uid)}, \
            ability.effects
    if command.type == "will_ability":  # BRAVADO's kind, after a passed test
        _, uid, name = state.will_triggers[0]
        effects = pack.abilities[name].effects
        return uid, _picked(args, effects), effects
    if command.type == "interact_corpse_pile":  # SO MANY DEAD: the model's own test
        return state.active_model, None, pack.terrains["Big Corpse Pile"].action.effects
    if command.type == "end_phase_ability":
        _, uid, name = state.end_phase_waiting[0]
        effects = pack.abilities[name].effects
        return uid, _picked(args, effects), effects
    if command.type == "wounds_ability":  # (step 6's, or after wounds dealt elsewhere)
        owner = state.wounds_waiting[0][0] if state.wounds_waiting else state.attack.target
        return owner, args.get("target"), pack.abilities[args["ability"]].effects
    action = pack.objectives[objectives.card_at(state, args["square"])].action
    return state.active_model, objective_actions.chosen(action, args), action.effects


def _bought(state: State, pack, command: Command):
    """An attack's improvements bought, or a defence's abilities used (attack
    steps 2 and 4): the model buying, what each target word names, the effects."""
    args = command.args
    if command.type == "defend":
        pending = state.attack
        owner, sides = pending.target, {"attacker": pending.attacker,
                                        "defender": pending.target}
        effects = [e for name, chosen in args["abilities"]
                   for e in pack.abilities[name].effects
                   + [x for i in chosen for x in pack.abilities[name].improvements[i].effects]]
    else:
        owner = state.granted[0] if command.type.startswith("granted") else state.active_model
        sides = {"attacker": owner, "defender": args["target"]}
        mode = pack.models[state.model(owner).card].attacks[args["mode"]]
        effects = [e for i in args["improvements"] for e in mode.improvements[i].effects]
    sides["self"] = owner
    several = picks.listed(args)
    if several:  # (the effects bought: roll effects pick nobody, picks.pickers)
        return owner, picks.Picks(effects, several, sides), effects
    return owner, sides, effects


def _picked(args: dict, effects):
    """The model its player picked, the models (a list: `count` of them), or
    for several picks `picks.Picks`."""
    return picks.picked(args, effects)


def tested(effects, owner: str, chosen) -> list[str]:
    """The models these effects may make roll a will test, in order ("self" is
    the owner; any other target is the model chosen, as apply_effects reads it,
    or, when `chosen` maps target words to models, the one or ones it names)."""
    found: list[str] = []
    for effect in effects:
        if isinstance(effect, WillTest):
            if isinstance(chosen, dict):
                who, inner = chosen.get(effect.target.who), chosen
            else:  # (several picks: the effect's own, as apply_effects aims it)
                inner = chosen.aim(effect) if isinstance(chosen, picks.Picks) else chosen
                who = owner if effect.target.who == "self" else inner
            # (several models picked: each tests in turn)
            found += [u for u in (who if isinstance(who, list) else [who])
                      if u and u not in found]
            found += [u for u in tested(effect.on_success + effect.on_failure, owner, inner)
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
    if command.type not in COMMANDS or _asked(state, command):
        return None
    if command.type in ("trigger_ability", "end_phase_ability", "aftermath") \
            and not command.args.get("ability"):
        return None
    owner, chosen, effects = _source(state, pack, command)
    asks = offers(state, pack, field, tested(effects, owner, chosen))
    # (a token the attack or defence itself discards on its roll is not asked again)
    asks = [a for a in asks if not (a[0] == owner and a[1] == command.args.get("equipment"))]
    if not asks:
        return None
    return Event("will_test_declared", {"seat": command.seat, "command": command.type,
                                        "args": command.args, "asks": asks})


def _asked(state: State, command: Command) -> bool:
    """Whether this command's questions were asked (it is the one held back);
    another command finds the tokens of one that never rolled (a charge that
    never reached its target) forgotten."""
    if not state.will_declared:
        return False
    _, kind, args, _, _ = state.will_declared
    return (kind, args) == (command.type, json.dumps(command.args, sort_keys=True)) \
        or command.type not in ATTACKS and kind not in ATTACKS
