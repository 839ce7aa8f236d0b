"""Scenario end conditions and victory points (seed 000, SCENARIOS).

Implemented: All-Out Battle. The game ends when one side is wiped out (all
its figures killed or routed off the table) at any moment, or when all of a
side's remaining figures are knocked down at the end of a turn, or when a
player concedes, or at the agreed turn limit (a match option, none by
default). Victory points: 1 per 20 points of defeated opponents (killed,
routed, or knocked down when counted).
"""

from __future__ import annotations

from server.rules.sbh.state import SEATS, SbhState, other

VP_DIVISOR = {"all_out_battle": 20}


def defeated_points(state: SbhState, seat: str) -> int:
    return sum(f.points for f in state.side(seat) if not f.on_table or f.fallen)


def victory_points(state: SbhState) -> dict[str, int]:
    divisor = VP_DIVISOR[state.options.get("scenario", "all_out_battle")]
    return {seat: defeated_points(state, other(seat)) // divisor for seat in SEATS}


def wiped_out(state: SbhState) -> list[str]:
    return [seat for seat in SEATS if not state.on_table(seat)]


def all_knocked_down(state: SbhState) -> list[str]:
    return [seat for seat in SEATS
            if state.on_table(seat) and all(f.fallen for f in state.on_table(seat))]


def winner_by_points(state: SbhState) -> str | None:
    vp = victory_points(state)
    if vp["a"] == vp["b"]:
        return None
    return "a" if vp["a"] > vp["b"] else "b"
