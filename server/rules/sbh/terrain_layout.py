"""Terrain lay-out for the scenarios (seed 000, ALL-OUT BATTLE): validation of
a defender's lay-out and a generator that honours the same constraints.

"Two to six scenic items ... No scenic feature can be bigger than 2 X Long, or
smaller than 1 X Short ... There must be at least a 1 X Short gap between any
two terrain features." On hexes: a feature is a connected group of hexes of
one kind; its size is the largest distance between two of its hexes plus one
(4 to 26 hexes); two features are at least 5 apart (a gap of 4 hexes).
"""

from __future__ import annotations

from dataclasses import dataclass

from server.rules.board.hex import distance, hex_at, neighbours, within
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
GENERATED_KINDS = ("woods", "rough", "hill", "boulder", "woods", "swamp")  # by d6
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
        group, frontier = {h}, [h]
        while frontier:
            cur = frontier.pop()
            for n in neighbours(cur):
                if n not in group and terrain.get(n) == kind:
                    group.add(n)
                    frontier.append(n)
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
    problems: list[str] = []
    if not isinstance(terrain_rows, list) or not isinstance(edge_rows, list):
        return ["terrain and edges are lists"]
    terrain = {}
    for row in terrain_rows:
        if not (isinstance(row, list) and len(row) == 3 and _is_hex(row[:2])
                and isinstance(row[2], str) and row[2] in KINDS):
            return [f"bad terrain entry {row!r} (want [q, r, kind] with kind one of "
                    f"{', '.join(sorted(KINDS))})"]
        h = hex_at(row[0], row[1])
        if not board.contains(h):
            problems.append(f"hex {row[:2]} is off the table")
        if row[2] != "open":
            terrain[h] = row[2]
    for row in edge_rows:
        if not (isinstance(row, list) and len(row) == 3 and _is_hex(row[0])
                and _is_hex(row[1]) and isinstance(row[2], str) and row[2] in EDGE_KINDS):
            return [f"bad edge entry {row!r} (want [[q, r], [q, r], kind] with kind one of "
                    f"{', '.join(EDGE_KINDS)})"]
        a, b = hex_at(*row[0]), hex_at(*row[1])
        if distance(a, b) != 1:
            problems.append(f"edge {row[:2]} is not between adjacent hexes")
        elif not (board.contains(a) and board.contains(b)):
            problems.append(f"edge {row[:2]} is off the table")
    groups = features(terrain)
    scenic = len(groups) + (1 if edge_rows else 0)
    if not rules.min_features <= scenic <= rules.max_features:
        problems.append(f"{scenic} scenic items; the scenario wants {rules.min_features} to "
                        f"{rules.max_features}")
    for kind, group in groups:
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


def generate_layout(ctx, board, rules: LayoutRules = ALL_OUT, attempts: int = 60):
    """Roll a lay-out with the match dice: the number of features on a d6 (for
    up to 8 features, d6 + 2), at least the minimum; each of a kind rolled on
    GENERATED_KINDS, radius 2 or 3 (always 4 to 7 across), placed at rolled
    coordinates; a placement that breaks the gap rule is re-rolled. After
    `attempts` rolls it stops with what it has, unless that is fewer than the
    scenario's minimum ("Two to six scenic items"): then, `attempts` rolls at a
    time, it starts again from a bare table (on a small table the first
    features placed can leave no room for another)."""
    [die] = ctx.roll(1)
    count = min(rules.max_features, max(rules.min_features,
                                        die + (2 if rules.max_features > 6 else 0)))
    terrain: dict = {}
    placed = 0
    cols, rows = board.width, board.height
    for attempt in range(10 * attempts):
        if placed == count or (attempt >= attempts and placed >= rules.min_features):
            break
        if attempt and attempt % attempts == 0:  # short of the minimum (a small table):
            terrain, placed = {}, 0              # start again, the first ones may block
        kind = GENERATED_KINDS[ctx.roll(1)[0] - 1]
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
        for h in blob:
            terrain[h] = kind
        placed += 1
    rows_out = sorted([h[0], h[1], k] for h, k in terrain.items())
    return rows_out, []
