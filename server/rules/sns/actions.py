"""The events of each player command (the prompt has already allowed it)."""

from __future__ import annotations

from server.rules.dice import Dice
from server.rules.kernel import Command
from server.rules.sns import combat, movement
from server.rules.sns.attacks import Attack
from server.rules.sns.evolve import Stepper


def act(step: Stepper, command: Command, dice: Dice) -> None:
    args, kind = command.args, command.type
    if kind == "start":
        return
    if kind == "end_phase":
        step.emit("side_done", seat=command.seat)
        return
    figure = step.figure(args["figure"])
    if kind in ("move", "run"):
        to = list(args["to"])
        step.emit("moved", figure=figure.uid, path=[[figure.x, figure.y], to],
                  facing=args["facing"], doubled=kind == "run",
                  charged=movement.charged_at(step.state, figure, to))
    elif kind == "retreat":
        (roll,) = dice.roll(1, 12)
        if movement.retreat_roll_succeeds(roll):
            step.emit("moved", figure=figure.uid, path=[[figure.x, figure.y], list(args["to"])],
                      facing=args["facing"], retreat=True, roll=roll)
        else:
            step.emit("retreat_failed", figure=figure.uid, roll=roll)
    elif kind == "hold":
        step.emit("held", figure=figure.uid, facing=args["facing"])
    elif kind == "set_spears":
        step.emit("held", figure=figure.uid, spears_set=True)
    elif kind == "shoot":
        band, cover = next((b, c) for t, b, c in combat.ranged_targets(step.state, figure)
                           if t == args["target"])
        from server.rules.sns.setup import figure_profile
        weapon = figure_profile(figure).ranged
        attack = Attack(figure.uid, args["target"], "ranged", weapon.name, band, cover)
        step.emit("attacked", **combat.roll_attack(step.state, attack, dice))
    elif kind == "attack":
        step.emit("declared", figure=figure.uid, target=args["target"])
    else:
        raise ValueError(f"no handler for {kind!r}")
