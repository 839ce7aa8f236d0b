"""A Song of Ice & Fire: Tactics as a kernel RulesSystem: the one place that
routes commands to the rule modules (setup, rounds, movement, the attack
sequence, agendas, objectives, victory) and events back into state. The turn's
options are turn_options.py's, the combat commands' events combat_commands.py's,
the table view view.py's. Rule modules never import this file."""

from __future__ import annotations

from functools import cache
from typing import Any

from server.rules.asoiaf import (
    agenda_plays,
    agendas,
    attack_sequence,
    charge,
    charge_terrain,
    coins,
    combat_commands,
    command_abilities,
    conditions,
    end_phase_abilities,
    equipment_uses,
    granted,
    lasting,
    late_deployment,
    motivations,
    mounts,
    movement,
    movement_abilities,
    objective_actions,
    objectives,
    once_per,
    placement,
    plunder,
    rounds,
    secret_events,
    setup,
    start_of_game,
    summary,
    terrain_entry,
    triggers,
    victory,
    warband,
    will_abilities,
    will_tokens,
)
from server.rules.asoiaf.cards.loader import load_pack
from server.rules.asoiaf.prompts import ZONES, prompt_for
from server.rules.asoiaf.scenarios import Scenario, packaged_scenarios
from server.rules.asoiaf.state import SEATS, Phase, State, other, replace
from server.rules.asoiaf.view import table_view
from server.rules.asoiaf.warband import DEFAULT_PACK
from server.rules.board.square import Square
from server.rules.dice import Dice
from server.rules.kernel import (
    Command,
    Event,
    Prompt,
    Result,
    RulesError,
    Viewer,
    check_prompt,
)

# What decide does, as a number (the hub compares it with a stored match's):
# raise it with every deliberate change of the events a command gives.
# 2: the attack sequence's decisions, charge, conditions (asoiaf-combat); or
# objective cards and agendas dealt, the 1st-round place, large models
# (asoiaf-hidden). 3: both together, so a match stored under either 2 is not
# replayed by rules that now give other events for the same commands.
# 4: a mount's death dismounts its rider, surging forth into any square a large
# model left, objective actions' will dice and lasting modifiers, Deceased
# sides' other effects, equipment, High Ground and movement abilities (asoiaf-rules).
# 5: end-phase abilities asked before the end phase's VP, coin-spent triggers,
# once_per limits, BRAVADO after OLDEST BROTHER, once-per-game equipment (the
# attack and defence events carry `equipment` and `changed_dice`).
# 6: LUCKY CHARM / BLINDING POWDER asked before a will test (will_tokens.py), the
# powder with the carrier's own charge, start-of-game abilities other than a nemesis.
# 7: State.lasting (value and roll changes outlasting their ability: lasting.py)
# gives other states for the same events; hits and wounds dealt by abilities.
# 8: terrain on entry (terrain_entry.py): moves, charges and surges deal the
# terrain's wounds and hits; State.leaves_flipped.
RULES_VERSION = 8


def _scenario(key: str) -> Scenario:
    return packaged_scenarios()[key]


@cache
def _pack():
    return load_pack(DEFAULT_PACK)


def _cards():
    return _pack().models


@cache
def _wounds():
    return {name: card.wounds for name, card in _cards().items()}


@cache
def _types():
    return {name: card.type for name, card in _cards().items()}


def _field(state: State):
    return _doors_field(state.scenario, state.doors)


_doors_field = charge_terrain.field_of


