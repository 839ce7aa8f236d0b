"""TURN SEQUENCE (seed 003): the phases in order, the roll-offs ("Roll high to
see which player goes first"), who acts now, and running the phases that need
no choice (simultaneous attacks once declared, morale, rally, end of turn,
the end of the battle)."""

from __future__ import annotations

from dataclasses import replace

from server.rules.dice import Dice
from server.rules.sns import casting, combat, fire, flight, morale, movement, specials, victory
from server.rules.sns.evolve import Stepper
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import (
    DEPLOY,
    FAST_MOVE,
    FLYERS,
    HTH,
    MOVE_PHASES,
    OVER,
    PHASES,
    POLEARM,
    RALLY,
    RANGED,
    SEATS,
    SEQUENTIAL,
    SPELL_SWAP,
    START,
    State,
    other,
)

SEQUENCE = "seed 003, TURN SEQUENCE"


def eligible(state: State, seat: str) -> list:
    """The seat's figures that may still act this phase."""
    done = set(state.done)
    figures = [f for f in state.present(seat) if f.uid not in done]
    if state.phase == SPELL_SWAP:
        return [f for f in figures if state.hand(f.uid)]
    if state.phase == DEPLOY:
        return figures
    if state.phase == RALLY:
        return [f for f in figures if casting.castable(state, f)]
    if state.phase == FLYERS:
        return [f for f in figures if flight.must_declare(state, f)]
    if state.phase in MOVE_PHASES:
        return [f for f in figures if movement.may_move(state, f, state.phase)]
    if state.phase == RANGED:
        return [f for f in figures if combat.ranged_targets(state, f)
                or casting.castable(state, f) or specials.options(state, f)]
    if state.phase == HTH:
        declared = [a for a, _, _ in state.declared]
        return [f for f in figures if (combat.melee_targets(state, f, state.phase)
                                       or casting.castable(state, f))
                and f.attacks_made + declared.count(f.uid) < combat.attacks_per_turn(f)]
    if state.phase == POLEARM:
        declared = [a for a, _, _ in state.declared]
        return [f for f in figures if combat.melee_targets(state, f, state.phase)
                and f.attacks_made + declared.count(f.uid) < combat.attacks_per_turn(f)]
    return []


def seat_done(state: State, seat: str) -> bool:
    return "seat:" + seat in state.done or not eligible(state, seat)


def roll_off(step: Stepper, dice: Dice, phase: str) -> str:
    """Both roll a D12, high goes first, ties roll again (all in one event)."""
    rolls = []
    while True:
        a, b = dice.roll(2, 12)
        rolls.append([a, b])
        if a != b:
            break
    first = "a" if a > b else "b"
    step.emit("rolled_off", phase=phase, rolls=rolls, first=first)
    return first


def _routs(step: Stepper, dice: Dice, phase: str) -> None:
    """Routing figures of this movement phase's kind flee first, at full speed;
    one in base contact must first retreat (1-4 on D12) or stay."""
    for figure in step.state.figures:
        if not (figure.routing and figure.can_act and not figure.knocked_down
                and figure_profile(figure).fast == (phase == FAST_MOVE)):
            continue
        if movement.in_base_contact(step.state, figure):
            (roll,) = dice.roll(1, 12)
            if not movement.retreat_roll_succeeds(roll):
                step.emit("retreat_failed", figure=figure.uid, roll=roll)
                continue
        route = movement.flight(step.state, figure)
        if route is not None:
            path, fled = route
            step.emit("routed_move", figure=figure.uid, path=path, fled=fled)
            fire.burn(step, figure.uid, path, dice)


def begin_phase(step: Stepper, dice: Dice, phase: str) -> None:
    if phase in MOVE_PHASES:
        _routs(step, dice, phase)
        for figure in step.state.figures:  # climbers arrive in their movement phase
            if (figure.climbing and figure.climbing[0] <= step.state.turn
                    and figure_profile(figure).fast == (phase == FAST_MOVE)):
                step.emit("climb_ended", figure=figure.uid)
    first = "a"
    state = step.state
    if phase in SEQUENTIAL:
        probe = replace(state, phase=phase, done=(), declared=())
        if any(eligible(probe, s) for s in SEATS):
            first = roll_off(step, dice, phase)
    step.emit("phase_began", phase=phase, first=first, turn=state.turn)


