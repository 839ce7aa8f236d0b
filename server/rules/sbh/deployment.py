"""Deployment (seed 000, DETERMINE ATTACKER AND DEFENDER; SWARM; AMBUSH): the
table edges -- the attacker's choice, the defender's the opposite one -- and
the zone within 1 x Short of a side's edge where its figures are placed, one at
a time, the defender's first (the Ambush defender places markers instead:
ambush.py); then both roll off for the first turn's initiative (`roll_off`,
also how the roles are decided, setup.py).
"""

from __future__ import annotations

from server.rules.kernel import CommandSpec
from server.rules.sbh import swarms
from server.rules.sbh.combat import hex_list
from server.rules.sbh.context import hex_arg, illegal
from server.rules.sbh.state import SEATS, SbhState, other
from server.rules.sbh.terrain import SHORT, opening_rules

OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


def edge_of(state: SbhState, seat: str) -> str:
    return state.attacker_edge if seat == state.attacker else OPPOSITE[state.attacker_edge]


def deploying_seat(state: SbhState) -> str:
    defender = other(state.attacker)
    return defender if defender not in state.deployed else state.attacker


def deployment_zone(state: SbhState, seat: str, rules: dict | None = None) -> list:
    """The empty hexes within 1 x Short of the seat's edge that anyone may stand
    on, or a figure with these special `rules` (an Amphibious one: deep water)."""
    occupied = state.occupancy()
    return [h for h in state.board.edge_zone(edge_of(state, seat), SHORT, rules)
            if h not in occupied]


def _in_deployment_zone(state: SbhState, seat: str, h, rules: dict | None = None) -> bool:
    """`h in deployment_zone(state, seat, rules)`, without listing the zone."""
    return h not in state.occupancy() and h in state.board.edge_zone(edge_of(state, seat),
                                                                      SHORT, rules)


def swarm_bases(state: SbhState, fig) -> list:
    """Where the other bases of `fig`'s Swarm stand (none for a non-Swarm figure)."""
    return [f.pos for f in swarms.same_swarm(state, fig)] if fig.has("Swarm") else []


def deploy_options(state: SbhState, seat: str) -> list[CommandSpec]:
    """Any figure anywhere in the zone it may stand on (an Amphibious one in deep
    water too), except a Swarm base whose Swarm already has a base on the table:
    it goes next to one (swarms.nearest_to_swarm)."""
    # A zone is listed once for each set of opening rules, not once a figure (a
    # zone is ~200 hexes: listing and comparing it per figure was most of a
    # deployment prompt), and figures whose zones are equal share one option.
    zones: dict[tuple, tuple] = {}  # opening rules -> the zone (one object per zone)
    distinct: dict[tuple, tuple] = {}
    by_zone: dict[int, tuple[tuple, list[str]]] = {}  # id(zone) -> its figures, in order
    swarms_placed: dict[str, tuple] = {}
    for f in state.side(seat):
        if f.pos is None:
            bases = swarm_bases(state, f)
            if bases:
                swarms_placed.setdefault(f.name, (bases, [], f.rules))[1].append(f.id)
                continue
            opening = opening_rules(f.rules)
            zone = zones.get(opening)
            if zone is None:
                listed = tuple(deployment_zone(state, seat, f.rules))
                zone = zones[opening] = distinct.setdefault(listed, listed)
            by_zone.setdefault(id(zone), (zone, []))[1].append(f.id)
    specs = []
    plain = len(zones[()]) if () in zones else len(deployment_zone(state, seat))
    for zone, figures in by_zone.values():
        specs.append(CommandSpec("deploy", "Place a figure in your deployment zone" + (
            " (hexes only it can stand on too)" if len(zone) > plain else ""),
            params={"figure": figures, "to": hex_list(zone)}))
    for name, (bases, figures, rules) in swarms_placed.items():
        zone = deployment_zone(state, seat, rules)
        specs.append(CommandSpec("deploy", f"Place a base of your {name} Swarm touching "
                                 "one already placed", params={
                                     "figure": figures,
                                     "to": hex_list(swarms.nearest_to_swarm(zone, bases))}))
    return specs


def do_deploy(ctx, seat: str, args: dict) -> None:
    s = ctx.state
    fig = s.figures.get(args.get("figure")) if isinstance(args.get("figure"), str) else None
    if fig is None or fig.seat != seat or fig.pos is not None:
        raise illegal("Deploy one of your figures not yet on the table.", "seed 000, "
                      "DETERMINE ATTACKER AND DEFENDER", code="unknown_figure")
    to = hex_arg(args.get("to"))
    if not _in_deployment_zone(s, seat, to, fig.rules):
        raise illegal("Deploy within 1 x Short (4 hexes) of your table edge, on an empty "
                      "hex you can stand on.", "seed 000, DETERMINE ATTACKER AND DEFENDER",
                      code="bad_hex")
    bases = swarm_bases(s, fig)
    # seed 000, SWARM: "the 'two or more bases in a Swarm' condition must be met at
    # deployment"
    if bases and to not in swarms.nearest_to_swarm(deployment_zone(s, seat, fig.rules),
                                                    bases):
        raise illegal(f"Deploy this {fig.name} base touching another base of its Swarm "
                      "already on the table (or, if no free hex of your zone touches one, "
                      "as near to one as your zone allows).", swarms.SWARM,
                      code="swarm_apart")
    ctx.emit("deployed", seat=seat, figure=fig.id, to=[to[0], to[1]])
    if all(f.pos is not None for f in s.side(seat)):
        ctx.emit("side_deployed", seat=seat)
        if len(s.deployed) == len(SEATS):
            roll_off(ctx, "initiative_rolled")


def roll_off(ctx, event: str) -> None:
    rounds = []
    while True:
        a, b = ctx.roll(2)
        rounds.append([a, b])
        if a != b:
            break
    winner = "a" if a > b else "b"
    ctx.emit(event, rolls=rounds, winner=winner)
