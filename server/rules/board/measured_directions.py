"""Whole-degree directions as integer vectors, fixed once so that every
machine decides arcs and cones the same (no trigonometry at decision time).

`SINE[d]` is sin(d degrees) x 1,000,000 rounded to the nearest integer, for d
in 0..90, generated once with::

    [round(math.sin(math.radians(d)) * 1_000_000) for d in range(91)]

(no value lies within 0.0002 of a rounding tie, so float noise in the
generator could not change it; tests/board/test_measured.py checks a few
against their known decimals). Every other degree is read from these by
symmetry.

A bearing is a compass direction: 0 = north = -y, 90 = east = +x, clockwise,
on a table whose y grows south. `bearing_vector(b)` = (sin b, -cos b) x SCALE.
"""

from __future__ import annotations

SCALE = 1_000_000

SINE = (
    0, 17452, 34899, 52336, 69756, 87156, 104528, 121869, 139173, 156434,
    173648, 190809, 207912, 224951, 241922, 258819, 275637, 292372, 309017, 325568,
    342020, 358368, 374607, 390731, 406737, 422618, 438371, 453990, 469472, 484810,
    500000, 515038, 529919, 544639, 559193, 573576, 587785, 601815, 615661, 629320,
    642788, 656059, 669131, 681998, 694658, 707107, 719340, 731354, 743145, 754710,
    766044, 777146, 788011, 798636, 809017, 819152, 829038, 838671, 848048, 857167,
    866025, 874620, 882948, 891007, 898794, 906308, 913545, 920505, 927184, 933580,
    939693, 945519, 951057, 956305, 961262, 965926, 970296, 974370, 978148, 981627,
    984808, 987688, 990268, 992546, 994522, 996195, 997564, 998630, 999391, 999848,
    1000000,
)


def _sin(d: int) -> int:
    d %= 360
    if d <= 90:
        return SINE[d]
    if d <= 180:
        return SINE[180 - d]
    if d <= 270:
        return -SINE[d - 180]
    return -SINE[360 - d]


def bearing_vector(bearing: int) -> tuple[int, int]:
    """The integer vector of a whole-degree bearing, about SCALE long."""
    return (_sin(bearing), -_sin(bearing + 90))
