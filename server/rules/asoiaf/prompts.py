"""Who must decide now in an ASOIAF match, and what they may do (seed 004): the
kernel's prompt, built from the rule modules' decisions. system.py asks it (and
keeps the last one: a command is checked against the prompt just offered)."""

from __future__ import annotations

from server.rules.asoiaf import (
    attack_prompt,
    charge_terrain,
    end_phase_abilities,
    granted,
    motivations,
    mounts,
    placement,
    start_of_game,
    triggers,
    turn_options,
    will_abilities,
    will_tokens,
    wounds_outside,
)
from server.rules.asoiaf.state import SEATS, Phase, State
from server.rules.kernel import CommandSpec, Decision, Prompt

ZONES = ("gold", "silver")


def prompt_for(state: State, pack, field, types) -> Prompt:
    """Who must decide now, and their options (the kernel's prompt)."""
    if state.phase == Phase.OVER:
        return Prompt()
    if will_tokens.waiting(state):  # LUCKY CHARM / BLINDING POWDER "before rolling"
        return Prompt((will_tokens.decision(state, pack),))
    if state.wounds_waiting:  # ABILITIES: "right after they lose a [wound]"
        return Prompt((wounds_outside.decision(state, pack, field),))
    if state.pending:  # seed 004, MOTIVATIONS CARDS: "he may spend" (at once)
        seat, uid, name = state.pending[0]
        params = {"square": motivations.squares(state, pack, field),
                  **motivations.pick_params(state, pack, field)}
        return Prompt((Decision(seat, f"{state.model(uid).card}'s motivation {name}: "
                                "spend its coins to score?",
                                (CommandSpec("use_motivation",
                                             params={k: v for k, v in params.items() if v}),
                                 CommandSpec("decline_motivation"))),))
    if state.will_triggers:  # seed 004, ABILITIES: BRAVADO, at once
        return Prompt((will_abilities.decision(state, pack, field),))
    if state.attack:
        return Prompt((attack_prompt.decision(state, pack, field),))
    if state.dismounting:  # a mount killed by a motivation's wound
        return Prompt((mounts.decision(state),))
    if state.surge:  # a charge terrain's surge ends its action (a granted one's too)
        return Prompt((charge_terrain.decision(state),))
    # WISE WORDS: "may perform 1 [move] immediately": before the next queued
    # trigger, end-phase or start-of-game ability (the grants one after the
    # other: grant_queue.py)
    if state.granted:
        return Prompt((granted.decision(state, pack, field),))
    if state.triggers:  # DOWAGER'S RESOURCES: "right after the action spending is resolved"
        return Prompt((triggers.decision(state, pack, field),))
    if state.end_phase_waiting:  # THE END PHASE: "Players may use end of round effects"
        return Prompt((end_phase_abilities.decision(state, pack, field),))
    if state.start_abilities:  # "At the Start of the Game", the 1st player first
        return Prompt((start_of_game.decision(state, pack, field),))
    if state.phase == Phase.ROLL_OFF:
        return Prompt((Decision("a", "Roll off for the first choice.",
                                (CommandSpec("roll_off"),)),))
    seat = state.to_act
    if state.phase == Phase.CHOICE:
        # seed 004: the winner picks a zone or the 1st player; the opponent
        # decides the other
        zone = CommandSpec("choose_zone", params={"zone": list(ZONES)})
        first = CommandSpec("choose_first_player", params={"first_player": list(SEATS)})
        if not state.zones and not state.first_player:
            return Prompt((Decision(seat, "You won the roll-off: choose your deployment "
                                    "zone or the 1st player.", (zone, first)),))
        return Prompt((Decision(seat, "Your opponent chose; now you decide the other.",
                                (first,) if state.zones else (zone,)),))
    if state.phase == Phase.AGENDAS:
        # seed 004: "draws 2. Then they select one": offered to its seat alone
        hand = list(state.agenda_hands[seat])
        return Prompt((Decision(seat, "Keep one agenda; it stays hidden from your "
                                "opponent.", (CommandSpec("keep_agenda",
                                                          params={"agenda": hand}),)),))
    if state.phase == Phase.DEPLOY:
        uid = placement.next_to_deploy(state, field, seat, types)
        free = placement.spots(state, field, seat, uid)
        return Prompt((Decision(seat, f"Place {state.model(uid).card}.",
                                (CommandSpec("deploy", args={"model": uid},
                                             params={"square": [list(sq) for sq in free]}),)),))
    if state.active_model:
        options = turn_options.active_model(state, pack, field)
    else:
        options = turn_options.between_activations(state, field, seat)
    return Prompt((Decision(seat, "Your turn.", tuple(options)),))
