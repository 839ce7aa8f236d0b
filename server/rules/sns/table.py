"""The table layouts (seed 003, TERRAIN), as data: terrain pieces on the
measured table. The state names its layout; the pieces are built once."""

from __future__ import annotations

import functools

from server.rules.board.measured_terrain import TerrainPiece

# The default table: a wood (rough, blocks sight: "Rough terrain: ... bushes,
# tall grass") and a boulder ("move around obstacles like boulders and trees").
LAYOUTS = {
    "wood_and_boulder": (
        {"name": "wood", "corners": [[60, 90], [130, 90], [130, 150], [60, 150]],
         "movement": "rough", "blocks_sight": True},
        {"name": "boulder", "corners": [[240, 100], [280, 100], [280, 140], [240, 140]],
         "movement": "impassable", "blocks_sight": True},
    ),
    "open": (),
}


@functools.cache
def terrain_of(name: str, added: tuple = (), removed: tuple[str, ...] = ()
               ) -> tuple[TerrainPiece, ...]:
    """The layout's pieces less those `removed` (by name), with those the spells
    `added`: each (name, corners, movement, blocks_sight, height), corners a
    tuple of (x, y)."""
    pieces = [TerrainPiece.from_data(piece) for piece in LAYOUTS[name]]
    pieces += [TerrainPiece.from_data({"name": n, "corners": [list(c) for c in corners],
                                       "movement": movement, "blocks_sight": sight,
                                       "height": height})
               for n, corners, movement, sight, height in added]
    return tuple(p for p in pieces if p.name not in removed)
