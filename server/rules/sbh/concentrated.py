"""Concentrated Shooting (seed 000, CONCENTRATED SHOOTING; seed 002).

"A Leader must spend an Action to give the Concentrated Shooting order. The
shooters must be within the Leader's command radius (Long). Up to five models
may participate ... They activate normally, with a +1 from the Leader, but the
ONLY action they can perform this turn is the Concentrated Shooting ... a
single die roll, using the worst Combat score in the group of shooters. The
target receives -1 on its Combat score for every shooter beyond the first ...
The Aimed Shot bonus may NOT be applied ... Just use the worst modifier in the
group."

Readings (docs/rules/sbh.md, "Concentrated shooting"): the order names the
shooters (2-5, each able to shoot the target, each in the Leader's command
as for any order: within his radius and able to see him, `groups.in_command`)
and the target; the shooters make one activation roll against the worst
Quality among them, and one success lets the volley fly. A recoil is directly away from the nearest
shooter.

Seed 000, MAGIC IN GROUP ACTIVATIONS: a magic-user "may even use spell-casting
to take part in concentrated shooting", announced before the roll (three
failures on three dice then drain him). His spell is a ranged attack with
Combat = power, and his power is the volley's successes; a declared caster
joins a volley at a target his spell could reach at full power (Long, three
times at most), and if the power rolled cannot reach it his spell takes no part.
"""

from __future__ import annotations

from itertools import combinations

from server.rules.board.hex import distance
from server.rules.kernel import CommandSpec
from server.rules.sbh import ranged
from server.rules.sbh.attacks import shoot
from server.rules.sbh.context import illegal
from server.rules.sbh.groups import (
    MAGIC_IN_GROUPS,
    can_order,
    in_command,
    refuse_order_on_turnover,
)
from server.rules.sbh.quality import quality_target, succeeds
from server.rules.sbh.scenario_rules import in_place_of_power
from server.rules.sbh.state import SbhState
from server.rules.sbh.turns import ended_event

CONCENTRATED = "seed 000, CONCENTRATED SHOOTING"
BATCH = 5  # "still resolved in bunches of 5 figures" even with larger groups


def volleys(state: SbhState, casters: tuple[str, ...] = ()) -> list[list]:
    """Every legal [target, [shooters...]] the active Leader could order, holding
    every one of the declared `casters`."""
    if not can_order(state):
        return []
    leader = state.figures[state.activation.figure]
    in_reach = [f for f in state.on_table(leader.seat)
                if f.id != leader.id and not f.activated and in_command(state, leader, f)]
    if not set(casters) <= {f.id for f in in_reach if _can_cast(state, f)}:
        return []
    if sum(1 for f in in_reach if f.id in casters or ranged.can_shoot(f)) < 2:
        return []  # (a volley is two figures or more: no need to trace any line)
    by_target: dict[str, list[str]] = {}
    for f in in_reach:
        if f.id in casters:
            found = ranged.targets(state, f, base_range=ranged.SPELL_RANGES[3], spell=True)
        elif ranged.can_shoot(f):
            found = ranged.targets(state, f, base_range=ranged.shooter_range(f))
        else:
            continue
        for target in found:
            by_target.setdefault(target, []).append(f.id)
    volleys_found = []
    for target, able in sorted(by_target.items()):
        if not set(casters) <= set(able):
            continue
        others = sorted(set(able) - set(casters))
        for size in range(max(2, len(casters)), min(BATCH, len(able)) + 1):
            for group in combinations(others, size - len(casters)):
                volleys_found.append([target, sorted((*casters, *group))])
    return volleys_found


def _can_cast(state: SbhState, fig) -> bool:
    return (fig.has("Magic-User") and not fig.out_of_power and not fig.transfixed
            and fig.attacked is None)


def options(state: SbhState) -> list[CommandSpec]:
    specs = []
    found = volleys(state)
    if found:
        specs.append(CommandSpec("concentrated_shooting",
                                 "Order a Concentrated Shooting (1 action)",
                                 params={"volley": found, "dice": [1, 2, 3]}))
    if can_order(state):
        specs.extend(_casting_volleys(state))
    return specs


