"""The Undead's Standard (seed 000, UNDEAD).

"Undead ... crumble to dust if they roll two or three failures on a Morale
roll. However, if they have a friendly Standard on the table when they fail a
Morale roll, Undead do not crumble to dust -- they may make fleeing movements
towards the Standard or remain where they are, as the player sees fit. If the
Standard is destroyed (not just taken by an opponent -- to destroy it, the
opponent must state that he is doing so, and one action must be spent to
destroy it by a model adjacent to the Standard), all Undead models must make a
Morale roll or be destroyed. ... If the Standard bearer moves off the table,
the Undead must not make a Morale roll -- just use the normal rules."

Readings (docs/rules/sbh.md, "Morale"): the Standard is carried by a figure
with the Standard Bearer rule (seed 000, ABILITY (COST): "Standard Bearer (0)");
it is on the table while its bearer is. A destroyed Standard is gone: the
bearer loses the rule. Undead engaged in melee only hold ("Undead never flee
from a combat"); the others may move up to one move per failure to an empty hex
nearer the Standard, or hold -- on any failure ("when they fail a Morale
roll"), one failure out of combat included.
"""

from __future__ import annotations

import heapq

from server.rules.board.hex import Hex, distance, hex_at, neighbours
from server.rules.kernel import CommandSpec
from server.rules.sbh.combat import hex_list
from server.rules.sbh.context import illegal, offered
from server.rules.sbh.figures import Figure
from server.rules.sbh.losses import queue_morale
from server.rules.sbh.movement import figures_next_to
from server.rules.sbh.scenario_rules import after_move, route_entering_fewest, routes_matter
from server.rules.sbh.terrain import RANGE

UNDEAD = "seed 000, UNDEAD"
BEARER = "Standard Bearer"


def standard_of(state, seat: str) -> Figure | None:
    """The figure carrying `seat`'s Standard on the table, if any."""
    return next((f for f in state.on_table(seat) if f.has(BEARER)), None)


def rally_hexes(state, fig: Figure, moves: int, standard: Figure) -> list[Hex]:
    """Empty hexes nearer the Standard that `moves` moves reach (a step into
    ground that slows the figure counts double, as for fleeing), never through
    an enemy."""
    occupied = state.occupancy()
    budget = moves * RANGE[fig.move_category]
    step_cost = _step(state, fig)
    cost = {fig.pos: 0}
    heap = [(0, fig.pos)]
    while heap:
        spent, h = heapq.heappop(heap)
        if spent > cost.get(h, budget + 1):
            continue
        for n in neighbours(h):
            price = step_cost(h, n)
            if not price:
                continue
            step = spent + price
            if step <= budget and step < cost.get(n, budget + 1):
                cost[n] = step
                heapq.heappush(heap, (step, n))
    start = distance(fig.pos, standard.pos)
    return sorted(h for h in cost if h not in occupied and distance(h, standard.pos) < start)


def _step(state, fig: Figure):
    """step(a, b): what a rally's step from a into the adjacent b costs (2 into
    ground that slows the figure), 0 if it may not be made (off the table,
    impassable, an enemy there)."""
    board = state.board
    occupied = state.occupancy()

    def step(a: Hex, b: Hex) -> int:
        if not board.contains(b) or not board.passable(b, fig.rules):
            return 0
        occupant = occupied.get(b)
        if occupant is not None and occupant.seat != fig.seat:
            return 0
        return 2 if board.slows(b, fig.rules) else 1
    return step


def rally_route(state, fig: Figure, moves: int, end: Hex) -> list[Hex] | None:
    """The hexes a rally to `end` steps through: of the routes its moves allow,
    the one entering the fewest terrain features (its owner moves it;
    scenario_rules.route_entering_fewest). Only where the route matters."""
    if not routes_matter(state, fig):
        return None
    return route_entering_fewest(state, fig.pos, end, _step(state, fig),
                                 moves * RANGE[fig.move_category], shortest=False)


def saves_from_crumbling(ctx, fig: Figure, failures: int, engaged: bool) -> bool:
    """A failed Undead with its Standard on the table does not crumble (nor flee
    to the edge on one failure): its owner chooses to hold or to move towards
    the Standard. True if the Standard acted."""
    standard = standard_of(ctx.state, fig.seat)
    if standard is None:
        return False
    holds = engaged or standard.id == fig.id  # (an Undead bearer stays with it)
    options = [] if holds else rally_hexes(ctx.state, fig, failures, standard)
    if not options:
        ctx.emit("rallied_to_standard", figure=fig.id, standard=standard.id, to=None)
        return True
    ctx.push({"kind": "standard_rally", "seat": fig.seat, "figure": fig.id,
              "standard": standard.id, "options": hex_list(options), "moves": failures})
    return True


def pending_text(state, item: dict) -> str:
    name = state.figures[item["figure"]].name
    return f"{name} (Undead) failed its Morale roll: move towards the Standard, or hold"


def pending_specs(item: dict) -> list[CommandSpec]:
    return [CommandSpec("rally", "Move towards the Standard", params={"to": item["options"]}),
            CommandSpec("hold", "Remain where it is")]


def do_rally(ctx, seat: str, args: dict) -> None:
    item = ctx.state.pending[-1]
    if args.get("to") not in item["options"]:
        raise illegal("Move to one of the offered hexes nearer the Standard, or hold.",
                      UNDEAD)
    _rallied(ctx, item, args["to"])


def do_hold(ctx, seat: str, args: dict) -> None:
    _rallied(ctx, ctx.state.pending[-1], None)


def _rallied(ctx, item: dict, to: list[int] | None) -> None:
    ctx.pop()
    fig = ctx.state.figures[item["figure"]]
    start = fig.pos
    # (an item from before routes were kept has no `moves`: judged on the line)
    route = None if to is None or "moves" not in item else \
        rally_route(ctx.state, fig, item["moves"], hex_at(to[0], to[1]))
    ctx.emit("rallied_to_standard", figure=fig.id, standard=item["standard"], to=to)
    if to is not None:
        after_move(ctx, fig, start, route=route)


HANDLERS = {("standard_rally", "rally"): do_rally, ("standard_rally", "hold"): do_hold}


# -- destroying an enemy Standard (an action) -----------------------------------------

def destroy_options(state, fig: Figure, actions_left: int) -> list[CommandSpec]:
    if actions_left < 1 or fig.fallen or fig.transfixed or fig.pos is None:
        return []
    bearers = sorted(e.id for e in figures_next_to(state, fig.pos)
                     if e.seat != fig.seat and e.has(BEARER))
    if not bearers:
        return []
    return [CommandSpec("destroy_standard", "Destroy the enemy Standard (1 action)",
                        params={"bearer": bearers})]


def do_destroy_standard(ctx, args: dict) -> None:
    """The stated, one-action destruction; then every Undead of that side tests
    Morale with no Standard to save it."""
    s = ctx.state
    fig = s.figures[s.activation.figure]
    bearer = s.figures[offered(destroy_options(s, fig, s.activation.actions), "bearer",
                               args.get("bearer"), "Destroying a Standard takes one action "
                               "of a figure adjacent to its bearer.", UNDEAD)]
    ctx.emit("standard_destroyed", bearer=bearer.id, by=fig.id, cost=1)
    undead = [f.id for f in s.on_table(bearer.seat) if f.has("Undead")]
    if undead:
        queue_morale(ctx, bearer.seat, undead, "standard destroyed")

