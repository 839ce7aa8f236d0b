"""A match's start (seed 003, BASIC SCENARIO): both armies checked and priced
(army/check.py), the figures deployed along their own table edge facing the
enemy, the table laid out. Setup, from the lobby's options or directly:
{"armies": {"a": list, "b": list}, "last_turn": 12, "layout": "river_crossing"}.
Deployment is fixed, not chosen (docs/rules/sns.md, "Deployment")."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from server.rules.board.measured import INCH, inches
from server.rules.kernel import RulesError
from server.rules.sns.army.builder import builder_catalog
from server.rules.sns.army.catalog import load
from server.rules.sns.army.check import BASIC, check_army
from server.rules.sns.army.ready import army_list, ready_armies
from server.rules.sns.profile import profile, unit_types
from server.rules.sns.state import DEPLOY, SEATS, START, Figure, Layout, State
from server.rules.sns.table import DESCRIPTIONS, LAYOUTS

TABLE_INCHES = (36, 24)      # a 3' x 2' skirmish table (the seed gives no size)
DEPLOY_INCHES = 2            # from the own edge to the first rank's rims
ZONE_INCHES = 6              # chosen deployment: within 6" of the own edge
DEFAULT_LAST_TURN = 12       # the seed sets no turn limit (docs/rules/sns.md, "Victory")
DEFAULT_LAYOUT = "wood_and_boulder"
DEFAULT_DEPLOYMENT = "ranks"
MAX_LAST_TURN = 50

DEFAULT_ARMY_KEYS = {"a": "medieval-men", "b": "orcs"}  # (data/armies.toml)
DEFAULT_ARMIES = {seat: army_list(key) for seat, key in DEFAULT_ARMY_KEYS.items()}


def named_armies(match_setup: Mapping[str, Any]) -> Any:
    """The armies the setup names by seat (top level, else in its options): a map,
    possibly empty, or whatever else was sent (refused when the setup is checked)."""
    options = match_setup.get("options") or {}
    return match_setup.get("armies") or options.get("armies") or {}


def initial_state(setup: Mapping[str, Any]) -> State:
    options = {**(setup.get("options") or {}), **setup}
    named = named_armies(setup)
    if not isinstance(named, Mapping):
        raise RulesError("invalid_setup", "armies names an army list for each seat.", BASIC)
    extra = sorted(str(seat) for seat in named if seat not in SEATS)
    if extra:
        raise RulesError("invalid_setup", f"There is no seat {', '.join(extra)}: armies are "
                         f"named for the seats {' and '.join(SEATS)}.", BASIC)
    armies = {**DEFAULT_ARMIES, **named}  # (a seat nobody named plays its default)
    last_turn = options.get("last_turn", DEFAULT_LAST_TURN)
    if type(last_turn) is not int or not 1 <= last_turn <= MAX_LAST_TURN:
        raise RulesError("invalid_setup", f"The turn limit is a whole number from 1 to "
                         f"{MAX_LAST_TURN}.", BASIC)
    layout_name = options.get("layout", DEFAULT_LAYOUT)
    if layout_name not in LAYOUTS:
        raise RulesError("invalid_setup", f"There is no table layout {layout_name!r} "
                         f"(known: {', '.join(sorted(LAYOUTS))}).", BASIC)
    width, height = (inches(n) for n in TABLE_INCHES)
    layout = Layout(width, height, layout_name)
    deployment = options.get("deployment", DEFAULT_DEPLOYMENT)
    if deployment not in ("ranks", "chosen"):
        raise RulesError("invalid_setup", "Deployment is \"ranks\" (set for you) or "
                         "\"chosen\" (each side places its figures).", BASIC)
    figures, names = [], []
    for seat in SEATS:
        priced, problems = check_army(armies[seat])
        if problems:
            first = problems[0]
            raise RulesError("invalid_setup", f"Army {seat}: {first.message}", first.passage,
                             tuple(p.to_wire() for p in problems))
        figures += _deploy(seat, priced["units"], width, height)
        names.append((seat, priced["name"] or seat))
    return State(tuple(figures), layout, last_turn=last_turn, names=tuple(names),
                 phase=DEPLOY if deployment == "chosen" else START)


def _notes(name: str) -> str:
    try:
        return load().unit(name).notes
    except RulesError:
        return ""


def _deploy(seat: str, units: list[dict], width: int, height: int) -> list[Figure]:
    """Ranks along the seat's own edge (a the south, b the north), centred,
    half an inch between bases, facing the enemy's edge."""
    profiles = [profile(tuple(u["kit"]), _notes(u["name"])) for u in units]
    spacing = max(p.radius for p in profiles) * 2 + INCH // 2
    per_rank = max(1, (width - INCH) // spacing)
    figures = []
    for index, (unit, prof) in enumerate(zip(units, profiles, strict=True)):
        rank, file = divmod(index, per_rank)
        in_rank = min(per_rank, len(units) - rank * per_rank)
        x = width // 2 + (2 * file - in_rank + 1) * spacing // 2
        depth = inches(DEPLOY_INCHES) + spacing // 2 + rank * spacing
        y = height - depth if seat == "a" else depth
        figures.append(Figure(
            uid=f"{seat}{index + 1}", seat=seat, name=unit["name"], kit=tuple(unit["kit"]),
            cost=unit["cost"], x=x, y=y, facing=0 if seat == "a" else 180,
            radius=prof.radius, hits=prof.hits,
            types=unit_types(tuple(unit["kit"]), tuple(unit.get("types", ())),
                             _notes(unit["name"]))))
    return figures


def figure_profile(figure: Figure):
    return profile(figure.kit, _notes(figure.name))


SETTINGS = frozenset({"armies", "last_turn", "layout", "deployment"})


def with_defaults(match_setup: Mapping[str, Any]) -> dict[str, Any]:
    """The setup with each setting it leaves out as the match plays it (quick pairing
    pairs a seek naming 12 turns with one naming none)."""
    defaults = {"last_turn": DEFAULT_LAST_TURN, "layout": DEFAULT_LAYOUT,
                "deployment": DEFAULT_DEPLOYMENT}
    return {**match_setup, "options": defaults | dict(match_setup.get("options") or {})}


def seat_warbands(match_setup: Mapping[str, Any]) -> dict[str, Any]:
    """Each seat's army as the match plays it: the one named for it (top level or in
    the options), else its default; a rematch keeps each player's own with them."""
    named = named_armies(match_setup)
    if not isinstance(named, Mapping):
        return {}  # (refused as it is when the setup is checked, with its reason)
    return {seat: named.get(seat, copy.deepcopy(DEFAULT_ARMIES[seat])) for seat in SEATS} \
        | {seat: army for seat, army in named.items() if seat not in SEATS}


def seat_warband(match_setup: Mapping[str, Any], seat: str, army: Any) -> dict[str, Any]:
    """The setup with `seat`'s own army (a ready-made army's key, or a list as
    `armies` takes it: a joiner's, a seeker's), the other seat keeping the one named
    for it (or, named by nobody, its default when the match starts); judged when the
    setup is checked."""
    if isinstance(army, str):
        if army not in ready_armies():
            raise RulesError("invalid_setup", f"There is no ready-made army {army!r} (known: "
                             f"{', '.join(sorted(ready_armies()))}).", BASIC)
        army = army_list(army)
    named = named_armies(match_setup)
    if not isinstance(named, Mapping):
        return dict(match_setup)  # (not a map: refused as it is, with its reason)
    options = dict(match_setup.get("options") or {})
    return {**{k: v for k, v in match_setup.items() if k != "armies"},
            "options": {**options, "armies": {**named, seat: army}}}


def seek_class(army: Any) -> int | None:
    """What two seekers' armies must share to be paired (quick pairing: each brings
    their own): the number of figures, so a skirmish of three never meets an army of
    ten. None (no army named): the first seat's default."""
    if army is None:
        army = DEFAULT_ARMIES[SEATS[0]]
    elif isinstance(army, str):
        ready = ready_armies().get(army)
        return len(ready.units) if ready else None
    units = army.get("units") if isinstance(army, Mapping) else None
    return len(units) if isinstance(units, list) else None


def catalog(options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The lobby's `catalog` request: what a match may be created with (the
    scenario, its gold a side, the table layouts, the default first, and the
    ready-made armies with the seats' defaults), and what an army is built from
    (army/builder.py: the sample units and the kit of a unit of one's own)."""
    scenarios = load().scenarios
    layouts = sorted(LAYOUTS, key=lambda name: (name != "wood_and_boulder", name))
    return {"scenarios": [{"key": key, "name": s.name, "gold": s.gold}
                          for key, s in scenarios.items()],
            "layouts": [{"key": name, "name": DESCRIPTIONS[name]} for name in layouts],
            "armies": [{"key": army.key, "name": army.name, "figures": len(army.units),
                        "units": list(army.units)} for army in ready_armies().values()],
            "default_armies": dict(DEFAULT_ARMY_KEYS),
            "last_turn": DEFAULT_LAST_TURN, "max_last_turn": MAX_LAST_TURN,
            **builder_catalog()}
