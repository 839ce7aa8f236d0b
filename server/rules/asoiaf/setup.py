"""Setting a match up (seed 004, PLAYING THE GAME): the two warbands from the
match setup, the scenario's coins, the d10 roll-off rerolling ties, and the
book's deployment order. Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from server.rules.asoiaf import equipment
from server.rules.asoiaf.cards.loader import load_pack
from server.rules.asoiaf.scenarios import packaged_scenarios
from server.rules.asoiaf.state import SEATS, Model, Purse, State, replace
from server.rules.asoiaf.warband import DEFAULT_PACK, check_list, preset, preset_keys
from server.rules.dice import Dice
from server.rules.kernel import RulesError

PLAYING = "seed 004, PLAYING THE GAME"
SETTINGS = frozenset({"scenario", "warbands"})
DEFAULT_SCENARIO = "learn_to_play"
# seed 004: "both players must start by placing all their heroes, then all
# their champions, and finally all their soldiers"
DEPLOYMENT_ORDER = ("hero", "champion", "soldier")


def resolve_warband(entry: Any, size: str) -> dict:
    """A seat's warband: a ready-made warband's key, or a list the checker
    accepts at the scenario's size. Anything else is refused with the checker's
    first reason."""
    if isinstance(entry, str):
        found = preset(entry)
        if found is None:
            raise RulesError("unknown_warband", f"There is no ready-made warband {entry!r}.",
                             PLAYING)
        entry = found
    checked = check_list(entry, {"size": size})
    if not checked["valid"]:
        first = checked["problems"][0]
        raise RulesError("illegal_warband", f"That warband can't be played at {size}: "
                         f"{first['message']}", first.get("passage", PLAYING))
    return checked


def initial_state(setup: Mapping[str, Any]) -> State:
    """The state before the roll-off: both warbands off the battlefield, each
    player holding the scenario's coins ("A player that didn't spend all the
    allotted coins ... still has access to the full number of coins")."""
    scenarios = packaged_scenarios()
    # the lobby puts its fields under "options" (server/lobby.py build_setup)
    options = setup.get("options") or {}
    key = setup.get("scenario") or options.get("scenario") or DEFAULT_SCENARIO
    if key not in scenarios:
        raise RulesError("unknown_scenario", f"There is no scenario {key!r}; "
                         f"choose one of {', '.join(sorted(scenarios))}.", PLAYING)
    scenario = scenarios[key]
    size = "-".join(map(str, scenario.coins))
    # a seat named by nobody (the creator named theirs, the joiner none) plays its default
    warbands = setup.get("warbands") or options.get("warbands") or {}
    if not isinstance(warbands, Mapping):  # (bad input, e.g. create_match's options)
        raise RulesError("invalid_setup", "warbands is a map of seat to a ready-made "
                         "warband's key or a list.", PLAYING)
    extra = sorted(str(seat) for seat in warbands if seat not in SEATS)
    if extra:  # (a warband nobody would play: a mistake worth saying)
        raise RulesError("invalid_setup", f"There is no seat {', '.join(extra)}: warbands "
                         f"are named for the seats {' and '.join(SEATS)}.", PLAYING)
    pack = load_pack(DEFAULT_PACK)
    models: list[Model] = []
    defaults = default_warbands(size)
    for seat in SEATS:
        checked = resolve_warband(warbands.get(seat, defaults[seat]), size)
        for index, picked in enumerate(checked["models"], start=1):
            card = pack.models[picked["card"]]
            model = Model(f"{seat}{index}", card.name, seat, card.wounds, large=card.large,
                          equipment=picked["equipment"] or "")
            models.append(replace(model, wounds_left=card.wounds
                                  + equipment.extra_wounds(pack, model)))
    gold, silver, copper = scenario.coins
    return State(scenario.id, scenario.rounds, tuple(models),
                 {seat: Purse(gold, silver, copper) for seat in SEATS},
                 {seat: copper for seat in SEATS})


def seat_warbands(setup: Mapping[str, Any]) -> dict[str, Any]:
    """Each seat's warband as the match plays it: the one named for it, else the
    default (`default_warbands`); a rematch keeps each player's own with them."""
    options = setup.get("options") or {}
    named = setup.get("warbands") or options.get("warbands") or {}
    key = setup.get("scenario") or options.get("scenario") or DEFAULT_SCENARIO
    scenario = packaged_scenarios().get(key) if isinstance(key, str) else None
    if not isinstance(named, Mapping) or scenario is None:
        return dict(named) if isinstance(named, Mapping) else {}  # (refused when checked)
    defaults = default_warbands("-".join(map(str, scenario.coins)))
    return {seat: named.get(seat, defaults[seat]) for seat in SEATS}


def with_defaults(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The setup with each setting it leaves out as the match plays it: its scenario."""
    options = dict(setup.get("options") or {})
    return {**setup, "options": {"scenario": setup.get("scenario") or DEFAULT_SCENARIO}
            | options}


def seat_warband(setup: Mapping[str, Any], seat: str, warband: Any) -> dict[str, Any]:
    """The setup with `seat`'s own warband in `options.warbands` (a joiner's or a
    seeker's replaces any the creator named for that seat); judged when the setup is
    checked."""
    options = dict(setup.get("options") or {})
    named = options.get("warbands")
    named = dict(named) if isinstance(named, Mapping) else {}
    return {**setup, "options": {**options, "warbands": {**named, seat: warband}}}


def default_warbands(size: str) -> dict[str, str]:
    """A seat's warband when no one names it (neither create_match's `warbands`
    nor the joiner's `join` `warband`): the first two ready-made warbands of the
    scenario's size, by key, seat a the first (our choice, asoiaf.md "The game
    engine")."""
    keys = preset_keys(size)
    return {SEATS[0]: keys[0], SEATS[1]: keys[1 % len(keys)]}


def roll_off(dice: Dice) -> tuple[tuple[tuple[int, int], ...], str]:
    """seed 004: "each player rolling a [d10], rerolling ties. The player who
    rolled highest" chooses. Returns every pair rolled (for the event) and the
    winning seat."""
    rolls = []
    while True:
        pair = dice.roll(2, 10)
        rolls.append((pair[0], pair[1]))
        if pair[0] != pair[1]:
            return tuple(rolls), SEATS[0] if pair[0] > pair[1] else SEATS[1]


def deployment_queue(state: State, seat: str, types: Mapping[str, str]) -> tuple[str, ...]:
    """The uids of `seat`'s models still to place, heroes first, then champions,
    then soldiers; `types` maps card name to its type."""
    waiting = [m for m in state.models_of(seat) if m.square is None and not m.removed]
    waiting.sort(key=lambda m: DEPLOYMENT_ORDER.index(types[m.card]))
    return tuple(m.uid for m in waiting)
