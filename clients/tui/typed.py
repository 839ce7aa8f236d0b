"""Destinations and facings typed on the measured table (`t` on the match screen),
in inches and compass directions; the server judges the point it becomes.

    6 NE      6" toward the north-east of the figure (N, NE, E ... or north-east)
    4.5 100   4.5" at a bearing of 100 degrees (0 north, 90 east, clockwise)
    3 b2      3" toward figure b2
    b2        into base contact with figure b2
    12, 8.5   the point 12" from the west edge, 8.5" from the north edge

A facing: a compass direction (`NE`), a bearing in degrees (`135`), or a figure
to face (`b2`). Anything else is refused with a sentence saying what is read.
"""

from __future__ import annotations

import math
import re

INCH = 10
DIRECTIONS = {"n": 0, "ne": 45, "e": 90, "se": 135, "s": 180, "sw": 225, "w": 270, "nw": 315,
              "north": 0, "east": 90, "south": 180, "west": 270}
POINT_HELP = ('type a distance and a direction (6 NE, 4.5 100 for a bearing), a distance '
              'toward a figure (3 b2), a figure to reach (b2), or a point in inches (12, 8.5)')
FACING_HELP = "type a compass direction (NE), a bearing in degrees (135) or a figure (b2)"


class Unreadable(ValueError):
    """What was typed is not a destination or facing; the message says what is."""


def direction(word: str) -> int | None:
    """'ne', 'north-east', 'NorthEast', '45', '45°' -> a bearing; None if not one."""
    word = word.lower().replace("-", "").replace("°", "").replace("deg", "").strip()
    if word in DIRECTIONS:
        return DIRECTIONS[word]
    for name, bearing in (("northeast", 45), ("southeast", 135), ("southwest", 225),
                          ("northwest", 315)):
        if word == name:
            return bearing
    if re.fullmatch(r"\d{1,3}", word) and int(word) < 360:
        return int(word)
    return None


def bearing(origin, target) -> int:
    """The whole-degree bearing from one point to another (0 north = -y, clockwise)."""
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    return round(math.degrees(math.atan2(dx, -dy))) % 360


def ahead(origin, bearing_deg: float, distance: float) -> list[int]:
    rad = math.radians(bearing_deg)
    return [round(origin[0] + distance * math.sin(rad)),
            round(origin[1] - distance * math.cos(rad))]


def _length(word: str) -> float | None:
    word = word.rstrip('"').removesuffix("in").strip()
    try:
        value = float(word)
    except ValueError:
        return None
    return value if value >= 0 else None


def contact(mover: dict, target: dict) -> list[int]:
    """The whole point nearest `mover` on the line to `target` where their bases
    touch and do not overlap."""
    keep = mover.get("radius", 5) + target.get("radius", 5)
    length = math.dist((mover["x"], mover["y"]), (target["x"], target["y"])) or 1.0
    ux, uy = (mover["x"] - target["x"]) / length, (mover["y"] - target["y"]) / length
    for extra in (0.0, 0.5, 1.0, 1.5):
        point = [round(target["x"] + ux * (keep + extra)), round(target["y"] + uy * (keep + extra))]
        if (point[0] - target["x"]) ** 2 + (point[1] - target["y"]) ** 2 >= keep ** 2:
            return point
    return point


def read_point(text: str, mover: dict | None, figures: dict[str, dict]) -> list[int]:
    """The table point (units) typed; `mover` is the figure it is measured from."""
    text = text.strip()
    pair = re.fullmatch(r'\(?\s*([\d.]+)"?\s*,\s*([\d.]+)"?\s*\)?', text)
    if pair:
        x, y = _length(pair[1]), _length(pair[2])
        if x is None or y is None:
            raise Unreadable(f"{text!r} is not a point: {POINT_HELP}")
        return [round(x * INCH), round(y * INCH)]
    words = text.split()
    if mover is None:
        raise Unreadable("there is no figure to measure from: type a point in inches (12, 8.5)")
    origin = (mover["x"], mover["y"])
    if len(words) == 1 and words[0] in figures:
        return contact(mover, figures[words[0]])
    if len(words) == 2:
        distance = _length(words[0])
        if distance is not None:
            target = figures.get(words[1])
            toward = bearing(origin, (target["x"], target["y"])) if target is not None \
                else direction(words[1])
            if toward is not None:
                return ahead(origin, toward, distance * INCH)
    raise Unreadable(f"{text!r} is not a destination: {POINT_HELP}")


def read_facing(text: str, origin, figures: dict[str, dict]) -> int:
    word = text.strip()
    target = figures.get(word)
    if target is not None and origin is not None:
        return bearing(origin, (target["x"], target["y"]))
    found = direction(word)
    if found is None:
        raise Unreadable(f"{text!r} is not a facing: {FACING_HELP}")
    return found
