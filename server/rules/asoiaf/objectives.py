"""Objectives (seed 004, OBJECTIVES TOKENS, OBJECTIVE CARDS, PLAYING THE GAME,
THE END PHASE): objective cards dealt face down, control by standing on the
square, and the end phase's VP. Rule module: reads state.py, never imports system.py.

"The 1st player shuffles the objective cards and keeps them face down. Their
opponent selects an objective at random, draws the top card of the deck and
place it next to the objective chosen": both choices are random, so one dealing
from the match's dice stands for them. Face down means nobody knows a card until
a model first stands on its objective (our reading, asoiaf.md): the card's
action is then usable, so its controller must read it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from server.rules.asoiaf.agendas import controlled, shuffled
from server.rules.asoiaf.state import SEATS, State, replace
from server.rules.dice import Dice

OBJECTIVES = "seed 004, OBJECTIVES TOKENS"


def deal(objectives: Sequence[tuple[int, int]], cards: Iterable[str],
         dice: Dice) -> list[list]:
    """One card per objective from the shuffled deck: [[x, y, card], ...]."""
    if not objectives:
        return []
    deck = shuffled(sorted(cards), dice)
    order = shuffled([f"{x},{y}" for x, y in objectives], dice)
    # a scenario with more objectives than the pack has cards leaves the rest bare
    return [[*map(int, key.split(",")), card] for key, card in zip(order, deck, strict=False)]


def place_cards(state: State, dealt: Iterable[Sequence]) -> State:
    return replace(state, objective_cards=tuple((x, y, card) for x, y, card in dealt))


def reveal_under(state: State, squares: Iterable[tuple[int, int]]) -> State:
    """Turn face up the card of every objective a model now stands on."""
    cards = {(x, y) for x, y, _ in state.objective_cards}
    now = {tuple(sq) for sq in squares} & cards
    if now <= state.objectives_revealed:
        return state
    return replace(state, objectives_revealed=state.objectives_revealed | frozenset(now))


def end_phase_vp(state: State, objectives: frozenset, per_objective: int) -> dict[str, int]:
    """"Each model that controls an objective scores 1 VP for their player";
    "Objectives are controlled or not, never contested"."""
    return {seat: per_objective * controlled(state, seat, objectives) for seat in SEATS
            if controlled(state, seat, objectives)}


def card_at(state: State, square: tuple[int, int]) -> str:
    return next((card for x, y, card in state.objective_cards if (x, y) == tuple(square)), "")
