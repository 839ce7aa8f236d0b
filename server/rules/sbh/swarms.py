"""Swarms (seed 000, SWARM).

- "A single activation roll ... is rolled for the whole Swarm": activating one
  base activates every base of that Swarm (same profile name, same side) not
  yet activated, like a group: one roll, each base gets the successes and the
  player picks the order.
- "All Swarm bases of the same type must keep adjacent to at least another
  swarm base during play": a base's move must end touching another base of
  its Swarm (when another is on the table).
- "the 'two or more bases in a Swarm' condition must be met at deployment": a
  base deployed, or hidden behind an Ambush marker, while another base of its
  Swarm is there goes touching one (`nearest_to_swarm`: the nearest hexes when
  no free hex of the zone does); a revealed or dismounting base too
  (`ambush._place`, `mounts.dismount_hexes`).
- "When a Swarm suffers a gruesome death, all other swarm models of the same
  type on the table must test Morale. Other models ... do not".
- "Swarm bases count as Animals" (see losses.animals_rout).
- "If a swarm model is killed and a hole appears in this 'formation', as a free
  action the player can tighten the formation": a killed base's Swarm is
  checked once the kill's consequences are over (`after_kill`;
  swarm_tightening.py).
"""

from __future__ import annotations

from server.rules.board.hex import Hex, distance
from server.rules.sbh.figures import Figure
from server.rules.sbh.state import SbhState

SWARM = "seed 000, SWARM"


def of_its_swarm(fig: Figure, other: Figure) -> bool:
    """Whether `other` is another base of `fig`'s Swarm (a Swarm is its side's bases
    of one profile)."""
    return (other.id != fig.id and other.seat == fig.seat and other.has("Swarm")
            and other.name == fig.name)


def same_swarm(state: SbhState, fig: Figure) -> list[Figure]:
    return [f for f in state.on_table(fig.seat) if of_its_swarm(fig, f)]


def keeps_coherency(state: SbhState, fig: Figure, dest) -> bool:
    if not fig.has("Swarm"):
        return True
    others = same_swarm(state, fig)
    return not others or any(distance(o.pos, dest) == 1 for o in others)


def nearest_to_swarm(hexes, bases: list[Hex]) -> list[Hex]:
    """Where a Swarm base may be deployed (or its Ambush marker placed), of the
    free `hexes` a figure could be put in: those
    touching one of `bases` (its Swarm's bases already there), or, when none
    does, those nearest one, so that a full zone never leaves the base nowhere to
    go (docs/rules/sbh.md, Deploying a Swarm). All of them when no base is there."""
    if not bases:
        return list(hexes)
    gaps = {h: min(distance(h, b) for b in bases) for h in hexes}
    nearest = min(gaps.values(), default=None)
    return [h for h, gap in gaps.items() if gap == nearest]


def activate_swarm(ctx, fig: Figure, dice: int, roll: dict) -> bool:
    """Turn a Swarm base's activation into the whole Swarm's; False if alone."""
    s = ctx.state
    members = sorted([fig.id] + [f.id for f in same_swarm(s, fig) if not f.activated])
    if len(members) < 2:
        return False
    ctx.emit("group_activated", leader=None, members=members, regroup=False, swarm=True,
             **roll)
    return True


# -- a loss: the formation is checked (swarm_tightening.py) ----------------------------


def after_kill(ctx, fig: Figure) -> None:
    """A Swarm base was killed: once what the kill set off is over (pushed under
    it), see whether its Swarm has a hole to close."""
    if fig.has("Swarm"):
        ctx.push({"kind": "swarm_check", "seat": fig.seat, "figure": fig.id})
