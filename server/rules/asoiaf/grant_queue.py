"""Grants waiting their turn (seed 004, ABILITY 0, the WISE WORDS example: "may
perform 1 [move] immediately. If he does not, he forfeits this action"): an
ability granting an action, or moving a picked model, to several models (its
`count`, a grant and a move in one ability, a will test for each of several
models) gives each its own grant. The first waits in `State.granted` for its
player (granted.py); the others wait in `State.grants_queued` in the order the
ability gave them, each taking its place as the one before is performed or
forfeited ("immediately": one after the other, nothing else between them).
Rule module: reads state.py only."""

from __future__ import annotations

from server.rules.asoiaf.state import State, replace


def give(state: State, grant: tuple) -> State:
    """`grant` ((uid, action), or a picked model's move) now, or after those
    already waiting."""
    if not state.granted:
        return replace(state, granted=grant)
    return replace(state, grants_queued=state.grants_queued + (grant,))


def done(state: State) -> State:
    """The grant in `State.granted` performed or forfeited: the next takes its place."""
    waiting = state.grants_queued
    return replace(state, granted=waiting[0] if waiting else (), grants_queued=waiting[1:])
