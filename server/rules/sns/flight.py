"""Flyers in hand to hand (seed 003, TURN SEQUENCE, Polearm Attacks): "Flyers
must declare if they are engaging in HTH (otherwise they cannot be attacked by
nonflyers)". Each turn, before the polearm attacks, a flyer touching a
nonflying enemy declares whether it engages; one that charged this turn has
declared by charging. A flyer aloft neither attacks nor is attacked by
nonflyers in the polearm and HTH phases; flyers still fight flyers. The Fly
spell's target is a flyer while it lasts (docs/rules/sns.md, "Flying")."""

from __future__ import annotations

from server.rules.board.measured import in_contact
from server.rules.sns.movement import enemies_of, flies
from server.rules.sns.state import Figure, State


def grounded(state: State, figure: Figure) -> bool:
    """A flyer that cannot take to the air: knocked down, netted or held, dying
    ("Unit immobilized & will die in 1D6") or on a wall. It fights on the ground."""
    return (not figure.can_act or bool(figure.knocked_down)
            or figure.immobilized >= state.turn)


def engaged(state: State, figure: Figure) -> bool:
    """Whether the figure is in hand to hand with nonflyers this turn: every
    nonflyer is; a flyer when it charged, declared it, or is grounded."""
    return (not flies(state, figure) or bool(figure.charged)
            or figure.engaged == state.turn or grounded(state, figure))


def may_fight(state: State, one: Figure, other: Figure) -> bool:
    """Whether the two may attack each other hand to hand (base contact aside):
    flyers always fight flyers; otherwise both must be engaged."""
    if flies(state, one) and flies(state, other):
        return True
    return engaged(state, one) and engaged(state, other)


def must_declare(state: State, figure: Figure) -> bool:
    """A flyer that could stay aloft and touches a nonflying enemy: its player
    declares (the charge already did for one that charged)."""
    if (not figure.on_table or not flies(state, figure) or figure.charged
            or grounded(state, figure) or figure.engaged == state.turn):
        return False
    return any(in_contact(figure.base, e.base) and not flies(state, e)
               for e in enemies_of(state, figure))
