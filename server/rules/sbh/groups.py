"""Group activations (seed 000, GROUP ACTIVATIONS, OPTIONAL: LARGER GROUP
ACTIVATIONS, REGROUP; seed 002, Group Activation / Regroup Activation).

- A Leader that has been activated spends one action to order a group of 2-5
  figures (10 with the `larger_groups` match option) that are in base contact
  with each other (a connected cluster of adjacent hexes), within Long of him
  and able to see him (`in_command`). He cannot if he rolled a turnover with
  his one success, unused boosted dice counting as failures. Giving the
  order ends the Leader's activation (seed 002: "A leader must end his turn
  once doing a Group Activation").
- The group makes one roll on 1-3 dice against its worst Quality (each
  member's own target, Gregarious members +1: "+1 on their Quality rolls when
  attempting group moves"). Every member gets that many actions; members act
  one at a time, in the order the player picks. Two or more failures pass play
  once the group has acted.
- Regroup: "any number of models within Long distance from him" (the player
  names them: `members`, at least one; a command without `members`, as before
  the parameter existed, takes every eligible figure), not necessarily in
  contact; they may not attack, shoot or cast, and each "must end their last
  move in base to base contact with at least another member of the group".
  Its "single roll" is on one die (seed 002: "You must then pass a Quality
  test on 1D6 using the figure with the worst Quality"; 000 does not say how
  many: docs/rules/sbh.md).
  The prompt offers `members` as a subset parameter (`CommandSpec.subsets`):
  any non-empty set of the eligible figures.
"""

from __future__ import annotations

from itertools import combinations

from server.rules.board.hex import distance, neighbours
from server.rules.kernel import CommandSpec
from server.rules.sbh.commanders import command_radius
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.quality import quality_target, sees_leader, succeeds
from server.rules.sbh.scenario_rules import in_place_of_power
from server.rules.sbh.state import SbhState, remembered
from server.rules.sbh.turns import activation_end, ended_event

GROUPS = "seed 000, GROUP ACTIVATIONS"
MAGIC_IN_GROUPS = "seed 000, MAGIC IN GROUP ACTIVATIONS"
REGROUP = "seed 000, REGROUP"
REGROUP_ROLL = "seed 002, Regroup Activation"


def eligible(state: SbhState, leader: Figure) -> list[Figure]:
    return [f for f in state.on_table(leader.seat)
            if f.id != leader.id and not f.activated and in_command(state, leader, f)]


def in_command(state: SbhState, leader: Figure, fig: Figure) -> bool:
    """`fig` may take the Leader's orders: within his command radius (GROUP
    ACTIVATIONS: "within Long distance of the Leader") and able to see him.
    Seed 000, FAQ (When does the Leader bonus count?): "The bonus doesn't count
    if the models cannot see the Leader (so you can't hide your Leader in the
    woods and continue to give orders)": sight read as for the bonus."""
    return (distance(fig.pos, leader.pos) <= command_radius(state, leader)
            and sees_leader(state.board, fig.pos, leader.pos))


def connected_groups(figures: list[Figure], largest: int) -> list[tuple[str, ...]]:
    """Every set of 2..largest figures that form one cluster of adjacent hexes."""
    by_pos = {f.pos: f.id for f in figures}
    adjacent = {f.id: sorted(by_pos[n] for n in neighbours(f.pos) if n in by_pos)
                for f in figures}
    found: set[tuple[str, ...]] = set()
    frontier = [(f.id,) for f in figures]
    while frontier:
        grown = []
        for group in frontier:
            for member in group:
                for other in adjacent[member]:
                    if other not in group:
                        bigger = tuple(sorted((*group, other)))
                        if bigger not in found:
                            found.add(bigger)
                            if len(bigger) < largest:
                                grown.append(bigger)
        frontier = grown
    return sorted(found, key=lambda g: (len(g), g))


def regrouping(state: SbhState) -> bool:
    """A Regroup is under way: no attacks, shooting or spells."""
    return state.group is not None and bool(state.group.get("regroup"))


