"""The exact odds of an attack before it is made (for a player hovering over it).

Melee, shots and spell bolts are settled by two dice, the attacker's and the
target's (seed 000, MELEE COMBAT and RANGED COMBAT). Each of the 36 rolls is
played through `decide` on the current state, declining any Hero re-roll or
strength belt points (the odds are those of the roll as it falls), and the
combat's recorded result is counted: who loses, and how (recoil, fall, kill,
gruesome kill, or nothing).
"""

from __future__ import annotations

from typing import Any

from server.rules.kernel import Command, RulesError
from server.rules.odds import enumerate_dice
from server.rules.runner import apply_command

ATTACKS = {"attack": "melee", "shoot": "shot", "cast_bolt": "shot"}
ORDER = {("defender", "gruesome"): 0, ("defender", "kill"): 1, ("defender", "fall"): 2,
         ("defender", "recoil"): 3, (None, "none"): 4, ("attacker", "recoil"): 5,
         ("attacker", "fall"): 6, ("attacker", "kill"): 7, ("attacker", "gruesome"): 8}
# the choices made after the dice fall, declined: the odds are of the roll as it falls
DECLINE = {"hero_reroll": ("hero_reroll", {"reroll": False}),
           "strength_belt": ("spend_strength", {"points": 0})}
DECISIONS_BEFORE_THE_RESULT = 4  # at most: the Heroes' re-rolls, the belt, and slack


def attack_odds(system, state, command: Command) -> dict[str, Any]:
    """{"total": 36, "outcomes": [{loser, result, ways, probability}], "modifiers"}.
    RulesError if the command is not an attack the seat could make now."""
    kind = ATTACKS.get(command.type)
    if kind is None:
        raise RulesError("no_odds", "Odds are given for attacks: melee, shots and spell "
                         "bolts.")
    seen: dict[str, Any] = {}

    def resolve(dice) -> tuple:
        combat = _play_until_combat(system, state, command, dice, kind)
        seen.setdefault("modifiers", combat.data["modifiers"])
        return combat.data["loser"], combat.data["result"]

    counts = enumerate_dice(resolve, 2)
    total = sum(counts.values())
    outcomes = [{"loser": loser, "result": result, "ways": ways,
                 "probability": ways / total}
                for (loser, result), ways in sorted(counts.items(),
                                                    key=lambda item: ORDER.get(item[0], 9))]
    return {"total": total, "outcomes": outcomes, "modifiers": seen.get("modifiers")}


def _play_until_combat(system, state, command: Command, dice, kind: str):
    """The command's combat event, answering 'no' to Hero re-roll questions."""
    current, asked = state, command
    for _ in range(DECISIONS_BEFORE_THE_RESULT):
        current, applied = apply_command(system, current, asked, dice, checksums=False)
        for step in applied:
            if step.event.type == kind:
                return step.event
        waiting = current.pending[-1] if current.pending else None
        if waiting is None or waiting["kind"] not in DECLINE:
            break
        asked = Command(waiting["seat"], *DECLINE[waiting["kind"]])
    raise RulesError("no_odds", "That command does not come to a combat roll now.")
