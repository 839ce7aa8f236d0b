"""A Song of Ice & Fire: Tactics as a kernel RulesSystem: the one place that
routes commands to the rule modules (setup, rounds, movement, attack, victory)
and events back into state. Rule modules never import this file."""

from __future__ import annotations

from dataclasses import asdict, replace
from functools import cache
from typing import Any

from server.rules.asoiaf import (
    attack_sequence,
    charge,
    charge_terrain,
    coins,
    command_abilities,
    conditions,
    movement,
    rounds,
    setup,
    victory,
    warband,
    wounds_abilities,
)
from server.rules.asoiaf.cards.loader import load_pack
from server.rules.asoiaf.scenarios import Scenario, load_scenarios
from server.rules.asoiaf.state import SEATS, Phase, State, other
from server.rules.asoiaf.warband import DEFAULT_PACK
from server.rules.board.square import Square
from server.rules.dice import Dice
from server.rules.kernel import (
    Command,
    CommandSpec,
    Decision,
    Event,
    Prompt,
    Result,
    RulesError,
    Viewer,
    check_prompt,
)

ZONES = ("gold", "silver")
# What decide does, as a number (the hub compares it with a stored match's):
# raise it with every deliberate change of the events a command gives.
RULES_VERSION = 2  # 2: the attack sequence's decisions, charge, conditions


@cache
def _scenario(key: str) -> Scenario:
    return load_scenarios()[key]


@cache
def _pack():
    return load_pack(DEFAULT_PACK)


def _cards():
    return _pack().models


def _field(state: State):
    return _doors_field(state.scenario, state.doors)


@cache
def _doors_field(scenario: str, doors: tuple):
    return charge_terrain.battlefield(_scenario(scenario).battlefield, doors)


