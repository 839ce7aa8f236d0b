"""The exact odds of an attack before it is made (a player hovering over it):
the attack roll's 12 faces ("A natural roll of 1 always misses", "12 always
hits") and, for each hit, the damage roll's 12 faces on the DAMAGE ROLL TABLE;
144 equally likely pairs counted by result."""

from __future__ import annotations

from fractions import Fraction

from server.rules.kernel import Command, RulesError, check_prompt
from server.rules.sns import combat
from server.rules.sns.attacks import (
    Attack,
    attack_modifiers,
    damage_modifiers,
    damage_result,
    is_hit,
    nets,
)
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import State

ORDER = ("killed", "mortally_wounded", "wounded_disarmed_knocked_down",
         "wounded_knocked_down", "wounded_disarmed", "wounded", "stunned", "immobilized",
         "miss")


def attack_odds(prompt, state: State, command: Command) -> dict:
    """{"total": 144, "outcomes": [{result, ways, probability}], "modifiers",
    "damage_modifiers"}; RulesError unless it is a shot or a declared attack the
    seat could make now."""
    if command.type not in ("shoot", "attack"):
        raise RulesError("no_odds", "Odds are given for attacks: shots and hand to hand "
                         "or polearm attacks.")
    check_prompt(prompt, command)
    figure = state.figure(command.args["figure"])
    target = command.args["target"]
    if command.type == "shoot":
        band, cover = next((b, c) for t, b, c in combat.ranged_targets(state, figure)
                           if t == target)
        attack = Attack(figure.uid, target, "ranged", figure_profile(figure).ranged.name,
                        band, cover)
    else:
        attack = combat.melee_attack(state, figure.uid, target, state.phase)
    mods = attack_modifiers(state, attack)
    damage = damage_modifiers(state, attack)
    bonus = sum(v for v, _ in damage)
    netting = nets(figure, attack)
    counts: dict[str, int] = {}
    for roll in range(1, 13):
        if not is_hit(roll, mods):
            counts["miss"] = counts.get("miss", 0) + 12
            continue
        for damage_roll in range(1, 13):
            result = "immobilized" if netting else damage_result(damage_roll + bonus)
            counts[result] = counts.get(result, 0) + 1
    outcomes = [{"result": r, "ways": counts[r], "probability": float(Fraction(counts[r], 144))}
                for r in ORDER if r in counts]
    return {"total": 144, "outcomes": outcomes, "modifiers": [[v, t] for v, t in mods],
            "damage_modifiers": [[v, t] for v, t in damage]}
