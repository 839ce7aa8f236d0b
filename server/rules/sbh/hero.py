"""The Hero's once-a-game re-roll of a Quality die (seed 000, HERO (P)).

"Once per game, a Hero model can re-roll one die roll, be it a Combat or
Quality roll. The result of the second die roll is final, even if it is worse
than the previous one." Combat dice are offered in `consequences`; this module
offers the Quality dice of activation, morale, falling damage, jumping,
resisting a transfix (or Entangle, Distract) and a Cleric's healing. When a
Hero's roll has a failed die and the re-roll is unused, the roll waits on the
stack (`hero_quality`) while the owner picks a failed die to re-roll or keeps
the roll; then the roll is finished by the rule that made it. (The one-die
rolls of climbing, slipping, Greed and Terror are not offered: a Hero's
automatic success decides a one-die roll.)
"""

from __future__ import annotations

from server.rules.sbh.context import illegal
from server.rules.sbh.evolve_common import to_hex
from server.rules.sbh.figures import Figure
from server.rules.sbh.quality import succeeds

HERO = "seed 000, HERO (P)"


def may_reroll(fig: Figure, roll: dict) -> bool:
    return fig.has("Hero") and not fig.hero_reroll_used and bool(failed_dice(roll))


def failed_dice(roll: dict) -> list[int]:
    return [i for i, d in enumerate(roll["dice"]) if not succeeds(d, roll["target"])]


def offer(ctx, fig: Figure, roll: dict, then: dict) -> bool:
    """Put the roll on hold for the Hero's owner if a re-roll could help; True
    if it was put on hold (the caller stops; `then` says how to finish)."""
    if not may_reroll(fig, roll):
        return False
    ctx.push({"kind": "hero_quality", "seat": fig.seat, "figure": fig.id, "roll": roll,
              "then": then})
    return True


def rescored(roll: dict, dice: list[int]) -> dict:
    successes = roll["automatic"] + sum(1 for d in dice if succeeds(d, roll["target"]))
    count = len(roll["dice"]) + roll["automatic"]
    return dict(roll, dice=dice, successes=successes, failures=count - successes)


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
    """Hand the final roll back to the rule that made it (imported here: those
    modules import this one)."""
    from server.rules.sbh import actions, devotion, falling, magic, morale_tests

    rule = then["rule"]
    if rule == "activation":
        actions.finish_activation(ctx, fig, then["dice"], then["casting"], roll,
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
