"""A Song of Ice & Fire: Tactics as a kernel RulesSystem: the one place that
routes commands to the rule modules (setup, rounds, movement, the attack
sequence, agendas, objectives, victory) and events back into state. The turn's
options are turn_options.py's, the combat commands' events combat_commands.py's,
the other actions' events action_events.py's, what follows an event (the end of
an activation, of deployment, of the end phase) sequels.py's, the table view
view.py's. Rule modules never import this file."""

from __future__ import annotations

from functools import cache
from typing import Any

from server.rules.asoiaf import (
    action_events,
    agenda_plays,
    agendas,
    charge,
    coins,
    combat_commands,
    corpse_pile,
    end_phase_abilities,
    grant_queue,
    granted,
    interact_terrain,
    lasting,
    late_deployment,
    motivations,
    mounts,
    movement,
    movement_abilities,
    objectives,
    once_per,
    picks,
    placement,
    rounds,
    secret_events,
    sequels,
    setup,
    start_of_game,
    summary,
    terrain_entry,
    told,
    triggers,
    victory,
    warband,
    will_abilities,
    will_token_asks,
    will_tokens,
    wounds_outside,
)
from server.rules.asoiaf.cards.loader import load_pack
from server.rules.asoiaf.charge_terrain import field_now as _field
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
    Viewer,
    check_prompt,
    refuse_unknown_settings,
)

# What decide does, as a number (the hub compares it with a stored match's):
# raise it with every deliberate change of the events or states a command gives;
# what each raise changed: docs/rules/asoiaf.md, "Rules versions".
RULES_VERSION = 17


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


