"""The combat commands turned into events (seed 004, ATTACK SEQUENCE, CHARGE
ACTION, CHARGE TERRAIN ACTION, ABILITIES): the attack or charge with the dice
it rolls at once, then each later step's decision; and the attack sequence's
events mapped to the functions that apply them. Rule module: system.py routes
here with its pack, battlefield and evolve; this module never imports it."""

from __future__ import annotations

import json
from collections.abc import Callable

from server.rules.asoiaf import (
    attack_sequence,
    charge,
    charge_terrain,
    coins,
    command_abilities,
    equipment_uses,
    lasting,
    mounts,
    movement,
    movement_abilities,
    picks,
    secret_events,
    surging,
    terrain_entry,
    wounds_abilities,
)
from server.rules.asoiaf.cards.vocabulary import DrawAgenda
from server.rules.asoiaf.state import State
from server.rules.dice import Dice
from server.rules.kernel import Command, Event

# the commands decide() answers here
STEP_COMMANDS = frozenset({"defend", "wounds_ability", "decline_wounds_ability", "aftermath",
                           "decline_aftermath", "remove", "ability", "charge_terrain",
                           "granted_charge_terrain", "surge", "hold", "use_equipment",
                           "decline_equipment"})


def attack(state: State, pack, field_of: Callable, evolve: Callable, command: Command,
           dice: Dice) -> list[Event]:
    """An attack (or a charge: its move first, then the attack if it reached
    the target); the defence is rolled at once when the defender has no
    choice to make (step 4). `field_of(state)` is the battlefield as it stands."""
    args, events = command.args, []
    # a granted attack or charge is the granted model's (granted.py), not the
    # active model's, and spends no AP
    given = command.type in ("granted_attack", "granted_charge")
    uid = attacker_of(state, command)
    if command.type in ("charge", "granted_charge"):
        events.append(charge_event(state, pack, field_of(state), uid, args, dice, given))
        state = evolve(state, events[0])
        # a terrain on the way may have killed it, or its mount (terrain_entry.py)
        if terrain_entry.halted(state, uid) \
                or not charge.reaches(state, field_of(state), uid, args["target"]):
            return events
    declared = {"attacker": uid, "target": args["target"], "mode": args["mode"],
                "improvements": list(args["improvements"]),
                "charging": command.type in ("charge", "granted_charge"),
                "equipment": args.get("equipment", ""), "granted": given,
                **_picks(args)}
    carrier = equipment_uses.powder_carrier(state, pack, field_of(state), uid)
    if carrier:  # BLINDING POWDER "before an engaged enemy model rolls any dice"
        return [*events, Event("attack_declared", {**declared, "powder": carrier})]
    return events + rolled(state, pack, field_of, evolve, declared, dice)


def _picks(data: dict) -> dict:
    """The models an attack's improvements or a defence's abilities pick
    (`pick_1` ..., picks.py), as the events keep them: none when none picks."""
    found = picks.listed(data)
    return {"picks": found} if found else {}


def attacker_of(state: State, command: Command) -> str:
    """The model making an attack or charge command: a granted one is the granted
    model's (granted.py), not the active model's."""
    return state.granted[0] if command.type in ("granted_attack", "granted_charge") \
        else state.active_model


def charge_event(state: State, pack, field, uid: str, args: dict, dice: Dice,
                 given: bool = False) -> Event:
    """A charge's move (seed 004, CHARGE ACTION), its whole AP and coins paid
    with it, and the terrain it enters on the way (rolling `dice` for it);
    `given`: a granted charge, spending no AP."""
    mode = pack.models[state.model(uid).card].attacks[args["mode"]]
    spent = coins.total(mode.spend, coins.improvements_cost(mode.improvements,
                                                            args["improvements"]))
    ability = pack.abilities[args["ability"]] if args.get("ability") else None
    if ability is not None:  # a movement ability: DESTINED TO DESTROY
        spent = coins.total(spent, ability.cost)
    return Event("charged", {
        "model": uid, "square": list(args["square"]),
        "ap": 0 if given else charge.CHARGE_MOVE_AP + mode.ap,
        "spent": coins.as_plain(spent),
        **movement_abilities.terrain_data(state, pack, field, uid, args["square"], ability,
                                          True, dice)})


def rolled(state: State, pack, field_of: Callable, evolve: Callable, declared: dict,
           dice: Dice, powder_by: str = "") -> list[Event]:
    """The declared attack rolled (step 3), and the defence at once when the
    defender has no choice to make (step 4). `powder_by`: the engaged enemy that
    discarded BLINDING POWDER against this roll."""
    blinded = state.model(powder_by).equipment if powder_by else ""
    event = attack_sequence.roll_attack_event(
        state, pack, field_of(state), declared["attacker"], declared["mode"],
        declared["target"], declared["improvements"], dice, charging=declared["charging"],
        token=declared["equipment"], granted=declared["granted"], blinded=blinded,
        picked=declared.get("picks"))
    event.data["powder_by"] = powder_by
    events = [event]
    state = evolve(state, event)
    pending = state.attack
    if pending and pending.step == "defence" and attack_sequence.defence_choices(
            state, pack, field_of(state), pending) == [[]] \
            and not equipment_uses.defence_tokens(state, pack, pending.target, {
                *attack_sequence.context(state, pack, field_of(state), pending.target,
                                         pending.kind)}):
        events.append(attack_sequence.roll_defence_event(state, pack, field_of(state), [],
                                                         dice))
    return events


