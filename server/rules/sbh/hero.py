"""The Hero's once-a-game re-roll of a Quality die (seed 000, HERO (P)).

"Once per game, a Hero model can re-roll one die roll, be it a Combat or
Quality roll. The result of the second die roll is final, even if it is worse
than the previous one." Combat dice are offered in `consequences`; this module
offers the Quality dice of activation, morale, falling damage, jumping,
resisting a transfix (or Entangle, Distract) and a Cleric's healing. When a
Hero's roll has a failed die and the re-roll is unused, the roll waits on the
stack (`hero_quality`) while the owner picks a failed die to re-roll or keeps
the roll; then the roll is finished by the rule that made it (hero_rerolls.py). (The one-die
rolls of climbing, slipping, Greed and Terror are not offered: a Hero's
automatic success decides a one-die roll.)
"""

from __future__ import annotations

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
