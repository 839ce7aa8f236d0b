"""Rolling one attack (ATTACK RESOLUTION, DAMAGE ROLL TABLE) into an event, and
who may attack whom in each attack phase (Ranged, Polearm, Hand to Hand)."""

from __future__ import annotations

from dataclasses import replace

from server.rules.board.measured import in_contact, in_range
from server.rules.board.measured_terrain import line_of_sight
from server.rules.dice import Dice
from server.rules.sns import creatures, flight, siege
from server.rules.sns.attacks import (
    BARE_HANDS,
    COVER,
    Attack,
    attack_modifiers,
    damage_modifiers,
    damage_result,
    in_terrain,
    is_hit,
    knocks_down,
    nets,
    weapon_for,
)
from server.rules.sns.movement import enemies_of
from server.rules.sns.profile import RELOADING
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Figure, State

attacks_per_turn = creatures.attacks_per_turn


def may_attack(state: State, figure: Figure) -> bool:
    return (figure.can_act and not figure.routing and not figure.retreated
            and figure.immobilized < state.turn
            and figure.attacks_made < attacks_per_turn(figure))


def ranged_targets(state: State, figure: Figure) -> list[tuple[str, str, bool]]:
    """(target, "short"/"long", cover) for every enemy in range and sight. A
    figure in base contact fights hand to hand instead, and a weapon that
    reloads fires every other turn ("Guns & crossbows require a turn to
    reload"; siege artillery likewise). docs/rules/sns.md, "Shooting"."""
    weapon = figure_profile(figure).ranged
    if weapon is None or not may_attack(state, figure):
        return []
    if weapon.name in RELOADING and figure.last_shot and figure.last_shot >= state.turn - 1:
        return []
    if not siege.crewed(state, figure):
        return []
    enemies = enemies_of(state, figure)
    if any(in_contact(figure.base, e.base) for e in enemies):
        return []
    reach = weapon.range or weapon.thrown
    others = [f.base for f in state.figures if f.on_table]
    found = []
    for enemy in enemies:
        band = (siege.band(figure.base, enemy.base, weapon.name) if weapon.name in siege.REACH
                else in_range(figure.base, enemy.base, reach))
        if band and line_of_sight(figure.base, enemy.base, others, state.layout.terrain):
            found.append((enemy.uid, band, in_terrain(state, enemy, COVER)))
    return found


def melee_targets(state: State, figure: Figure, kind: str) -> list[str]:
    """Enemies in base contact ("The units must have their bases touching").
    A flyer that did not engage in HTH this turn neither attacks nor is
    attacked by nonflyers (flight.py; docs/rules/sns.md, "Flying")."""
    if not may_attack(state, figure):
        return []
    if kind == "polearm" and figure_profile(figure).polearm is None:
        return []
    found = [e for e in enemies_of(state, figure)
             if in_contact(figure.base, e.base) and flight.may_fight(state, figure, e)]
    if kind == "hth" and creatures.is_tied(figure):  # an attack left whose weapon reaches it
        found = [e for e in found if creatures.slot_for_target(state, figure, e) is not None]
    return [e.uid for e in found]


def roll_attack(state: State, attack: Attack, dice: Dice, extra: int = 0,
                earlier_on_target: int = 0) -> dict:
    """One attack's event data. `extra`: this figure's attacks already made in
    the same simultaneous step; `earlier_on_target`: HTH attacks declared on the
    target before this one in that step (both count as made this turn)."""
    if extra or earlier_on_target:
        a = state.figure(attack.attacker)
        state = state.with_figure(replace(a, attacks_made=a.attacks_made + extra))
        counts = dict(state.hth_counts)
        counts[attack.target] = counts.get(attack.target, 0) + earlier_on_target
        state = replace(state, hth_counts=tuple(counts.items()))
    (roll,) = dice.roll(1, 12)
    return rolled_attack(state, attack, roll, dice)


def rolled_attack(state: State, attack: Attack, roll: int, dice: Dice,
                  extra_rows: list[tuple[int, str]] = ()) -> dict:
    """The event data of an attack whose D12 is `roll`: hit or miss, and if hit
    the damage roll and its result (and the D6 of a mortal wound)."""
    modifiers = attack_modifiers(state, attack) + list(extra_rows)
    data = {"attacker": attack.attacker, "target": attack.target, "kind": attack.kind,
            "weapon": attack.weapon, "band": attack.band, "roll": roll,
            "modifiers": [[v, t] for v, t in modifiers], "hit": is_hit(roll, modifiers),
            "reloads": attack.weapon in RELOADING}
    if not data["hit"]:
        return data
    if nets(state.figure(attack.attacker), attack):
        (turns,) = dice.roll(1, 3)  # "Net does no damage but target immobilized for 1D3 turns"
        data["net"] = turns
        return data
    damage = damage_modifiers(state, attack)
    (damage_roll,) = dice.roll(1, 12)
    result = damage_result(damage_roll + sum(v for v, _ in damage))
    data.update(damage_roll=damage_roll, damage_modifiers=[[v, t] for v, t in damage],
                result=result, knock=knocks_down(attack.weapon) and result != "killed")
    if result == "mortally_wounded":
        (data["mortal_turns"],) = dice.roll(1, 6)
    if attack.weapon == "Cone of Cold":  # "Units immobilized on a roll of 1-2 on D6 for 1 turn"
        (frozen,) = dice.roll(1, 6)
        data["frost_roll"] = frozen
        if frozen <= 2:
            data["immobilize"] = 1
    return data


def melee_attack(state: State, attacker: str, target: str, kind: str,
                 earlier: list[str] | None = None) -> Attack:
    """The weapon a figure strikes with. An attack tied to a weapon of its own
    (creatures.py) strikes with it: `earlier` are the targets of the figure's
    attacks declared before this one (by default all it has declared)."""
    figure = state.figure(attacker)
    prof = figure_profile(figure)
    if kind == "hth" and creatures.is_tied(figure):
        slot = creatures.slot_for_target(state, figure, state.figure(target), earlier)
        tied = creatures.slot_weapon(figure, slot) if slot is not None else ""
        if tied and not figure.disarmed:
            return Attack(attacker, target, kind, tied, slot=slot)
        weapon = weapon_for(prof, figure, kind)
        return Attack(attacker, target, kind, weapon.name if weapon else BARE_HANDS,
                      slot=slot or 0)
    weapon = weapon_for(prof, figure, kind)
    return Attack(attacker, target, kind, weapon.name if weapon else BARE_HANDS)
