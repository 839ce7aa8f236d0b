"""Swarms (seed 000, SWARM).

- "A single activation roll ... is rolled for the whole Swarm": activating one
  base activates every base of that Swarm (same profile name, same side) not
  yet activated, like a group: one roll, each base gets the successes and the
  player picks the order.
- "All Swarm bases of the same type must keep adjacent to at least another
  swarm base during play": a base's move must end touching another base of
  its Swarm (when another is on the table).
- "When a Swarm suffers a gruesome death, all other swarm models of the same
  type on the table must test Morale. Other models ... do not".
- "Swarm bases count as Animals" (see consequences.animals_rout).
Tightening the formation after a loss (a free action) is not played yet.
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.sbh.figures import Figure
from server.rules.sbh.state import SbhState


def same_swarm(state: SbhState, fig: Figure) -> list[Figure]:
    return [f for f in state.on_table(fig.seat)
            if f.id != fig.id and f.has("Swarm") and f.name == fig.name]


def keeps_coherency(state: SbhState, fig: Figure, dest) -> bool:
    if not fig.has("Swarm"):
        return True
    others = same_swarm(state, fig)
    return not others or any(distance(o.pos, dest) == 1 for o in others)


def activate_swarm(ctx, fig: Figure, dice: int, roll: dict) -> bool:
    """Turn a Swarm base's activation into the whole Swarm's; False if alone."""
    s = ctx.state
    members = sorted([fig.id] + [f.id for f in same_swarm(s, fig) if not f.activated])
    if len(members) < 2:
        return False
    ctx.emit("group_activated", leader=None, members=members, regroup=False, swarm=True,
             **roll)
    return True
