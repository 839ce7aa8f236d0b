"""What follows an event once the rule modules applied it (the kernel face's
sequels, system.py routing here): a wipe-out ends the game, a killed active
model's activation ends, deployment hands over or starts round 1 (and its
start-of-game abilities), the end of the activations brings the 1st round's
unplaced models' deaths, the end-phase abilities and the end phase's VP
(seed 004, PLAYING THE GAME, THE GAME ROUND, THE END PHASE). `pack` is the
card pack, `types` each model card's type. Rule module: reads state.py, never
imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    agendas,
    end_phase_abilities,
    late_deployment,
    motivation_triggers,
    placement,
    rounds,
    start_of_game,
    victory,
)
from server.rules.asoiaf.charge_terrain import field_now
from server.rules.asoiaf.scenarios import packaged_scenarios
from server.rules.asoiaf.state import SEATS, Phase, State, other, replace


def copper_spent(state: State, pack) -> State:
    """Thrifty Purse (agendas.spent_last_copper) for both seats: coins are
    spent in the attack sequence by either player."""
    for seat in SEATS:
        state = agendas.spent_last_copper(state, seat, pack.agendas)
    return state


def after_attack(state: State, pack, types: dict) -> State:
    """Once the attack (or an ability dealing wounds) is over: a wipe-out
    ends the game; an active model killed (by an aftermath, a trigger ...)
    ends its activation. A wipe-out ends the game
    before anyone surges forth."""
    if state.attack and state.attack.step != "surge":
        return state
    ended = check_wipe_out(state)
    if ended.phase == Phase.OVER:
        return replace(ended, attack=None)
    if state.attack:
        return state
    if state.active_model and state.model(state.active_model).removed:
        return after_activation(rounds.next_turn(state, room), pack, types)
    return state


def after_deploy(state: State, pack, types: dict) -> State:
    seat = state.to_act
    if placement.next_to_deploy(state, field_now(state), seat, types):
        return state
    second = other(state.first_player)
    if seat != second and placement.next_to_deploy(state, field_now(state), second, types):
        return replace(state, to_act=second)
    state = replace(state, phase=Phase.ACTIVATIONS, to_act=state.first_player)
    return start_of_game.queue(state, pack, field_now(state))


def after_activation(state: State, pack, types: dict) -> State:
    if state.to_act or state.phase == Phase.OVER:
        return state
    if not state.end_phase_begun:  # "If a model is not on the battlefield before
        # the 1st round's end phase, it is killed"; then end of round effects
        unplaced = late_deployment.kill_unplaced(state)
        state = check_wipe_out(motivation_triggers.flip_killed_off_the_battlefield(
            state, unplaced, pack.models, pack.motivations))
        if state.phase == Phase.OVER:
            return state
        state = end_phase_abilities.queue(state, pack, field_now(state))
    return end_phase_go_on(state, pack, types)


def end_phase_go_on(state: State, pack, types: dict) -> State:
    """The end phase's VP once its abilities (and any will ability, granted
    action or picked model's move, attack, trigger or motivation they led to)
    are resolved."""
    if not state.end_phase_begun or state.end_phase_waiting or state.will_triggers \
            or state.granted or state.attack or state.pending or state.triggers \
            or state.wounds_waiting \
            or state.dismounting or state.to_act or state.phase == Phase.OVER:
        return state
    # objectives, most copper, most captives; in the last round the agendas
    gained = victory.end_phase_gains(state, packaged_scenarios()[state.scenario], pack.agendas,
                                     types)
    if state.round >= state.rounds:  # the agendas are scored, then shown
        state = agendas.reveal_all(state)
    state = rounds.end_phase(state, gained)
    if state.phase != Phase.OVER and not rounds.can_activate(state, state.to_act):
        state = rounds.next_turn(replace(state, to_act=other(state.to_act)))
        state = replace(state, to_act=state.to_act or "")
        if not state.to_act:
            return replace(state, phase=Phase.OVER)
    return state


def room(state: State, seat: str) -> bool:
    """Whether one of the seat's models waiting to be placed has a square to go."""
    return any(placement.spots(state, field_now(state), seat, m.uid)
               for m in state.waiting_to_place(seat))


def check_wipe_out(state: State) -> State:
    loser = victory.wiped_out(state)
    if not loser:
        return state
    winner = other(loser)
    bonus = victory.wipe_out_vp(state, packaged_scenarios()[state.scenario].victory)
    return replace(state, phase=Phase.OVER, to_act="", active_model="",
                   vp={**state.vp, winner: state.vp[winner] + bonus})
