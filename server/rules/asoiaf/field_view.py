"""The battlefield as the web client draws it (seed 004, THE BATTLEFIELD): square
kinds, walls, doors and windows with their state, terrain zones, deployment
zones, objectives and plunder tokens. Public (the whole table sees the map), and
built once per scenario and door states. Rule module: reads scenarios.py and
charge_terrain.py, never imports system.py."""

from __future__ import annotations

from functools import cache
from typing import Any

from server.rules.asoiaf import charge_terrain
from server.rules.asoiaf.render import KIND_CHARS
from server.rules.asoiaf.scenarios import packaged_scenarios
from server.rules.board.square import TILE, Square


def _side(side: frozenset) -> list[int]:
    """A wall side as [x1, y1, x2, y2]: the two squares it parts, sorted."""
    (x1, y1), (x2, y2) = sorted(side)
    return [x1, y1, x2, y2]


@cache
def field_view(scenario: str, doors: tuple) -> dict[str, Any]:
    """`rows`: one character per square, top row first, as render.KIND_CHARS
    ("." OPEN, "x" OPEN-X, "o" BLOCKED, "#" BLOCKED-X)."""
    found = packaged_scenarios()[scenario]
    bf = charge_terrain.battlefield(found.battlefield, doors)
    return {
        "name": found.name, "width": bf.width, "height": bf.height, "tile": TILE,
        "rows": ["".join(KIND_CHARS[bf.kind(Square(x, y))] for x in range(bf.width))
                 for y in range(bf.height)],
        "walls": sorted(_side(side) for side in bf.walls),
        "openings": [[*_side(o.side), o.kind, o.state] for o in bf.openings],
        "zones": [{"terrain": z.terrain, "squares": sorted(list(sq) for sq in z.squares)}
                  for z in bf.zones],
        "deployment": {colour: sorted(list(sq) for sq in bf.deployment_squares(colour))
                       for colour in bf.deployment},
        "objective_squares": sorted(list(sq) for sq in bf.objectives),
        "plunder": sorted([x, y, kind] for (x, y), kind in bf.plunder.items()),
    }
