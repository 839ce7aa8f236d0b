"""The table layouts (seed 003, TERRAIN), as data (data/layouts.toml): terrain
pieces on the measured table. The state names its layout; the pieces are
built once. `layout_svg` draws one (docs/rules/sns-tables/)."""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

from server.rules.board.measured_terrain import TerrainPiece

DATA = Path(__file__).parent / "data" / "layouts.toml"


@functools.cache
def _layouts() -> dict[str, dict]:
    with open(DATA, "rb") as f:
        raw = tomllib.load(f)["layout"]
    found = {}
    for layout in raw:
        name = layout["name"]
        if name in found:
            raise ValueError(f"data/layouts.toml: layout {name!r} twice")
        pieces = tuple(layout.get("piece", ()))
        for piece in pieces:
            TerrainPiece.from_data(piece)  # (a malformed piece fails on load, named)
        found[name] = {"description": layout["description"], "pieces": pieces}
    return found


LAYOUTS = {name: layout["pieces"] for name, layout in _layouts().items()}
DESCRIPTIONS = {name: layout["description"] for name, layout in _layouts().items()}


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
