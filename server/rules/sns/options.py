"""What each seat may do now, as kernel prompts: per figure, a move to any
point of its reachable area and any facing (described, sampled when listed),
a retreat, holding, setting spears; a shot at any target in range and sight;
an attack declared on an enemy in base contact; ending one's part of a phase."""

from __future__ import annotations

from server.rules.kernel import CommandSpec, Decision, Prompt
from server.rules.sns import casting, climbing, combat, deployment, movement, specials
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import (
    DEPLOY,
    FLYERS,
    HTH,
    MOVE_PHASES,
    OVER,
    POLEARM,
    RANGED,
    SEATS,
    SEQUENTIAL,
    SLOW_MOVE,
    SPELL_SWAP,
    START,
    Figure,
    State,
)
from server.rules.sns.turns import eligible, seat_done

SPEARS = ("Spear", "Pike")


def prompt(state: State) -> Prompt:
    if state.phase == OVER:
        return Prompt()
    if state.phase == START:
        return Prompt((Decision("a", "Begin the battle: roll off for the first phase.",
                                (CommandSpec("start", "Begin"),)),))
    if state.phase == DEPLOY:
        return Prompt(tuple(deploy_decision(state, seat) for seat in SEATS
                            if not seat_done(state, seat)))
    if state.phase == SPELL_SWAP:
        return Prompt(tuple(swap_decision(state, seat) for seat in SEATS
                            if not seat_done(state, seat)))
    if state.phase in SEQUENTIAL:
        return Prompt((decision(state, state.acting),))
    return Prompt(tuple(decision(state, seat) for seat in SEATS if not seat_done(state, seat)))


def decision(state: State, seat: str) -> Decision:
    specs: list[CommandSpec] = []
    for figure in eligible(state, seat):
        specs += figure_options(state, figure)
    end = ("Your remaining flyers stay aloft" if state.phase == FLYERS
           else f"End {state.phase.replace('_', ' ')} for your remaining figures")
    specs.append(CommandSpec("end_phase", end))
    text = {"fast_move": "Move your cavalry, flyers and fast figures",
            "slow_move": "Move your infantry and slow figures",
            "ranged": "Make your ranged attacks",
            "flyers": "Declare which of your flyers engage in hand to hand (a flyer that "
                      "stays aloft neither attacks nor is attacked by nonflyers this turn)",
            "polearm": "Declare your polearm attacks",
            "hth": "Declare your hand to hand attacks",
            "rally": "Cast your rally-phase spells (then leaders rally)"}[state.phase]
    return Decision(seat, f"Turn {state.turn}: {text}.", tuple(specs))


def figure_options(state: State, figure: Figure) -> list[CommandSpec]:
    uid, name = figure.uid, figure.name
    spells: list[CommandSpec] = []
    for spell in casting.castable(state, figure):
        made = casting.option(state, figure, spell)
        spells += made if isinstance(made, list) else [made]
    if state.phase in MOVE_PHASES:
        return _move_options(state, figure) + spells
    if state.phase == FLYERS:  # "Flyers must declare if they are engaging in HTH"
        return [CommandSpec("engage", f"{name} engages in hand to hand", {"figure": uid}),
                CommandSpec("stay_aloft", f"{name} stays aloft (no hand to hand with "
                            "nonflyers this turn)", {"figure": uid})]
    if state.phase == RANGED:
        targets = [t for t, _, _ in combat.ranged_targets(state, figure)]
        shots = [CommandSpec("shoot", f"{name} shoots", {"figure": uid}, {"target": targets})]
        return (shots if targets else []) + spells + specials.options(state, figure)
    if state.phase in (POLEARM, HTH):
        targets = combat.melee_targets(state, figure, state.phase)
        attack = [CommandSpec("attack", f"{name} attacks", {"figure": uid}, {"target": targets})]
        return (attack if targets else []) + spells
    return spells  # the rally phase: Heal, Great Heal, Ressurrect


def _move_options(state: State, figure: Figure) -> list[CommandSpec]:
    uid, name = figure.uid, figure.name
    facings = movement.Facings(lambda: movement.toward_nearest(state, figure))
    hold = CommandSpec("hold", f"{name} holds", {"figure": uid}, {"facing": facings})
    if movement.in_base_contact(state, figure):
        reach = movement.area(state, figure, movement.allowance(state, figure))
        to = movement.Destinations(
            reach, lambda: movement.candidates(state, figure, reach.allowance),
            movement.contact_bases(state, figure))
        specs = [hold]
        if to.values():
            specs.insert(0, CommandSpec("retreat", f"{name} tries to retreat (1-4 on D12)",
                                        {"figure": uid}, {"to": to, "facing": facings}))
        return specs
    specs = []
    for command, doubled in (("move", False), ("run", True)):
        if doubled and figure.fatigued == state.turn:
            continue  # a fatigued figure moves at half speed; it cannot double as well
        reach = movement.area(state, figure, movement.allowance(state, figure, doubled))
        to = movement.Destinations(
            reach, lambda reach=reach: movement.candidates(state, figure, reach.allowance))
        if not reach.contains(figure.base.centre) and not to.values():
            continue  # (hemmed in where it stands: nowhere to go)
        label = f"{name} moves" if not doubled else f"{name} doubles its move (fatigued next turn)"
        specs.append(CommandSpec(command, label, {"figure": uid}, {"to": to, "facing": facings}))
        specs.append(CommandSpec(f"{command}_path", f"{label} along a path",
                                 {"figure": uid}, {"path": movement.Paths(reach, to),
                                                   "facing": facings}))
    specs.append(hold)
    if climbing.may_climb(state, figure):
        far_side = climbing.FarSide(state, figure)
        if far_side.values():
            wall = far_side.walls[0]
            bearer = climbing.ladder_bearer(state, figure, wall) if (
                wall.movement == "wall" and not figure_profile(figure).has("Scaler")) else None
            ladder = f" with {state.figure(bearer).name}'s ladders" if bearer else ""
            specs.append(CommandSpec("climb", f"{name} climbs the {wall.name}{ladder} "
                                     "(1\" a turn)",
                                     {"figure": uid}, {"to": far_side}))
    prof = figure_profile(figure)
    if (state.phase == SLOW_MOVE and prof.infantry and prof.polearm is not None
            and prof.polearm.name in SPEARS):
        specs.append(CommandSpec("set_spears", f"{name} sets its {prof.polearm.name.lower()} "
                                 "to receive a charge", {"figure": uid}))
    return specs


def swap_decision(state: State, seat: str) -> Decision:
    """SPELLS: "Each caster may discard and draw one new spell"."""
    specs: list[CommandSpec] = []
    for caster in eligible(state, seat):
        specs.append(CommandSpec("swap_spell", f"{caster.name} discards a spell and draws one",
                                 {"figure": caster.uid}, {"card": list(state.hand(caster.uid))}))
        specs.append(CommandSpec("keep_spells", f"{caster.name} keeps its spells",
                                 {"figure": caster.uid}))
    specs.append(CommandSpec("end_phase", "Keep the spells of your remaining casters"))
    return Decision(seat, "Before the battle: each caster may discard one spell and draw "
                    "another.", tuple(specs))


def deploy_decision(state: State, seat: str) -> Decision:
    """Chosen deployment (deployment.py): place each figure in the 6" strip."""
    specs = [deployment.options(state, f, movement.Facings(
        lambda f=f: movement.toward_nearest(state, f))) for f in eligible(state, seat)]
    specs.append(CommandSpec("end_phase", "Leave your remaining figures where they stand"))
    return Decision(seat, "Deploy: place your figures within 6\" of your table edge.",
                    tuple(specs))