def _casting_volleys(state: SbhState) -> list[CommandSpec]:
    """One option per set of declared casters, offering the volleys holding them."""
    leader = state.figures[state.activation.figure]
    mages = sorted(f.id for f in state.on_table(leader.seat)
                   if f.id != leader.id and not f.activated and _can_cast(state, f)
                   and in_command(state, leader, f))
    specs = []
    for size in range(1, min(BATCH, len(mages)) + 1):
        for casters in combinations(mages, size):
            found = volleys(state, casters)
            if found:
                specs.append(CommandSpec(
                    "concentrated_shooting",
                    "Order a Concentrated Shooting, declaring spell-casters (1 action)",
                    args={"casters": list(casters)},
                    params={"volley": found, "dice": [1, 2, 3]}))
    return specs


def do_concentrated(ctx, args: dict) -> None:
    s = ctx.state
    leader = s.figures[s.activation.figure]
    refuse_order_on_turnover(s, CONCENTRATED)
    volley, dice, casters = args.get("volley"), args.get("dice"), args.get("casters", [])
    if not isinstance(casters, list) or not all(isinstance(c, str) for c in casters) \
            or len(set(casters)) != len(casters):
        raise illegal("Declare the spell-casters as a list of your magic-users.",
                      MAGIC_IN_GROUPS)
    casters = tuple(sorted(casters))
    if volley not in volleys(s, casters):
        raise illegal("Name a target and 2-5 of your Shooters (or declared magic-users) "
                      "within Long of the Leader and able to see him, that have not acted "
                      "and can all shoot it.",
                      CONCENTRATED)
    if dice not in (1, 2, 3):
        raise illegal("Roll one, two or three dice for the shooters.", CONCENTRATED)
    target_id, shooters = volley
    ctx.emit("group_ordered", leader=leader.id, members=shooters, regroup=False, cost=1,
             volley=True)
    # the order ends the Leader's activation, judged as any end is (`can_order`
    # refused an order that unused boosted dice make a turnover)
    ctx.emit("activation_ended", **ended_event(s.activation))
    # "a sub-case of group activation": as groups._order, each shooter's own
    # target, Gregarious ones +1 ("+1 on their Quality rolls when attempting
    # group moves", seed 000, GREGARIOUS), and the worst of them counts
    target_number = max(quality_target(s, s.figures[f])
                        - (1 if s.figures[f].has("Gregarious") else 0) for f in shooters)
    rolled = ctx.roll(dice)
    successes = sum(1 for d in rolled if succeeds(d, target_number))
    declared = {"casters": list(casters), "out_of_power": [
        c for c in casters if dice == 3 and successes == 0
        and not in_place_of_power(s, s.figures[c])]} if casters else {}
    ctx.emit("volley_rolled", leader=leader.id, shooters=shooters, target=target_id,
             dice=rolled, target_number=target_number, successes=successes,
             failures=dice - successes, **declared)
    if successes == 0:
        return
    target = s.figures[target_id]
    short = [c for c in casters if not _spell_reaches(s, s.figures[c], target, successes)]
    for caster in short:
        ctx.emit("volley_spell_short", figure=caster, target=target_id, power=successes)
    shooters = [f for f in shooters if f not in short]
    if not shooters:
        return
    nearest = min(shooters, key=lambda f: (distance(s.figures[f].pos, target.pos), f))
    shoot(ctx, s.figures[nearest], target, aimed=False, cost=0, volley=shooters,
                 casters=[c for c in casters if c in shooters], volley_power=successes)


def _spell_reaches(state: SbhState, caster, target, power: int) -> bool:
    return ranged.band(distance(caster.pos, target.pos), ranged.SPELL_RANGES[power]) \
        is not None


def missile_loss_chosen(ctx, item: dict, figure) -> None:
    if figure not in item["options"]:
        raise illegal("Choose which of the shooters runs out of missiles.",
                      "seed 000, CONCENTRATED SHOOTING")
    ctx.pop()
    ctx.emit("missile_check", figure=figure, dice=[], spent=True)
