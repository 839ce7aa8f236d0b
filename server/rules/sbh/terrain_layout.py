"""Terrain lay-out for the scenarios (seed 000, ALL-OUT BATTLE): validation of
a defender's lay-out and a generator that honours the same constraints.

"Two to six scenic items ... No scenic feature can be bigger than 2 X Long, or
smaller than 1 X Short ... There must be at least a 1 X Short gap between any
two terrain features." On hexes: a feature is a connected group of hexes of
one kind; its size is the largest distance between two of its hexes plus one
(4 to 26 hexes); two features are at least 5 apart (a gap of 4 hexes).
Linear obstacles on hex sides count by runs ("placed contiguously so that
they form a longer hedge or wall"): sides of one family joined corner to
corner are one item, 4 to 26 sides long, with 4 whole hexes between it and any
other item (`_hexes_between`); a cliff on an area feature's hex is that
feature's drop, no item of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.rules.board.hex import connected, distance, edge_key, hex_at, neighbours, within
from server.rules.sbh.rivers import first_hex, river_problems, rivers
from server.rules.sbh.terrain import KINDS, LONG, SHORT


@dataclass(frozen=True)
class LayoutRules:
    min_features: int
    max_features: int
    min_size: int
    max_size: int
    min_gap: int  # smallest hex distance between two features


ALL_OUT = LayoutRules(2, 6, SHORT, 2 * LONG, SHORT + 1)
# seed 000, ON DIFFICULT GROUND: "Up to 8 scenic items ... No scenic feature can
# be bigger than 1 X Long, or smaller than 1 X Short. Terrain features can be
# adjacent one to the other".
DIFFICULT_GROUND = LayoutRules(1, 8, SHORT, LONG, 1)


def rules_for(scenario: str) -> LayoutRules:
    return DIFFICULT_GROUND if scenario == "on_difficult_ground" else ALL_OUT
GENERATED_KINDS = ("woods", "rough", "hill", "boulder", "woods", "six")  # by d6
GENERATED_SIXES = ("swamp", "swamp", "hedge", "hedge", "low_wall", "low_wall")  # a 6: again
EDGE_KINDS = ("low_wall", "hedge", "tall_wall", "cliff_short", "cliff_medium", "cliff_long")


def features(terrain: dict) -> list[tuple[str, set]]:
    """Connected groups of same-kind hexes. Hexes laid out as "open" are the bare
    table, no scenic item: no token goes there, no Place of Power, no danger."""
    seen: set = set()
    groups = []
    for h in sorted(terrain):
        if h in seen or terrain[h] == "open":
            continue
        kind = terrain[h]
        group = connected(h, lambda n, kind=kind: terrain.get(n) == kind)
        seen |= group
        groups.append((kind, group))
    return groups


def extent(group: set) -> int:
    """1 + the greatest distance between two of the hexes: the widest spread of
    any one cube coordinate (the same as comparing every pair)."""
    if not group:
        return 1
    return 1 + max(max(h[c] for h in group) - min(h[c] for h in group) for c in (0, 1, 2))


def _is_hex(pair) -> bool:
    """[q, r] with whole numbers (not floats or flags: the state digest refuses them)."""
    return (isinstance(pair, list) and len(pair) == 2
            and all(type(c) is int for c in pair))


def layout_problems(board, terrain_rows, edge_rows, rules: LayoutRules = ALL_OUT) -> list[str]:
    """Every way a proposed lay-out breaks the scenario's terrain rules."""
    if not isinstance(terrain_rows, list) or not isinstance(edge_rows, list):
        return ["terrain and edges are lists"]
    problems: list[str] = []
    terrain = _read_terrain(board, terrain_rows, problems)
    sides = _read_sides(board, edge_rows, problems) if terrain is not None else None
    if terrain is None or sides is None:
        return problems[-1:]  # a bad entry: the only problem worth reading
    found = rivers(board, terrain)
    in_rivers = set().union(*found) if found else set()
    groups = [(kind, group) for kind, group in features(terrain) if not group <= in_rivers]
    items = groups + [("river", river) for river in found]  # a river is one item
    lines = runs(sides, terrain)
    scenic = len(items) + len(lines)
    if not rules.min_features <= scenic <= rules.max_features:
        problems.append(f"{scenic} scenic items; the scenario wants {rules.min_features} to "
                        f"{rules.max_features}")
    return (problems + area_problems(items, rules) + river_problems(board, found, terrain)
            + run_problems(lines, items, rules))


