"""A finished ASOIAF match's facts for the replay page (the kernel's optional
`summary`): rounds played, each side's VP by where it came from, the models each
side lost (killed or captured) and the result. Read off the states before and
after each event (the caller folds the match); nothing here changes a state.
Rule module: reads state.py and the scoring modules, never imports system.py."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from server.rules.asoiaf import agendas, objectives
from server.rules.asoiaf.scenarios import Scenario
from server.rules.asoiaf.state import SEATS, Phase, State
from server.rules.asoiaf.victory import end_phase_vp
from server.rules.kernel import Event

# the sources, in the order the page lists them
SOURCES = ("objectives", "most copper and captives", "agendas", "plunder", "nemeses",
           "abilities and motivations", "end of round", "wipe-out", "concession", "other")


def _gained(before: State, after: State) -> dict[str, int]:
    return {seat: after.vp[seat] - before.vp[seat] for seat in SEATS
            if after.vp[seat] != before.vp[seat]}


def _end_phase_parts(before: State, scenario: Scenario, agenda_cards: Mapping,
                     types: Mapping[str, str]) -> list[tuple[str, dict[str, int]]]:
    """THE END PHASE's VP by part, as the table stood before the round's last event."""
    field = scenario.battlefield
    spots = frozenset(tuple(sq) for sq in field.objectives)
    parts = [("objectives", objectives.end_phase_vp(before, spots, scenario.victory.objective)),
             ("most copper and captives", end_phase_vp(before, scenario.victory))]
    if before.round >= before.rounds:
        zones = {colour: frozenset(tuple(sq) for sq in field.deployment_squares(colour))
                 for colour in ("gold", "silver")}
        parts.append(("agendas", agendas.score_last_round(before, agenda_cards, types, spots,
                                                          zones)))
    return parts


def _sources(event: Event, before: State, after: State, gained: dict[str, int],
             end_phase) -> list[tuple[str, str, int]]:
    """(seat, source, vp) for one event's VP."""
    ended_round = after.round > before.round or (after.phase == Phase.OVER
                                                 and before.phase != Phase.OVER)
    if after.phase == Phase.OVER and after.end_reason.endswith("conceded"):
        return [(seat, "concession", vp) for seat, vp in gained.items()]
    if event.type == "plundered":
        return [(seat, "plunder", vp) for seat, vp in gained.items()]
    if len(after.agendas_played) > len(before.agendas_played) and not ended_round:
        return [(seat, "agendas", vp) for seat, vp in gained.items()]
    nemeses = {nemesis for _, nemesis, _ in before.nemeses}
    if any(not before.model(uid).removed and after.model(uid).removed for uid in nemeses):
        return [(seat, "nemeses", vp) for seat, vp in gained.items()]
    # (the last deployment applies the start-of-game abilities that ask nothing)
    if event.type in ("ability_used", "motivation_used", "start_ability_used", "deployed",
                      "trigger_ability_used", "end_phase_ability_used"):
        return [(seat, "abilities and motivations", vp) for seat, vp in gained.items()]
    if not ended_round:
        return [(seat, "other", vp) for seat, vp in gained.items()]
    if any(not any(not m.removed for m in after.models_of(seat)) for seat in SEATS):
        return [(seat, "wipe-out", vp) for seat, vp in gained.items()]
    parts = end_phase()
    totals = {seat: sum(p.get(seat, 0) for _, p in parts) for seat in SEATS}
    if all(totals[seat] == gained.get(seat, 0) for seat in SEATS):
        return [(seat, name, vp) for name, part in parts for seat, vp in part.items() if vp]
    return [(seat, "end of round", vp) for seat, vp in gained.items()]  # (can't be split)


def summarise(steps: Iterable[tuple[Event, State, State]], scenario: Scenario,
              agenda_cards: Mapping, types: Mapping[str, str]) -> dict[str, Any]:
    """steps: each event with the state before and after it, in order."""
    vp = {seat: {} for seat in SEATS}
    last = None
    for event, before, after in steps:
        last = after
        gained = _gained(before, after)
        if not gained:
            continue
        for seat, source, points in _sources(
                event, before, after, gained,
                lambda before=before: _end_phase_parts(before, scenario, agenda_cards, types)):
            vp[seat][source] = vp[seat].get(source, 0) + points
    if last is None:
        return {"system": "asoiaf", "rounds_played": 0, "rounds": 0, "vp": {}, "lost": {},
                "sources": list(SOURCES)}
    lost = {seat: {"killed": sum(m.removed == "killed" for m in last.models_of(seat)),
                   "captured": sum(m.removed == "captured" for m in last.models_of(seat)),
                   "models": len(last.models_of(seat))} for seat in SEATS}
    return {"system": "asoiaf", "scenario": last.scenario, "rounds_played": last.round,
            "rounds": last.rounds,
            "vp": {seat: {"total": last.vp[seat], "by_source": vp[seat]} for seat in SEATS},
            "lost": lost,
            "sources": list(SOURCES)}
