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
   edge, then the attacker (deployment.py; Ambush markers: ambush.py).
6. Initiative (first turn only): both roll, the high roller acts first.
"""

from __future__ import annotations

import hashlib

import msgpack

from server.rules.checksum import canonical
from server.rules.kernel import CommandSpec, RulesError
from server.rules.sbh import ambush, builder, scenario_rules
from server.rules.sbh.context import illegal
from server.rules.sbh.deployment import OPPOSITE, deploy_options, deploying_seat, roll_off
from server.rules.sbh.scenarios import BASIC_SCENARIOS_TABLE, RANDOM_SCENARIO
from server.rules.sbh.state import SEATS, SbhState, other
from server.rules.sbh.terrain_layout import generate_layout, layout_problems, rules_for

SELECTING = "seed 000, SELECTING FIGURES"


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
        roll_off(ctx, "roles_rolled")


def _roll_scenario(ctx) -> None:
    """seed 000, BASIC SCENARIOS: "If you do not have a GM, you may determine what
    scenario will be fought rolling one die on the Scenarios table after players have
    designed their warbands." Rolled when both lists are committed, before they are
    revealed: no figure is ever on the table without its scenario."""
    [die] = ctx.roll(1)
    ctx.emit("scenario_rolled", dice=[die], scenario=BASIC_SCENARIOS_TABLE[die - 1])


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
