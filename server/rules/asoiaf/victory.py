"""Victory points and the result (seed 004, THE END PHASE and PLAYING THE GAME):
the end phase's VP (objectives, most copper, most captives, the last round's agendas), wipe-out,
concession and the winner."""

from __future__ import annotations

from collections.abc import Mapping

from server.rules.asoiaf import agendas, objectives
from server.rules.asoiaf.capture import most_captives
from server.rules.asoiaf.rounds import most_copper
from server.rules.asoiaf.scenarios import Scenario, Victory
from server.rules.asoiaf.state import SEATS, Phase, State, replace
from server.rules.kernel import Result


def end_phase_vp(state: State, victory: Victory) -> dict[str, int]:
    """"The player holding the most [copper] scores 1 VP"; "During the end phase,
    the player with the most captured enemy models scores 1 VP"."""
    richest = most_copper(state)
    gained = {richest: victory.most_copper} if richest else {}
    captor = most_captives(state)
    if captor:
        gained[captor] = gained.get(captor, 0) + victory.most_captives
    return gained


def end_phase_gains(state: State, scenario: Scenario, agenda_cards: Mapping,
                    types: Mapping[str, str]) -> dict[str, int]:
    """THE END PHASE: "Each model that controls an objective scores 1 VP ... The
    player holding the most [copper] scores 1 VP"; in the last round, the agendas
    ("In the end phase of the last round of the battle")."""
    spots = frozenset(tuple(sq) for sq in scenario.battlefield.objectives)
    parts = [end_phase_vp(state, scenario.victory),
             objectives.end_phase_vp(state, spots, scenario.victory.objective)]
    if state.round >= state.rounds:
        zones = {colour: frozenset(tuple(sq) for sq in
                                   scenario.battlefield.deployment_squares(colour))
                 for colour in ("gold", "silver")}
        parts.append(agendas.score_last_round(state, agenda_cards, types, spots, zones))
    return {seat: sum(p.get(seat, 0) for p in parts) for seat in SEATS}


def wiped_out(state: State) -> str:
    """The seat that has lost all its models (deployed or not), "" if none."""
    for seat in SEATS:
        if not any(not m.removed for m in state.models_of(seat)):
            return seat
    return ""


def wipe_out_vp(state: State, victory: Victory) -> int:
    """"The player with models left on the table scores 2 VP per round remaining
    including the current one"."""
    return victory.wipe_out_per_round * (state.rounds - state.round + 1)


CONCESSION_VP_PER_ROUND = 3


def concede(state: State, seat: str) -> State:
    """Seed 004, THE END PHASE: "If a player concedes, they lose and cannot score VP.
    Their opponent scores 3 VP for each round remaining, including the current one"."""
    winner = next(s for s in SEATS if s != seat)
    remaining = state.rounds - state.round + 1
    vp = {seat: 0, winner: state.vp[winner] + CONCESSION_VP_PER_ROUND * remaining}
    return replace(state, vp=vp, phase=Phase.OVER, winner=winner,
                   end_reason=f"{seat} conceded")


def result(state: State) -> Result:
    """"add all VP for each player ... and the player with the most VP wins"."""
    a, b = state.vp["a"], state.vp["b"]
    winner = None if a == b else ("a" if a > b else "b")
    reason = state.end_reason or ("most victory points" if winner else "draw")
    return Result(winner, dict(state.vp), reason)
