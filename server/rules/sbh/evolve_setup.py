"""`evolve` for the set-up and the scenarios' objects (lists, roles, terrain,
edges, deployment, initiative; tokens, treasure, magic item, Place of Power,
Ambush markers): see evolve.py."""

from __future__ import annotations

from collections.abc import Callable

from server.rules.board.hex import Hex
from server.rules.sbh.commanders import first_commander
from server.rules.sbh.evolve_common import changing as _fig
from server.rules.sbh.evolve_common import spend as _spend
from server.rules.sbh.evolve_common import to_hex
from server.rules.sbh.figures import figure_from_entry
from server.rules.sbh.state import SEATS, SbhState, other, turn_start_positions
from server.rules.sbh.terrain import SbhBoard, layout_hex


def _list_submitted(s: SbhState, d: dict) -> None:
    """Version 1 (rules version 2 and before): the list alone is kept, and the
    checksums recorded since say so."""
    s.commitments[d["seat"]] = d["commitment"]
    if "list" in d:
        s.secret_lists[d["seat"]] = d["list"]


def _list_submitted_v2(s: SbhState, d: dict) -> None:
    """Version 2 keeps the salt with the list, for the reveal (setup.kept_list)."""
    s.commitments[d["seat"]] = d["commitment"]
    if "list" in d:
        s.secret_lists[d["seat"]] = {"list": d["list"], "salt": d["salt"]}


def _lists_revealed(s: SbhState, d: dict) -> None:
    for seat in SEATS:
        for index, entry in enumerate(d["lists"][seat]["models"], start=1):
            fig = figure_from_entry(f"{seat}{index}", seat, entry)
            s.figures[fig.id] = fig
        s.starting_counts[seat] = len(d["lists"][seat]["models"])
        commander = first_commander(seat, d["lists"][seat])
        if commander is not None:
            s.commanders[seat] = commander
    s.secret_lists = {}
    s.phase = "roles"


def _scenario_rolled(s: SbhState, d: dict) -> None:
    s.options = dict(s.options, scenario=d["scenario"])  # (a new map: clones share it)


def _commander_named(s: SbhState, d: dict) -> None:
    s.commanders[d["seat"]] = d["figure"]


def _roles_rolled(s: SbhState, d: dict) -> None:
    s.role_chooser = d["winner"]


def _role_chosen(s: SbhState, d: dict) -> None:
    s.attacker = d["seat"] if d["role"] == "attacker" else other(d["seat"])
    s.phase = "terrain"


def _terrain_laid(s: SbhState, d: dict) -> None:
    width, height = s.board.width, s.board.height

    def cell(pair) -> Hex:  # (the layout's own hex: shared, not a match's copy)
        return layout_hex(width, height, pair[0], pair[1])

    terrain = {layout_hex(width, height, q, r): kind for q, r, kind in d["terrain"]}
    edges = {frozenset((cell(a), cell(b))): kind for a, b, kind in d.get("edges", ())}
    drops = {(cell(a), cell(b)): kind.split("_")[1]
             for a, b, kind in d.get("edges", ()) if kind.startswith("cliff_")}
    s.board = SbhBoard(width, height, terrain, edges, drops)
    needs_step = s.options.get("scenario") in (
        "treasure_hunt", "quest_for_a_magic_item", "place_of_power")
    s.phase = "scenario" if needs_step else "edge"


def _place_nominator_rolled(s: SbhState, d: dict) -> None:
    s.place_nominator = d["seat"]


def _place_nominated(s: SbhState, d: dict) -> None:
    s.place_of_power = frozenset(to_hex(h) for h in d["hexes"])
    s.phase = "edge"


def _token_placed(s: SbhState, d: dict) -> None:
    s.tokens = s.tokens + (to_hex(d["to"]),)
    if len(s.tokens) == 3:
        s.phase = "edge"


def _token_removed(s: SbhState, d: dict) -> None:
    at = to_hex(d["at"])
    s.tokens = tuple(t for t in s.tokens if t != at)


