"""The events of each player command (the prompt has already allowed it)."""

from __future__ import annotations

from server.rules.dice import Dice
from server.rules.kernel import Command
from server.rules.sns import casting, climbing, combat, fire, movement, siege, specials, spells
from server.rules.sns.attacks import COVER, Attack, in_terrain
from server.rules.sns.evolve import Stepper
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import SPELL_SWAP


def act(step: Stepper, command: Command, dice: Dice) -> None:
    args, kind = command.args, command.type
    if kind == "start":
        deal(step, dice)
        return
    if kind == "end_phase":
        step.emit("side_done", seat=command.seat)
        return
    figure = step.figure(args["figure"])
    if kind in ("move", "run", "move_path", "run_path"):
        path = [list(p) for p in args["path"]] if "path" in args else [[figure.x, figure.y],
                                                                      list(args["to"])]
        charged = movement.charged_at(step.state, figure, path[-1])
        surprised = movement.surprised_at(step.state, figure, charged)
        step.emit("moved", figure=figure.uid, path=path, facing=args["facing"],
                  doubled=kind.startswith("run"), charged=charged,
                  **({"surprised": surprised} if surprised else {}))
        fire.burn(step, figure.uid, path, dice)
    elif kind == "retreat":
        (roll,) = dice.roll(1, 12)
        if movement.retreat_roll_succeeds(roll):
            path = [[figure.x, figure.y], list(args["to"])]
            step.emit("moved", figure=figure.uid, path=path, facing=args["facing"],
                      retreat=True, roll=roll)
            fire.burn(step, figure.uid, path, dice)
        else:
            step.emit("retreat_failed", figure=figure.uid, roll=roll)
    elif kind == "hold":
        step.emit("held", figure=figure.uid, facing=args["facing"])
    elif kind == "set_spears":
        step.emit("held", figure=figure.uid, spears_set=True)
    elif kind == "shoot":
        band, cover = next((b, c) for t, b, c in combat.ranged_targets(step.state, figure)
                           if t == args["target"])
        weapon = figure_profile(figure).ranged
        attack = Attack(figure.uid, args["target"], "ranged", weapon.name, band, cover)
        before = step.state
        step.emit("attacked", **combat.roll_attack(before, attack, dice))
        for uid in siege.struck(before, figure.uid, attack.target, weapon.name):
            other = Attack(figure.uid, uid, "ranged", weapon.name, band,
                           in_terrain(before, before.figure(uid), COVER))
            step.emit("attacked", area=weapon.name, **combat.roll_attack(before, other, dice))
    elif kind == "deploy":
        step.emit("deployed", figure=figure.uid, to=list(args["to"]), facing=args["facing"])
    elif kind == "climb":
        turns = climbing.turns_to_climb(step.state, figure, args["to"])
        bearer = climbing.ladders_used(step.state, figure, args["to"])
        step.emit("climb_began", figure=figure.uid, to=list(args["to"]),
                  arrives=step.state.turn + turns, **({"ladder": bearer} if bearer else {}))
    elif kind == "breathe":
        specials.breathe(step, figure.uid, args["facing"], dice)
    elif kind == "detonate":
        specials.detonate(step, figure.uid, dice)
    elif kind == "cast":
        casting.cast(step, figure.uid, args["spell"], args, dice)
    elif kind == "swap_spell":
        seat = figure.seat
        drawn = list(dict(step.state.drawn).get(seat, ()))
        cards = spells.draw(dice, drawn, 1)
        step.emit_secret("spell_swapped", seat, {"figure": figure.uid},
                         figure=figure.uid, discarded=args["card"], cards=cards)
    elif kind == "keep_spells":
        step.emit("spells_kept", figure=figure.uid)
    elif kind in ("engage", "stay_aloft"):  # "Flyers must declare if they are engaging in HTH"
        step.emit("flyer_declared", figure=figure.uid, engages=kind == "engage")
    elif kind == "attack":
        step.emit("declared", figure=figure.uid, target=args["target"])
    else:
        raise ValueError(f"no handler for {kind!r}")


def deal(step: Stepper, dice: Dice) -> None:
    """SPELLS: "At the beginning of the battle each spellcaster draws a number of
    cards equal to the number of spells they know" (each side its own deck; a
    hand is seen by its own side only). Then "Each caster may discard and draw
    one new spell" (the spell_swap phase)."""
    for figure in step.state.figures:
        known = figure_profile(figure).level("Spell known")
        if not known:
            continue
        drawn = list(dict(step.state.drawn).get(figure.seat, ()))
        cards = spells.draw(dice, drawn, known)
        step.emit_secret("spells_dealt", figure.seat, {"figure": figure.uid, "count": len(cards)},
                         figure=figure.uid, cards=cards)
    if step.state.hands:
        step.emit("phase_began", phase=SPELL_SWAP, first="a", turn=1)