class AsoiafSystem:
    name = "asoiaf"
    seats = SEATS
    rules_version = RULES_VERSION
    in_place = False

    def initial(self, match_setup) -> State:
        return setup.initial_state(match_setup)

    # -- prompts ----------------------------------------------------------------
    # The last state asked and its prompt: a command is checked against the prompt
    # that was just offered for the same (immutable) state, and building an active
    # model's options (every move, charge and target) is most of a command's cost.
    _prompted: tuple[State, Prompt] | None = None

    def prompt(self, state: State) -> Prompt:
        last = self._prompted
        if last is not None and last[0] is state:
            return last[1]
        found = prompt_for(state, _pack(), _field(state), _types())
        self._prompted = (state, found)
        return found

    def _spots(self, state: State, seat: str, uid: str) -> list[Square]:
        return placement.spots(state, _field(state), seat, uid)

    def _next_to_deploy(self, state: State, seat: str) -> str:
        return placement.next_to_deploy(state, _field(state), seat, _types())

    # -- decide -----------------------------------------------------------------
    def decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        if command.type == "concede" and command.seat in SEATS \
                and state.phase != Phase.OVER:  # (at any point: the kernel's contract)
            return [Event("conceded", {"seat": command.seat})]
        check_prompt(self.prompt(state), command, "seed 004, THE GAME ROUND")
        if will_tokens.waiting(state):  # a token discarded or kept before a will test
            answer = will_tokens.answer_event(state, command)
            after = self.evolve(state, answer)
            if will_tokens.waiting(after):
                return [answer]
            return [answer, *self.decide(after, will_tokens.original(after), dice)]
        held = will_tokens.declaration(state, _pack(), _field(state), command)
        if held:  # LUCKY CHARM / BLINDING POWDER: asked "before rolling any dice"
            return [held]
        args = command.args
        if command.type == "roll_off":
            rolls, winner = setup.roll_off(dice)
            return [Event("rolled_off", {"rolls": [list(r) for r in rolls], "winner": winner})]
        if command.type == "choose_zone":
            zones = {command.seat: args["zone"], other(command.seat): other_zone(args["zone"])}
            return [Event("zone_chosen", {"zones": zones}),
                    *secret_events.deal(state, _field(state), _pack(), dice)]
        if command.type == "choose_first_player":
            return [Event("first_player_chosen", {"first_player": args["first_player"]}),
                    *secret_events.deal(state, _field(state), _pack(), dice)]
        if command.type == "keep_agenda":
            deck = agendas.reshuffle_with(state, command.seat, args["agenda"], dice)
            return [Event("agenda_kept", {"seat": command.seat, "agenda": args["agenda"],
                                          "deck": list(deck)},
                          visible_to=(command.seat,), redacted={"seat": command.seat})]
        if command.type in ("place", "deploy"):
            return [Event({"place": "placed", "deploy": "deployed"}[command.type],
                          {"model": args["model"], "square": list(args["square"])})]
        if command.type == "activate":
            return [Event("activated", {"model": args["model"]})]
        if command.type == "pass":
            return [Event("passed", {"seat": command.seat})]
        if command.type == "move":
            return [Event("moved", movement_abilities.moved_event_data(state, _pack(),
                                                                       _field(state), args,
                                                                       dice))]
        if command.type in ("attack", "charge", "granted_attack"):
            return combat_commands.attack(state, _pack(), _field, self.evolve, command, dice)
        if command.type in ("use_motivation", "decline_motivation"):
            return motivations.events(state, command.type == "use_motivation", _cards(),
                                      _pack().motivations, _pack(), dice, args.get("square"))
        if command.type == "play_agenda":  # revealed: public
            return [Event("agenda_played", {"seat": command.seat, "agenda": args["agenda"]})]
        if command.type == "use_objective":
            chosen = args.get("friend") or args.get("target") or ""
            return secret_events.objective_action(state, args["square"], _pack(), _wounds(),
                                                  chosen, dice)
        if command.type == "interact":
            return secret_events.plunder(state, _field(state), args["square"])
        if command.type == "choose_nemesis":
            return [start_of_game.event(state, args)]
        if command.type in ("start_ability", "decline_start_ability"):
            return [start_of_game.ability_event(state, _pack(), args, dice),
                    *start_of_game.draw_events(state, _pack(), args)]
        if command.type in ("granted_move", "forfeit_action"):
            return [granted.event(state, _pack(), _field(state), args, dice)]
        if command.type in ("will_ability", "decline_will_ability"):
            return [will_abilities.event(args)]
        if command.type in ("trigger_ability", "decline_trigger_ability"):
            return [triggers.event(state, _pack(), args, dice)]
        if command.type in ("end_phase_ability", "decline_end_phase_ability"):
            return [end_phase_abilities.event(state, _pack(), args, dice)]
        if command.type == "dismount":  # a free action, or its mount died in an attack
            forced = state.attack or args["model"] in state.dismounting
            ap = 0 if forced else mounts.free_action_ap(state)
            return [Event("dismounted", {"model": args["model"],
                                         "square": list(args["square"]), "ap": ap})]
        if state.attack and state.attack.step == "powder":  # BLINDING POWDER, then the roll
            return combat_commands.powder_answered(state, _pack(), _field, self.evolve,
                                                   command, dice)
        if command.type in combat_commands.STEP_COMMANDS:
            return combat_commands.step(state, _pack(), _field(state), command, dice)
        return [Event("activation_ended", {"model": state.active_model})]

    # -- evolve -----------------------------------------------------------------
    def evolve(self, state: State, event: Event) -> State:
        after = agenda_plays.after_event(state, self._evolve(state, event), event.type)
        if event.type in will_tokens.RESOLVING_EVENTS:  # its will tests rolled: tokens forgotten
            after = will_tokens.resolved(after)
        # DOWAGER'S RESOURCES: coins a friendly model spent set off triggers
        return triggers.after_event(state, after, event, _pack(), _field(after))

    def _evolve(self, state: State, event: Event) -> State:
        d = event.data
        if event.type == "conceded":
            return victory.concede(state, d["seat"])
        if event.type == "rolled_off":
            return replace(state, phase=Phase.CHOICE, to_act=d["winner"])
        if event.type in ("zone_chosen", "first_player_chosen"):
            if event.type == "zone_chosen":
                state = replace(state, zones=dict(d["zones"]))
            else:
                state = replace(state, first_player=d["first_player"])
            if state.zones and state.first_player:
                return replace(state, phase=Phase.AGENDAS, to_act=state.first_player)
            return replace(state, to_act=other(state.to_act))
        if event.type == "objectives_dealt":
            return objectives.place_cards(state, d["cards"])
        if event.type == "agendas_drawn":
            return replace(state, agenda_hands={**state.agenda_hands, d["seat"]: tuple(d["hand"])},
                           agenda_decks={**state.agenda_decks, d["seat"]: tuple(d["deck"])})
        if event.type == "agenda_kept":
            state = agendas.keep(state, d["seat"], d["agenda"], d["deck"])
            if d["seat"] == state.first_player:
                return replace(state, to_act=other(d["seat"]))
            return replace(state, phase=Phase.DEPLOY, to_act=state.first_player)
        if event.type == "deployed":
            model = state.model(d["model"])
            state = state.with_model(replace(model, square=tuple(d["square"])))
            state = objectives.reveal_under(state, state.model(d["model"]).squares)
            return self._after_deploy(state)
        if event.type == "activated":  # (an activation ended by a death had no end event)
            state = replace(rounds.activate(once_per.forget(state, "activation"), d["model"]),
                            fresh=True)
            return agendas.spent_last_copper(state, state.to_act, _pack().agendas)
        if event.type == "placed":
            state = late_deployment.place(state, d["model"], tuple(d["square"]))
            state = objectives.reveal_under(state, state.model(d["model"]).squares)
            state = agendas.spent_last_copper(state, state.to_act, _pack().agendas)
            return self._after_activation(rounds.next_turn(state, self._room))
        if event.type == "passed":
            # the opponent "must activate one of their models"; one who can't
            # (out of copper) hands the turn back, as after an activation
            passed = rounds.pass_turn(state, d["seat"])
            passed = agendas.spent_last_copper(passed, d["seat"], _pack().agendas)
            return self._after_activation(rounds.next_turn(replace(passed, to_act=d["seat"]),
                                                           self._room))
        if event.type == "moved":
            state = movement_abilities.pay(movement.move(state, d["model"], Square(*d["square"])),
                                           d)
            state = terrain_entry.through(state, _pack(), _field(state), d["model"],
                                          d["square"], d.get("entered", ()),
                                          command_abilities.Recorded(faces=d.get("faces", ())))
            if state.model(d["model"]).on_battlefield:
                state = objectives.reveal_under(state, state.model(d["model"]).squares)
            state = self._copper_spent(state) if d.get("spent") else state
            return self._after_attack(state) if d.get("entered") else state
        if event.type == "charged":
            seat = state.model(d["model"]).seat
            purse = coins.pay(state.purses[seat], coins.Coins(**d["spent"]))
            state = charge.moved(state, d["model"], d["square"], d["ap"], purse)
            state = terrain_entry.through(state, _pack(), _field(state), d["model"],
                                          d["square"], d.get("entered", ()),
                                          command_abilities.Recorded(faces=d.get("faces", ())))
            if state.model(d["model"]).on_battlefield:
                state = objectives.reveal_under(state, state.model(d["model"]).squares)
            state = agendas.spent_last_copper(state, seat, _pack().agendas)
            return self._after_attack(state) if d.get("entered") else state
        if event.type in combat_commands.SEQUENCE_EVENTS:
            attacker = state.attack.attacker if state.attack else d.get("attacker", "")
            state = combat_commands.SEQUENCE_EVENTS[event.type](state, _pack(), _field(state), d)
            if event.type == "surged" and state.model(attacker).on_battlefield:
                # the square surged into may hold an objective
                state = objectives.reveal_under(state, state.model(attacker).squares)
            return self._after_attack(self._copper_spent(state))
        return self._evolve_actions(state, event)

    def _evolve_actions(self, state: State, event: Event) -> State:
        """Motivations, agendas, objective actions, plunder, abilities, charge
        terrain and the end of an activation."""
        d = event.data
        if event.type in ("motivation_used", "motivation_declined"):
            state = motivations.resolve(state, event.type == "motivation_used", _cards(),
                                        _pack().motivations, _pack(),
                                        command_abilities.Recorded(faces=d.get("faces", ())),
                                        d.get("square"))
            if state.attack:  # a wound it dealt may have left the attacker no surge
                state = attack_sequence.advance(state, _pack(), _field(state))
            return self._after_attack(self._copper_spent(state))
        if event.type == "agenda_played":
            return agenda_plays.play(state, d["seat"], d["agenda"], _pack().agendas)
        if event.type == "objective_used":
            state = objective_actions.use(state, d["model"], tuple(d["square"]), _pack(),
                                          _wounds(), d["chosen"],
                                          command_abilities.Recorded(faces=d["will_faces"]))
            seat = state.model(d["model"]).seat  # (Maester's Ravens costs copper)
            return self._after_attack(agendas.spent_last_copper(state, seat, _pack().agendas))
        if event.type == "plundered":
            kinds = _field(state).plunder
            state = plunder.take(state, d["model"], tuple(d["square"]), kinds)
            return motivations.after_plunder(state, state.model(d["model"]).seat, _cards(),
                                             _pack().motivations)
        if event.type == "agenda_drawn":
            return agendas.add_drawn(state, d["seat"], d["agenda"])
        if event.type == "ability_used":  # (its wounds may kill: hits.py)
            return self._after_attack(self._copper_spent(command_abilities.used(state,
                                                                               _pack(), d)))
        if event.type == "terrain_charged":
            state = charge_terrain.charged(state, _field(state), d)
            return objectives.reveal_under(state, state.model(d["model"]).squares)
        if event.type == "surged_through":
            uid = state.active_model
            state = terrain_entry.through(charge_terrain.surged(state, d["square"]), _pack(),
                                          _field(state), uid, d["square"], d.get("entered", ()),
                                          command_abilities.Recorded(faces=d.get("faces", ())))
            if not state.model(uid).on_battlefield:  # killed by the terrain it entered
                return self._after_attack(state)
            return objectives.reveal_under(state, state.model(uid).squares)
        if event.type == "will_test_declared":
            return will_tokens.declared(state, d)
        if event.type == "will_token_answered":
            return will_tokens.answered(state, d)
        if event.type == "nemesis_chosen":
            return start_of_game.advance(start_of_game.chosen(state, _pack(), d), _pack(),
                                         _field(state))
        if event.type == "start_ability_used":
            return self._after_attack(start_of_game.ability_used(state, _pack(),
                                                                 _field(state), d))
        if event.type == "granted_move":
            state = granted.moved(state, _pack(), _field(state), d)
            if not state.model(d["model"]).on_battlefield:  # killed on the way
                return self._after_attack(state)
            return objectives.reveal_under(state, state.model(d["model"]).squares)
        if event.type == "will_ability_used":
            state = self._copper_spent(will_abilities.used(state, _pack(), d))
            return self._end_phase_go_on(state)
        if event.type == "equipment_used":  # HEALING BALM
            return equipment_uses.used_at_activation(state, _pack(), d)
        if event.type == "trigger_ability_used":
            return self._after_attack(self._copper_spent(triggers.used(state, _pack(), d)))
        if event.type == "end_phase_ability_used":
            state = self._after_attack(self._copper_spent(end_phase_abilities.used(
                state, _pack(), d)))
            return state if state.phase == Phase.OVER else self._end_phase_go_on(state)
        if event.type == "dismounted":
            if state.attack:
                return self._after_attack(attack_sequence.dismounted(state, _pack(),
                                                                     _field(state), d))
            if d["model"] in state.dismounting:
                return mounts.rider_placed(state, _pack(), d)
            state = mounts.dismount(state, _pack(), d["model"], d["square"], d["ap"])
            return replace(state, free_used=True)
        if event.type == "activation_ended":
            state = state.with_model(conditions.after_activation(state.model(d["model"])))
            state = lasting.forget(once_per.forget(state, "activation"), "activation")
            state = replace(state, objectives_used=frozenset(),
                            fresh=False, free_action="", free_used=False, roll_bonuses=())
            return self._after_activation(rounds.next_turn(state, self._room))
        raise RulesError("unknown_event", f"No rule applies an event {event.type!r}.")

    def _copper_spent(self, state: State) -> State:
        """Thrifty Purse (agendas.spent_last_copper) for both seats: coins are
        spent in the attack sequence by either player."""
        for seat in SEATS:
            state = agendas.spent_last_copper(state, seat, _pack().agendas)
        return state

    def _after_attack(self, state: State) -> State:
        """Once the attack (or an ability dealing wounds) is over: a wipe-out
        ends the game; an active model killed (by an aftermath, a trigger ...)
        ends its activation. A wipe-out ends the game
        before anyone surges forth."""
        if state.attack and state.attack.step != "surge":
            return state
        ended = self._check_wipe_out(state)
        if ended.phase == Phase.OVER:
            return replace(ended, attack=None)
        if state.attack:
            return state
        if state.active_model and state.model(state.active_model).removed:
            return self._after_activation(rounds.next_turn(state, self._room))
        return state

    def _after_deploy(self, state: State) -> State:
        seat = state.to_act
        if self._next_to_deploy(state, seat):
            return state
        second = other(state.first_player)
        if seat != second and self._next_to_deploy(state, second):
            return replace(state, to_act=second)
        state = replace(state, phase=Phase.ACTIVATIONS, to_act=state.first_player)
        return start_of_game.queue(state, _pack(), _field(state))

    def _after_activation(self, state: State) -> State:
        if state.to_act or state.phase == Phase.OVER:
            return state
        if not state.end_phase_begun:  # "If a model is not on the battlefield before
            # the 1st round's end phase, it is killed"; then end of round effects
            unplaced = late_deployment.kill_unplaced(state)
            state = self._check_wipe_out(motivations.flip_killed_off_the_battlefield(
                state, unplaced, _cards(), _pack().motivations))
            if state.phase == Phase.OVER:
                return state
            state = end_phase_abilities.queue(state, _pack(), _field(state))
        return self._end_phase_go_on(state)

    def _end_phase_go_on(self, state: State) -> State:
        """The end phase's VP once its abilities (and any will ability they
        allowed) are resolved."""
        if not state.end_phase_begun or state.end_phase_waiting or state.will_triggers \
                or state.to_act or state.phase == Phase.OVER:
            return state
        # objectives, most copper, most captives; in the last round the agendas
        gained = victory.end_phase_gains(state, _scenario(state.scenario), _pack().agendas,
                                         _types())
        if state.round >= state.rounds:  # the agendas are scored, then shown
            state = agendas.reveal_all(state)
        state = rounds.end_phase(state, gained)
        if state.phase != Phase.OVER and not rounds.can_activate(state, state.to_act):
            state = rounds.next_turn(replace(state, to_act=other(state.to_act)))
            state = replace(state, to_act=state.to_act or "")
            if not state.to_act:
                return replace(state, phase=Phase.OVER)
        return state

    def _room(self, state: State, seat: str) -> bool:
        return any(self._spots(state, seat, m.uid) for m in state.waiting_to_place(seat))

    def _check_wipe_out(self, state: State) -> State:
        loser = victory.wiped_out(state)
        if not loser:
            return state
        winner = other(loser)
        bonus = victory.wipe_out_vp(state, _scenario(state.scenario).victory)
        return replace(state, phase=Phase.OVER, to_act="", active_model="",
                       vp={**state.vp, winner: state.vp[winner] + bonus})

    # -- the rest of the face -----------------------------------------------------
    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return table_view(state, viewer, _cards())

    def odds(self, state: State, command: Command) -> dict[str, Any]:
        """Exact hits and wounds of an offered attack or charge (odds.py)."""
        from server.rules.asoiaf.odds import attack_odds

        return attack_odds(state, _pack(), _field(state), self.prompt(state), command)

    def is_over(self, state: State) -> bool:
        return state.phase == Phase.OVER

    def result(self, state: State) -> Result | None:
        return victory.result(state) if state.phase == Phase.OVER else None

    def upcast(self, event: Event) -> Event:
        return event

    def seat_warbands(self, match_setup) -> dict[str, Any]:
        """Each seat's warband as the setup gives it (a rematch moves them with their
        players: server/rematch.py)."""
        return setup.seat_warbands(match_setup)

    def catalog(self, options) -> dict[str, Any]:
        """The lobby's `catalog` request: cards, sizes and ready-made lists."""
        return warband.catalog(options)

    def check_list(self, list_, options) -> dict[str, Any]:
        """The lobby's `check_list` request: every violation with its reason."""
        return warband.check_list(list_, options)

    def summary(self, match_setup, events) -> dict[str, Any]:
        """The replay page's facts of a match (summary.py), from its events."""
        state, steps = self.initial(match_setup), []
        for event in events:
            after = self.evolve(state, event)
            steps.append((event, state, after))
            state = after
        result = self.result(state)
        return {**summary.summarise(steps, _scenario(state.scenario), _pack().agendas,
                                    _types()),
                "result": result.to_wire() if result else None}


def other_zone(zone: str) -> str:
    return ZONES[1] if zone == ZONES[0] else ZONES[0]


SYSTEM = AsoiafSystem()
