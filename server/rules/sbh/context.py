"""The working context of one `decide` call.

Rules code reads `ctx.state` and changes it only by `ctx.emit(...)`, which
records an event and applies it (through evolve) to a private copy of the
state. So a chain of consequences (a kill, the morale test it causes, the
flight that follows) sees each step's effect, yet `decide` leaves the caller's
state untouched and the events alone reproduce everything.
"""

from __future__ import annotations

from server.rules.dice import Dice
from server.rules.kernel import Event, RulesError
from server.rules.sbh.evolve import evolve_in_place
from server.rules.sbh.state import SbhState

EVENT_VERSIONS: dict[str, int] = {}  # event type -> current version, when above 1


class Ctx:
    __slots__ = ("state", "dice", "events")

    def __init__(self, state: SbhState, dice: Dice) -> None:
        self.state = state.clone()
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, type_: str, visible_to: tuple[str, ...] | None = None,
             redacted: dict | None = None, **data) -> Event:
        event = Event(type_, data, EVENT_VERSIONS.get(type_, 1), visible_to, redacted)
        self.events.append(event)
        evolve_in_place(self.state, event)
        return event

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


def offered(specs: list, param: str, value, message: str, passage: str):
    """`value` if one of `specs` (the options a rule offers now) lists it under
    `param`; otherwise the command is refused with `message`."""
    if value is None or not any(value in spec.params.get(param, ()) for spec in specs):
        raise illegal(message, passage)
    return value
