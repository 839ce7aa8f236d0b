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
shooters (2-5, each able to shoot the target) and the target; the shooters
make one activation roll against the worst Quality among them, and one
success lets the volley fly. A recoil is directly away from the nearest
shooter. Magic-users join only with missiles (not yet with spells).
"""

from __future__ import annotations

from itertools import combinations

from server.rules.board.hex import distance
from server.rules.kernel import CommandSpec
from server.rules.sbh import ranged
from server.rules.sbh.commanders import command_radius
from server.rules.sbh.context import illegal
from server.rules.sbh.groups import can_order
from server.rules.sbh.quality import quality_target, succeeds
from server.rules.sbh.state import SbhState

CONCENTRATED = "seed 000, CONCENTRATED SHOOTING"
BATCH = 5  # "still resolved in bunches of 5 figures" even with larger groups


def volleys(state: SbhState) -> list[list]:
    """Every legal [target, [shooters...]] the active Leader could order."""
    if not can_order(state):
        return []
    leader = state.figures[state.activation.figure]
    shooters = [f for f in state.on_table(leader.seat)
                if f.id != leader.id and not f.activated and ranged.can_shoot(f)
                and distance(f.pos, leader.pos) <= command_radius(state, leader)]
    by_target: dict[str, list[str]] = {}
    for f in shooters:
        for target in ranged.targets(state, f, base_range=ranged.shooter_range(f)):
            by_target.setdefault(target, []).append(f.id)
    found = []
    for target, able in sorted(by_target.items()):
        for size in range(2, min(BATCH, len(able)) + 1):
            found.extend([target, list(group)] for group in combinations(sorted(able), size))
    return found


def options(state: SbhState) -> list[CommandSpec]:
    found = volleys(state)
    if not found:
        return []
    return [CommandSpec("concentrated_shooting", "Order a Concentrated Shooting (1 action)",
                        params={"volley": found, "dice": [1, 2, 3]})]


def do_concentrated(ctx, args: dict) -> None:
    s = ctx.state
    leader = s.figures[s.activation.figure]
    volley, dice = args.get("volley"), args.get("dice")
    if volley not in volleys(s):
        raise illegal("Name a target and 2-5 of your Shooters within Long of the Leader "
                      "that have not acted and can all shoot it.", CONCENTRATED)
    if dice not in (1, 2, 3):
        raise illegal("Roll one, two or three dice for the shooters.", CONCENTRATED)
    target_id, shooters = volley
    ctx.emit("group_ordered", leader=leader.id, members=shooters, regroup=False, cost=1,
             volley=True)
    ctx.emit("activation_ended", figure=leader.id, turnover=False)
    target_number = max(quality_target(s, s.figures[f]) for f in shooters)
    rolled = ctx.roll(dice)
    successes = sum(1 for d in rolled if succeeds(d, target_number))
    ctx.emit("volley_rolled", leader=leader.id, shooters=shooters, target=target_id,
             dice=rolled, target_number=target_number, successes=successes,
             failures=dice - successes)
    if successes == 0:
        return
    target = s.figures[target_id]
    nearest = min(shooters, key=lambda f: (distance(s.figures[f].pos, target.pos), f))
    ranged.shoot(ctx, s.figures[nearest], target, aimed=False, cost=0, volley=shooters)


def volley_modifiers(state: SbhState, shooters: list[str], target) -> tuple[int, int, list]:
    """The worst Combat and the worst modifier among the shooters, and why."""
    worst_combat = min(state.figures[f].combat for f in shooters)
    _, mod, why = min((ranged.attack_modifiers(state, state.figures[f], target)
                       for f in shooters), key=lambda found: found[1])
    return worst_combat, mod, why


def missile_loss_chosen(ctx, item: dict, figure) -> None:
    if figure not in item["options"]:
        raise illegal("Choose which of the shooters runs out of missiles.",
                      "seed 000, CONCENTRATED SHOOTING")
    ctx.pop()
    ctx.emit("missile_check", figure=figure, dice=[], spent=True)
