"""Swords & Sorcery (seed 003) as a kernel RulesSystem: the one place that
routes commands to the rule modules (setup, turns, movement, combat, morale,
victory) and events back into state. Rule modules never import this file."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from server.rules.dice import Dice
from server.rules.kernel import (
    Command,
    Event,
    Prompt,
    Result,
    RulesError,
    Viewer,
    check_prompt,
    refuse_unknown_settings,
)
from server.rules.sns import actions, options, setup, turns
from server.rules.sns.evolve import Stepper, evolve
from server.rules.sns.setup import figure_profile
from server.rules.sns.spells import spells
from server.rules.sns.state import OVER, SEATS, State

# What decide does, as a number (raise it with every deliberate change of the
# events a command gives).
RULES_VERSION = 5  # 4: the audit (docs/rules/sns.md, "Audit"); 5: flyers declare (flight.py)


class SnsSystem:
    name = "sns"
    seats = SEATS
    rules_version = RULES_VERSION
    in_place = False

    def initial(self, match_setup) -> State:
        return setup.initial_state(match_setup)

    def validate_setup(self, match_setup) -> None:
        refuse_unknown_settings(match_setup, setup.SETTINGS, setup.BASIC)
        setup.initial_state(match_setup)

    def with_defaults(self, match_setup) -> dict[str, Any]:
        """The setup with each setting it leaves out as the match plays it."""
        return setup.with_defaults(match_setup)

    def seat_warbands(self, match_setup) -> dict[str, Any]:
        """Each seat's army as the setup gives it (a rematch moves them with their
        players: server/rematch.py)."""
        return setup.seat_warbands(match_setup)

    def seek_class(self, army) -> int | None:
        """What two seekers' armies must share to be paired: their number of figures."""
        return setup.seek_class(army)

    def seat_warband(self, match_setup, seat: str, army) -> dict[str, Any]:
        """The setup with `seat`'s own army in it (create_match's `warbands`, a
        joiner's or a seeker's `warband`)."""
        return setup.seat_warband(match_setup, seat, army)

    def prompt(self, state: State) -> Prompt:
        return options.prompt(state)

    def decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        step = Stepper(state)
        if command.type == "concede":
            if state.phase == OVER:
                raise RulesError("match_over", "The match is over; no more commands are "
                                 "accepted.")
            if command.seat not in SEATS:
                raise RulesError("not_a_seat", f"{command.seat!r} is not a seat of this match.")
            winner = "b" if command.seat == "a" else "a"
            turns.end(step, dice, winner, f"{command.seat} conceded")
            return step.events
        check_prompt(self.prompt(state), command, turns.SEQUENCE)
        actions.act(step, command, dice)
        turns.advance(step, dice)
        return step.events

    def odds(self, state: State, command: Command) -> dict:
        """Exact odds of a shot or attack the seat could make now (odds.py)."""
        from server.rules.sns.odds import attack_odds
        return attack_odds(self.prompt(state), state, command)

    def evolve(self, state: State, event: Event) -> State:
        return evolve(state, event)

    def view(self, state: State, viewer: Viewer) -> dict:
        """The whole table; of the spells in hand ("Make a card for each spell")
        a side sees its own casters' cards and only how many the others hold."""
        hands = {uid: list(cards) if state.figure(uid).seat == viewer.seat else len(cards)
                 for uid, cards in state.hands}
        return {
            "hands": hands,
            "system": "sns", "turn": state.turn, "phase": state.phase,
            "first": state.first, "acting": state.acting, "last_turn": state.last_turn,
            "table": {"width": state.layout.width, "height": state.layout.height,
                      "unit": "tenth of an inch",
                      "terrain": [p.describe() for p in state.layout.terrain]},
            "figures": [{**asdict(f), **table_facts(f)} for f in state.figures],
            "spells": {name: spell_facts(name) for cards in hands.values()
                       if isinstance(cards, list) for name in cards},
            "declared": [list(d) for d in state.declared],
            "armies": dict(state.names),
            "winner": state.winner, "reason": state.reason,
            "aftermath": [dict(a) for a in state.aftermath],
        }

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        from server.rules.sns.victory import score
        return Result(state.winner, {s: score(state, s) for s in SEATS}, state.reason)

    def catalog(self, options) -> dict:
        """The lobby's `catalog` request: scenarios, table layouts, ready-made armies
        and what an army is built from (setup.py)."""
        return setup.catalog(options)

    def check_list(self, list_, options) -> dict:
        """The lobby's `check_list` request: an army list priced figure by figure
        and judged as the match's setup would judge it (army/builder.py)."""
        from server.rules.sns.army.builder import check_list
        return check_list(list_, options)

    def upcast(self, event: Event) -> Event:
        return event


def table_facts(figure) -> dict:
    """What a client draws beside a figure's base: its move and its missile
    weapon's range (short; long is double), in inches."""
    prof = figure_profile(figure)
    weapon = prof.ranged
    reach = (weapon.range or weapon.thrown) if weapon is not None else 0
    return {"move_inches": prof.move,
            "ranged": {"weapon": weapon.name, "range": reach} if reach else None}


def spell_facts(name: str) -> dict:
    """A spell card's printed words and the areas a client draws: range and
    radius in inches, "around" (every figure so near the caster), a cone."""
    spell = spells()[name]
    return {"printed": spell.printed, "range": spell.range, "radius": spell.radius,
            "around": spell.around, "cone": spell.cone}


SYSTEM = SnsSystem()
