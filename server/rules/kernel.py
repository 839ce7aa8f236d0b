"""The rules kernel: the contract every rules system implements.

A rules system is a *decider* (the functional core of event sourcing). It never
does I/O, never reads a clock, never touches a global RNG, and does not know it
is on a network. The server only moves commands, events, prompts and views
between seats and the store; it never looks inside a system's state.

How a match runs, in kernel terms::

    state = system.initial(setup)                 # from the match settings
    while not system.is_over(state):
        prompt = system.prompt(state)             # who must decide now, and what they may do
        command = <from a seat named in prompt>   # thin clients and bots act only from prompts
        events = system.decide(state, command, dice)   # validate; roll; say what happened
        for event in events:
            state = system.evolve(state, event)   # pure, total, no dice: replay = fold(evolve)

Writing a new system (see `server.rules.sbh` for a full one, and
`tests/kernel_example.py` for a tiny one):

1. Define a state type. Keep it plain data (dataclasses, tuples, dicts, ints,
   strings, enums) so `server.rules.checksum.state_digest` can digest it.
   Either treat it as immutable (`evolve` returns a new state), or, where speed
   matters, let `evolve` update it in place and say so with `in_place = True`
   and a `clone(state)` method: callers that keep an old state (a snapshot, a
   spectator delay, `runner.apply_command`) clone it first. `decide` must never
   change the state it is given either way.
2. `decide` validates the command against the state and the prompt. An illegal
   command raises `RulesError` (stable code, a sentence a player understands,
   the seed passage enforced) and changes nothing. A legal one returns events.
   Every die rolled is drawn from the `dice` argument and written *into* an
   event, so `evolve` never needs dice and a replay never needs the seed.
   Decisions that belong to another seat mid-turn (SBH: where a recoiling
   model goes) are not taken by `decide`: it stops, the state records a pending
   decision, and `prompt` asks that seat.
3. `evolve` applies one event. It must be total for every event `decide` can
   produce, including older versions of an event (see `Event.v` and
   `RulesSystem.upcast`).
4. `prompt` derives the legal commands from the state: enumerated
   (`CommandSpec` with no params) or described by parameter sets ("move to any of
   these hexes") when enumeration would be huge. A parameter's values may be
   `Deferred`: worked out only if someone reads them.
5. `view` returns what one viewer may see; hidden facts (secret warband lists,
   ambush markers, hidden agendas) are removed. Events that carry secrets set
   `visible_to` and a `redacted` form; see `Event.for_viewer`.

The plain records (commands, events, viewers, results) are server.rules.records's and
the prompts' vocabulary server.rules.prompts's; both are re-exported here, where every
system and the server import them from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from server.rules.dice import Dice
from server.rules.prompts import (  # noqa: F401 (re-exported)
    CommandSpec,
    Decision,
    Deferred,
    Described,
    Prompt,
    check_prompt,
    is_subset_of,
)
from server.rules.records import (  # noqa: F401 (re-exported)
    SPECTATOR,
    Command,
    Event,
    Plain,
    Result,
    RulesError,
    Viewer,
    fast_init,
)


def refuse_unknown_settings(setup: Mapping[str, Any], known: frozenset[str],
                            passage: str) -> None:
    """RulesError('invalid_setup') naming the settings a system does not have, at the
    top level or in `options` (a system that ignored them would start another match
    than the one asked for, silently)."""
    options = setup.get("options") or {}
    names = {*setup, *(options if isinstance(options, Mapping) else ())} - {"options"}
    unknown = sorted(str(name) for name in names - known)
    if unknown:
        raise RulesError("invalid_setup", f"Invalid match settings: unknown setting(s) "
                         f"{', '.join(unknown)} (known: {', '.join(sorted(known))}).", passage)


@runtime_checkable
class RulesSystem(Protocol):
    """The contract. `name` is the system's registry key ("sbh", "asoiaf", "sns");
    `seats` names the seats in the order the lobby fills them; `decide` must accept
    Command(seat, "concede") from any seat while the match runs (the server's
    resign), ending the match in the other side's favour. A system may also
    offer `validate_setup(setup)`, raising RulesError("invalid_setup", ...) so the
    lobby refuses settings the rules cannot start; without it the lobby tries
    `initial(setup)`. A system may offer `odds(state, command)`: the exact
    outcome probabilities of a command before it is made (RulesError if it has
    none). A system whose players build army lists may offer `catalog(options)`
    (what lists are built from, priced) and `check_list(warband, options)`
    (a list judged as its set-up command would judge it, every problem with its
    reason), so clients never price or judge a list themselves; one whose
    warbands are part of the setup (ASOIAF's `options.warbands`, S&S's
    `options.armies`) offers `seat_warbands(setup)`, each seat's as played, so a
    rematch keeps each player's with the player, and `seat_warband(setup, seat,
    warband)`, the setup with that seat's own put in place (create_match's
    `warbands`, a joiner's or a seeker's `warband`; judged by `validate_setup`),
    and may offer `seek_class(warband)`: what two seekers' warbands must share to
    be paired (S&S: the number of figures).
    A system may offer `with_defaults(setup)`: the setup with each setting it
    leaves out as the match plays it (quick pairing compares seeks' settings so).
    A system may offer `summary(setup, events)`: a finished match's facts for the
    replay page (`get_summary`). A system whose states remember derived values for
    speed may offer `release(state)`: forget them (the server calls it once a
    command's prompt and views are sent, before the match waits for its next
    command); play must be the same with or without it.

    `rules_version` names what `decide` does: raised with every deliberate
    change of the events a command gives (a rule fixed), so a replay recorded
    under other rules is not mistaken for a tampered one (server/replays.py)."""

    name: str
    seats: tuple[str, ...]
    rules_version: int

    def initial(self, setup: Mapping[str, Plain]) -> Any:
        """The state before the first command, from the match settings (scenario,
        points limit, options, seats). Must be deterministic."""

    def decide(self, state: Any, command: Command, dice: Dice) -> list[Event]:
        """Validate `command` and return the events it causes, or raise RulesError.
        Must not mutate `state`. All randomness from `dice`, written into events."""

    def evolve(self, state: Any, event: Event) -> Any:
        """Apply one event; pure and total. Never rolls dice, never raises for an
        event that `decide` produced (of any version this system ever wrote)."""

    def prompt(self, state: Any) -> Prompt:
        """Who must decide now and their legal commands (empty when over)."""

    def view(self, state: Any, viewer: Viewer) -> dict[str, Plain]:
        """The state as `viewer` may see it, secrets redacted. Plain data."""

    def is_over(self, state: Any) -> bool:
        """True once the match has ended."""

    def result(self, state: Any) -> Result | None:
        """The result once over, else None."""

    def upcast(self, event: Event) -> Event:
        """Lift an event of an older version to the current one (identity if current)."""
