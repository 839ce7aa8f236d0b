"""The ASOIAF battlefield (seed 004, THE BATTLEFIELD, TERRAIN, DOORS AND WINDOWS,
TERRAIN ZONES, WALLS, DEPLOYMENT ZONE, OBJECTIVES TOKENS, PLUNDER TOKENS).

A battlefield is 7x7 tiles put side by side, with what the scenario places on
them: walls, doors and windows on walls, terrain zones (a terrain over an area
of squares), the gold and silver deployment zones, objectives and plunder
tokens. Geometry is server.rules.board.square's; this module only decides which
sides are walled for movement and for sight (doors and windows change that with
their state) and which terrain lies where. Terrain effects are the engine's.
The data files are read by `tiles.py` and `scenarios.py`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property

from server.rules.board.square import Square, SquareBoard, SquareKind, distance, wall_key

# Doors and windows and what each state lets through (docs/rules/asoiaf.md,
# "Doors and windows"): (blocks movement, blocks sight).
OPENING_STATES = {
    "door": {"open": (False, False), "closed": (True, True), "barred": (True, True),
             "broken": (False, False)},
    "window": {"intact": (True, False), "broken": (False, False)},
}
# The door tokens of the card pack (data/packs/core/terrains.toml) and the state
# each is: flipping a token ("flip_terrain") changes the door's state.
DOOR_CARDS = {"Wooden Door": "closed", "Open Door": "open", "Barred Door": "barred",
              "Broken Door": "broken"}
DEPLOYMENT_COLOURS = ("gold", "silver")
# What a scenario may hide under a Dead Leaves token (TERRAINS, DEAD LEAVES).
UNDER_LEAVES = ("ditch_with_stakes", "nothing")
# seed 004, PLUNDER TOKENS: one "scores 2 VP and gains 1" coin, the other "scores 2
# VP, draw 1 agenda card".
PLUNDER_KINDS = ("coin", "agenda")


@dataclass(frozen=True)
class Terrain:
    """A terrain of the book: the square kind it makes its squares (None: the
    tile's own) and its interact mark ("must", "may" or None: seed 004, TERRAIN,
    "A model that enters a square marked must interact ... marked may choose")."""
    name: str
    kind: SquareKind | None
    mark: str | None
    passage: str
    card: str | None = None  # its terrain card in the pack, when it has one


# Every terrain seed 004 names, in its TERRAINS section and in its examples. Those
# with rules text have a card in the pack (its effects); the rest are only square
# kinds and zones ("Rocks, trees, bushes and rivers are square types and zones").
TERRAINS = {t.name: t for t in (
    Terrain("high_ground", None, None, "TERRAINS, HIGH GROUND", "High Ground"),
    Terrain("big_corpse_pile", SquareKind.BLOCKED, "may", "TERRAINS, BIG CORPSE PILE",
            "Big Corpse Pile"),
    Terrain("dead_leaves", SquareKind.OPEN, "must", "TERRAINS, DEAD LEAVES", "Dead Leaves"),
    Terrain("ditch_with_stakes", SquareKind.OPEN, "must", "TERRAINS, DITCH WITH STAKES",
            "Ditch with Stakes"),
    Terrain("bonfire", SquareKind.OPEN, "must", "MOVEMENT, the bonfire", "Bonfire"),
    Terrain("large_tree", SquareKind.BLOCKED_X, None, "THE BATTLEFIELD, 2x2 large tree"),
    Terrain("rocks", SquareKind.BLOCKED_X, None, "MOVEMENT, the two rocks"),
    Terrain("bush", SquareKind.OPEN_X, None, "THE BATTLEFIELD, the bush"),
    Terrain("river", SquareKind.OPEN, None, "TERRAIN ZONES and LARGE MODEL MOVEMENT, river"),
    Terrain("moat", SquareKind.BLOCKED, None, "BLOCKED-dot, a moat, a deep river"),
)}


@dataclass(frozen=True)
class Opening:
    """A door or a window on the side between two squares (seed 004, DOORS AND
    WINDOWS: "placed over walls")."""
    side: frozenset
    kind: str
    state: str

    @property
    def card(self) -> str | None:
        """The pack's terrain card for this door's token (windows have none)."""
        return next((name for name, state in DOOR_CARDS.items()
                     if self.kind == "door" and state == self.state), None)

    @property
    def blocks_movement(self) -> bool:
        return OPENING_STATES[self.kind][self.state][0]

    @property
    def blocks_sight(self) -> bool:
        return OPENING_STATES[self.kind][self.state][1]


@dataclass(frozen=True)
class TerrainZone:
    """A terrain over an area of squares (seed 004, TERRAIN ZONES: "All squares
    within the zone ... share the same terrain zone rules"); a single terrain
    piece is a zone of its squares."""
    terrain: str
    squares: frozenset
    # Dead Leaves: what lies under the token ("ditch_with_stakes" or "nothing";
    # seed 004, TERRAINS, DEAD LEAVES: "flip this token. If it is a Ditch with Stakes")
    under: str = ""

    @property
    def rules(self) -> Terrain:
        return TERRAINS[self.terrain]


@dataclass(frozen=True)
class Battlefield:
    width: int
    height: int
    kinds: dict = field(default_factory=dict)  # Square -> SquareKind, after terrain
    walls: frozenset = frozenset()  # wall_key of plain walls
    openings: tuple = ()  # Opening
    zones: tuple = ()  # TerrainZone
    deployment: dict = field(default_factory=dict)  # colour -> tuple of frozenset areas
    objectives: tuple = ()  # Square
    plunder: dict = field(default_factory=dict)  # Square -> plunder kind

    # -- the two geometries (a battlefield never changes: flipping a token makes a
    # new one, so each is built once) -------------------------------------------------
    @cached_property
    def movement(self) -> SquareBoard:
        """Walls for moving, and for contact ("They block movement, line of
        sight, being engaged, being in contact"): every wall and every door or
        window whose state stops a model."""
        walls = self.walls | {o.side for o in self.openings if o.blocks_movement}
        return SquareBoard(self.width, self.height, self.kinds, frozenset(walls))

    @cached_property
    def sight(self) -> SquareBoard:
        walls = self.walls | {o.side for o in self.openings if o.blocks_sight}
        return SquareBoard(self.width, self.height, self.kinds, frozenset(walls))

    def kind(self, sq: Square) -> SquareKind:
        return self.kinds.get(Square(*sq), SquareKind.OPEN)

    def line_of_sight(self, a: Square, b: Square, blockers: Iterable[Square] = ()) -> bool:
        return self.sight.line_of_sight(a, b, blockers)

    def sees(self, first, second, blockers=()) -> bool:
        return self.sight.sees(first, second, blockers)

    def in_contact(self, first, second, blockers=()) -> bool:
        """Seed 004, CONTACT: adjacent with LoS. An intact window lets sight
        through but is still a wall for contact (our reading, asoiaf.md)."""
        if blockers:
            return self.movement.in_contact(first, second, blockers)
        # no model in the way: from each square's contacts, worked out once (the
        # same test: adjacent, and a line between the two squares alone)
        mine = [Square(*sq) for sq in first]
        return any(sq in self.contact_neighbours(Square(*theirs))
                   for theirs in second for sq in mine)

    @cached_property
    def _contacts(self) -> dict:
        return {}

    @cached_property
    def _deployment_squares(self) -> dict:
        return {}

    def contact_neighbours(self, sq: Square) -> frozenset:
        """The squares from which a model on one square is in contact with `sq` (the
        battlefield never changes, so each square's are worked out once)."""
        found = self._contacts.get(sq)
        if found is None:
            found = self._contacts[sq] = frozenset(
                n for n in self.movement.neighbours(sq)
                if self.movement.in_contact([n], [sq]))
        return found

    def engaged(self, model: Iterable[Square], enemies: Iterable[Iterable[Square]],
                blockers: Iterable[Square] = ()) -> bool:
        """Seed 004, ENGAGED: "A model in contact with an enemy model is engaged"."""
        mine = list(model)
        return any(self.in_contact(mine, list(enemy), blockers) for enemy in enemies)

    # -- compulsory moves (seed 004, ABILITIES SPECIAL RULES) ----------------------
    def away_squares(self, start: Square, budget: int, source: Iterable[Square],
                     occupied: Iterable[Square] = (), friends: Iterable[Square] = ()
                     ) -> list[Square]:
        """AWAY: "An enemy model forced to move away must end this compulsory move as
        far away as possible from the model who initiated the away action. If for
        any reason there aren't any OPEN squares available, the model is not
        moved." The squares within `budget` steps farthest (in squares) from the
        source's squares; just `start` when none is farther."""
        origin = list(source)
        reach = self.movement.reachable(start, budget, occupied, friends)

        def gap(sq):
            return min(distance(sq, o) for o in origin)
        best = max(gap(sq) for sq in reach)
        if best <= gap(start):
            return [Square(*start)]
        return sorted(sq for sq in reach if gap(sq) == best)

    def towards_squares(self, start: Square, budget: int, target: Iterable[Square],
                        occupied: Iterable[Square] = (), friends: Iterable[Square] = ()
                        ) -> list[Square]:
        """TOWARDS: "A model required to move towards another model must travel the
        shortest distance to end in contact with the model that initiated the
        towards movement. This may mean going around obstacles or other models."
        The free squares in contact with the target the fewest steps away; when
        none is within `budget`, the squares `budget` steps along such a shortest
        way (our reading: it comes as close as its move allows). Empty when no way
        leads into contact."""
        goal = list(target)
        blockers = set(occupied) | set(friends) | set(goal)
        unlimited = self.width * self.height
        steps = self.movement.reachable(start, unlimited, set(occupied) | set(goal), friends)
        contact = {sq for sq in steps if self.in_contact([sq], goal, blockers - {sq})}
        if not contact:
            return []
        nearest = min(steps[sq] for sq in contact)
        if nearest <= budget:
            return sorted(sq for sq in contact if steps[sq] == nearest)
        back = _steps_from(self.movement, [sq for sq in contact if steps[sq] == nearest],
                           set(occupied) | set(goal))
        return sorted(sq for sq, n in steps.items()
                      if n == budget and back.get(sq) == nearest - budget)

    # -- terrain --------------------------------------------------------------------
    def zone_at(self, sq: Square) -> TerrainZone | None:
        for zone in self.zones:
            if Square(*sq) in zone.squares:
                return zone
        return None

    def terrain_of_step(self, a: Square, b: Square, passed: Square | None = None,
                        occupied: Iterable[Square] = ()) -> list[str]:
        """The terrains a step applies: the square entered's, and for a diagonal
        the side square the player chose to pass through (seed 004, MOVEMENT:
        "must choose 1 of the 2 squares that compose that diagonal and apply all
        terrain effects from that square"). `occupied`: squares of models the
        step cannot pass (enemies; a friend's square may be passed)."""
        if a[0] != b[0] and a[1] != b[1]:
            options = self.movement.diagonal_passages(a, b, frozenset(occupied))
            if passed is None or Square(*passed) not in options:
                raise ValueError(f"a diagonal step from {tuple(a)} to {tuple(b)} passes "
                                 f"through one of {[tuple(s) for s in options]}")
        names = []
        for sq in ([passed] if passed is not None else []) + [b]:
            zone = self.zone_at(sq)
            if zone is not None:
                names.append(zone.terrain)
        return names

    # -- doors and windows ----------------------------------------------------------
    def interact_squares(self, opening: Opening) -> frozenset:
        """Seed 004, DOORS AND WINDOWS: "They can be interacted with from any of the
        adjacent squares": the six squares touching the side, either side of it."""
        s1, s2 = sorted(opening.side)
        if s1.x != s2.x:  # a vertical side: three rows, two columns
            cells = {Square(x, s1.y + dy) for x in (s1.x, s2.x) for dy in (-1, 0, 1)}
        else:
            cells = {Square(s1.x + dx, y) for y in (s1.y, s2.y) for dx in (-1, 0, 1)}
        return frozenset(c for c in cells if self.movement.standable(c))

    def sees_opening(self, model: Iterable[Square], opening: Opening,
                     blockers: Iterable[Square] = ()) -> bool:
        """Seed 004, CHARGE TERRAIN ACTION: "a model must be unengaged and have LoS to
        its target terrain": a line from one of the model's squares to the middle of
        the door's or window's side (board.md, "Square grid")."""
        mine = list(model)
        block = set(blockers) - set(mine)
        return any(self.sight.sight_to_side(sq, opening.side, block) for sq in mine)

    def openings_within_reach(self, squares: Iterable[Square]) -> list[Opening]:
        mine = set(squares)
        return [o for o in self.openings if mine & self.interact_squares(o)]

    def with_opening_state(self, opening: Opening, state: str) -> Battlefield:
        """The battlefield after a door or window token is flipped."""
        if state not in OPENING_STATES[opening.kind]:
            raise ValueError(f"a {opening.kind} is one of "
                             f"{', '.join(OPENING_STATES[opening.kind])}, not {state!r}")
        if opening not in self.openings:
            raise ValueError("that door or window is not on this battlefield")
        changed = tuple(replace(o, state=state) if o == opening else o for o in self.openings)
        return replace(self, openings=changed)

    # -- deployment -----------------------------------------------------------------
    def deployment_squares(self, colour: str) -> frozenset:
        """Seed 004, SETUP: "As long as the zone is outlined with the same colour,
        models from the same warband can deploy within those zones"."""
        found = self._deployment_squares.get(colour)
        if found is None:  # (a battlefield never changes: each colour's, once)
            found = self._deployment_squares[colour] = frozenset().union(
                *self.deployment.get(colour, ()))
        return found

    def standable_deployment(self, colour: str) -> frozenset:
        """The squares of the colour's zone a model can stand on (worked out once)."""
        found = self._deployment_squares.get(("standable", colour))
        if found is None:
            found = self._deployment_squares[("standable", colour)] = frozenset(
                sq for sq in self.deployment_squares(colour) if self.movement.standable(sq))
        return found

    def opening_at(self, a: Square, b: Square) -> Opening | None:
        key = wall_key(a, b)
        return next((o for o in self.openings if o.side == key), None)


def _steps_from(board: SquareBoard, starts: list, blocked: set) -> dict:
    """Fewest steps from any of `starts` to every square (moves are symmetric)."""
    best: dict = {}
    for sq in starts:
        for reached, n in board.reachable(sq, board.width * board.height, blocked).items():
            if n < best.get(reached, n + 1):
                best[reached] = n
    return best
