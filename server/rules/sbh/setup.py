"""Before the first turn (seed 000, SELECTING FIGURES to ROLL INITIATIVE, and
ALL-OUT BATTLE for terrain).

1. Lists: each seat submits its warband list secretly. The state keeps each
   list hidden from the other seat and spectators, publishing only its
   SHA-256 commitment; both lists are revealed once both are in. With the
   match option scenario "random", one die on the Basic Scenarios Table
   chooses the scenario just before they are revealed.
2. Roles: both roll a die (again on a tie); the high roller chooses attacker
   or defender.
3. Terrain: the defender lays it out (validated against the scenario) or has
   it generated from the match dice under the same constraints.
4. Edge: the attacker picks the table edge; the defender deploys on the
   opposite one.
5. Deployment, one figure at a time: the defender within 1 x Short of its
   edge, then the attacker.
6. Initiative (first turn only): both roll, the high roller acts first.
"""

from __future__ import annotations

import hashlib

import msgpack

from server.rules.checksum import canonical
from server.rules.kernel import CommandSpec, RulesError
from server.rules.sbh import ambush, builder, scenario_rules, swarms
from server.rules.sbh.combat import hex_list
from server.rules.sbh.context import hex_arg, illegal
from server.rules.sbh.scenarios import BASIC_SCENARIOS_TABLE, RANDOM_SCENARIO
from server.rules.sbh.state import SEATS, SbhState, other
from server.rules.sbh.terrain import SHORT, opening_rules
from server.rules.sbh.terrain_layout import generate_layout, layout_problems, rules_for

SELECTING = "seed 000, SELECTING FIGURES"
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


def list_commitment(warband: dict, salt: str) -> str:
    """SHA-256 hex of the MessagePack array [list, salt], every map's keys in the
    order of their packed bytes (docs/protocol.md, Fairness): any MessagePack
    library can rebuild it from the revealed list, whatever order it reads maps in."""
    packed = msgpack.packb([canonical(warband), salt], use_bin_type=True)
    return hashlib.sha256(packed).hexdigest()


def kept_list(state: SbhState, seat: str) -> tuple[dict, str | None]:
    """A committed list not yet revealed, and its salt (None: committed by a
    version 1 `list_submitted`, which kept the list alone)."""
    kept = state.secret_lists[seat]
    return (kept["list"], kept["salt"]) if "salt" in kept else (kept, None)


def validate_list(state: SbhState, warband) -> dict:
    """The priced list (server/rules/sbh/builder.py), or every violation at once."""
    limit = state.options.get("points_limit", builder.DEFAULT_LIMIT)
    priced, violations = builder.normalize(warband, limit)
    if len(violations) == 1:
        v = violations[0]
        raise RulesError(v.code, v.message, v.passage, (v.to_wire(),))
    if violations:
        raise RulesError("invalid_list", f"The warband list has {len(violations)} problems: "
                         + " ".join(v.message for v in violations), SELECTING,
                         tuple(v.to_wire() for v in violations))
    return priced


def setup_decisions(state: SbhState) -> dict[str, list[CommandSpec]]:
    """Seat -> its legal commands during set-up."""
    if state.phase == "lists":
        spec = CommandSpec("submit_list", "Submit your warband list (kept secret until both "
                           "are in)", params={"list": ["<warband list>"], "salt": ["<text>"]})
        return {seat: [spec] for seat in SEATS if seat not in state.commitments}
    if state.phase == "roles":
        return {state.role_chooser: [CommandSpec("choose_role", "Attacker or defender?",
                                                 params={"role": ["attacker", "defender"]})]}
    if state.phase == "terrain":
        defender = other(state.attacker)
        return {defender: [
            CommandSpec("generate_terrain", "Lay out terrain from the match dice"),
            CommandSpec("lay_terrain", "Lay out terrain yourself",
                        params={"terrain": ["<[[q, r, kind], ...]>"], "edges": ["<list>"]}),
        ]}
    if state.phase == "scenario":
        return scenario_rules.setup_decisions(state)
    if state.phase == "edge":
        return {state.attacker: [CommandSpec("choose_edge", "Choose your table edge",
                                             params={"edge": sorted(OPPOSITE)})]}
    if state.phase == "deploy":
        seat = deploying_seat(state)
        if ambush.active(state) and seat == ambush.defender(state):
            return ambush.marker_decisions(state)
        return {seat: deploy_options(state, seat)}
    return {}


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


