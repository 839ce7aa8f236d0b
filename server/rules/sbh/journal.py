"""Undo journal: lets `decide` work on the state it is given and put it back.

`decide` must leave its input state as it found it, yet the rules need to see
each event's effect before taking the next step. Copying the whole state
(every figure) for each command cost more than most commands' rules, so
instead the working context journals the state: it notes, before the first
change, the state's fields, the contents of its containers, the activation,
and each figure that `evolve` is about to change (evolve_common.changing and
touch, through which the evolvers reach every figure they change).
`rollback` then puts back every value in place, so objects keep their
identity and anyone holding one sees it as it was; `commit` keeps the changes
(the events are applied).

Only the evolvers change a state, so this is the complete list of what can
change: its fields (rebound), the dicts and the pending list below (changed in
place), the Activation (changed in place) and figures (changed in place).
tests/sbh/test_journal.py checks that a journaled `decide` leaves the state's
checksum and views unchanged over whole games.
"""

from __future__ import annotations

from server.rules.sbh.figures import Figure
from server.rules.sbh.state import (
    SbhState,
    activation_values,
    restore_activation,
    restore_state,
    state_values,
)


class Journal:
    __slots__ = ("state", "fields", "dicts", "pending", "group", "activation", "figures")

    def __init__(self, state: SbhState) -> None:
        self.state = state
        self.fields = state_values(state)  # every field's value now (shallow)
        # the contents of the dicts, the pending list and the group that evolve.py
        # changes in place (the fields above hold the objects themselves)
        self.dicts = (state.figures.copy(), state.commitments.copy(),
                      state.secret_lists.copy(), state.starting_counts.copy(),
                      state.commanders.copy(), state.markers.copy())
        self.pending = [*state.pending]
        self.group = None if state.group is None else state.group.copy()
        act = state.activation
        self.activation = None if act is None else activation_values(act)
        self.figures: dict[int, tuple[Figure, Figure]] = {}  # id() -> (figure, as it was)
        state._journal = self

    def touch(self, fig: Figure) -> None:
        """`fig` is about to change: remember it as it is (the first time)."""
        if id(fig) not in self.figures:
            self.figures[id(fig)] = (fig, fig.clone())

    def rollback(self) -> None:
        """Put every value back where it was, in the same objects."""
        state = self.state
        restore_state(state, self.fields)
        state._packed = None  # (figures digested since the decide began are put back)
        for fig, was in self.figures.values():
            was.copy_into(fig)
        for d, was in zip((state.figures, state.commitments, state.secret_lists,
                           state.starting_counts, state.commanders, state.markers),
                          self.dicts, strict=True):
            if d != was:
                d.clear()
                d.update(was)
        if state.pending != self.pending:
            state.pending[:] = self.pending
        if state.group is not None and state.group != self.group:
            state.group.clear()
            state.group.update(self.group)
        if state.activation is not None:
            restore_activation(state.activation, self.activation)
        state._journal = None

    def commit(self) -> None:
        """Keep the changes."""
        self.state._journal = None
