"""Teleport (seed 001, Special Abilities): "Make Quality roll 1/2/3 dice to
teleport over Short/Med/Long range (LOS not required). 3 failures = Transfixed
in spot chosen by opponent."

Readings (docs/rules/sbh.md, "Teleport"): a Teleport figure declares before
rolling that it may teleport, as a magic-user declares casting (seed 000,
ACTIVATION: the declaration is needed because three failures backfire). A
teleport is an action costing one, two or three of its successes for Short,
Medium or Long, like a spell's power; it lands on an empty hex the figure could
stand on, not in contact with an enemy, and is not a move (no free hacks, no
line of sight). Three failures on three declared dice: the opponent puts the
figure on an empty hex within Long, where it is transfixed (two actions to
break free, as any transfix; no caster whose death would free it).
"""

from __future__ import annotations

from server.rules.board.hex import distance, neighbours, within
from server.rules.kernel import CommandSpec
from server.rules.sbh.combat import hex_list
from server.rules.sbh.context import illegal, offered
from server.rules.sbh.figures import Figure
from server.rules.sbh.scenario_rules import after_move
from server.rules.sbh.state import other
from server.rules.sbh.terrain import LONG, MEDIUM, SHORT

TELEPORT = "seed 001, Special Abilities, Teleport"
RANGE_BY_COST = {1: SHORT, 2: MEDIUM, 3: LONG}


def declares(fig: Figure) -> bool:
    return fig.has("Teleport")


def landing_hexes(state, fig: Figure, reach: int, *, near_enemies: bool = False) -> list:
    """Empty hexes within `reach` the figure can stand on (not touching an enemy
    unless `near_enemies`)."""
    board = state.board
    occupied = state.occupancy()
    touching = set() if near_enemies else {
        n for e in state.on_table() if e.seat != fig.seat for n in neighbours(e.pos)}
    return sorted(h for h in within(fig.pos, reach) if board.contains(h)
                  and h not in occupied and h not in touching and board.passable(h, fig.rules))


def options(state, fig: Figure) -> list[CommandSpec]:
    act = state.activation
    if not declares(fig) or not act.casting or fig.fallen or fig.transfixed:
        return []
    specs = []
    for cost in (1, 2, 3):
        if act.actions < cost:
            break
        inner = RANGE_BY_COST.get(cost - 1, 0)
        hexes = [h for h in landing_hexes(state, fig, RANGE_BY_COST[cost])
                 if distance(h, fig.pos) > inner]
        if hexes:
            specs.append(CommandSpec("teleport", f"Teleport ({cost} action{'s' * (cost > 1)})",
                                     params={"to": hex_list(hexes)}))
    return specs


def cost_of(fig: Figure, to) -> int | None:
    """Actions a teleport to `to` takes: 1, 2 or 3 for Short, Medium, Long."""
    gap = distance(fig.pos, to)
    return next((cost for cost, reach in RANGE_BY_COST.items() if gap <= reach), None)


def do_teleport(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    to = offered(options(s, fig), "to", args.get("to"), "Teleport to an empty hex within "
                 "Short, Medium or Long for one, two or three actions (declared before "
                 "rolling), not touching an enemy.", TELEPORT)

    start = fig.pos
    ctx.emit("teleported", figure=fig.id, to=to,
             cost=cost_of(fig, (to[0], to[1], -to[0] - to[1])))
    after_move(ctx, fig, start, walked=False)  # (tokens, markers, difficult ground)


def after_activation_roll(ctx, fig: Figure, dice: int, declared: bool, roll: dict) -> None:
    """Three failures on three declared dice: the opponent places the figure."""
    if not (declared and declares(fig) and dice == 3 and roll["failures"] == 3):
        return
    spots = landing_hexes(ctx.state, fig, LONG, near_enemies=True)
    if not spots:  # nowhere else to go: transfixed where it stands
        ctx.emit("teleport_mishap", figure=fig.id, to=[fig.pos[0], fig.pos[1]])
        return
    ctx.push({"kind": "teleport_mishap", "seat": other(fig.seat), "figure": fig.id,
              "options": hex_list(spots)})


def pending_text(state, item: dict) -> str:
    return (f"{state.figures[item['figure']].name}'s teleport failed: choose where it "
            "lands, transfixed")


def pending_specs(item: dict) -> list[CommandSpec]:
    return [CommandSpec("place_teleporter", "Place the transfixed teleporter",
                        params={"to": item["options"]})]


def do_place(ctx, seat: str, args: dict) -> None:
    item = ctx.state.pending[-1]
    if args.get("to") not in item["options"]:
        raise illegal("Place it on one of the offered empty hexes within Long.", TELEPORT)
    ctx.pop()
    ctx.emit("teleport_mishap", figure=item["figure"], to=args["to"])


HANDLERS = {("teleport_mishap", "place_teleporter"): do_place}

