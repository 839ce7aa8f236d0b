"""Rivers in a terrain lay-out (seed 000, ALL-OUT BATTLE and ON DIFFICULT GROUND):
"Rivers should be designed in sections -- each section must be no wider than 1 X
Short and no longer than 2 x Long ... Rivers sections MUST be placed adjacent to
each other so that the river crosses the whole board from one side of the table to
a different side of the table (any sides, not just the players' baselines). There
must be at least one bridge or fordable area for every river in play."

On hexes (docs/rules/sbh.md, Set-up): a river is a connected group of water hexes
(deep water, shallow water) and bridges that touches two different sides of the
table. It is one scenic item, of any length (its sections are each at most 2 x
Long: any river can be cut so); it is at most 1 x Short (4 hexes) wide; and there is
a way across it on its shallow water (a ford) or its bridges. A bridge is open
ground over water, and stands only in a river.
"""

from __future__ import annotations

from server.rules.board.hex import connected
from server.rules.sbh.terrain import SHORT

WATERWAY = ("deep_water", "shallow_water", "bridge")
# The three axes of the hex grid, each as one step along it (and its opposite).
AXES = ((1, 0), (0, 1), (1, -1))
SIDES = ("north", "south", "west", "east")


def rivers(board, terrain: dict) -> list[set]:
    """The lay-out's rivers: connected groups of waterway hexes touching at least
    two different sides of the table."""
    seen: set = set()
    found = []
    for h in sorted(terrain):
        if h in seen or terrain[h] not in WATERWAY:
            continue
        group = connected(h, lambda n: terrain.get(n) in WATERWAY)
        seen |= group
        touched = {side for side in SIDES for x in group if board.edge_distance(x, side) == 1}
        if len(touched) >= 2:
            found.append(group)
    return found


def width(river: set) -> int:
    """How wide the river is: at each of its hexes, the shortest of the three lines
    of river hexes through it along the grid's axes (across the flow, wherever it
    turns); the river's width is the greatest of those."""
    def along(h, step) -> int:
        count = 1
        for sign in (1, -1):
            q, r = h[0] + sign * step[0], h[1] + sign * step[1]
            while (q, r, -q - r) in river:
                count += 1
                q, r = q + sign * step[0], r + sign * step[1]
        return count
    return max(min(along(h, step) for step in AXES) for h in river)


def crossable(board, river: set, terrain: dict) -> bool:
    """Whether the table is in one piece without the river's deep water: some
    ford (shallow water) or bridge joins its banks. Other features are left as they
    are: this asks only whether the river has a way across."""
    deep = {h for h in river if terrain[h] == "deep_water"}
    open_hexes = [h for h in board.hexes() if h not in deep]
    if not open_hexes:
        return False
    reached = connected(open_hexes[0], lambda n: n not in deep and board.contains(n))
    return len(reached) == len(open_hexes)


def river_problems(board, found: list[set], terrain: dict) -> list[str]:
    """Rivers too wide or with no way across, and bridges standing in no river."""
    problems = []
    for river in found:
        where = first_hex(river)
        wide = width(river)
        if wide > SHORT:
            problems.append(f"the river at {where} is {wide} hexes wide ({SHORT} at most: "
                            "no wider than 1 x Short)")
        if not crossable(board, river, terrain):
            problems.append(f"the river at {where} has no bridge or ford across it")
    in_rivers = set().union(*found) if found else set()
    lone = sorted(h for h, kind in terrain.items() if kind == "bridge" and h not in in_rivers)
    if lone:
        problems.append(f"the bridge at {[lone[0][0], lone[0][1]]} crosses no river (a river "
                        "touches two sides of the table)")
    return problems


def first_hex(hexes) -> list[int]:
    """A group's first hex in reading order (north row first, then west): how
    problems name a feature or a river."""
    q, r, _ = min(hexes, key=lambda h: (h[1], h[0]))
    return [q, r]
