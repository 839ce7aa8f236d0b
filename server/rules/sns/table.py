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
def terrain_of(name: str) -> tuple[TerrainPiece, ...]:
    return tuple(TerrainPiece.from_data(piece) for piece in LAYOUTS[name])
