"""The Ambush scenario's hidden markers (seed 000, AMBUSH).

"the defender places markers instead of placing models ... two markers per
model in his warband ... within 1 X Short distance from the player's baseline
and/or within the terrain feature which is closest to the defender's
baseline. During play, whenever a marker is attacked, or whenever an opponent
moves within 1 X Long from the marker, or whenever the defender rolls to
activate it, the defender must reveal whether the marker is real ... or ...
a "dummy" ... When all the figures in the warband are on the table, remove any
remaining markers."

Which figure (if any) stands behind each marker is a secret of the defender:
the placing event shows it only to the defender; everyone sees the marker.
Hidden figures have no hex until revealed. Markers cannot be targeted
directly: an enemy that could reach one has come within Long of it first,
which reveals it.
"""

from __future__ import annotations

from server.rules.board.hex import distance, within
from server.rules.kernel import CommandSpec
from server.rules.sbh import swarms
from server.rules.sbh.combat import hex_list
from server.rules.sbh.context import hex_arg, illegal
from server.rules.sbh.deployment import edge_of, roll_off
from server.rules.sbh.state import SbhState, other
from server.rules.sbh.terrain import LONG, SHORT
from server.rules.sbh.terrain_layout import features

AMBUSH = "seed 000, AMBUSH"
DUMMY = "dummy"


def active(state: SbhState) -> bool:
    return state.options.get("scenario") == "ambush"


def defender(state: SbhState) -> str:
    return other(state.attacker)


def marker_zone(state: SbhState) -> list:
    side = edge_of(state, defender(state))
    board = state.board
    taken = {m["at"] for m in state.markers.values()} | set(state.occupancy())
    zone = {h for h in board.hexes() if board.edge_distance(h, side) <= SHORT}
    groups = [g for _, g in features(dict(board.terrain))]
    if groups:
        closest = min(groups, key=lambda g: (min(board.edge_distance(h, side) for h in g),
                                             sorted(g)))
        zone |= closest
    return sorted(h for h in zone if h not in taken and board.passable(h, {}))


def unassigned(state: SbhState) -> tuple[list[str], int]:
    """Figures still to hide behind a marker, and dummies still to place."""
    seat = defender(state)
    used = {m["figure"] for m in state.markers.values()}
    figures = [f.id for f in state.side(seat) if f.id not in used]
    dummies = len(state.side(seat)) - sum(1 for m in state.markers.values()
                                         if m["figure"] is None)
    return figures, dummies


def marker_decisions(state: SbhState) -> dict[str, list[CommandSpec]]:
    figures, dummies = unassigned(state)
    zone = marker_zone(state)
    free, swarms_hidden = [], {}
    for f in figures:
        bases = swarm_markers(state, state.figures[f])
        if bases:
            swarms_hidden.setdefault(state.figures[f].name, (bases, []))[1].append(f)
        else:
            free.append(f)
    specs = []
    if free or dummies:
        specs.append(CommandSpec("place_marker", "Place a marker (secretly a figure or a "
                                 "dummy)", params={"hides": free + ([DUMMY] if dummies else []),
                                                   "to": hex_list(zone)}))
    for name, (bases, hidden) in swarms_hidden.items():
        specs.append(CommandSpec("place_marker", f"Place a marker hiding a base of your {name} "
                                 "Swarm, touching a marker hiding another", params={
                                     "hides": hidden,
                                     "to": hex_list(swarms.nearest_to_swarm(zone, bases))}))
    return {defender(state): specs}


def swarm_markers(state: SbhState, fig) -> list:
    """Where the markers hiding the other bases of `fig`'s Swarm stand (seed 000,
    SWARM: "the 'two or more bases in a Swarm' condition must be met at
    deployment": a Swarm hides behind touching markers)."""
    if not fig.has("Swarm"):
        return []
    return [m["at"] for m in state.markers.values() if m["figure"] is not None
            and swarms.of_its_swarm(fig, state.figures[m["figure"]])]


