"""Tightening a Swarm's formation after a loss (seed 000, SWARM).

"If a swarm model is killed and a hole appears in this 'formation', as a free
action the player can tighten the formation, bringing all Swarm models in
contact again. The tightening must happen in the easiest way, i.e., by moving
the MINIMUM number of bases possible and the minimum distance to retain swarm
coherency." Once the kill's consequences are over (its morale tests and
flights: swarms.after_kill queues the check under them), the owner is offered
every tightening that moves the fewest bases the least total distance (hexes,
as the crow flies), each base to an empty hex of ground it could stand on, or
to leave the formation as it is. A formation that moving two bases cannot
close is scattered, not holed, and stays as it is (MOST_MOVED). Each moved
base arrives where it is put (scenario_rules.after_move).
"""

from __future__ import annotations

from itertools import combinations

from server.rules.board.hex import Hex, distance, within
from server.rules.kernel import CommandSpec
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.scenario_rules import after_move
from server.rules.sbh.state import SbhState
from server.rules.sbh.swarms import SWARM, same_swarm

# A kill opens a hole next to the dead base, which one or two bases close. A Swarm
# that three moved bases would not bring together (its bases fled apart, say) is
# scattered, not holed: it is left as it is (docs/rules/sbh.md, Tightening a Swarm).
# (The search grows as the number of bases to the power of the bases moved.)
MOST_MOVED = 2


def coherent(places: list[Hex]) -> bool:
    """Every base touches another (a lone base is a whole Swarm)."""
    return len(places) < 2 or not _lone(places)


def check_formation(ctx, item: dict) -> None:
    """The automatic step of a `swarm_check`: offer the tightenings, if any."""
    ctx.pop()
    s = ctx.state
    fig = s.figures[item["figure"]]  # (the killed base: off the table)
    bases = same_swarm(s, fig)
    if coherent([b.pos for b in bases]):
        return
    plans = tightenings(s, bases)
    if plans:
        ctx.push({"kind": "swarm_tighten", "seat": item["seat"], "name": fig.name,
                  "plans": plans})


def tightenings(state: SbhState, bases: list[Figure]) -> list[list[list]]:
    """Every cheapest way to bring the bases back into contact: the fewest bases
    moved (at most MOST_MOVED), then the least total distance; each a list of
    [figure, q, r], by figure. A moved base ends next to another base, so (in a
    plan moving k bases) within k hexes of a base left where it is."""
    occupied = state.occupancy()
    board = state.board
    for count in range(1, min(len(bases), MOST_MOVED + 1)):
        best: list[list[list]] = []
        best_cost = None
        for moving in combinations(sorted(bases, key=lambda b: b.id), count):
            staying = [b.pos for b in bases if b not in moving]
            lone = _lone(staying)
            if _apart(lone) > count:
                continue  # more lone bases far apart than moved bases to join them
            near = {h for p in staying for h in within(p, count)}
            spots = sorted(h for h in near if h not in occupied and board.contains(h)
                           and all(board.passable(h, b.rules) for b in moving))
            for cost, places in _placements(moving, spots, staying, lone, best_cost):
                if best_cost is None or cost < best_cost:
                    best, best_cost = [], cost
                if cost == best_cost:
                    best.append([[b.id, h[0], h[1]] for b, h in zip(moving, places,
                                                                     strict=True)])
        if best:
            return sorted(best)
    return []


def _placements(moving, spots: list[Hex], staying: list[Hex], lone: list[Hex],
                bound: int | None):
    """The cheapest placements (total distance, hexes) of the `moving` bases on
    distinct `spots` that leave every base touching another (`lone`: the staying
    bases touching none of the others), none dearer than `bound`. Each base
    tries the spots nearest it first, so a cheap placement is found early and
    dearer branches are cut."""
    found: list = []
    limit = [bound]
    orders = [sorted(spots, key=lambda h, o=b.pos: (distance(o, h), h)) for b in moving]

    def place(i: int, chosen: list[Hex], cost: int) -> None:
        if i == len(moving):
            if coherent(staying + chosen):
                if limit[0] is None or cost < limit[0]:
                    found.clear()
                    limit[0] = cost
                found.append((cost, list(chosen)))
            return
        alone = [u for u in lone if not any(distance(u, c) == 1 for c in chosen)]
        if _apart(alone) > len(moving) - i:
            return  # the bases still to place cannot reach every lone one
        origin = moving[i].pos
        for h in orders[i]:
            step = cost + distance(origin, h)
            if limit[0] is not None and step > limit[0]:
                break  # (the spots only get farther)
            if h not in chosen:
                chosen.append(h)
                place(i + 1, chosen, step)
                chosen.pop()

    place(0, [], 0)
    return found


def _lone(places: list[Hex]) -> list[Hex]:
    return [p for p in places if not any(distance(p, q) == 1 for q in places)]


def _apart(lone: list[Hex]) -> int:
    """How many of the `lone` bases are more than two hexes from each other
    (greedily): no one moved base can touch two of those, so at least that many
    must move."""
    picked: list[Hex] = []
    for u in lone:
        if all(distance(u, v) > 2 for v in picked):
            picked.append(u)
    return len(picked)


def pending_text(state, item: dict) -> str:
    return (f"Your {item['name']} Swarm has a hole in its formation: tighten it (a free "
            "action, the fewest bases the least distance) or leave it")


def pending_specs(item: dict) -> list[CommandSpec]:
    return [CommandSpec("tighten", "Tighten the formation (moves: [base, q, r], ...)",
                        params={"moves": item["plans"]}),
            CommandSpec("keep_formation", "Leave the formation as it is")]


def do_tighten(ctx, seat: str, args: dict) -> None:
    item = ctx.state.pending[-1]
    if args.get("moves") not in item["plans"]:
        raise illegal("Tighten the formation in one of the offered ways, or leave it.", SWARM)
    ctx.pop()
    starts = {figure: ctx.state.figures[figure].pos for figure, _, _ in args["moves"]}
    ctx.emit("swarm_tightened", moves=args["moves"])
    for figure, start in starts.items():  # each base arrives (tokens, difficult ground)
        after_move(ctx, ctx.state.figures[figure], start)


def do_keep_formation(ctx, seat: str, args: dict) -> None:
    ctx.pop()


HANDLERS = {("swarm_tighten", "tighten"): do_tighten,
            ("swarm_tighten", "keep_formation"): do_keep_formation}