def area_problems(groups: list, rules: LayoutRules) -> list[str]:
    """Area features too small or too large, and too near each other."""
    problems = []
    for kind, group in groups:
        if kind == "river":
            continue  # (in sections: rivers.py)
        size = extent(group)
        if not rules.min_size <= size <= rules.max_size:
            problems.append(f"a {kind} feature is {size} hexes across ({rules.min_size} to "
                            f"{rules.max_size} allowed)")
    for i, (_, a) in enumerate(groups):
        for _, b in groups[i + 1:]:
            gap = min(distance(x, y) for x in a for y in b)
            if gap < rules.min_gap:
                problems.append(f"two features are only {gap - 1} hexes apart "
                                f"({rules.min_gap - 1} needed)")
    return problems


def _read_terrain(board, rows: list, problems: list[str]) -> dict | None:
    """The hexes of scenic items (None after a malformed row, its problem added)."""
    terrain = {}
    for row in rows:
        if not (isinstance(row, list) and len(row) == 3 and _is_hex(row[:2])
                and isinstance(row[2], str) and row[2] in KINDS):
            problems.append(f"bad terrain entry {row!r} (want [q, r, kind] with kind one of "
                            f"{', '.join(sorted(KINDS))})")
            return None
        h = hex_at(row[0], row[1])
        if not board.contains(h):
            problems.append(f"hex {row[:2]} is off the table")
        if row[2] != "open":
            terrain[h] = row[2]
    return terrain


def _read_sides(board, rows: list, problems: list[str]) -> dict | None:
    """Side (edge_key) -> kind for the rows on the table between adjacent hexes
    (None after a malformed row, its problem added)."""
    sides = {}
    for row in rows:
        if not (isinstance(row, list) and len(row) == 3 and _is_hex(row[0])
                and _is_hex(row[1]) and isinstance(row[2], str) and row[2] in EDGE_KINDS):
            problems.append(f"bad edge entry {row!r} (want [[q, r], [q, r], kind] with kind "
                            f"one of {', '.join(EDGE_KINDS)})")
            return None
        a, b = hex_at(*row[0]), hex_at(*row[1])
        if distance(a, b) != 1:
            problems.append(f"edge {row[:2]} is not between adjacent hexes")
        elif not (board.contains(a) and board.contains(b)):
            problems.append(f"edge {row[:2]} is off the table")
        else:
            sides[edge_key(a, b)] = row[2]
    return sides


# -- linear obstacles: runs of joined hex sides ------------------------------------
# seed 000, ALL-OUT BATTLE: "Hedges, fences and low walls may be placed contiguously
# so that they form a longer hedge or wall." Sides of one family that share a corner
# form one run, one scenic item; a cliff side on a hex of an area feature is that
# feature's drop, no item of its own (docs/rules/sbh.md, Set-up).
WALLS_AND_HEDGES = ("low_wall", "hedge", "tall_wall")
EDGE_NAMES = {"low_wall": "low wall", "hedge": "hedge", "tall_wall": "tall wall"}


@dataclass(frozen=True)
class Run:
    """Hex sides joined corner to corner: one linear scenic item."""

    sides: frozenset  # edge keys
    kinds: tuple[str, ...]  # the kinds along it, sorted

    @property
    def hexes(self) -> frozenset:
        """The hexes on either side of its sides (what its gap is measured from)."""
        return frozenset(h for side in self.sides for h in side)

    def label(self) -> str:
        names = sorted({EDGE_NAMES.get(k, "cliff") for k in self.kinds})
        a, b = _side_name(_start(self.sides))
        return (f"a {' and '.join(names)} run of {_count(len(self.sides), 'side')} starting "
                f"between {a} and {b}")