def _treasure_found(s: SbhState, d: dict) -> None:
    s.tokens = ()
    s.treasure_at = to_hex(d["at"])


def _treasure_picked_up(s: SbhState, d: dict) -> None:
    s.treasure_carrier = d["figure"]
    s.treasure_at = None
    _spend(s, d)


def _magic_item_found(s: SbhState, d: dict) -> None:
    s.magic_item = {k: v for k, v in d.items() if k not in ("figure", "dice")}


def _magic_item_spent(s: SbhState, d: dict) -> None:
    s.magic_item = dict(s.magic_item, spent=True)


def _strength_spent(s: SbhState, d: dict) -> None:
    s.magic_item = dict(s.magic_item, strength=d["left"], spent=d["left"] == 0)


def _item_given(s: SbhState, d: dict) -> None:
    s.treasure_carrier = d["to"]
    _spend(s, d)


def _treasure_escaped(s: SbhState, d: dict) -> None:
    fig = _fig(s, d["figure"])
    s.treasure_escaped_by = fig.seat
    s.treasure_carrier = None
    fig.status = "escaped"
    fig.pos = None
    _spend(s, d)


def _marker_placed(s: SbhState, d: dict) -> None:
    s.markers[d["marker"]] = {"at": to_hex(d["at"]), "figure": d["figure"]}


def _marker_revealed(s: SbhState, d: dict) -> None:
    item = s.markers.pop(d["marker"])
    if item["figure"] is not None:
        _fig(s, item["figure"]).pos = to_hex(d["at"])


def _markers_cleared(s: SbhState, d: dict) -> None:
    for marker in d["markers"]:
        s.markers.pop(marker, None)


def drop_treasure(s: SbhState, fig) -> None:
    """A carrier that dies or flees drops the treasure where it stood."""
    if s.treasure_carrier == fig.id:
        s.treasure_carrier = None
        s.treasure_at = fig.pos


def _edge_chosen(s: SbhState, d: dict) -> None:
    s.attacker_edge = d["edge"]
    s.phase = "deploy"


def _deployed(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).pos = to_hex(d["to"])


def _side_deployed(s: SbhState, d: dict) -> None:
    s.deployed = s.deployed + (d["seat"],)


def _initiative(s: SbhState, d: dict) -> None:
    s.phase = "play"
    s.active_seat = d["winner"]
    s.turn = 1
    s.turn_start = {d["winner"]: turn_start_positions(s)}


SETUP_EVOLVERS: dict[str, Callable[[SbhState, dict], None]] = {
    "list_submitted": _list_submitted,
    "lists_revealed": _lists_revealed,
    "scenario_rolled": _scenario_rolled,
    "roles_rolled": _roles_rolled,
    "role_chosen": _role_chosen,
    "terrain_laid": _terrain_laid,
    "edge_chosen": _edge_chosen,
    "place_nominator_rolled": _place_nominator_rolled,
    "place_nominated": _place_nominated,
    "token_placed": _token_placed,
    "marker_placed": _marker_placed,
    "marker_revealed": _marker_revealed,
    "markers_cleared": _markers_cleared,
    "token_removed": _token_removed,
    "treasure_found": _treasure_found,
    "treasure_picked_up": _treasure_picked_up,
    "treasure_escaped": _treasure_escaped,
    "item_given": _item_given,
    "magic_item_found": _magic_item_found,
    "magic_item_spent": _magic_item_spent,
    "strength_spent": _strength_spent,
    "deployed": _deployed,
    "side_deployed": _side_deployed,
    "initiative_rolled": _initiative,
    "commander_named": _commander_named,
}
# (type, version) -> evolve, for an event type whose version 2 or later is applied
# differently from its version 1 (evolve.evolve_in_place).
VERSIONED_EVOLVERS: dict[tuple[str, int], Callable[[SbhState, dict], None]] = {
    ("list_submitted", 2): _list_submitted_v2,
    ("lists_revealed", 2): _lists_revealed,  # (added the salts and commitments)
}
