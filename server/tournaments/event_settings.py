"""A hosted event's settings: the pairing core's `EventSettings` plus how its matches
are made and run (rules system, scenario, points limit, clock, rated, round length,
list policy, registration window, check-in, what decides a game past round time, when
a no-show forfeits). Parsed from create_event's `settings` map; every problem is a
ProtocolError (`invalid_event`) whose sentence says what to change."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from protocol.errors import ProtocolError
from server.tournaments.format import EventSettings, TournamentError

SERVED_FORMATS = ("swiss", "round_robin", "knockout", "pools_knockout", "double_elimination",
                  "swiss_knockout")
TIMEOUT_RULES = ("points", "draw")  # the scenario's victory points at that moment, or a draw
LIST_POLICIES = ("open", "hidden")  # lists shown from registration, or once a round starts


@dataclass(frozen=True)
class ServedSettings:
    pairing: EventSettings
    scenario: str | None = None
    # a scenario a round, round 1's first (rounds past the list: `scenario`)
    round_scenarios: list[str] = field(default_factory=list)
    points_limit: int | None = None
    board_size: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    time_control: dict[str, Any] | None = None
    rated: bool = False
    round_length: float = 3600.0  # seconds from a round's start to its decision
    start_delay: float = 0.0  # seconds between pairing a round and starting it (re-pairing)
    list_policy: str = "open"
    registration_opens: float | None = None  # unix seconds; None: from creation
    registration_closes: float | None = None  # None: until the event starts
    check_in: bool = False  # round 1 pairs only checked-in entries
    timeout_rule: str = "points"
    no_show_after: float | None = None  # seconds into a round; None: no forfeit
    max_players: int = 256
    pool_size: int = 4  # pools then knockout: players a pool (the remainder spread over them)
    pool_qualifiers: int = 2  # ... and how many of each pool go through to the knockout
    cut: int = 8  # Swiss then knockout: the top `cut` of the Swiss standing go through
    # unix seconds each round may start at, round 1 first: a round is paired at its time
    # or when the previous one ends, whichever is later (rounds past the list: at once)
    round_starts: list[float] = field(default_factory=list)

    def scenario_of(self, round_number: int) -> str | None:
        """The scenario round `round_number` plays: its own, else the event's."""
        if 1 <= round_number <= len(self.round_scenarios):
            return self.round_scenarios[round_number - 1]
        return self.scenario

    def to_wire(self) -> dict[str, Any]:
        wire = {k: v for k, v in asdict(self).items() if k != "pairing"}
        pairing = asdict(self.pairing)
        pairing["tie_breaks"] = list(self.pairing.tie_breaks)
        pairing["forbidden_groups"] = [sorted(g) for g in self.pairing.forbidden_groups]
        return {**pairing, **wire}


PAIRING_FIELDS = {f.name for f in fields(EventSettings)}
MATCH_FIELDS = {f.name for f in fields(ServedSettings)} - {"pairing"}


def parse(wire: dict[str, Any]) -> ServedSettings:
    unknown = sorted(set(wire) - PAIRING_FIELDS - MATCH_FIELDS)
    if unknown:
        raise _bad(f"Unknown event setting {unknown[0]!r}.")
    pairing = {k: v for k, v in wire.items() if k in PAIRING_FIELDS}
    if "tie_breaks" in pairing:
        pairing["tie_breaks"] = tuple(_strings(pairing["tie_breaks"], "tie_breaks"))
    if "forbidden_groups" in pairing:
        groups = pairing["forbidden_groups"]
        if not isinstance(groups, list):
            raise _bad("forbidden_groups is a list of lists of player account ids.")
        pairing["forbidden_groups"] = tuple(frozenset(_strings(g, "forbidden_groups"))
                                            for g in groups)
    try:
        core = EventSettings(**pairing)
    except TournamentError as invalid:
        raise _bad(invalid.message) from None
    except TypeError:
        raise _bad("An event setting has the wrong kind of value.") from None
    rest = {k: v for k, v in wire.items() if k in MATCH_FIELDS}
    settings = ServedSettings(pairing=core, **rest)
    _check(settings)
    return settings


def _check(s: ServedSettings) -> None:
    if s.pairing.format not in SERVED_FORMATS:
        raise _bad(f"Hosted events run {', '.join(SERVED_FORMATS)}; {s.pairing.format!r} "
                   "is not hosted yet.")
    if s.timeout_rule not in TIMEOUT_RULES:
        raise _bad("timeout_rule is 'points' (the scenario's points when time runs out) or "
                   "'draw'.")
    if s.list_policy not in LIST_POLICIES:
        raise _bad("list_policy is 'open' or 'hidden' (lists shown once a round starts).")
    numbers = {"round_length": s.round_length, "start_delay": s.start_delay}
    if s.no_show_after is not None:
        numbers["no_show_after"] = s.no_show_after
    for name, value in numbers.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise _bad(f"{name} is a number of seconds, 0 or more.")
    if s.round_length <= 0:
        raise _bad("round_length must be more than 0 seconds.")
    if not isinstance(s.options, dict) or not isinstance(s.rated, bool) \
            or not isinstance(s.check_in, bool):
        raise _bad("options is a map; rated and check_in are true or false.")
    if not isinstance(s.max_players, int) or not 2 <= s.max_players <= 1024:
        raise _bad("max_players is from 2 to 1024.")
    if any(isinstance(n, bool) or not isinstance(n, int) for n in (s.pool_size,
                                                                  s.pool_qualifiers)) \
            or not 2 <= s.pool_size <= 64 or not 1 <= s.pool_qualifiers <= s.pool_size:
        raise _bad("pool_size is from 2 to 64 players, and pool_qualifiers from 1 to the "
                   "pool size.")
    if isinstance(s.cut, bool) or not isinstance(s.cut, int) or not 2 <= s.cut <= 1024:
        raise _bad("cut is how many of the Swiss standing go through to the knockout, "
                   "from 2 to 1024.")
    if not isinstance(s.round_scenarios, list) or not all(
            isinstance(name, str) and name for name in s.round_scenarios):
        raise _bad("round_scenarios is a list of scenario names, round 1's first.")
    starts = s.round_starts
    if not isinstance(starts, list) or any(isinstance(t, bool) or not isinstance(t, int | float)
                                           for t in starts):
        raise _bad("round_starts is a list of start times in unix seconds, round 1 first.")
    if s.pairing.format == "swiss" and len(starts) > s.pairing.rounds:
        raise _bad(f"round_starts gives {len(starts)} start times for a Swiss of "
                   f"{s.pairing.rounds} rounds.")
    if any(later < earlier for earlier, later in zip(starts, starts[1:], strict=False)):
        raise _bad("round_starts must not go back in time: each round starts at or after "
                   "the one before.")
    window = [w for w in (s.registration_opens, s.registration_closes) if w is not None]
    if any(isinstance(w, bool) or not isinstance(w, int | float) for w in window):
        raise _bad("The registration window is given in unix seconds.")
    if len(window) == 2 and window[0] > window[1]:
        raise _bad("Registration must open before it closes.")


def in_swiss(settings: ServedSettings, number: int) -> bool:
    """Is round `number` a Swiss round (a Swiss, or the Swiss before a top cut)?"""
    fmt = settings.pairing.format
    return fmt == "swiss" or (fmt == "swiss_knockout" and number <= settings.pairing.rounds)


def from_stored(wire: dict[str, Any]) -> ServedSettings:
    return parse(wire)


def _strings(value: Any, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _bad(f"{name} is a list of names.")
    return value


def _bad(sentence: str) -> ProtocolError:
    return ProtocolError("invalid_event", sentence)
