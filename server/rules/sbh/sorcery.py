"""The Sorcerer (seed 001, Special Abilities): "Automatically Evil. May sacrifice
an adjacent figure for 1 action. Sorcerer is +1 Quality (victim >= 30 pts.) or +2
(victim >= 50 pts.). Non-Evil friendly models within Long distance must make
Gruesome Death morale check."

Readings (docs/rules/sbh.md, "Sorcerer"): the victim is an adjacent friend, or an
adjacent enemy that is fallen or transfixed (a standing foe is fought, not
sacrificed); it dies. The Quality bonus powers the Sorcerer's next spell: it
applies to the dice of its next activation declared as casting, as a scenario's
spellcasting bonus does (seed 000, MAGIC: "apply the bonus only to the dice that
are actually used to cast the spell"), and a new sacrifice replaces an unused
bonus (bonuses are not cumulative). The morale test is the one a gruesome death
causes, for the Sorcerer's non-Evil friends within Long.
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.kernel import CommandSpec
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.losses import kill, queue_morale
from server.rules.sbh.terrain import LONG

SORCERER = "seed 001, Special Abilities, Sorcerer"


def victims(state, fig: Figure) -> list[str]:
    if not fig.has("Sorcerer") or fig.fallen or fig.transfixed:
        return []
    return sorted(v.id for v in state.on_table() if v.id != fig.id
                  and distance(v.pos, fig.pos) == 1
                  and (v.seat == fig.seat or v.fallen or v.transfixed))


def options(state, fig: Figure, actions_left: int) -> list[CommandSpec]:
    found = victims(state, fig) if actions_left >= 1 else []
    if not found:
        return []
    return [CommandSpec("sacrifice", "Sacrifice an adjacent figure (1 action; +1 or +2 to "
                        "the next spell)", params={"victim": found})]


def bonus_for(victim: Figure) -> int:
    return 2 if victim.points >= 50 else 1 if victim.points >= 30 else 0


def do_sacrifice(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    if s.activation.actions < 1 or args.get("victim") not in victims(s, fig):
        raise illegal("A Sorcerer sacrifices an adjacent friend, or an adjacent fallen or "
                      "transfixed enemy, for one action.", SORCERER)
    victim = s.figures[args["victim"]]
    ctx.emit("sacrificed", figure=fig.id, victim=victim.id, bonus=bonus_for(victim), cost=1)
    kill(ctx, victim, gruesome=False, by=fig)
    witnesses = [f.id for f in s.on_table(fig.seat) if f.id != fig.id and not f.has("Evil")
                 and distance(f.pos, fig.pos) <= LONG
                 and not (f.has("Fearless") or f.has("Undead") or f.has("Artificial"))]
    if witnesses:
        queue_morale(ctx, fig.seat, witnesses, "gruesome kill")
