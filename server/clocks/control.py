"""A match's time control, as create_match asks for it and the store keeps it.

- none: casual, no clock.
- live: each seat a reserve (`initial` seconds) plus `increment` seconds each time
  its turn ends (the rules stop waiting for it), as chess's "20+20".
- correspondence: `days` for each decision; the deadline starts again whenever the
  rules start waiting for that seat (lichess's correspondence clock).

With `auto` (the default) the server ends a match whose running clock reaches zero;
without it, the opponent may claim the win (`claim_timeout`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from protocol.errors import ProtocolError

LIVE_INITIAL = (30, 3 * 3600)  # seconds: from half a minute to three hours
LIVE_INCREMENT = (0, 180)
CORRESPONDENCE_DAYS = (1, 14)
DAY = 86_400.0


@dataclass(frozen=True, slots=True)
class TimeControl:
    kind: str = "none"  # none, live, correspondence
    initial: float = 0.0  # live: each seat's reserve, seconds
    increment: float = 0.0  # live: added when the seat's turn ends, seconds
    days: int = 0  # correspondence: days for each decision
    auto: bool = True  # the server ends the match when a clock runs out

    @property
    def timed(self) -> bool:
        return self.kind != "none"

    @property
    def category(self) -> str:
        """The rating category (server.ratings): one rating per system and category."""
        return {"none": "standard"}.get(self.kind, self.kind)

    @property
    def per_decision(self) -> float:
        return self.days * DAY

    @property
    def first_decision_limit(self) -> float:
        """How long a match may wait for its first command before it is aborted,
        unrated: two minutes live (time to choose a list), a decision's days by post."""
        return self.per_decision if self.kind == "correspondence" else 120.0

    def to_wire(self) -> dict[str, Any]:
        if self.kind == "live":
            return {"kind": "live", "initial": self.initial, "increment": self.increment,
                    "auto": self.auto}
        if self.kind == "correspondence":
            return {"kind": "correspondence", "days": self.days, "auto": self.auto}
        return {"kind": "none"}

    def describe(self) -> str:
        """In words, for lists and headers: "20 min + 20 s", "3 days a move"."""
        if self.kind == "live":
            minutes = self.initial / 60
            reserve = f"{minutes:g} min" if self.initial >= 60 else f"{self.initial:g} s"
            return f"{reserve} + {self.increment:g} s"
        if self.kind == "correspondence":
            return f"{self.days} day{'s' if self.days != 1 else ''} a decision"
        return "no clock"


NONE = TimeControl()


def _number(wire: dict, name: str, bounds: tuple[float, float], unit: str) -> float:
    value = wire.get(name)
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not low <= value <= high:
        raise ProtocolError("invalid_time_control", f"The time control's {name} is a number "
                            f"of {unit} from {low:g} to {high:g}.")
    return float(value)


def parse(wire: Any) -> TimeControl:
    """create_match's `time_control`, checked: invalid_time_control says what is wrong."""
    if wire is None:
        return NONE
    if not isinstance(wire, dict):
        raise ProtocolError("invalid_time_control", "The time control is a map such as "
                            '{"kind": "live", "initial": 1200, "increment": 20}.')
    kind = wire.get("kind", "none")
    known = {"none": {"kind"}, "live": {"kind", "initial", "increment", "auto"},
             "correspondence": {"kind", "days", "auto"}}
    if kind not in known:
        raise ProtocolError("invalid_time_control", "The time control's kind is none, live "
                            "or correspondence.")
    extra = sorted(set(wire) - known[kind])
    if extra:
        raise ProtocolError("invalid_time_control", f"A {kind} time control has no "
                            f"{', '.join(extra)}.")
    auto = wire.get("auto", True)
    if not isinstance(auto, bool):
        raise ProtocolError("invalid_time_control", "The time control's auto is true or "
                            "false.")
    if kind == "live":
        return TimeControl("live", _number(wire, "initial", LIVE_INITIAL, "seconds"),
                           _number(wire, "increment", LIVE_INCREMENT, "seconds"), auto=auto)
    if kind == "correspondence":
        days = _number(wire, "days", CORRESPONDENCE_DAYS, "days")
        if days != int(days):
            raise ProtocolError("invalid_time_control", "A correspondence time control "
                                "counts whole days.")
        return TimeControl("correspondence", days=int(days), auto=auto)
    return NONE


def from_stored(wire: dict | None) -> TimeControl:
    """The store's copy (already checked when the match was created)."""
    return parse(wire) if wire else NONE