def can_order(state: SbhState) -> bool:
    """The acting figure is a Leader able to spend an action on an order (group
    activation, Regroup, Concentrated Shooting): standing, not already leading
    a group, and not on a turnover with its single success."""
    act = state.activation
    leader = state.figures[act.figure]
    return (leader.has("Leader") and state.group is None and act.actions >= 1
            and not on_turnover_with_one_success(act)
            and not leader.fallen and not leader.transfixed)


def on_turnover_with_one_success(act) -> bool:
    """Seed 000, GROUP ACTIVATIONS: "If the Leader rolls a Turn Over and has one
    available action (that is, he rolled one success and two failures on a
    three dice activation roll), the Leader CANNOT give a group move order."
    An order ends the Leader's activation, so a die that succeeded only thanks
    to a spellcasting bonus and that no spell has used is a failure by then
    (seed 000, MAGIC: "apply the bonus only to the dice that are actually used
    to cast the spell"; `turns.activation_end`): cast first, then order."""
    return act.actions == 1 and activation_end(act)[0]


def refuse_order_on_turnover(state: SbhState, passage: str) -> None:
    """Say why a Leader on a turnover with his one success cannot order."""
    act = state.activation
    if not state.figures[act.figure].has("Leader") or not on_turnover_with_one_success(act):
        return
    boosted = (" A die that succeeded only thanks to a spellcasting bonus is a failure "
               "unless a spell uses it: cast first.") if act.bonus_dice else ""
    raise illegal("A Leader who rolled one success and two failures cannot give an order."
                  + boosted, passage)


def leader_options(state: SbhState) -> list[CommandSpec]:
    if not can_order(state):
        return []
    leader = state.figures[state.activation.figure]
    pool = eligible(state, leader)
    largest = 10 if state.options.get("larger_groups") else 5
    specs = []
    groups = connected_groups(pool, largest)
    if groups:
        specs.append(CommandSpec("group_order", "Order a group activation (1 action)",
                                 params={"group": [list(g) for g in groups],
                                         "dice": [1, 2, 3]}))
        specs.extend(_casting_orders(pool, groups))
    if len(pool) >= 1:
        ids = [f.id for f in pool]
        specs.append(CommandSpec("regroup", "Order a Regroup of figures within Long (1 action)",
                                 params={"dice": [1]},  # (seed 002: "a Quality test on 1D6")
                                 subsets={"members": sorted(ids)}))
    return specs


def _member_target(state: SbhState, fig: Figure) -> int:
    return quality_target(state, fig) - (1 if fig.has("Gregarious") else 0)


def _casting_orders(pool: list[Figure], groups: list[tuple[str, ...]]) -> list[CommandSpec]:
    """Seed 000, MAGIC IN GROUP ACTIVATIONS: "announce that he is part of the
    group and will be using his actions to cast a spell before rolling the
    dice". One option per set of declared casters, offering the groups that
    hold them all."""
    mages = sorted(f.id for f in pool if f.has("Magic-User") and not f.out_of_power)
    specs = []
    for size in range(1, len(mages) + 1):
        for casters in combinations(mages, size):
            holding = [list(g) for g in groups if set(casters) <= set(g)]
            if holding:
                specs.append(CommandSpec(
                    "group_order", "Order a group activation, declaring spell-casters",
                    args={"casters": list(casters)},
                    params={"group": holding, "dice": [1, 2, 3]}))
    return specs


def do_group_order(ctx, args: dict) -> None:
    s = ctx.state
    act = s.activation
    leader = s.figures[act.figure]
    refuse_order_on_turnover(s, GROUPS)
    group = args.get("group")
    legal = {tuple(g) for spec in leader_options(s) if spec.type == "group_order"
             for g in spec.params["group"]}
    if not isinstance(group, list) or tuple(sorted(map(str, group))) not in legal:
        raise illegal("Order 2-5 of your figures that touch each other, within Long of the "
                      "Leader and able to see him, that have not acted.", GROUPS)
    casters = args.get("casters", [])
    if not isinstance(casters, list) or not all(
            c in group and s.figures[c].has("Magic-User") and not s.figures[c].out_of_power
            for c in casters):
        raise illegal("Only magic-users of the group with power left can be declared as "
                      "casting.", MAGIC_IN_GROUPS)
    _order(ctx, leader, sorted(group), args.get("dice"), regroup=False,
           casters=sorted(set(casters)))