def corners(side: frozenset) -> tuple[frozenset, ...]:
    """The two ends of a side: each the corner where its two hexes and one hex
    next to both meet (named by those three hexes, so every side ending there
    names it alike)."""
    a, b = side
    return tuple(frozenset((a, b, c)) for c in sorted(set(neighbours(a)) & set(neighbours(b))))


def _family(kind: str) -> str:
    return "wall" if kind in WALLS_AND_HEDGES else "cliff"


def _side_name(side: frozenset) -> list[list[int]]:
    return sorted([h[0], h[1]] for h in side)


def _start(sides: frozenset) -> frozenset:
    """Where a run is said to start: its first end (a side with a corner no other
    side of the run reaches), or its first side if it closes on itself."""
    reached: dict = {}
    for side in sides:
        for corner in corners(side):
            reached[corner] = reached.get(corner, 0) + 1
    ends = [s for s in sides if any(reached[c] == 1 for c in corners(s))]
    return min(ends or sides, key=_side_name)


def runs(sides: dict, terrain: dict) -> list[Run]:
    """The runs of a lay-out's sides, cliffs on an area feature's hex left out."""
    free = {side: kind for side, kind in sides.items()
            if _family(kind) == "wall" or not any(h in terrain for h in side)}
    by_corner: dict = {}
    for side, kind in free.items():
        for corner in corners(side):
            by_corner.setdefault((corner, _family(kind)), []).append(side)
    found, seen = [], set()
    for side in sorted(free, key=_side_name):
        if side in seen:
            continue
        family, run, frontier = _family(free[side]), {side}, [side]
        while frontier:
            for corner in corners(frontier.pop()):
                for other in by_corner[(corner, family)]:
                    if other not in run:
                        run.add(other)
                        frontier.append(other)
        seen |= run
        found.append(Run(frozenset(run), tuple(sorted({free[s] for s in run}))))
    return found


def run_problems(lines: list[Run], groups: list, rules: LayoutRules) -> list[str]:
    """Runs too short or too long, and runs with too few hexes between them and
    another item (see `_hexes_between`)."""
    problems = []
    named = [(run.label(), run.hexes) for run in lines]
    for run, (name, _) in zip(lines, named, strict=True):
        length = len(run.sides)
        if not rules.min_size <= length <= rules.max_size:
            bound = (f"shorter than {rules.min_size}" if length < rules.min_size
                     else f"longer than {rules.max_size}")
            problems.append(f"{name} is {bound} sides ({rules.min_size} to "
                            f"{rules.max_size} allowed)")
    areas = [(f"the {kind} feature at {first_hex(group)}", group, False) for kind, group in groups]
    needed = rules.min_gap - 1  # hexes between two items (4 for 1 x Short)
    for i, (name, hexes) in enumerate(named):
        for other, other_hexes, is_run in areas + [(n, h, True) for n, h in named[i + 1:]]:
            gap = _hexes_between(hexes, other_hexes, is_run)
            if gap < needed:
                problems.append(f"{name} has {_count(gap, 'hex')} between it and {other} "
                                f"({needed} needed)")
    return problems


def _hexes_between(run_hexes, other_hexes, other_is_run: bool) -> int:
    """Whole hexes between a run (a line on hex sides) and another item, as two
    area features have `distance - 1` between them. The run's hex nearest the
    other item lies between the two: a hedge on a wood's border has 0 (touching,
    as adjacent woods do), one with a row of open hexes before the wood has 1.
    Between two runs, both nearest hexes lie between them: two hedges on the
    opposite sides of one hex have that hex between them."""
    nearest = min(distance(x, y) for x in run_hexes for y in other_hexes)
    return nearest + 1 if other_is_run else nearest


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}{'es' if noun.endswith('x') else 's'}"


