"""A Hero's re-roll of a Quality die, answered (seed 000, HERO (P)): the owner
re-rolls a failed die or keeps the roll (a `hero_quality` item, offered by
hero.offer), and the final roll goes back to the rule that made it -- an
activation, a morale test, falling damage, a jump, resisting a transfix, a
Cleric's healing. (Those rules offer the re-roll through hero.py, which
imports none of them.)
"""

from __future__ import annotations

from server.rules.sbh import activation, devotion, falling, magic, morale_tests
from server.rules.sbh.context import illegal
from server.rules.sbh.evolve_common import to_hex
from server.rules.sbh.figures import Figure
from server.rules.sbh.hero import HERO, failed_dice, rescored


def chosen(ctx, item: dict, die: int | None) -> None:
    """The owner re-rolls die number `die` (a failed one) or keeps the roll (None)."""
    roll = item["roll"]
    if die is not None and die not in failed_dice(roll):
        raise illegal("Re-roll one of the failed dice, or keep the roll.", HERO)
    ctx.pop()
    if die is not None:
        [new] = ctx.roll(1)
        ctx.emit("hero_rerolled", figure=item["figure"], old=roll["dice"][die], new=new)
        roll = rescored(roll, [new if i == die else d for i, d in enumerate(roll["dice"])])
    _finish(ctx, ctx.state.figures[item["figure"]], item["then"], roll)


def _finish(ctx, fig: Figure, then: dict, roll: dict) -> None:
    """Hand the final roll back to the rule that made it."""
    rule = then["rule"]
    if rule == "activation":
        activation.finish_activation(ctx, fig, then["dice"], then["casting"], roll,
                                     scroll=then.get("scroll", False))
    elif rule == "morale":
        morale_tests.morale_outcome(ctx, fig, roll, then["reason"], then.get("terror_profile"))
    elif rule == "falling":
        start = then.get("start")  # (where it fell from: it arrives after the damage)
        falling.finish_falling_damage(ctx, fig, then["height"], roll,
                                      None if start is None else to_hex(start))
    elif rule == "jump":
        falling.finish_jump(ctx, fig, then["to"], then["cost"], roll)
    elif rule == "resist":
        caster = ctx.state.figures[then["caster"]]
        magic.finish_hold(ctx, caster, fig, then["kind"], then["power"], roll)
    elif rule == "heal":
        devotion.finish_heal(ctx, fig, ctx.state.figures[then["patient"]], roll)