def do_regroup(ctx, args: dict) -> None:
    s = ctx.state
    leader = s.figures[s.activation.figure]
    refuse_order_on_turnover(s, REGROUP)
    if not can_order(s):
        raise illegal("Only a Leader with an action left (and no turnover on his single "
                      "success) can order a Regroup.", REGROUP)
    pool = {f.id for f in eligible(s, leader)}
    members = args.get("members", sorted(pool))  # (without it: every eligible figure)
    if (not isinstance(members, list) or not members
            or not all(isinstance(m, str) and m in pool for m in members)
            or len(set(members)) != len(members)):
        raise illegal("Name at least one figure for the Regroup, each once: your figures "
                      "within Long of the Leader and able to see him, that have not "
                      "acted.", REGROUP)
    if args.get("dice", 1) != 1:  # seed 002, Regroup Activation (docs/rules/sbh.md)
        raise illegal("A Regroup is a Quality test on one die: roll 1 die.", REGROUP_ROLL)
    _order(ctx, leader, sorted(members), 1, regroup=True)


def _order(ctx, leader: Figure, members: list[str], dice, *, regroup: bool,
           casters: list[str] = ()) -> None:
    if dice not in (1, 2, 3):
        raise illegal("Roll one, two or three dice for the group.", GROUPS)
    s = ctx.state
    ctx.emit("group_ordered", leader=leader.id, members=members, regroup=regroup, cost=1)
    # the order ends the Leader's activation (seed 002), judged as any end is
    # (`can_order` refused an order that unused boosted dice make a turnover)
    ctx.emit("activation_ended", **ended_event(s.activation))
    figures = [s.figures[m] for m in members]
    target = max(_member_target(s, f) for f in figures)
    rolled = ctx.roll(dice)
    successes = sum(1 for d in rolled if succeeds(d, target))
    failures = dice - successes
    # "if you roll three failures on the group activation the mage will be out of
    # magical energy for the remainder of the game" (unless at a Place of Power)
    drained = [c for c in casters if dice == 3 and failures == 3
               and not in_place_of_power(s, s.figures[c])]
    ctx.emit("group_activated", leader=leader.id, members=members, regroup=regroup,
             dice=rolled, target=target, successes=successes, failures=failures,
             casters=list(casters), out_of_power=drained)
    if successes >= 2 and 6 in rolled:
        # seed 001, Mutant: "mutates on '6' roll if 2+ successes are rolled"; the
        # group's roll is its activation roll (seed 002: "this will be the
        # activation for them figures"): it counts as transfixed and does not act
        for fig in figures:
            if fig.has("Mutant"):
                ctx.emit("mutated", figure=fig.id)


def next_options(state: SbhState) -> list[CommandSpec]:
    return [CommandSpec("group_next", "Choose the next member of the group to act",
                        params={"figure": list(state.group["members"])})]


def do_group_next(ctx, args: dict) -> None:
    s = ctx.state
    if args.get("figure") not in s.group["members"]:
        raise illegal("Choose a member of the group that has not acted yet.", GROUPS)
    ctx.emit("group_member_started", figure=args["figure"],
             actions=s.group["successes"])


def regroup_allows(state: SbhState, fig: Figure, dest, cost: int) -> bool:
    """In a Regroup, a move that uses the figure's last action must end next to
    another member of the group."""
    group = state.group
    if not group or not group.get("regroup") or state.activation.actions > cost:
        return True
    return touches_member(state, fig, dest)


def touches_member(state: SbhState, fig: Figure, at) -> bool:
    """`at` is next to another member of the group (the hexes next to them are
    remembered per call: a Regroup prompt asks this for every destination)."""
    return at in remembered(state, ("next to members", fig.id),
                            lambda s: _next_to_members(s, fig.id))


def _next_to_members(state: SbhState, fig_id: str) -> frozenset:
    return frozenset(n for m in state.group["all"] if m != fig_id
                     for pos in (state.figures[m].pos,) if pos is not None
                     for n in neighbours(pos))
