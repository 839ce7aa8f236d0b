"""TEMPORARY minimal hex module (to be replaced by the board geometry work)."""

from __future__ import annotations

from typing import NamedTuple


class Hex(NamedTuple):
    q: int
    r: int
    s: int


def hex_at(q: int, r: int) -> Hex:
    return Hex(q, r, -q - r)


DIRECTIONS = (Hex(1, 0, -1), Hex(1, -1, 0), Hex(0, -1, 1), Hex(-1, 0, 1), Hex(-1, 1, 0),
              Hex(0, 1, -1))


def neighbours(h: Hex) -> list[Hex]:
    return [Hex(h[0] + d[0], h[1] + d[1], h[2] + d[2]) for d in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def within(center: Hex, n: int) -> list[Hex]:
    out = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            out.append(hex_at(center[0] + dq, center[1] + dr))
    return out


def _round(q: float, r: float, s: float) -> Hex:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Hex(rq, rr, rs)


def line(a: Hex, b: Hex, eps: float = 1e-6) -> list[Hex]:
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar, as_ = a[0] + eps, a[1] + eps, a[2] - 2 * eps
    return [_round(aq + (b[0] - a[0]) * i / n, ar + (b[1] - a[1]) * i / n,
                   as_ + (b[2] - a[2]) * i / n) for i in range(n + 1)]


def edge_key(a: Hex, b: Hex) -> frozenset:
    return frozenset((a, b))
