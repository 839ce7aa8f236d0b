"""A table layout drawn as SVG (docs/rules/sns-tables/*.svg; the clients draw
the view's `table.terrain`, which is the same data): every piece its polygon,
coloured by what it does to movement, named in its title, a slope with an
arrow pointing uphill. `python -m server.rules.sns.table_drawing DIR` writes
one file a layout."""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

from server.rules.board.measured_directions import SCALE, bearing_vector
from server.rules.sns.table import DESCRIPTIONS, LAYOUTS, terrain_of

FILL = {"open": "#c8d89a", "rough": "#6b8e3a", "unstable": "#8a6d3b", "slope": "#a9bd6e",
        "impassable": "#7d7d7d", "wall": "#4a4a4a", "cliff": "#5b4636"}
WATER = "#5b8fc7"  # an impassable piece one does not see past no more than open ground
ARROW = 15         # a slope's arrow, units


def layout_svg(name: str, width: int = 360, height: int = 240) -> str:
    shapes = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="#dfe8c0"/>']
    for piece in terrain_of(name):
        points = " ".join(f"{x},{y}" for x, y in piece.polygon.vertices)
        fill = WATER if piece.movement == "impassable" and not piece.blocks_sight \
            else FILL[piece.movement]
        shapes.append(f'<polygon points="{points}" fill="{fill}" stroke="#222" '
                      f'stroke-width="0.5"><title>{escape(piece.name)} ({piece.movement}'
                      f'{", blocks sight" if piece.blocks_sight else ""})</title></polygon>')
        if piece.uphill is not None:
            xs = [x for x, _ in piece.polygon.vertices]
            ys = [y for _, y in piece.polygon.vertices]
            cx, cy = sum(xs) // len(xs), sum(ys) // len(ys)
            ux, uy = bearing_vector(piece.uphill)
            shapes.append(f'<line x1="{cx}" y1="{cy}" x2="{cx + ux * ARROW // SCALE}" '
                          f'y2="{cy + uy * ARROW // SCALE}" stroke="#222" stroke-width="1" '
                          f'marker-end="url(#up)"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width * 2}" height="{height * 2}">'
            f'<title>{escape(DESCRIPTIONS[name])}</title>'
            '<defs><marker id="up" markerWidth="4" markerHeight="4" refX="2" refY="2" '
            'orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="#222"/></marker></defs>'
            + "".join(shapes) + "</svg>\n")


def main(directory: str) -> None:
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    for name in LAYOUTS:
        (out / f"{name}.svg").write_text(layout_svg(name))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/rules/sns-tables")
