"""BASIC SCENARIO's end ("The first side to lose all its leaders or suffer 50%
casualties will abandon the field"), the turn limit, and AFTER THE BATTLE's
casualty rolls (seed 003)."""

from __future__ import annotations

from server.rules.dice import Dice
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import SEATS, State, other

ABANDON = "seed 003, BASIC SCENARIO"
# AFTER THE BATTLE: each lost figure's fate on a D100, by upper bound.
WINNERS = ((25, "dead/missing"), (60, "routed"), (100, "wounded"))
LOSERS = ((40, "dead/missing"), (55, "captured"), (70, "wounded & captured"),
          (85, "routed"), (100, "wounded"))
RETURN = ("routed", "wounded")  # "Routed & Wounded units return to their armies"


def lost(state: State, seat: str) -> list:
    """A side's casualties: killed, fled off the table, or dying."""
    return [f for f in state.side(seat) if f.dead or f.fled or f.mortal]


def abandons(state: State, seat: str) -> str | None:
    side = state.side(seat)
    casualties = len(lost(state, seat))
    if 2 * casualties >= len(side):
        return "suffered 50% casualties"
    leaders = [f for f in side if figure_profile(f).leader]
    if leaders and all(f.dead or f.fled or f.mortal for f in leaders):
        return "lost all its leaders"
    return None


def score(state: State, seat: str) -> int:
    """Gold of the enemy's casualties."""
    return sum(f.cost for f in lost(state, other(seat)))


def verdict(state: State, turn_over: bool) -> tuple[str | None, str] | None:
    """(winner or None for a draw, reason), or None while the battle goes on."""
    gone = {seat: abandons(state, seat) for seat in SEATS}
    if gone["a"] and gone["b"]:
        return None, f"both sides abandon the field (a {gone['a']}, b {gone['b']})"
    for seat in SEATS:
        if gone[seat]:
            return other(seat), f"{seat} {gone[seat]} and abandons the field"
    if turn_over and state.turn >= state.last_turn:
        share = {s: len(lost(state, s)) * 100 // len(state.side(s)) for s in SEATS}
        if share["a"] == share["b"]:
            return None, f"turn {state.last_turn} ended with equal losses"
        winner = "a" if share["a"] < share["b"] else "b"
        return winner, f"turn {state.last_turn} ended; {other(winner)} lost more ({share})"
    return None


def aftermath(state: State, winner: str | None, dice: Dice) -> list[dict]:
    """AFTER THE BATTLE: every lost figure rolls D100 on its side's table (a
    draw: both sides roll as winners; docs/rules/sns.md, "After the battle")."""
    rolls = []
    for seat in SEATS:
        table = LOSERS if winner == other(seat) else WINNERS
        for figure in lost(state, seat):
            (roll,) = dice.roll(1, 100)
            fate = next(name for top, name in table if roll <= top)
            rolls.append({"figure": figure.uid, "roll": roll, "fate": fate,
                          "returns": fate in RETURN})
    return rolls
