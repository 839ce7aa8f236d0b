"""The shoot action: a ranged attack, or an Aimed Shot for two actions
(seed 000, RANGED COMBAT; AIMED SHOTS; LEGENDARY SHOT (P)). The rules of
sight, targets and modifiers are in `ranged`."""

from __future__ import annotations

from server.rules.kernel import CommandSpec
from server.rules.sbh import evil, magic_items, ranged
from server.rules.sbh.attacks import shoot
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.groups import regrouping
from server.rules.sbh.state import SbhState, later, remembered
from server.rules.sbh.terrain import SHORT

AIMED = "seed 000, AIMED SHOTS"


def shot_targets(state: SbhState, fig: Figure) -> list[str]:
    """The enemies `fig` may shoot now (remembered: the prompt lists them and
    checking a shot looks here)."""
    if regrouping(state) or not ranged.can_shoot(fig):
        return []
    return remembered(state, ("shot targets", fig.id), lambda s: sorted(
        ranged.targets(s, fig, base_range=ranged.shooter_range(fig),
                       into_melee=evil.shoots_into_melee(fig))))


def javelin_targets(state: SbhState, fig: Figure) -> list[str]:
    """A Quest carrier's magic javelins: Shooter (Short) while using them."""
    if (state.magic_item is None or regrouping(state) or fig.transfixed
            or fig.attacked is not None or not magic_items.javelins_left(state, fig)):
        return []
    # a magic weapon "may always target a model with Stealth" (seed 000, STEALTH)
    return sorted(ranged.targets(state, fig, base_range=SHORT, magic_weapon=True))


def shoot_options(state: SbhState, fig: Figure, left: int) -> list[CommandSpec]:
    aimed = [False, True] if left >= 2 else [False]
    specs = []
    found = None
    if not regrouping(state) and ranged.can_shoot(fig) and ranged.has_target(
            state, fig, base_range=ranged.shooter_range(fig),
            into_melee=evil.shoots_into_melee(fig)):
        found = later(state, lambda s: shot_targets(s, fig))  # (listed if looked at)
    if found:
        specs.append(CommandSpec("shoot", "Ranged attack (Aimed Shot: 2 actions, -1 to the "
                                 "target)", params={"target": found, "aimed": aimed}))
    thrown = javelin_targets(state, fig) if left >= 1 else []
    if thrown:
        specs.append(CommandSpec("shoot", "Throw a magic javelin (+1; Short range)",
                                 args={"javelin": True},
                                 params={"target": thrown, "aimed": aimed}))
    return specs


def volley_follow_up(state: SbhState) -> bool:
    """A Legendary Shot shooter acting on after a Concentrated Shooting: "the ONLY
    action they can perform this turn is the Concentrated Shooting" (seed 000,
    CONCENTRATED SHOOTING) but for "additional ranged attacks" (LEGENDARY SHOT)."""
    return (state.group is not None and bool(state.group.get("volley"))
            and state.activation is not None)


FOLLOW_UP_COMMANDS = ("shoot", "end_activation")  # (and concede)


def do_shoot(ctx, args: dict) -> None:
    s = ctx.state
    act = s.activation
    fig = s.figures[act.figure]
    if regrouping(s):
        raise illegal("During a Regroup, models cannot attack, shoot or cast spells.",
                      "seed 000, REGROUP")
    if args.get("javelin"):
        _throw_javelin(ctx, fig, args)
        return
    if not ranged.can_shoot(fig):
        raise illegal(f"{fig.name} cannot shoot now: it needs the Shooter rule, missiles "
                      "left, and no other attack this turn.", "seed 000, ACTIVATED FIGURES")
    aimed = bool(args.get("aimed", False))
    cost = 2 if aimed else 1
    if act.actions < cost:
        raise illegal("An Aimed Shot takes two actions.", AIMED)
    target_id = args.get("target")
    if target_id not in shot_targets(s, fig):
        raise illegal(_why_not(s, fig, target_id), "seed 000, TARGETING RESTRICTIONS",
                      code="illegal_target")
    target = s.figures[target_id]
    hit = evil.stray_shot(ctx, fig, target)  # (the target itself, unless into a melee)
    shoot(ctx, fig, hit, aimed=aimed, cost=cost,
                 aimed_at=None if hit is target else target.id)


def _throw_javelin(ctx, fig: Figure, args: dict) -> None:
    s = ctx.state
    aimed = bool(args.get("aimed", False))
    cost = 2 if aimed else 1
    if args.get("target") not in javelin_targets(s, fig) or s.activation.actions < cost:
        raise illegal("The magic javelins' carrier throws one at an enemy it could shoot as "
                      "Shooter (Short), once a turn and not after attacking.",
                      "seed 000, MAGIC ITEMS TABLE", code="illegal_target")
    shoot(ctx, fig, s.figures[args["target"]], aimed=aimed, cost=cost, javelin=True)


def _why_not(state: SbhState, fig: Figure, target_id) -> str:
    """The clearest reason a chosen target cannot be shot."""
    target = state.figures.get(target_id) if isinstance(target_id, str) else None
    if target is None or target.seat == fig.seat or not target.on_table:
        return f"{target_id!r} is not an enemy figure on the table."
    if ranged.in_melee(state, fig):
        return f"{fig.name} is in melee and cannot shoot."
    if ranged.sight(state, fig, target) is None:
        return f"{fig.name} cannot see {target.name}."
    return (f"{fig.name} cannot shoot {target.name}: out of range, in a melee with your "
            "figures, hidden by Stealth, or a closer enemy must be shot first.")