def swarm_bases(state: SbhState, fig) -> list:
    """Where the other bases of `fig`'s Swarm stand (none for a non-Swarm figure)."""
    return [f.pos for f in swarms.same_swarm(state, fig)] if fig.has("Swarm") else []


def deploying_seat(state: SbhState) -> str:
    defender = other(state.attacker)
    return defender if defender not in state.deployed else state.attacker


def edge_of(state: SbhState, seat: str) -> str:
    return state.attacker_edge if seat == state.attacker else OPPOSITE[state.attacker_edge]


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


# -- handlers ---------------------------------------------------------------------

def do_submit_list(ctx, seat: str, args: dict) -> None:
    s = ctx.state
    warband, salt = args.get("list"), args.get("salt", "")
    if not isinstance(salt, str):
        raise illegal("The salt is a text string.", SELECTING, code="bad_list")
    warband = validate_list(s, warband)
    commitment = list_commitment(warband, salt)
    # (version 2: the commitment is canonical, and the state keeps the salt to reveal it)
    ctx.emit("list_submitted", visible_to=(seat,),
             redacted={"seat": seat, "commitment": commitment},
             seat=seat, commitment=commitment, list=warband, salt=salt)
    if len(s.commitments) == len(SEATS):
        if s.options.get("scenario") == RANDOM_SCENARIO:
            _roll_scenario(ctx)
        kept = {k: kept_list(s, k) for k in s.secret_lists}
        # Each list with its salt and commitment: either seat can check the other's
        # commitment then and there (docs/protocol.md, Fairness).
        ctx.emit("lists_revealed", lists={k: v[0] for k, v in kept.items()},
                 salts={k: v[1] for k, v in kept.items() if v[1] is not None},
                 commitments=dict(s.commitments))
        _roll_off(ctx, "roles_rolled")


def _roll_scenario(ctx) -> None:
    """seed 000, BASIC SCENARIOS: "If you do not have a GM, you may determine what
    scenario will be fought rolling one die on the Scenarios table after players have
    designed their warbands." Rolled when both lists are committed, before they are
    revealed: no figure is ever on the table without its scenario."""
    [die] = ctx.roll(1)
    ctx.emit("scenario_rolled", dice=[die], scenario=BASIC_SCENARIOS_TABLE[die - 1])


def _roll_off(ctx, event: str) -> None:
    rounds = []
    while True:
        a, b = ctx.roll(2)
        rounds.append([a, b])
        if a != b:
            break
    winner = "a" if a > b else "b"
    ctx.emit(event, rolls=rounds, winner=winner)


def do_choose_role(ctx, seat: str, args: dict) -> None:
    if args.get("role") not in ("attacker", "defender"):
        raise illegal("Choose 'attacker' or 'defender'.", "seed 000, DETERMINE ATTACKER AND "
                      "DEFENDER")
    ctx.emit("role_chosen", seat=seat, role=args["role"])


def do_generate_terrain(ctx, seat: str, args: dict) -> None:
    rules = rules_for(ctx.state.options.get("scenario", "all_out_battle"))
    terrain, edges = generate_layout(ctx, ctx.state.board, rules)
    ctx.emit("terrain_laid", seat=seat, terrain=terrain, edges=edges, generated=True)
    scenario_rules.after_terrain(ctx)


def do_lay_terrain(ctx, seat: str, args: dict) -> None:
    terrain, edges = args.get("terrain"), args.get("edges", [])
    scenario = ctx.state.options.get("scenario", "all_out_battle")
    problems = layout_problems(ctx.state.board, terrain, edges, rules_for(scenario))
    problems = problems or scenario_rules.layout_needs(scenario, terrain)
    if problems:
        raise illegal("Terrain breaks the scenario's rules: " + "; ".join(problems),
                      "seed 000, ALL-OUT BATTLE", code="bad_terrain")
    ctx.emit("terrain_laid", seat=seat, terrain=terrain, edges=edges, generated=False)
    scenario_rules.after_terrain(ctx)


def do_choose_edge(ctx, seat: str, args: dict) -> None:
    if not isinstance(args.get("edge"), str) or args["edge"] not in OPPOSITE:
        raise illegal("Choose north, south, east or west.", "seed 000, DETERMINE ATTACKER "
                      "AND DEFENDER")
    ctx.emit("edge_chosen", seat=seat, edge=args["edge"])


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
            _roll_off(ctx, "initiative_rolled")