def _drawing(state: State, seat: str, name: str | None, used: Event) -> list[Event]:
    """The ability's event, then the agenda cards it drew (its will tests' too),
    in events its player alone sees."""
    drawn = secret_events.ability_draws(state, seat, _pack().abilities[name],
                                        used.data.get("drawn", 0)) if name else []
    return [used, *drawn]


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

    # -- decide -----------------------------------------------------------------
    # The states the last command's events fold into (told.tell folds them to
    # write what each did into it): the runner's evolve of the same state and
    # event object takes the state already folded.
    _folded: tuple[tuple[State, Event, State], ...] = ()  # (no shared mutable default)

    def decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        """The command's events, each telling what it did to the table (told.py)."""
        self._folded = ()  # (an evolve during decide folds afresh)
        events = self._decide(state, command, dice)
        self._folded = tuple(told.tell(state, events, self.evolve, _pack()))
        return events

    def _decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        if command.type == "concede" and command.seat in SEATS \
                and state.phase != Phase.OVER:  # (at any point: the kernel's contract)
            return [Event("conceded", {"seat": command.seat})]
        picks.refuse_bad_pick(self.prompt(state), command)  # (before illegal_command)
        check_prompt(self.prompt(state), command, "seed 004, THE GAME ROUND")
        if will_tokens.waiting(state):  # a token discarded or kept before a will test
            answer = will_tokens.answer_event(state, command)
            after = self.evolve(state, answer)
            if will_tokens.waiting(after):
                return [answer]
            return [answer, *self._decide(after, will_tokens.original(after), dice)]
        held = will_token_asks.declaration(state, _pack(), _field(state), command)
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
        if command.type in ("attack", "charge", "granted_attack", "granted_charge"):
            return combat_commands.attack(state, _pack(), _field, self.evolve, command, dice)
        if command.type in ("use_motivation", "decline_motivation"):
            return motivations.events(state, command.type == "use_motivation", _cards(),
                                      _pack().motivations, _pack(), dice, args.get("square"),
                                      args)
        if command.type == "play_agenda":  # revealed: public
            return [Event("agenda_played", {"seat": command.seat, "agenda": args["agenda"]})]
        if command.type == "use_objective":
            return secret_events.objective_action(state, args["square"], _pack(), _wounds(),
                                                  args, dice)
        if command.type == "interact_door":
            return [interact_terrain.door_event(state, _pack(), _field(state), args, dice)]
        if state.wounds_waiting and command.type in ("wounds_ability",
                                                     "decline_wounds_ability"):
            return [wounds_outside.event(state, _pack(), args, dice)]
        if command.type == "interact_corpse_pile":
            return [corpse_pile.event(state, _pack(), args, dice)]
        if command.type == "idle":
            return [Event("idled", {"model": args["model"]})]
        if command.type == "interact":
            return secret_events.plunder(state, _field(state), args["square"])
        if command.type == "choose_nemesis":
            return [start_of_game.event(state, args)]
        if command.type in ("start_ability", "decline_start_ability"):
            used = start_of_game.ability_event(state, _pack(), args, dice)
            return [used, *start_of_game.draw_events(state, _pack(), args, used)]
        if command.type in ("granted_move", "forfeit_action", "granted_idle"):
            return [granted.event(state, _pack(), _field(state), args, dice,
                                  idle=command.type == "granted_idle")]
        if command.type == "granted_interact":
            return secret_events.plunder(state, _field(state), args["square"],
                                         granted=state.granted[0])
        if command.type in ("will_ability", "decline_will_ability"):
            return _drawing(state, state.will_triggers[0][0], args.get("ability"),
                            will_abilities.event(state, _pack(), args, dice))
        if command.type in ("trigger_ability", "decline_trigger_ability"):
            return _drawing(state, state.triggers[0][0], args.get("ability"),
                            triggers.event(state, _pack(), args, dice))
        if command.type in ("end_phase_ability", "decline_end_phase_ability"):
            return _drawing(state, state.end_phase_waiting[0][0], args.get("ability"),
                            end_phase_abilities.event(state, _pack(), args, dice))
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
        for before, folded, after in self._folded:  # (decide's own fold of it)
            if before is state and folded is event:
                return after
        after = agenda_plays.after_event(state, self._evolve(state, event), event.type)
        after = lasting.after_action(state, after, event)  # changes lasting an action
        if after.end_phase_begun and not after.end_phase_waiting:  # what an end-phase
            after = sequels.end_phase_go_on(after, _pack(), _types())  # ability led to
        if event.type in will_token_asks.RESOLVING_EVENTS:  # its will tests rolled
            after = will_tokens.resolved(after)  # (its tokens forgotten)
        # DOWAGER'S RESOURCES: coins a friendly model spent set off triggers
        after = triggers.after_event(state, after, event, _pack(), _field(after))
        return lasting.fit_wounds(state, after, _pack())  # a maximum wounds changed

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
            return sequels.after_deploy(state, _pack(), _types())
        if event.type == "activated":  # (an activation ended by a death had no end event)
            state = replace(rounds.activate(once_per.forget(state, "activation"), d["model"]),
                            fresh=True)
            return agendas.spent_last_copper(state, state.to_act, _pack().agendas)
        if event.type == "placed":
            state = late_deployment.place(state, d["model"], tuple(d["square"]))
            state = objectives.reveal_under(state, state.model(d["model"]).squares)
            state = rounds.next_turn(agendas.spent_last_copper(state, state.to_act,
                                                               _pack().agendas), sequels.room)
            return sequels.after_activation(state, _pack(), _types())
        if event.type == "passed":
            # the opponent "must activate one of their models"; one who can't
            # (out of copper) hands the turn back, as after an activation
            passed = rounds.pass_turn(state, d["seat"])
            passed = agendas.spent_last_copper(passed, d["seat"], _pack().agendas)
            return sequels.after_activation(rounds.next_turn(replace(passed, to_act=d["seat"]),
                                                           sequels.room), _pack(), _types())
        if event.type == "moved":
            state = movement_abilities.pay(movement.move(state, d["model"], Square(*d["square"])),
                                           d)
            state = terrain_entry.replayed(state, _pack(), _field(state), d["model"], d)
            if state.model(d["model"]).on_battlefield:
                state = objectives.reveal_under(state, state.model(d["model"]).squares)
            state = sequels.copper_spent(state, _pack()) if d.get("spent") else state
            return sequels.after_attack(state, _pack(), _types()) if d.get("entered") else state
        if event.type == "charged":
            seat = state.model(d["model"]).seat
            purse = coins.pay(state.purses[seat], coins.Coins(**d["spent"]))
            state = charge.moved(state, d["model"], d["square"], d["ap"], purse)
            if state.granted and state.granted[0] == d["model"]:  # a granted charge, done
                state = grant_queue.done(state)
            state = terrain_entry.replayed(state, _pack(), _field(state), d["model"], d)
            if state.model(d["model"]).on_battlefield:
                state = objectives.reveal_under(state, state.model(d["model"]).squares)
            state = agendas.spent_last_copper(state, seat, _pack().agendas)
            return sequels.after_attack(state, _pack(), _types()) if d.get("entered") else state
        if event.type in combat_commands.SEQUENCE_EVENTS:
            attacker = state.attack.attacker if state.attack else d.get("attacker", "")
            state = combat_commands.SEQUENCE_EVENTS[event.type](state, _pack(), _field(state), d)
            if event.type == "surged" and state.model(attacker).on_battlefield:
                # the square surged into may hold an objective
                state = objectives.reveal_under(state, state.model(attacker).squares)
            return sequels.after_attack(sequels.copper_spent(state, _pack()), _pack(), _types())
        return action_events.evolve(state, event, _pack(), _wounds(), _types())


    # -- the rest of the face -----------------------------------------------------
    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return table_view(state, viewer, _cards())

    def odds(self, state: State, command: Command) -> dict[str, Any]:
        """Exact hits and wounds of an offered attack or charge (odds.py)."""
        from server.rules.asoiaf.odds import attack_odds

        return attack_odds(state, _pack(), _field(state), self.prompt(state), command,
                           self.evolve)

    def is_over(self, state: State) -> bool:
        return state.phase == Phase.OVER

    def result(self, state: State) -> Result | None:
        return victory.result(state) if state.phase == Phase.OVER else None

    def upcast(self, event: Event) -> Event:
        return event

    def validate_setup(self, match_setup) -> None:
        """Settings the game does not have are refused (not ignored), then the match
        is started from the setup as the lobby would start it."""
        refuse_unknown_settings(match_setup, setup.SETTINGS, setup.PLAYING)
        setup.initial_state(match_setup)

    def with_defaults(self, match_setup) -> dict[str, Any]:
        """The setup with each setting it leaves out as the match plays it."""
        return setup.with_defaults(match_setup)

    def seat_warbands(self, match_setup) -> dict[str, Any]:
        """Each seat's warband as the setup gives it (a rematch moves them with their
        players: server/rematch.py)."""
        return setup.seat_warbands(match_setup)

    def seat_warband(self, match_setup, seat: str, warband) -> dict[str, Any]:
        """The setup with `seat`'s own warband in it (create_match's `warbands`, a
        joiner's or a seeker's `warband`)."""
        return setup.seat_warband(match_setup, seat, warband)

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