def do_place_marker(ctx, seat: str, args: dict) -> None:
    s = ctx.state
    figures, dummies = unassigned(s)
    hides, to = args.get("hides"), args.get("to")
    if hides not in figures and not (hides == DUMMY and dummies):
        raise illegal("Hide one of your figures not yet placed, or a dummy.", AMBUSH)
    zone = marker_zone(s)
    if hex_arg(to) not in set(zone):
        raise illegal("Markers go within 1 x Short of your edge or in the terrain feature "
                      "closest to it.", AMBUSH, code="bad_hex")
    bases = [] if hides == DUMMY else swarm_markers(s, s.figures[hides])
    if bases and hex_arg(to) not in swarms.nearest_to_swarm(zone, bases):
        raise illegal(f"A marker hiding a {s.figures[hides].name} base goes touching a marker "
                      "hiding another base of its Swarm (or, if no free hex of the zone "
                      "touches one, as near to one as the zone allows).", swarms.SWARM,
                      code="swarm_apart")
    marker = f"m{len(s.markers) + 1}"
    figure = None if hides == DUMMY else hides
    ctx.emit("marker_placed", visible_to=(seat,),
             redacted={"seat": seat, "marker": marker, "at": [to[0], to[1]]},
             seat=seat, marker=marker, at=[to[0], to[1]], figure=figure)
    figures, dummies = unassigned(s)
    if not figures and not dummies:
        ctx.emit("side_deployed", seat=seat)
        if len(s.deployed) == 2:
            roll_off(ctx, "initiative_rolled")


def reveal(ctx, marker: str, why: str) -> str | None:
    """Reveal a marker; returns the figure placed, or None for a dummy. A Swarm
    base comes out with its whole Swarm (docs/rules/sbh.md, Deploying a Swarm):
    the markers hiding its other bases are revealed with it."""
    s = ctx.state
    figure = _reveal_one(ctx, marker, why)
    if figure is not None and s.figures[figure].has("Swarm"):
        for other in sorted(m for m, item in s.markers.items() if item["figure"] is not None
                            and swarms.of_its_swarm(s.figures[figure], s.figures[item["figure"]])):
            if other in s.markers:  # (not cleared meanwhile)
                _reveal_one(ctx, other, "its Swarm was revealed")
    return figure


def _reveal_one(ctx, marker: str, why: str) -> str | None:
    s = ctx.state
    item = s.markers[marker]
    figure = item["figure"]
    at = item["at"]
    if figure is not None:
        at = _place(s, s.figures[figure], at)
    ctx.emit("marker_revealed", marker=marker, figure=figure, at=[at[0], at[1]], reason=why)
    seat = defender(s)
    if s.markers and all(f.pos is not None or f.status != "ready" for f in s.side(seat)):
        ctx.emit("markers_cleared", markers=sorted(s.markers))
    return figure


def _place(state: SbhState, fig, at):
    """Where a revealed figure is put: on its marker, or, if someone stands there,
    the nearest free hex beside it; a Swarm base where it touches a base of its
    Swarm already revealed if one is there (seed 000, SWARM: "must keep adjacent
    to at least another swarm base"), the nearest such hex to its marker."""
    occupied = state.occupancy()
    for keeping in (True, False):  # (no free hex touching its Swarm: the nearest free)
        for radius in range(max(state.board.width, state.board.height)):
            ring = sorted(h for h in within(at, radius) if distance(h, at) == radius
                          and state.board.passable(h, {}) and h not in occupied
                          and (not keeping or swarms.keeps_coherency(state, fig, h)))
            if ring:
                return ring[0]
    return at


def reveal_near(ctx, mover) -> None:
    """An opponent moved: reveal every marker within Long of it."""
    s = ctx.state
    if not s.markers or mover.seat == defender(s) or mover.pos is None:
        return
    for marker in sorted(s.markers):
        if marker in s.markers and distance(s.markers[marker]["at"], mover.pos) <= LONG:
            reveal(ctx, marker, "an enemy came within Long")


def activation_options(state: SbhState) -> list[CommandSpec]:
    if not state.markers or state.active_seat != defender(state):
        return []
    return [CommandSpec("activate_marker", "Activate a marker (reveals it), 1-3 dice",
                        params={"marker": sorted(state.markers), "dice": [1, 2, 3]})]


def hidden_figures(state: SbhState, seat: str) -> int:
    return sum(1 for m in state.markers.values()
               if m["figure"] is not None and state.figures[m["figure"]].seat == seat)


def view(state: SbhState, seat: str | None) -> list[dict]:
    """Markers as `seat` may see them: the hidden figure only for its owner."""
    out = []
    for marker, item in sorted(state.markers.items()):
        entry = {"marker": marker, "at": [item["at"][0], item["at"][1]]}
        if seat is not None and seat == defender(state):
            entry["hides"] = item["figure"] or DUMMY
        out.append(entry)
    return out
