"""A text picture of a battlefield, for tests and the terminal client.

Each square is one character, with a character for each side between squares
and each corner, so walls, doors and windows show where they stand:

    +-+-+        row 0, a wall on the south side of (1, 0)
    |. g|
    + +-+
    |O~ |
    +-+-+

Squares (first that applies): a model's letter (`models`), an objective `O`,
a plunder token `$` (coin) or `?` (agenda), a terrain zone's character on an
OPEN square (ZONE_CHARS), a deployment square `g` (gold) or `s` (silver), then
the square kind: `.` OPEN, `x` OPEN-X, `o` BLOCKED, `#` BLOCKED-X.
Sides: `|` `-` wall, door `D` closed, `B` barred, `d` open, `b` broken,
window `W` intact, `w` broken; the board's edge is drawn as a wall.
"""

from __future__ import annotations

from server.rules.asoiaf.battlefield import Battlefield
from server.rules.board.square import Square, SquareKind, wall_key

KIND_CHARS = {SquareKind.OPEN: ".", SquareKind.OPEN_X: "x", SquareKind.BLOCKED: "o",
              SquareKind.BLOCKED_X: "#"}
ZONE_CHARS = {"river": "~", "high_ground": "^", "bonfire": "*", "dead_leaves": ",",
              "ditch_with_stakes": "_"}
OPENING_CHARS = {("door", "closed"): "D", ("door", "barred"): "B", ("door", "open"): "d",
                 ("door", "broken"): "b", ("window", "intact"): "W",
                 ("window", "broken"): "w"}
PLUNDER_CHARS = {"coin": "$", "agenda": "?"}


def square_char(bf: Battlefield, sq: Square, models: dict) -> str:
    if sq in models:
        return models[sq]
    if sq in bf.objectives:
        return "O"
    if sq in bf.plunder:
        return PLUNDER_CHARS[bf.plunder[sq]]
    kind = bf.kind(sq)
    zone = bf.zone_at(sq)
    if kind is SquareKind.OPEN and zone is not None and zone.terrain in ZONE_CHARS:
        return ZONE_CHARS[zone.terrain]
    if kind is SquareKind.OPEN:
        for colour in ("gold", "silver"):
            if sq in bf.deployment_squares(colour):
                return colour[0]
    return KIND_CHARS[kind]


def render(bf: Battlefield, models: dict | None = None) -> list[str]:
    """The battlefield as lines of text, top row first; `models` maps squares to
    one-character model marks (a large model marks its four squares)."""
    models = {Square(*k): v for k, v in (models or {}).items()}
    openings = {o.side: OPENING_CHARS[(o.kind, o.state)] for o in bf.openings}

    def side(a: Square, b: Square, wall: str) -> str:
        if not (bf.movement.contains(a) and bf.movement.contains(b)):
            return wall
        key = wall_key(a, b)
        if key in openings:
            return openings[key]
        return wall if key in bf.walls else " "

    def corner(x: int, y: int) -> str:
        # the corner at the top-left of square (x, y): drawn when a side meets it
        around = [side(Square(x - 1, y - 1), Square(x, y - 1), "|"),
                  side(Square(x - 1, y), Square(x, y), "|"),
                  side(Square(x - 1, y - 1), Square(x - 1, y), "-"),
                  side(Square(x, y - 1), Square(x, y), "-")]
        return "+" if any(c != " " for c in around) else " "

    lines = []
    for y in range(bf.height + 1):
        lines.append("".join(corner(x, y) + (side(Square(x, y - 1), Square(x, y), "-")
                                             if x < bf.width else "")
                             for x in range(bf.width + 1)))
        if y == bf.height:
            break
        lines.append("".join(side(Square(x - 1, y), Square(x, y), "|")
                             + (square_char(bf, Square(x, y), models) if x < bf.width else "")
                             for x in range(bf.width + 1)))
    return lines


def main() -> None:
    """Print every shipped scenario: `python -m server.rules.asoiaf.render`."""
    from server.rules.asoiaf.scenarios import load_scenarios

    for scenario in load_scenarios().values():
        print(f"{scenario.name} ({scenario.size}, {scenario.rounds} rounds)")
        print("\n".join(render(scenario.battlefield)))
        print()


if __name__ == "__main__":
    main()
