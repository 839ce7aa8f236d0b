"""Build SBH states in the middle of a battle for rules tests.

Rules tests place figures directly (the set-up phases have their own tests)
and drive the engine only through `decide`, with scripted dice.
"""

from __future__ import annotations

from server.rules.board.hex import hex_at
from server.rules.checksum import state_digest
from server.rules.kernel import Command
from server.rules.runner import apply_command
from server.rules.sbh.figures import Figure, parse_rule
from server.rules.sbh.state import SbhState
from server.rules.sbh.system import SYSTEM
from server.rules.sbh.terrain import SbhBoard


def fig(fid: str, name: str, quality: int, combat: int, at, rules=(), points=30, **state):
    seat = fid[0]
    f = Figure(fid, seat, name, points, quality, combat, dict(parse_rule(r) for r in rules))
    f.pos = hex_at(*at)
    for key, value in state.items():
        setattr(f, key, value)
    return f


def battle(*figures: Figure, active: str = "a", size: int = 24, terrain=None, edges=None,
           **options) -> SbhState:
    board = SbhBoard(size, size, {hex_at(*k): v for k, v in (terrain or {}).items()},
                     {frozenset((hex_at(*a), hex_at(*b))): kind
                      for a, b, kind in (edges or ())},
                     {(hex_at(*a), hex_at(*b)): kind.split("_")[1]
                      for a, b, kind in (edges or ()) if kind.startswith("cliff_")})
    state = SbhState(options={"scenario": "all_out_battle", "points_limit": 300,
                              "turn_limit": 0} | options, board=board)
    state.figures = {f.id: f for f in figures}
    state.starting_counts = {s: sum(1 for f in figures if f.seat == s) for s in ("a", "b")}
    state.phase = "play"
    state.active_seat = active
    state.turn = 1
    return state


def act(state, seat: str, type_: str, dice, /, **args):
    """Apply one command; returns (new state, events). Checks on the way that
    `decide` left the state it was given as it was (journal.py)."""
    before = state_digest(state)
    try:
        new_state, applied = apply_command(SYSTEM, state, Command(seat, type_, args), dice)
    finally:  # refused or not
        assert state_digest(state) == before, "decide changed the state it was given"
    return new_state, [a.event for a in applied]


def types(events) -> list[str]:
    return [e.type for e in events if not e.type.startswith("pending_")]


def first(events, type_: str):
    return next(e for e in events if e.type == type_)


def h(q: int, r: int) -> list[int]:
    return [q, r]