def _resolve_melee(step: Stepper, dice: Dice) -> None:
    """Declared attacks, together. Polearm: "Pikes attack first, all other
    attacks are simultaneous". HTH: "Attacks with normal HTH weapons resolved
    first and are simultaneous"; "Unarmed attacks and attacks with 'short' HTH
    weapons resolved next". Within a step every attack is rolled against the
    state before the step, so a figure struck down still strikes."""
    phase = step.state.phase
    declared = list(step.state.declared)
    start = step.state

    def tier(index: int) -> int:
        """By the figure, or by the weapon of an attack tied to one of its own
        (the Blade master's "Second attack (Sword or Dagger)" with the dagger
        strikes with the short weapons)."""
        uid, target, spell = declared[index]
        if spell:
            return 0
        figure = start.figure(uid)
        prof = figure_profile(figure)
        if phase == POLEARM:
            return 0 if prof.polearm is not None and prof.polearm.name == "Pike" else 1
        from server.rules.sns.attacks import attack_tier
        earlier = [t for a, t, s in declared[:index] if a == uid and not s]
        return attack_tier(prof, figure, combat.melee_attack(start, uid, target, phase, earlier))

    tiers = [tier(i) for i in range(len(declared))]
    for level in (0, 1):
        batch = [d for d, t in zip(declared, tiers, strict=True) if t == level]
        before = step.state
        rolled, made, on_target = [], {}, {}
        for index, (attacker, target, spell) in enumerate(batch):
            figure = before.figure(attacker)
            if not combat.may_attack(before, figure) or not before.figure(target).on_table:
                continue
            earlier = [t for a, t, s in batch[:index] if a == attacker and not s]
            attack = combat.melee_attack(before, attacker, target, phase, earlier)
            if spell:  # Touch of Death: "HTH attack. Damage roll +5"
                attack = replace(attack, weapon=spell)
            rolled.append(combat.roll_attack(before, attack, dice, made.get(attacker, 0),
                                             on_target.get(target, 0) if phase == HTH else 0))
            made[attacker] = made.get(attacker, 0) + 1
            on_target[target] = on_target.get(target, 0) + 1
        for data in rolled:
            step.emit("attacked", **data)


def advance(step: Stepper, dice: Dice) -> None:
    """Run the match on until a seat must decide, or the battle ends."""
    while step.state.phase != OVER:
        state = step.state
        if state.phase == START:
            begin_phase(step, dice, PHASES[0])
            continue
        if state.phase == DEPLOY:
            if not all(seat_done(state, s) for s in SEATS):
                return
            step.emit("phase_began", phase=START, first="a", turn=1)
            return
        if state.phase == SPELL_SWAP:
            if not all(seat_done(state, s) for s in SEATS):
                return
            begin_phase(step, dice, PHASES[0])
            continue
        if state.phase in SEQUENTIAL:
            if not seat_done(state, state.acting):
                return
            if not seat_done(state, other(state.acting)):
                step.emit("side_done", seat=state.acting)
                continue
        else:
            if not all(seat_done(state, s) for s in SEATS):
                return
            if state.phase == RALLY:
                _end_turn(step, dice)
                continue
            _resolve_melee(step, dice)
        if _finish(step, dice, turn_over=False):
            return
        following = _next_phase(step.state, state.phase)
        if following:
            begin_phase(step, dice, following)
            continue
        morale.morale_phase(step, dice)
        step.emit("phase_began", phase=RALLY, first="a", turn=step.state.turn)


def _next_phase(state: State, phase: str) -> str:
    """The phase after `phase` this turn ("" after the last). The flyers'
    declaration is skipped when no flyer has one to make."""
    index = PHASES.index(phase) + 1
    if index < len(PHASES) and PHASES[index] == FLYERS:
        probe = replace(state, phase=FLYERS, done=(), declared=())
        if not any(eligible(probe, s) for s in SEATS):
            index += 1
    return PHASES[index] if index < len(PHASES) else ""


def _end_turn(step: Stepper, dice: Dice) -> None:
    """After the rally-phase spells: the rally rolls, the end of the turn, the
    next turn's first phase (or the end of the battle)."""
    morale.rally_phase(step, dice)
    casting.charm_saves(step, dice)
    if not _finish(step, dice, turn_over=True):
        step.emit("turn_ended", turn=step.state.turn)
        begin_phase(step, dice, PHASES[0])


def _finish(step: Stepper, dice: Dice, turn_over: bool) -> bool:
    found = victory.verdict(step.state, turn_over)
    if found is None:
        return False
    end(step, dice, *found)
    return True


def end(step: Stepper, dice: Dice, winner: str | None, reason: str) -> None:
    state = step.state
    step.emit("game_over", winner=winner, reason=reason,
              scores={s: victory.score(state, s) for s in SEATS},
              aftermath=victory.aftermath(state, winner, dice))
