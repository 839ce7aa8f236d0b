"""Movement on the hex board (seed 000, MOVEMENT and following sections).

A move action is a straight line: the hex line from the figure to the
destination (server.rules.board.hex.line), at most the figure's move length
(Short 4, Medium 7, Long 13 hexes). Through difficult ground or across a
linear obstacle the length drops one category; a Short mover then needs two
actions. A step (one hex) is always possible. Friends may be passed through
(not in cramped places) but not ended on; enemies may not be passed; moving
into contact with an active enemy stops the move there.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from server.rules.board.hex import Hex, distance, edge_key, neighbours
from server.rules.sbh.figures import Figure
from server.rules.sbh.ray_tables import (
    RayMasks,
    off_table,
    ray_masks,
    terrain_rays,
)
from server.rules.sbh.state import SbhState, remembered
from server.rules.sbh.terrain import (
    BLOCKED,
    BLOCKING_EDGES,
    MOVE_DOWNGRADE,
    RANGE,
    SLOWING,
    movement_classes,
)


def figures_next_to(state: SbhState, h: Hex) -> list[Figure]:
    """The figures on the table next to `h`, in the state's order (remembered
    while a prompt or a decide works on the state: moves ask it several times)."""
    return remembered(state, ("next to", h), lambda s: _next_to(s, h))


def _next_to(state: SbhState, h: Hex) -> list[Figure]:
    occupied = state.occupancy()
    found = [occupied[n] for n in neighbours(h) if n in occupied]
    if len(found) > 1:  # (in the state's order, as a scan of the figures gives them)
        order = remembered(state, "figure order",
                           lambda s: {fid: i for i, fid in enumerate(s.figures)})
        found.sort(key=lambda f: order[f.id])
    return found


def comes_into_contact(state: SbhState, fig: Figure, to: Hex) -> bool:
    """Seed 000, DASHING: "the same turn he comes in contact with an enemy": at
    `to` the figure touches an enemy it does not touch where it stands (a figure
    off the table, aboard its mount, touches none)."""
    here = fig.pos
    return any(e.seat != fig.seat and (here is None or distance(e.pos, here) > 1)
               for e in figures_next_to(state, to))


def contact_entry(state: SbhState, fig: Figure, to: Hex) -> dict:
    """`{"contact": True}` for the event of a jump, a jump down or a dismount that
    brings the figure into contact (DASHING, as a move's `contact`); empty
    otherwise, as those events were written before they carried it."""
    return {"contact": True} if comes_into_contact(state, fig, to) else {}


def enemies_in_contact(state: SbhState, fig: Figure, at: Hex | None = None,
                       *, active_only: bool = False) -> list[Figure]:
    at = fig.pos if at is None else at
    if at is None:
        return []
    seat = fig.seat
    return [e for e in figures_next_to(state, at) if e.seat != seat
            and (not active_only or (not e.fallen and e.transfixed_by is None))]


def move_destinations(state: SbhState, fig: Figure, actions: int) -> dict[Hex, int]:
    """Legal destinations of one move action and what each costs (1 or 2).

    A destination is legal when every hex of its line before the end can be
    passed (enterable, no enemy, no friend in a cramped hex, no contact with a
    new active enemy) and the end hex is enterable and empty. Keys are plain
    (q, r, s) tuples, equal to the corresponding `Hex`, in ray order.

    Rays are refused as bit masks (see ray_tables): the terrain near the
    mover, then each figure on the table, OR in the rays they refuse."""
    masks, excluded, doubled = _refused_rays(state, fig, actions)
    q0, r0 = fig.pos[0], fig.pos[1]
    s0 = -q0 - r0
    found = compress(masks.dests, _selected(masks, masks.every & ~excluded))
    if not doubled:
        return {(q0 + dq, r0 + dr, s0 - dq - dr): 1 for dq, dr in found}
    twice = set(compress(masks.dests, _selected(masks, doubled)))
    return {(q0 + dq, r0 + dr, s0 - dq - dr): 2 if (dq, dr) in twice else 1
            for dq, dr in found}


class HexList(Sequence):
    """The hexes at `offsets` from (q0, r0) as [q, r] lists, each made when
    read: a prompt lists a hundred move destinations, and a bot reads one."""

    __slots__ = ("offsets", "q0", "r0")

    def __init__(self, offsets: list[tuple[int, int]], q0: int, r0: int) -> None:
        self.offsets, self.q0, self.r0 = offsets, q0, r0

    def __len__(self) -> int:
        return len(self.offsets)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [[self.q0 + dq, self.r0 + dr] for dq, dr in self.offsets[index]]
        dq, dr = self.offsets[index]
        return [self.q0 + dq, self.r0 + dr]

    def __iter__(self):
        q0, r0 = self.q0, self.r0
        return iter([[q0 + dq, r0 + dr] for dq, dr in self.offsets])

    def __contains__(self, h) -> bool:
        try:
            return (h[0] - self.q0, h[1] - self.r0) in self.offsets
        except (TypeError, IndexError, KeyError):
            return False

    def __eq__(self, other) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented

    __hash__ = None  # (a list of hexes)

    def __repr__(self) -> str:
        return f"HexList({list(self)!r})"


def destination_lists(state: SbhState, fig: Figure, actions: int,
                      not_next_to=()) -> tuple[HexList, HexList]:
    """`move_destinations` as a prompt lists them: the [q, r] of the hexes
    one move action reaches for one action and for two, in the same order,
    leaving out the hexes next to any hex of `not_next_to` (built directly:
    prompts ask this most)."""
    masks, excluded, doubled = _refused_rays(state, fig, actions)
    q0, r0 = fig.pos[0], fig.pos[1]
    next_to = masks.next_to
    for h in not_next_to:
        excluded |= next_to.get((h[0] - q0, h[1] - r0), 0)
    one = list(compress(masks.dests, _selected(masks, masks.every & ~(excluded | doubled))))
    doubled &= ~excluded
    two = list(compress(masks.dests, _selected(masks, doubled))) if doubled else []
    return HexList(one, q0, r0), HexList(two, q0, r0)


_BITS = bytes.maketrans(b"01", b"\x00\x01")


def _selected(masks: RayMasks, mask: int) -> bytes:
    """Ray i's bit of `mask` at index i, as bytes 0 or 1 (for `compress`)."""
    return format(mask, f"0{len(masks.dests)}b")[::-1].encode().translate(_BITS)


def _refused_rays(state: SbhState, fig: Figure, actions: int) -> tuple[RayMasks, int, int]:
    """The ray masks for the figure's move length, the rays that give no
    destination, and those that cost two actions (see `move_destinations`)."""
    reach = RANGE[fig.move_category]
    masks = ray_masks(reach)
    flying = "Flying" in fig.rules
    if flying:  # it flies over terrain and lands on a hex of the table it may stand on
        excluded, doubled = _flight_refused(state.board, fig, masks), 0
    else:
        excluded, doubled = _terrain_costs(state.board, fig, masks, actions)
    return masks, excluded | _figures_refuse(state, fig, masks, flying), doubled


def _flight_refused(board, fig: Figure, masks: RayMasks) -> int:
    """The rays a flying figure may not take (seed 000, FLYING: "Flying models
    can freely move above obstacles ... always land at the end of their
    move"): those leaving the table, and those ending on ground it may not
    stand on (a building, deep water)."""
    q0, r0 = fig.pos[0], fig.pos[1]
    refused = off_table(masks, board, q0, r0)
    classes, ending = movement_classes(fig.rules), masks.ending
    for h, kind in board.terrain.items():
        if classes.get(kind, 0) == BLOCKED:
            refused |= ending.get((h[0] - q0, h[1] - r0), 0)
    return refused


def _terrain_costs(board, fig: Figure, masks: RayMasks, actions: int) -> tuple[int, int]:
    """The rays the terrain refuses from where `fig` stands (off the table, a
    hex it may not enter, a wall it may not cross, too slow to reach) and
    those that cost two actions."""
    full = fig.move_category
    reach = RANGE[full]
    q0, r0 = fig.pos[0], fig.pos[1]
    refused, slowed, from_contact = terrain_rays(masks, board, fig.rules, q0, r0, reach)
    refused |= off_table(masks, board, q0, r0)
    reduced = MOVE_DOWNGRADE[full]  # a slowed line drops one move category
    if reduced != "short2":
        slowed |= from_contact
    slowed &= ~refused
    if not slowed:
        return refused, 0
    if reduced == "short2":  # a Short mover pays two actions for it, if it has them
        return (refused, slowed) if actions >= 2 else (refused | slowed, 0)
    return refused | (slowed & masks.longer[RANGE[reduced]]), 0


def _figures_refuse(state: SbhState, fig: Figure, masks: RayMasks, flying: bool) -> int:
    """The rays the figures on the table refuse: no ending on a figure; no
    passing an enemy or a friend in a cramped hex, nor a hex next to an active
    enemy the mover was not already touching (seed 000, MOVING THROUGH
    FRIENDS; moving into contact ends a move). A flying mover cares only about
    the end, and passes figures except indoors (cramped hexes: no room to
    swoop over them)."""
    near = masks.figure_rays
    q0, r0 = fig.pos[0], fig.pos[1]
    seat = fig.seat
    cramped = state.board.cramped_hexes()
    start_contacts = neighbours(fig.pos)
    excluded = 0
    for e in state.on_table():
        p = e.pos
        found = near.get((p[0] - q0, p[1] - r0))
        if found is None:  # too far to matter
            continue
        ending, beyond, around = found
        excluded |= ending
        if flying:
            if p in cramped:
                excluded |= beyond
            continue
        if e.seat != seat or p in cramped:  # no passing it
            excluded |= beyond
        if (e.seat != seat and not e.fallen and e.transfixed_by is None
                and p not in start_contacts):  # contact with a new active enemy
            excluded |= around
    return excluded


def _cost(full: str, slow: bool, length: int, actions: int,
          from_contact: bool = False) -> int | None:
    """Actions a line of `length` hexes costs (None if out of reach): slowed
    lines drop one move category, and a Short mover pays two actions. A line
    that crosses a low wall or hedge on the start hex's side is slowed too,
    except for a Short mover: seed 000, LINEAR OBSTACLES ("Short needs two
    actions to move: on one action, the model stops in contact with the linear
    obstacle, and with the second action the model moves 1xShort from the
    other side"), so one already in contact crosses for one action."""
    reduced = MOVE_DOWNGRADE[full]
    if from_contact and reduced != "short2":
        slow = True
    if not slow:
        return 1
    reach = RANGE["short"] if reduced == "short2" else RANGE[reduced]
    cost = 2 if reduced == "short2" else 1
    return cost if length <= reach and (cost == 1 or actions >= 2) else None


def move_cost(state: SbhState, fig: Figure, to, actions: int) -> int | None:
    """What one move action to `to` costs (1 or 2), or None if it is not a
    legal destination: the same test as `move_destinations`, for one line only
    (checking a command should not cost as much as listing every option)."""
    if fig.pos is None or to is None:
        return None
    full = fig.move_category
    masks = ray_masks(RANGE[full])
    q0, r0 = fig.pos[0], fig.pos[1]
    bit = masks.ending.get((to[0] - q0, to[1] - r0))
    if bit is None:  # not within reach (or where it stands)
        return None
    flying = "Flying" in fig.rules
    if _figures_refuse(state, fig, masks, flying) & bit:
        return None
    path = masks.paths[bit.bit_length() - 1]
    slow = False
    if flying:
        board = state.board
        if off_table(masks, board, q0, r0) & bit or movement_classes(fig.rules).get(
                board.terrain.get(to), 0) == BLOCKED:
            return None
    else:
        board = state.board
        if off_table(masks, board, q0, r0) & bit:
            return None
        classes = movement_classes(fig.rules)
        terrain, edges = board.terrain, board.edges
        s0 = -q0 - r0
        prev = fig.pos
        from_contact = False
        for dq, dr in path:
            h = (q0 + dq, r0 + dr, s0 - dq - dr)
            how = classes.get(terrain.get(h), 0)
            if how == BLOCKED:
                return None
            kind = edges.get(edge_key(prev, h)) if edges else None
            if kind is not None:
                if board.blocks_move(prev, h, fig.rules):
                    return None
                if prev is fig.pos and kind not in BLOCKING_EDGES:
                    from_contact = True  # a low wall or hedge the figure touches
                else:
                    slow = True
            if how == SLOWING:
                slow = True
            prev = h
        return _cost(full, slow, len(path), actions, from_contact)
    return _cost(full, slow, len(path), actions)


def surely_movable(state: SbhState, fig: Figure) -> bool:
    """A cheap test that one move action of `fig` (not a Short mover with two
    actions: see `destination_lists`) reaches some hex for one action: a
    neighbouring hex on the table, empty, of ground it enters unslowed, with
    no obstacle on the side between. (A one-hex line passes no other hex, so
    no figure can refuse it.) False says nothing: list the moves to know."""
    board = state.board
    occupied = state.occupancy()
    classes, terrain, edges = movement_classes(fig.rules), board.terrain, board.edges
    here = fig.pos
    for h in neighbours(here):
        if (h not in occupied and board.contains(h) and not classes.get(terrain.get(h), 0)
                and not (edges and edge_key(here, h) in edges)):
            return True
    return False


def step_destinations(state: SbhState, fig: Figure) -> list[Hex]:
    """Seed 000, MINIMUM MOVEMENT: THE STEP: one base, whatever the terrain.
    (Remembered: the prompt lists them, checking a step looks here.)"""
    return remembered(state, ("steps", fig.id), lambda s: _step_destinations(s, fig))


def _step_destinations(state: SbhState, fig: Figure) -> list[Hex]:
    board = state.board
    occupied = state.occupancy()
    classes, terrain = movement_classes(fig.rules), board.terrain  # (`board.passable`)
    found = [h for h in neighbours(fig.pos) if h not in occupied and board.contains(h)
             and classes.get(terrain.get(h), 0) != BLOCKED]
    if board.edges:
        found = [h for h in found if not board.blocks_move(fig.pos, h, fig.rules)]
    return found


def free_move_allowed(state: SbhState, fig: Figure, threats: list | None = None) -> bool:
    """Seed 000, FREE MOVES: no active enemy within 2 x Long. `threats`: the
    hexes of those enemies (`free_move_threats`), when asked for several
    figures of one side."""
    return far_from_all(fig.pos, free_move_threats(state, fig.seat) if threats is None
                        else threats, 2 * RANGE["long"])


def far_from_all(h: Hex, hexes, reach: int) -> bool:
    """No hex of `hexes` within `reach` of `h` (distances inlined: the
    activation prompt asks this for every figure)."""
    q, r, s = h
    for p in hexes:
        if -reach <= p[0] - q <= reach and -reach <= p[1] - r <= reach \
                and -reach <= p[2] - s <= reach:
            return False
    return True


def far_from_all_test(hexes, reach: int):
    """`far_from_all(h, hexes, reach)` as a function of `h`, for asking it of
    many hexes: a hex outside the box that holds `hexes` widened by `reach` on
    some cube axis is far from all of them at once (the activation prompt asks
    it for every figure, and early on the warbands stand far apart)."""
    if not hexes:
        return lambda h: True
    qs, rs, ss = zip(*hexes, strict=True)
    low_q, low_r, low_s = min(qs) - reach, min(rs) - reach, min(ss) - reach
    high_q, high_r, high_s = max(qs) + reach, max(rs) + reach, max(ss) + reach

    def far(h: Hex) -> bool:
        q, r, s = h
        if not (low_q <= q <= high_q and low_r <= r <= high_r and low_s <= s <= high_s):
            return True
        return far_from_all(h, hexes, reach)
    return far


def free_move_threats(state: SbhState, seat: str) -> list[Hex]:
    """Where the enemies of `seat` that forbid a free move stand. Seed 000, FREE
    MOVES: "Transfixed, bound, chained and dead enemies do not count as
    'active' for purposes of this rule" -- a fallen enemy is not in that list,
    so unlike `Figure.active` it still counts here."""
    return [e.pos for e in state.figures.values()
            if e.seat != seat and e.status == "ready" and e.pos is not None
            and e.transfixed_by is None]


def can_move(fig: Figure) -> bool:
    """Transfixed figures cannot move; Slow figures move once a turn."""
    if fig.transfixed or fig.fallen or fig.greedy:
        return False
    return not (fig.has("Slow") and fig.moves >= 1)
