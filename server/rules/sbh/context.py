"""The working context of one `decide` call.

Rules code reads `ctx.state` and changes it only by `ctx.emit(...)`, which
records an event and applies it (through evolve) to the state, under an undo
journal (journal.py). So a chain of consequences (a kill, the morale test it
causes, the flight that follows) sees each step's effect, yet `decide` puts
the caller's state back as it was (`close(keep=False)`) and the events alone
reproduce everything. `close(keep=True)` keeps the changes instead: the
state is then the state after the events (`SYSTEM.apply_in_place`).
"""

from __future__ import annotations

from server.rules.dice import Dice
from server.rules.kernel import Event, RulesError
from server.rules.sbh.evolve import evolve_in_place, to_hex
from server.rules.sbh.journal import Journal
from server.rules.sbh.state import SbhState

# event type -> current version, when above 1 (evolve_setup.VERSIONED_EVOLVERS)
EVENT_VERSIONS: dict[str, int] = {"list_submitted": 2, "lists_revealed": 2}


class Ctx:
    __slots__ = ("state", "dice", "events", "journal", "outer_memo", "after", "checksums")

    def __init__(self, state: SbhState, dice: Dice, after=None) -> None:
        if state._journal is not None:  # another decide works on it: use a copy
            state = state.clone()
        self.state = state
        self.dice = dice
        self.events: list[Event] = []
        self.journal = Journal(state)
        self.outer_memo = state._memo
        if state._memo is None:  # derived values, for this call only (state.remembered)
            state._memo = {}
        self.after = after  # called with the state after each event (checksums)
        self.checksums: list = []

    def emit(self, type_: str, visible_to: tuple[str, ...] | None = None,
             redacted: dict | None = None, **data) -> Event:
        event = Event(type_, data, EVENT_VERSIONS.get(type_, 1), visible_to, redacted)
        self.events.append(event)
        evolve_in_place(self.state, event)
        if self.after is not None:
            self.checksums.append(self.after(self.state))
        return event

    def close(self, keep: bool) -> None:
        """Keep the events' changes to the state, or put it back as it was."""
        if keep:
            self.journal.commit()
            self.state._memo = None
        else:
            self.journal.rollback()
            self.state._memo = self.outer_memo

    def roll(self, count: int) -> list[int]:
        return list(self.dice.roll(count, 6)) if count else []

    def push(self, item: dict) -> None:
        self.emit("pending_pushed", item=item)

    def pop(self) -> None:
        self.emit("pending_popped")

    def replace_top(self, item: dict) -> None:
        self.emit("pending_replaced", item=item)


def illegal(message: str, passage: str = "", code: str = "illegal_command") -> RulesError:
    return RulesError(code, message, passage)


def hex_arg(value):
    """A hex argument, [q, r] (two integers), as a hex; refused (bad_hex) otherwise."""
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise illegal("A hex is given as [q, r] (two integers).", code="bad_hex")
    return to_hex(value)


def offered(specs: list, param: str, value, message: str, passage: str):
    """`value` if one of `specs` (the options a rule offers now) lists it under
    `param`; otherwise the command is refused with `message`."""
    if value is None or not any(value in spec.params.get(param, ()) for spec in specs):
        raise illegal(message, passage)
    return value