def generate_layout(ctx, board, rules: LayoutRules = ALL_OUT, attempts: int = 60):
    """Roll a lay-out with the match dice: the number of features on a d6 (for
    up to 8 features, d6 + 2), at least the minimum; each of a kind rolled on
    GENERATED_KINDS, where a 6 rolls again on GENERATED_SIXES (a swamp, or a
    hedge or low wall run: `_rolled_run`, once the scenario's minimum of area
    features is on the table); an area feature has radius 2 or 3
    (always 4 to 7 across); each is placed at rolled coordinates, and a
    placement that breaks the lay-out rules is re-rolled. After `attempts`
    rolls it stops with what it has, unless that is fewer than the scenario's
    minimum ("Two to six scenic items"): then, `attempts` rolls at a time, it
    starts again from a bare table (on a small table the first features placed
    can leave no room for another)."""
    [die] = ctx.roll(1)
    count = min(rules.max_features, max(rules.min_features,
                                        die + (2 if rules.max_features > 6 else 0)))
    terrain: dict = {}
    sides: dict = {}
    placed = areas = 0
    cols, rows = board.width, board.height
    for attempt in range(10 * attempts):
        if placed == count or (attempt >= attempts and placed >= rules.min_features):
            break
        if attempt and attempt % attempts == 0:  # short of the minimum (a small table):
            terrain, sides, placed, areas = {}, {}, 0, 0  # again: the first ones may block
        kind = GENERATED_KINDS[ctx.roll(1)[0] - 1]
        if kind == "six":
            kind = GENERATED_SIXES[ctx.roll(1)[0] - 1]
        if kind in WALLS_AND_HEDGES:
            if areas < rules.min_features:
                continue  # (the scenario's tokens and Place of Power need area features)
            run = _rolled_run(ctx, board, kind, rules)
            if run is not None and _run_fits(run, terrain, sides, rules):
                sides.update(run)
                placed += 1
            continue
        radius = 2 + (ctx.roll(1)[0] > 3)
        col = ctx.dice.roll(1, cols)[0] - 1
        row = ctx.dice.roll(1, rows)[0] - 1
        center = hex_at(col - row // 2, row)
        blob = {h for h in within(center, radius) if board.contains(h)}
        if not rules.min_size <= extent(blob) <= rules.max_size:
            continue
        near = [y for y in terrain  # only these can be closer than the gap to the blob
                if distance(center, y) < radius + rules.min_gap]
        if any(distance(x, y) < rules.min_gap for x in blob for y in near):
            continue
        if rules.min_gap <= 1 and any(n in terrain and terrain[n] == kind
                                      for h in blob for n in neighbours(h)):
            continue  # touching features of one kind would merge into one
        if sides and run_problems(runs(sides, terrain), [(kind, blob)], rules):
            continue
        for h in blob:
            terrain[h] = kind
        placed += 1
        areas += 1
    rows_out = sorted([h[0], h[1], k] for h, k in terrain.items())
    edges_out = sorted([*_side_name(side), k] for side, k in sides.items())
    return rows_out, edges_out


def _rolled_run(ctx, board, kind: str, rules: LayoutRules) -> dict | None:
    """A straight hedge or wall along a row of hexes: 3 + 1d6 sides (4 to 9, within
    every scenario's bounds), zigzagging under the row eastwards from a rolled
    hex (its south-west side, its south-east side, the next hex's ...). None if
    it would leave the table."""
    length = min(rules.max_size, 3 + ctx.roll(1)[0])
    col = ctx.dice.roll(1, board.width)[0] - 1
    row = ctx.dice.roll(1, board.height)[0] - 1
    q0 = col - row // 2
    run = {}
    for i in range(length):
        here = hex_at(q0 + i // 2, row)
        below = hex_at(here[0] - 1, row + 1) if i % 2 == 0 else hex_at(here[0], row + 1)
        if not (board.contains(here) and board.contains(below)):
            return None
        run[edge_key(here, below)] = kind
    return run


def _run_fits(run: dict, terrain: dict, sides: dict, rules: LayoutRules) -> bool:
    """The lay-out with `run` added keeps its runs apart and in bounds (its
    area features were already placed apart)."""
    joined = dict(sides) | run
    found = runs(joined, terrain)
    return len(found) == len(runs(sides, terrain)) + 1 and not run_problems(
        found, features(terrain), rules)
