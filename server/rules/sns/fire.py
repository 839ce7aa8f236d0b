"""Fire Wall's burning (seed 003, SPELLS: "Units that cross it are attacked
immediately (Attack roll +1)"). The wall is no figure: its attack is the D12
and its +1 alone ("A natural roll of 1 always misses", "12 always hits"), and
its damage roll takes the defender's rows of the damage modifiers."""

from __future__ import annotations

from server.rules.dice import Dice
from server.rules.sns.attacks import damage_result, has_effect, is_hit
from server.rules.sns.evolve import Stepper
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Figure, State
from server.rules.sns.terrain_spells import FIRE

BONUS = [(1, "Fire Wall: Attack roll +1")]


def walls_crossed(state: State, path) -> list[str]:
    found = []
    for piece in state.layout.terrain:
        if piece.name.startswith(FIRE) and any(
                piece.polygon.near_segment(tuple(a), tuple(b), 0)
                for a, b in zip(path, path[1:], strict=False)):
            found.append(piece.name)
    return found


def defender_rows(state: State, figure: Figure) -> list[tuple[int, str]]:
    prof = figure_profile(figure)
    rows = [(prof.has("Heavy armor"), -1, "Defending unit has heavy armor"),
            (prof.has("No armor"), 1, "Defending unit has no armor"),
            (prof.has("Tough hide"), -prof.level("Tough hide"), "Defending unit has tough hide"),
            (True, figure.wounds, "Defender is wounded/per wound"),
            (has_effect(figure, "shielded", state.turn), -3,
             "Shield spell: target is -3 to be killed")]
    return [(v, t) for applies, v, t in rows if applies and v]


def burn(step: Stepper, uid: str, path, dice: Dice) -> None:
    """After a move along `path`: the fire walls it crossed attack the figure."""
    for wall in walls_crossed(step.state, path):
        figure = step.state.figure(uid)
        if not figure.on_table:
            return
        (roll,) = dice.roll(1, 12)
        data = {"figure": uid, "wall": wall, "roll": roll, "hit": is_hit(roll, BONUS),
                "modifiers": [[v, t] for v, t in BONUS]}
        if data["hit"]:
            rows = defender_rows(step.state, figure)
            (damage_roll,) = dice.roll(1, 12)
            result = damage_result(damage_roll + sum(v for v, _ in rows))
            data.update(damage_roll=damage_roll, damage_modifiers=[[v, t] for v, t in rows],
                        result=result)
            if result == "mortally_wounded":
                (data["mortal_turns"],) = dice.roll(1, 6)
        step.emit("burned", **data)
