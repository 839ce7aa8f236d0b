"""Evil shooters firing into a melee (seed 001, Special Abilities, Evil: "May shoot
into hand-to-hand combats (1-3 hits friends)"), the exception to seed 000, NO
SHOOTING IN OR OUT OF MELEE ("you can't shoot someone who is in a melee with one
of your friends").

Readings (docs/rules/sbh.md, "Evil"): an Evil figure's shot (a Shooter's missile:
not a spell, a magic javelin or a Concentrated Shooting) may take an enemy in
contact with its friends; such a target is one it may always ignore for a closer
one ("may": a permission, not a duty), and the shooter itself still may not be
in melee. Before the shot one die is rolled: on 1-3 the shot hits a friend in
contact with the target instead, the one nearest the shooter (a die among equally
near ones). The shot is resolved against that friend as the shooter aimed it: the
range, cover and ambush of the enemy aimed at, the rest (Undead, large, transfixed,
Acrobat, the defence) the friend's.
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.sbh.figures import Figure
from server.rules.sbh.movement import figures_next_to


def shoots_into_melee(fig: Figure) -> bool:
    return fig.has("Evil")


def stray_shot(ctx, shooter: Figure, target: Figure) -> Figure:
    """The figure an Evil shooter's shot at `target` hits: `target`, unless the
    target fights the shooter's friends and the die says 1-3."""
    if not shoots_into_melee(shooter):
        return target
    friends = [f for f in figures_next_to(ctx.state, target.pos)
               if f.seat == shooter.seat and f.id != shooter.id]
    if not friends:
        return target
    [die] = ctx.roll(1)
    if die > 3:
        ctx.emit("stray_shot_rolled", shooter=shooter.id, target=target.id, dice=[die],
                 hits=None)
        return target
    nearest = min(distance(shooter.pos, f.pos) for f in friends)
    tied = sorted(f.id for f in friends if distance(shooter.pos, f.pos) == nearest)
    chosen = {}
    if len(tied) > 1:  # a die with a face for each equally near friend
        [pick] = ctx.dice.roll(1, len(tied))
        chosen = {"among": tied, "pick": [pick]}
    hit = tied[chosen["pick"][0] - 1] if chosen else tied[0]
    ctx.emit("stray_shot_rolled", shooter=shooter.id, target=target.id, dice=[die], hits=hit,
             **chosen)
    return ctx.state.figures[hit]
