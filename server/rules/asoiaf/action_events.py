"""The events of the actions beside moving and attacking, applied to the state
(system.py's evolve routes here): motivations, agendas, objective actions,
plunder, abilities, will tokens, charge terrain, granted moves, dismounting and
the end of an activation, each followed by what follows it (sequels.py).
`pack` is the card pack, `wounds` and `types` each model card's wounds and
type. Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    agenda_plays,
    agendas,
    attack_sequence,
    charge_terrain,
    command_abilities,
    conditions,
    corpse_pile,
    end_phase_abilities,
    equipment_uses,
    grant_queue,
    granted,
    interact_terrain,
    lasting,
    motivation_triggers,
    motivations,
    mounts,
    objective_actions,
    objectives,
    once_per,
    plunder,
    rounds,
    sequels,
    start_of_game,
    terrain_entry,
    triggers,
    will_abilities,
    will_tokens,
    wounds_outside,
)
from server.rules.asoiaf.charge_terrain import field_now
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import Phase, State, replace
from server.rules.kernel import RulesError


def _paid(state: State, pack, types: dict) -> State:
    """After coins spent (Thrifty Purse) and whatever wounds were dealt."""
    return sequels.after_attack(sequels.copper_spent(state, pack), pack, types)


def evolve(state: State, event, pack, wounds: dict, types: dict) -> State:
    d = event.data
    if event.type in ("motivation_used", "motivation_declined"):
        state = motivations.resolve(state, event.type == "motivation_used", pack.models,
                                    pack.motivations, pack,
                                    Recorded(faces=d.get("faces", ())), d.get("square"), d)
        if state.attack:  # a wound it dealt may have left the attacker no surge
            state = attack_sequence.advance(state, pack, field_now(state))
        return _paid(state, pack, types)
    if event.type == "agenda_played":
        return agenda_plays.play(state, d["seat"], d["agenda"], pack.agendas)
    if event.type == "objective_used":
        state = objective_actions.use(state, d["model"], tuple(d["square"]), pack,
                                      wounds, d, Recorded(faces=d["will_faces"]))
        seat = state.model(d["model"]).seat  # (Maester's Ravens costs copper)
        return sequels.after_attack(agendas.spent_last_copper(state, seat, pack.agendas),
                                    pack, types)
    if event.type == "plundered":
        state = plunder.take(state, d["model"], tuple(d["square"]), field_now(state).plunder,
                             0 if d.get("granted") else plunder.INTERACT_AP)
        if d.get("granted"):  # a granted interact action, done (granted.py)
            state = grant_queue.done(state)
        return motivation_triggers.after_plunder(state, state.model(d["model"]).seat,
                                                 pack.models, pack.motivations)
    if event.type == "agenda_drawn":
        return agendas.add_drawn(state, d["seat"], d["agenda"])
    if event.type == "ability_used":  # (its wounds may kill: hits.py)
        return _paid(command_abilities.used(state, pack, d), pack, types)
    if event.type == "terrain_charged":  # (the terrain its move entered: terrain_entry.py)
        state = terrain_entry.replayed(charge_terrain.charged(state, field_now(state), d), pack,
                                       field_now(state), d["model"], d, "terrain_faces")
        if d.get("granted"):  # a granted charge terrain action, done (granted.py)
            state = grant_queue.done(state)
        return _landed(state, d["model"], pack, types)
    if event.type == "surged_through":  # (through a broken door: its terrain too)
        uid = charge_terrain.surger(state)
        state = terrain_entry.replayed(charge_terrain.surged(state, d["square"]), pack,
                                       field_now(state), uid, d)
        return _landed(state, uid, pack, types)
    if event.type == "granted_move":
        return _landed(granted.moved(state, pack, field_now(state), d), d["model"], pack, types)
    if event.type == "will_test_declared":
        return will_tokens.declared(state, d)
    if event.type == "will_token_answered":
        return will_tokens.answered(state, d)
    if event.type == "nemesis_chosen":
        return start_of_game.advance(start_of_game.chosen(state, pack, d), pack,
                                     field_now(state))
    if event.type == "start_ability_used":
        return sequels.after_attack(start_of_game.ability_used(state, pack, field_now(state), d),
                                    pack, types)
    if event.type == "will_ability_used":  # (its hits may kill: hits.py)
        state = _paid(will_abilities.used(state, pack, d), pack, types)
        return sequels.end_phase_go_on(state, pack, types)
    if event.type == "equipment_used":  # HEALING BALM
        return equipment_uses.used_at_activation(state, pack, d)
    if event.type == "trigger_ability_used":
        return _paid(triggers.used(state, pack, d), pack, types)
    if event.type == "end_phase_ability_used":
        state = _paid(end_phase_abilities.used(state, pack, d), pack, types)
        return state if state.phase == Phase.OVER \
            else sequels.end_phase_go_on(state, pack, types)
    if event.type == "dismounted":
        if state.attack:
            return sequels.after_attack(attack_sequence.dismounted(state, pack, field_now(state),
                                                                   d), pack, types)
        if d["model"] in state.dismounting:
            return mounts.rider_placed(state, pack, d)
        state = mounts.dismount(state, pack, d["model"], d["square"], d["ap"])
        return replace(state, free_used=True)
    if event.type == "door_used":  # (the square a barred door's breaker moved to)
        state = interact_terrain.door_used(state, pack, field_now(state), d)
        return _landed(state, d["model"], pack, types)
    if event.type == "corpse_pile_tested":
        return corpse_pile.tested(state, pack, d)
    if event.type == "wounds_ability_answered":  # (the friend may die of them)
        state = wounds_outside.answered(state, pack, d)
        if state.attack:  # (an aftermath's wounds): the attack goes on
            state = attack_sequence.advance(state, pack, field_now(state))
        return _paid(state, pack, types)
    if event.type == "idled":
        return interact_terrain.idled(state, d["model"])
    if event.type == "activation_ended":
        if state.began_routed:  # "when the model next activates, even if that is next round"
            state = state.with_model(conditions.after_activation(state.model(d["model"])))
        state = lasting.forget(once_per.forget(state, "activation"), "activation")
        state = replace(state, objectives_used=frozenset(),
                        fresh=False, free_action="", free_used=False, roll_bonuses=(),
                        began_routed=False, corpse_tried=(), corpse_open=())
        return sequels.after_activation(rounds.next_turn(state, sequels.room), pack, types)
    raise RulesError("unknown_event", f"No rule applies an event {event.type!r}.")


def _landed(state: State, uid: str, pack, types: dict) -> State:
    """After a move that applied the terrain it entered (terrain_entry.py):
    killed on the way, its activation may end; alive, it finds any objective
    under it."""
    if not state.model(uid).on_battlefield:
        return sequels.after_attack(state, pack, types)
    return objectives.reveal_under(state, state.model(uid).squares)