def powder_answered(state: State, pack, field_of: Callable, evolve: Callable,
                    command: Command, dice: Dice) -> list[Event]:
    """The engaged enemy's player used or kept its BLINDING POWDER: the declared
    attack is rolled now."""
    pending = state.attack
    improvements, token, granted = pending.declared[:3]
    declared = {"attacker": pending.attacker, "target": pending.target, "mode": pending.mode,
                "improvements": list(improvements), "charging": pending.charging,
                "equipment": token, "granted": granted,
                **({"picks": json.loads(pending.declared[3])} if len(pending.declared) > 3 else {})}
    used = pending.powder if command.type == "use_equipment" else ""
    return rolled(state, pack, field_of, evolve, declared, dice, used)


def step(state: State, pack, field, command: Command, dice: Dice) -> list[Event]:
    """The attack sequence's later steps, command abilities and charge terrain
    (with the surge each may offer)."""
    args = command.args
    if command.type == "defend":
        return [attack_sequence.roll_defence_event(state, pack, field, args["abilities"], dice,
                                                   args.get("equipment", ""),
                                                   _picks(args).get("picks"))]
    if command.type in ("use_equipment", "decline_equipment"):
        if state.attack and state.attack.step == "strangler":  # killed instead of captured
            used = command.type == "use_equipment"
            return [Event("removed", {"removal": "killed" if used else "captured",
                                      "equipment": args.get("equipment", "")})]
        return [equipment_uses.activation_event(state, args, mounts.free_action_ap(state))]
    if command.type == "wounds_ability":
        return [wounds_abilities.event(state, pack, args, dice)]
    if command.type == "decline_wounds_ability":
        return [Event("wounds_ability_used", {"ability": ""})]
    if command.type in ("aftermath", "decline_aftermath"):
        return [attack_sequence.aftermath_event(state, pack, field, args, dice),
                *_aftermath_draws(state, pack, field, args)]
    if command.type == "remove":
        return [Event("removed", {"removal": args["removal"]})]
    if command.type == "ability":  # (its agenda cards drawn in events its player sees)
        used = command_abilities.event(state, pack, args, dice)
        return [used, *secret_events.ability_draws(
            state, state.model(state.active_model).seat, pack.abilities[args["ability"]],
            used.data.get("drawn", 0))]
    if command.type in ("charge_terrain", "granted_charge_terrain"):
        granted = command.type == "granted_charge_terrain"  # (its model's: granted.py)
        return [Event("terrain_charged", _terrain_charge(state, pack, field, args, dice,
                                                         granted))]
    if "square" not in args:  # hold
        return [Event("surged" if state.attack else "surged_through", {"square": None})]
    # surging forth 1 square enters it: its terrain applies (terrain_entry.py)
    uid = state.attack.attacker if state.attack else charge_terrain.surger(state)
    terrain = terrain_entry.event_data(state, pack, field, uid, args["square"], SURGE, (), dice)
    return [Event("surged" if state.attack else "surged_through",
                  {"square": list(args["square"]), **terrain})]


def _terrain_charge(state: State, pack, field, args: dict, dice: Dice,
                    granted: bool = False) -> dict:
    """The charge terrain action's data: its move's terrain first (`entered`,
    `terrain_faces`: terrain_entry.py), then the SPECIAL ATTACK roll unless that
    terrain killed the model (or its mount) on the way; `granted`: the granted
    model's, spending no AP."""
    uid, square = (state.granted[0] if granted else state.active_model), args["square"]
    budget, stops = movement.move_limits(state, field, uid)
    entered, faces, stopped = terrain_entry.rehearsed(state, pack, field, uid, square, budget,
                                                      stops, dice)
    if stopped:
        data = {"model": uid, "opening": args["opening"], "square": list(square),
                "faces": [], "destroyed_into": ""}
    else:
        data = charge_terrain.roll(state, pack.terrains, field, uid, args["opening"], square,
                                   dice)
    if entered:
        data.update(entered=entered, terrain_faces=faces)
    if granted:
        data["granted"] = True
    return data


SURGE = 1  # ATTACK SEQUENCE step 10, CHARGE TERRAIN ACTION: "surge forth 1 square"


def surged(state: State, pack, field, d: dict) -> State:
    """The attacker surged forth (or held), taking the terrain of the square it entered."""
    uid = state.attack.attacker
    return terrain_entry.replayed(surging.surged(state, d), pack, field, uid, d)


SEQUENCE_EVENTS = {
    "attack_declared": attack_sequence.declared,
    # each roll ends its model's changes lasting that roll (lasting.py)
    "attack_rolled": lambda state, pack, field, d: lasting.rolled(
        attack_sequence.attack_rolled(state, pack, field, d), d["attacker"], "attack"),
    "defended": lambda state, pack, field, d: lasting.rolled(
        attack_sequence.defended(state, pack, field, d), d["target"], "defence")
    if d["defence_faces"] else attack_sequence.defended(state, pack, field, d),
    "wounds_ability_used": attack_sequence.wounds_ability_used,
    "aftermath_used": attack_sequence.use_aftermath,
    "removed": lambda state, pack, field, d: attack_sequence.remove(
        state, pack, field, d["removal"], d.get("equipment", "")),
    "surged": surged,
}


def _aftermath_draws(state: State, pack, field, args: dict) -> list[Event]:
    """The agenda cards an aftermath used draws (`draw_agenda`), each in an
    event only its player sees."""
    if not args.get("ability"):
        return []
    pending = state.attack
    ability = next(a for a in attack_sequence.aftermaths(state, pack, field, pending,
                                                         pending.step)
                   if a.name == args["ability"])
    owner = state.model(attack_sequence.aftermath_owner(pending))
    cards = sum(e.cards for e in ability.effects if isinstance(e, DrawAgenda))
    return secret_events.drawn(state, owner.seat, cards)