class AsoiafSystem:
    name = "asoiaf"
    seats = SEATS
    rules_version = RULES_VERSION
    in_place = False

    def initial(self, match_setup) -> State:
        return setup.initial_state(match_setup)

    # -- prompts ----------------------------------------------------------------
    def prompt(self, state: State) -> Prompt:
        if state.phase == Phase.OVER:
            return Prompt()
        if state.attack:
            return Prompt((attack_sequence.decision(state, _pack(), _field(state)),))
        if state.surge:
            return Prompt((charge_terrain.decision(state),))
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
        if state.phase == Phase.DEPLOY:
            uid = self._deploy_queue(state, seat)[0]
            free = self._free_zone_squares(state, seat)
            return Prompt((Decision(seat, f"Place {state.model(uid).card}.",
                                    (CommandSpec("deploy", args={"model": uid},
                                                 params={"square": [list(sq) for sq in free]}),)),))
        return Prompt((Decision(seat, "Your turn.", self._turn_options(state, seat)),))

    def _turn_options(self, state: State, seat: str) -> tuple[CommandSpec, ...]:
        if not state.active_model:
            options = [CommandSpec("activate", params={"model": [m.uid for m in
                                                                 state.unactivated(seat)]})]
            if rounds.can_pass(state, seat):
                options.append(CommandSpec("pass"))
            return tuple(options)
        uid = state.active_model
        model = state.model(uid)
        field = _field(state)
        options = [CommandSpec("end_activation")]
        if model.ap >= movement.MOVE_AP:
            reach = movement.move_destinations(state, field, uid)
            if reach:
                options.append(CommandSpec("move", params={"square": [list(s) for s in reach]}))
        for index, mode in enumerate(_cards()[model.card].attacks):
            targets = self._targets(state, uid, mode.kind)
            if targets:
                options += attack_sequence.attack_specs(state, _pack(), field, uid, index,
                                                        targets)
        options += charge.specs(state, _pack(), field, uid)
        options += charge_terrain.specs(state, _pack().terrains, field, uid)
        options += command_abilities.specs(state, _pack(), field, uid)
        return tuple(options)

    def _targets(self, state: State, uid: str, kind: str) -> list[str]:
        """Close: "only be used against an engaged enemy" (in contact); ranged:
        "must be unengaged and have line of sight to their target"."""
        field = _field(state)
        model = state.model(uid)
        enemies = [m for m in state.models if m.seat != model.seat and m.on_battlefield]
        others = [Square(*m.square) for m in state.models if m.on_battlefield]
        here = [Square(*model.square)]
        if kind == "close":
            return [e.uid for e in enemies if field.in_contact(here, [Square(*e.square)])]
        if movement.is_engaged(state, field, uid):
            return []
        return [e.uid for e in enemies
                if field.sees(here, [Square(*e.square)],
                              [sq for sq in others if sq not in (here[0], Square(*e.square))])]

    def _deploy_queue(self, state: State, seat: str) -> tuple[str, ...]:
        types = {name: card.type for name, card in _cards().items()}
        return setup.deployment_queue(state, seat, types)

    def _free_zone_squares(self, state: State, seat: str) -> list[Square]:
        field = _field(state)
        taken = {m.square for m in state.models if m.on_battlefield}
        return sorted(sq for sq in field.deployment_squares(state.zones[seat])
                      if field.movement.standable(sq) and tuple(sq) not in taken)

    # -- decide -----------------------------------------------------------------
    def decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        if command.type == "concede" and command.seat in SEATS \
                and state.phase != Phase.OVER:  # (at any point: the kernel's contract)
            return [Event("conceded", {"seat": command.seat})]
        check_prompt(self.prompt(state), command, "seed 004, THE GAME ROUND")
        args = command.args
        if command.type == "roll_off":
            rolls, winner = setup.roll_off(dice)
            return [Event("rolled_off", {"rolls": [list(r) for r in rolls], "winner": winner})]
        if command.type == "choose_zone":
            zones = {command.seat: args["zone"], other(command.seat): other_zone(args["zone"])}
            return [Event("zone_chosen", {"zones": zones})]
        if command.type == "choose_first_player":
            return [Event("first_player_chosen", {"first_player": args["first_player"]})]
        if command.type == "deploy":
            return [Event("deployed", {"model": args["model"], "square": list(args["square"])})]
        if command.type == "activate":
            return [Event("activated", {"model": args["model"]})]
        if command.type == "pass":
            return [Event("passed", {"seat": command.seat})]
        if command.type == "move":
            return [Event("moved", {"model": state.active_model, "square": list(args["square"])})]
        if command.type in ("attack", "charge"):
            return self._attack(state, command, dice)
        if command.type == "defend":
            return [attack_sequence.roll_defence_event(state, _pack(), _field(state),
                                                       args["abilities"], dice)]
        if command.type == "wounds_ability":
            return [wounds_abilities.event(state, _pack(), args, dice)]
        if command.type == "decline_wounds_ability":
            return [Event("wounds_ability_used", {"ability": ""})]
        if command.type in ("aftermath", "decline_aftermath"):
            return [Event("aftermath_used", {"ability": args.get("ability", "")})]
        if command.type == "remove":
            return [Event("removed", {"removal": args["removal"]})]
        if command.type == "ability":
            return [command_abilities.event(state, _pack(), args, dice)]
        if command.type == "charge_terrain":
            return [Event("terrain_charged", charge_terrain.roll(
                state, _pack().terrains, _field(state), state.active_model,
                args["opening"], args["square"], dice))]
        if command.type in ("surge", "hold"):
            square = list(args["square"]) if "square" in args else None
            return [Event("surged" if state.attack else "surged_through", {"square": square})]
        return [Event("activation_ended", {"model": state.active_model})]

    def _attack(self, state: State, command: Command, dice: Dice) -> list[Event]:
        """An attack (or a charge: its move first, then the attack if it reached
        the target); the defence is rolled at once when the defender has no
        choice to make (step 4)."""
        args, uid, events = command.args, state.active_model, []
        if command.type == "charge":
            mode = _cards()[state.model(uid).card].attacks[args["mode"]]
            spent = coins.total(mode.spend, coins.improvements_cost(mode.improvements,
                                                                    args["improvements"]))
            events.append(Event("charged", {"model": uid, "square": list(args["square"]),
                                            "ap": charge.CHARGE_MOVE_AP + mode.ap,
                                            "spent": coins.as_plain(spent)}))
            state = self.evolve(state, events[0])
            if not charge.reaches(state, _field(state), uid, args["target"]):
                return events
        events.append(attack_sequence.roll_attack_event(
            state, _pack(), _field(state), uid, args["mode"], args["target"],
            args["improvements"], dice, charging=command.type == "charge"))
        state = self.evolve(state, events[-1])
        pending = state.attack
        if pending and pending.step == "defence" and attack_sequence.defence_choices(
                state, _pack(), _field(state), pending) == [[]]:
            events.append(attack_sequence.roll_defence_event(state, _pack(), _field(state), [],
                                                             dice))
        return events

    # -- evolve -----------------------------------------------------------------
    def evolve(self, state: State, event: Event) -> State:
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
                return replace(state, phase=Phase.DEPLOY, to_act=state.first_player)
            return replace(state, to_act=other(state.to_act))
        if event.type == "deployed":
            model = state.model(d["model"])
            state = state.with_model(replace(model, square=tuple(d["square"])))
            return self._after_deploy(state)
        if event.type == "activated":
            state = rounds.activate(state, d["model"])
            return state
        if event.type == "passed":
            # the opponent "must activate one of their models"; one who can't
            # (out of copper) hands the turn back, as after an activation
            passed = rounds.pass_turn(state, d["seat"])
            return self._after_activation(rounds.next_turn(replace(passed, to_act=d["seat"])))
        if event.type == "moved":
            return movement.move(state, d["model"], Square(*d["square"]))
        if event.type == "charged":
            seat = state.model(d["model"]).seat
            purse = coins.pay(state.purses[seat], coins.Coins(**d["spent"]))
            return charge.moved(state, d["model"], d["square"], d["ap"], purse)
        if event.type in SEQUENCE_EVENTS:
            return self._after_attack(SEQUENCE_EVENTS[event.type](state, _pack(),
                                                                  _field(state), d))
        if event.type == "ability_used":
            return command_abilities.used(state, _pack(), d)
        if event.type == "terrain_charged":
            return charge_terrain.charged(state, _field(state), d)
        if event.type == "surged_through":
            return charge_terrain.surged(state, d["square"])
        if event.type == "activation_ended":
            state = state.with_model(conditions.after_activation(state.model(d["model"])))
            return self._after_activation(rounds.next_turn(state))
        raise RulesError("unknown_event", f"No rule applies an event {event.type!r}.")

    def _after_attack(self, state: State) -> State:
        """Once the attack is over: a wipe-out ends the game; an active model
        killed (by an aftermath) ends its activation. A wipe-out ends the game
        before anyone surges forth."""
        if state.attack and state.attack.step != "surge":
            return state
        ended = self._check_wipe_out(state)
        if ended.phase == Phase.OVER:
            return replace(ended, attack=None)
        if state.attack:
            return state
        if state.model(state.active_model).removed:
            return self._after_activation(rounds.next_turn(state))
        return state

    def _after_deploy(self, state: State) -> State:
        seat = state.to_act
        if self._deploy_queue(state, seat) and self._free_zone_squares(state, seat):
            return state
        second = other(state.first_player)
        if seat != second and self._deploy_queue(state, second) \
                and self._free_zone_squares(state, second):
            return replace(state, to_act=second)
        return replace(state, phase=Phase.ACTIVATIONS, to_act=state.first_player)

    def _after_activation(self, state: State) -> State:
        if state.to_act or state.phase == Phase.OVER:
            return state
        gained = victory.end_phase_vp(state, _scenario(state.scenario).victory)
        state = rounds.end_phase(state, gained)
        if state.phase != Phase.OVER and not rounds.can_activate(state, state.to_act):
            state = rounds.next_turn(replace(state, to_act=other(state.to_act)))
            state = replace(state, to_act=state.to_act or "")
            if not state.to_act:
                return replace(state, phase=Phase.OVER)
        return state

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
        """Everything on the table is public; agendas and objective cards are not
        dealt yet. Ability cards are listed, inert (asoiaf.md, "What is left")."""
        return {"scenario": state.scenario, "round": state.round, "rounds": state.rounds,
                "phase": state.phase.value, "to_act": state.to_act,
                "first_player": state.first_player, "active_model": state.active_model,
                "vp": dict(state.vp), "zones": dict(state.zones),
                "attack": asdict(state.attack) if state.attack else None,
                "doors": [list(door) for door in state.doors],
                "coins": {s: {"gold": p.gold, "silver": p.silver, "copper": p.copper}
                          for s, p in state.purses.items()},
                "models": [{"uid": m.uid, "card": m.card, "seat": m.seat,
                            "square": list(m.square) if m.square else None,
                            "wounds_left": m.wounds_left, "ap": m.ap,
                            "activated": m.activated, "removed": m.removed,
                            "captive": m.captive,
                            "conditions": sorted(c.value for c in m.conditions),
                            "abilities": list(_cards()[m.card].abilities)}
                           for m in state.models]}

    def is_over(self, state: State) -> bool:
        return state.phase == Phase.OVER

    def result(self, state: State) -> Result | None:
        return victory.result(state) if state.phase == Phase.OVER else None

    def upcast(self, event: Event) -> Event:
        return event

    def catalog(self, options) -> dict[str, Any]:
        """The lobby's `catalog` request: cards, sizes and ready-made lists."""
        return warband.catalog(options)

    def check_list(self, list_, options) -> dict[str, Any]:
        """The lobby's `check_list` request: every violation with its reason."""
        return warband.check_list(list_, options)


SEQUENCE_EVENTS = {
    "attack_rolled": attack_sequence.attack_rolled,
    "defended": attack_sequence.defended,
    "wounds_ability_used": attack_sequence.wounds_ability_used,
    "aftermath_used": attack_sequence.use_aftermath,
    "removed": lambda state, pack, field, d: attack_sequence.remove(state, pack, field,
                                                                    d["removal"]),
    "surged": lambda state, pack, field, d: attack_sequence.surged(state, d),
}


def other_zone(zone: str) -> str:
    return ZONES[1] if zone == ZONES[0] else ZONES[0]


SYSTEM = AsoiafSystem()
